package org.djbranch.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints a JMH JSON results file as a Markdown table: per benchmark, database and kind, the median throughput,
 * its ratio to the raw driver's with an error bar, the allocation per operation (when run with {@code -prof gc})
 * and its difference from raw, and the verdict against that figure's own {@link Target}.
 *
 * <p>Usage: {@code java -cp benchmarks.jar org.djbranch.bench.Ratios [results.json]}.
 */
public final class Ratios {
  static final String DEFAULT_RESULTS = "bench/target/results.json";
  /** JMH's name for bytes allocated per operation under {@code -prof gc} (older versions prefix a middle dot). */
  static final String ALLOCATION = "gc.alloc.rate.norm";
  /** The prefix of {@link Interleaved}'s rows. */
  static final String INTERLEAVED = "Interleaved.";
  /** The prefix of {@link Mixed}'s rows, which are read as {@link Interleaved}'s are. */
  static final String MIXED = "Mixed.";
  /** The prefix of {@link LakePush}'s rows, shown in a table of their own (times, not throughputs). */
  static final String LAKE_PUSH = "LakePush.";
  /** Issue "lake roots on S3": a push costs at most this many times an upload of the same bytes. */
  static final double LAKE_PUSH_TARGET = 1.3;
  /** The prefix of {@link CopyTable}'s rows, shown in a table of their own (times, not throughputs). */
  static final String COPY_TABLE = "CopyTable.";
  /** Issue "copy on change": a copy costs at most this many times the database's CREATE TABLE AS SELECT and indexes. */
  static final double COPY_TARGET = 1.2;
  /** The second raw side of {@link Interleaved}'s control. */
  static final String CONTROL_SIDE = "raw-again";

  private Ratios() {}

  /**
   * What a djbranch kind must reach on one benchmark: a share of the raw driver's throughput and, where set, at
   * most that many more bytes allocated per operation than raw.
   */
  record Target(double ratio, double extraBytes) {
    static final Target NONE = new Target(Double.NaN, Double.NaN);

    /** The targets of issue "a branch costs what one pass over the text costs", by benchmark and kind. */
    static Target of(String benchmark, String kind) {
      if (kind.isEmpty() || kind.equals(CONTROL_SIDE)) return NONE;      // no kinds, or the A/A control
      Kind k = Kind.of(kind);
      if (k == Kind.RAW || k.isPeer()) return NONE;
      if (k == Kind.TRUNK) return new Target(0.99, Double.NaN);           // off a branch: pure delegation
      switch (benchmark.substring(benchmark.indexOf('.') + 1)) {          // BranchStatements and SideBySide alike
        // with every path in the JVM, as with one: only a plain statement on a draft table does work per statement
        case "draftPrepared": return new Target(benchmark.startsWith(MIXED) ? 0.99 : 0.98, Double.NaN);
        case "draftPlain": return new Target(0.97, 150);
        default: return new Target(0.99, Double.NaN);                      // a branch statement on pipeline tables
      }
    }

    String describe() {
      if (Double.isNaN(ratio)) return "-";
      return String.format(Locale.ROOT, "≥ %.2f", ratio) + (Double.isNaN(extraBytes) ? ""
          : String.format(Locale.ROOT, ", ≤ +%.0f B", extraBytes));
    }
  }

  /** One measured score: the median and mean of the iterations, JMH's 99.9% error half-width, bytes per op. */
  record Score(double median, double mean, double error, String unit, double bytesPerOp, double cpuPerOp,
      List<Double> iterations, boolean simultaneous) {
    /** The error bar of the median, taken as JMH's half-width for the mean (a conservative stand-in). */
    double relativeError() {
      return error / mean;
    }
  }

  /**
   * The results of one benchmark with the same parameters apart from the kind: per kind id, one score per round
   * (results file).
   */
  record Row(String benchmark, String params, Map<String, List<Score>> byKind) {}

  /** Each argument is the results file of one round: every kind measured once, one round after the other. */
  public static void main(String[] args) throws IOException {
    List<JsonNode> rounds = new ArrayList<>();
    for (String name : args.length > 0 ? args : new String[] {DEFAULT_RESULTS}) {
      Path file = Path.of(name);
      if (!Files.isRegularFile(file)) {
        System.err.println("No results file at " + file + ": run the benchmarks with -rf json -rff " + file + ".");
        System.exit(2);
      }
      rounds.add(new ObjectMapper().readTree(file.toFile()));
    }
    print(read(rounds), System.out);
  }

  static List<Row> read(JsonNode results) {
    return read(List.of(results));
  }

  /** Groups the results by benchmark and by every parameter except {@code kind}, in the order JMH ran them. */
  static List<Row> read(List<JsonNode> rounds) {
    Map<String, Row> rows = new LinkedHashMap<>();
    for (JsonNode results : rounds) {
      read(results, rows);
    }
    return new ArrayList<>(rows.values());
  }

  private static void read(JsonNode results, Map<String, Row> rows) {
    for (JsonNode result : results) {
      String benchmark = shortName(result.path("benchmark").asText());
      String kind = "";
      StringBuilder params = new StringBuilder();
      for (Iterator<Map.Entry<String, JsonNode>> it = result.path("params").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> p = it.next();
        if (p.getKey().equals("kind")) {
          kind = p.getValue().asText();
        } else if (p.getKey().equals("draft") && p.getValue().asText().equals("declared")) {
          continue;                                           // the default draft table: rows read as before
        } else {
          params.append(params.length() == 0 ? "" : ",").append(p.getValue().asText());
        }
      }
      if (benchmark.startsWith(INTERLEAVED)) {
        readInterleaved(result, rows);
        continue;
      }
      if (benchmark.startsWith(MIXED)) {
        readMixed(result, rows);
        continue;
      }
      JsonNode secondary = result.path("secondaryMetrics");
      String group = benchmark.substring(benchmark.indexOf('.') + 1);
      if (secondary.has(group + "_raw")) {
        // A SideBySide group: one score per thread, raw and a djbranch kind measured at the same time.
        for (Iterator<Map.Entry<String, JsonNode>> it = secondary.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> m = it.next();
          if (!m.getKey().startsWith(group + "_")) continue;
          String side = m.getKey().substring(group.length() + 1);
          add(rows, benchmark, params.toString(), side, score(m.getValue(), Double.NaN, Double.NaN, true));
        }
        continue;
      }
      JsonNode allocation = secondary.has(ALLOCATION) ? secondary.path(ALLOCATION) : secondary.path("\u00b7" + ALLOCATION);
      add(rows, benchmark, params.toString(), kind, score(result.path("primaryMetric"),
          allocation.path("score").asDouble(Double.NaN),
          secondary.path(CpuTimeProfiler.METRIC).path("score").asDouble(Double.NaN), false));
    }
  }

  /**
   * An {@link Interleaved} result: the iterations of each fork split into the raw side's and djbranch's by {@link
   * Interleaved#rawAt}, pair by pair, so the k-th iteration of each side were measured next to each other; one
   * score per fork and side, shown as the row of the statement it ran, with the database as its parameter.
   */
  private static void readInterleaved(JsonNode result, Map<String, Row> rows) {
    String statement = result.path("params").path("statement").asText();
    String database = result.path("params").path("database").asText() + copiedDraft(result);
    JsonNode metric = result.path("primaryMetric");
    String unit = metric.path("scoreUnit").asText();
    for (JsonNode fork : metric.path("rawData")) {
      List<Double> raw = new ArrayList<>();
      List<Double> djbranch = new ArrayList<>();
      for (int i = 0; i + 1 < fork.size(); i += 2) {       // whole pairs only
        for (int j = i; j <= i + 1; j++) {
          (Interleaved.rawAt(j) ? raw : djbranch).add(fork.get(j).asDouble());
        }
      }
      addInTurn(rows, INTERLEAVED, statement, database, raw, djbranch, unit);
    }
  }

  /**
   * A {@link Mixed} result: each fork's iterations split by {@link Mixed#at} into the statements' and, per statement,
   * into the raw side's and djbranch's, pair by pair; then one score per fork, statement and side, as for
   * {@link Interleaved}. A fork of only some statements shows them with the list beside the database.
   */
  private static void readMixed(JsonNode result, Map<String, Row> rows) {
    String paths = result.path("params").path("paths").asText();
    String database = result.path("params").path("database").asText() + copiedDraft(result)
        + (paths.equals("all") ? "" : " (" + paths + " only)");
    List<String> statements = Mixed.statements(paths);
    JsonNode metric = result.path("primaryMetric");
    String unit = metric.path("scoreUnit").asText();
    for (JsonNode fork : metric.path("rawData")) {
      List<List<Double>> raw = new ArrayList<>();
      List<List<Double>> djbranch = new ArrayList<>();
      for (int s = 0; s < statements.size(); s++) {
        raw.add(new ArrayList<>());
        djbranch.add(new ArrayList<>());
      }
      int whole = fork.size() - fork.size() % (2 * statements.size());   // whole rounds only
      for (int i = 0; i < whole; i++) {
        Mixed.Slot slot = Mixed.at(i, statements.size());
        (slot.raw() ? raw : djbranch).get(slot.statement()).add(fork.get(i).asDouble());
      }
      for (int s = 0; s < statements.size(); s++) {
        addInTurn(rows, MIXED, statements.get(s), database, raw.get(s), djbranch.get(s), unit);
      }
    }
  }

  /** " (copied d)" where the draft table was a pipeline table the branch copied ({@code SideBySide.Data.draft}). */
  private static String copiedDraft(JsonNode result) {
    return result.path("params").path("draft").asText("declared").equals("copied") ? " (copied d)" : "";
  }

  /** One fork's iterations of a statement measured in turn, raw's and the other side's, the k-th of each neighbours. */
  private static void addInTurn(Map<String, Row> rows, String prefix, String statement, String params,
      List<Double> raw, List<Double> other, String unit) {
    String second = statement.equals(Interleaved.CONTROL) ? CONTROL_SIDE : Interleaved.kindOf(statement).id();
    add(rows, prefix + statement, params, Kind.RAW.id(), interleavedScore(raw, unit));
    add(rows, prefix + statement, params, second, interleavedScore(other, unit));
  }

  private static Score interleavedScore(List<Double> iterations, String unit) {
    double mean = iterations.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    return new Score(median(iterations, mean), mean, Double.NaN, unit, Double.NaN, Double.NaN, iterations, true);
  }

  private static Score score(JsonNode metric, double bytesPerOp, double cpuPerOp, boolean simultaneous) {
    List<Double> raw = new ArrayList<>();
    for (JsonNode fork : metric.path("rawData")) {
      for (JsonNode iteration : fork) {
        raw.add(iteration.asDouble());
      }
    }
    double mean = metric.path("score").asDouble(Double.NaN);
    return new Score(median(raw, mean), mean, metric.path("scoreError").asDouble(Double.NaN),
        metric.path("scoreUnit").asText(), bytesPerOp, cpuPerOp, raw, simultaneous);
  }

  private static void add(Map<String, Row> rows, String benchmark, String params, String kind, Score score) {
    rows.computeIfAbsent(benchmark + "\u0000" + params, k -> new Row(benchmark, params, new LinkedHashMap<>()))
        .byKind().computeIfAbsent(kind, k -> new ArrayList<>()).add(score);
  }

  private static double medianOf(List<Score> scores, java.util.function.ToDoubleFunction<Score> value) {
    List<Double> values = new ArrayList<>();
    for (Score s : scores) values.add(value.applyAsDouble(s));
    return median(values, Double.NaN);
  }

  /** The value at fraction q (0..1) of the sorted values, interpolated. */
  static double quantile(List<Double> values, double q) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    if (sorted.length == 0) return Double.NaN;
    double at = q * (sorted.length - 1);
    int low = (int) Math.floor(at);
    int high = (int) Math.ceil(at);
    return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
  }

  static double median(List<Double> values, double fallback) {
    if (values.isEmpty()) return fallback;
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }

  /** {@code org.djbranch.bench.PointQuery.plain} becomes {@code PointQuery.plain}. */
  static String shortName(String benchmark) {
    int method = benchmark.lastIndexOf('.');
    int type = method < 0 ? -1 : benchmark.lastIndexOf('.', method - 1);
    return benchmark.substring(type + 1);
  }

  static void print(List<Row> all, PrintStream out) {
    List<Row> rows = new ArrayList<>();
    List<Row> lake = new ArrayList<>();
    List<Row> copies = new ArrayList<>();
    for (Row row : all) {
      (row.benchmark().startsWith(LAKE_PUSH) ? lake : row.benchmark().startsWith(COPY_TABLE) ? copies : rows).add(row);
    }
    if (!lake.isEmpty()) {
      printLakePush(lake, out);
      if (rows.isEmpty() && copies.isEmpty()) return;
      out.println();
    }
    if (!copies.isEmpty()) {
      printCopyTable(copies, out);
      if (rows.isEmpty()) return;
      out.println();
    }
    String unit = rows.isEmpty() || rows.get(0).byKind().isEmpty() ? "" :
        rows.get(0).byKind().values().iterator().next().get(0).unit();
    out.println("| benchmark | database | kind | median (" + unit + ") | ratio to raw | CPU µs/op | CPU ratio | B/op"
        + " | B/op over raw | target | verdict (throughput, CPU) |");
    out.println("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |");
    boolean below = false;
    boolean unsure = false;
    for (Row row : rows) {
      List<Score> raw = row.byKind().get(Kind.RAW.id());
      List<String> kinds = new ArrayList<>(row.byKind().keySet());
      if (kinds.remove(Kind.RAW.id())) kinds.add(0, Kind.RAW.id());
      for (String kind : kinds) {
        List<Score> scores = row.byKind().get(kind);
        Score s = scores.get(0);
        Target target = Target.of(row.benchmark(), kind);
        String ratioText = "-";
        String extraText = "-";
        String verdict = "";
        double bytes = medianOf(scores, Score::bytesPerOp);
        double cpu = medianOf(scores, Score::cpuPerOp);
        String cpuRatioText = "-";
        if (raw != null && scores != raw && !kind.isEmpty()) {
          double ratio;
          double low;
          double high;
          if (row.benchmark().startsWith(INTERLEAVED) || row.benchmark().startsWith(MIXED)) {
            // Interleaved: per fork, the median of its pairs' ratios; the geometric mean of those, with their range
            // in brackets (one JVM compiles and lays out memory differently from the next).
            List<Double> medians = new ArrayList<>();
            for (int r = 0; r < Math.min(scores.size(), raw.size()); r++) {
              List<Double> a = scores.get(r).iterations();
              List<Double> b = raw.get(r).iterations();
              List<Double> ratios = new ArrayList<>();
              for (int i = 0; i < Math.min(a.size(), b.size()); i++) ratios.add(a.get(i) / b.get(i));
              medians.add(median(ratios, Double.NaN));
            }
            ratio = Math.exp(medians.stream().mapToDouble(Math::log).average().orElse(Double.NaN));
            low = medians.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
            high = medians.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
            ratioText = String.format(Locale.ROOT, "%.3f (%.3f–%.3f)", ratio, low, high);
          } else if (s.simultaneous()) {
            // Side by side or interleaved: raw and this kind ran at the same time or next to each other,
            // iteration for iteration; the ratio of every pair of iterations (over all rounds), their median and
            // middle half.
            List<Double> ratios = new ArrayList<>();
            for (int r = 0; r < Math.min(scores.size(), raw.size()); r++) {
              List<Double> a = scores.get(r).iterations();
              List<Double> b = raw.get(r).iterations();
              for (int i = 0; i < Math.min(a.size(), b.size()); i++) ratios.add(a.get(i) / b.get(i));
            }
            ratio = median(ratios, Double.NaN);
            low = quantile(ratios, 0.25);
            high = quantile(ratios, 0.75);
            ratioText = String.format(Locale.ROOT, "%.3f (%.3f–%.3f)", ratio, low, high);
          } else if (scores.size() == 1 || scores.size() != raw.size()) {
            // One round: the ratio of the medians, its error from the two relative errors.
            Score r = raw.get(0);
            ratio = s.median() / r.median();
            double error = ratio * Math.hypot(s.relativeError(), r.relativeError());
            low = ratio - error;
            high = ratio + error;
            ratioText = String.format(Locale.ROOT, "%.3f ± %s", ratio,
                Double.isNaN(error) ? "?" : String.format(Locale.ROOT, "%.3f", error));
          } else {
            // Several rounds: the ratio of each round (kinds measured close together in time), their median and
            // range, so load that comes and goes between rounds moves the range, not the median.
            List<Double> ratios = new ArrayList<>();
            for (int i = 0; i < scores.size(); i++) ratios.add(scores.get(i).median() / raw.get(i).median());
            ratio = median(ratios, Double.NaN);
            low = ratios.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
            high = ratios.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
            ratioText = String.format(Locale.ROOT, "%.3f (%.3f–%.3f)", ratio, low, high);
          }
          // CPU ratio: raw's CPU time per operation over this kind's, so that 1.00 is no cost, like throughput.
          double cpuRatio = medianOf(raw, Score::cpuPerOp) / cpu;
          if (!Double.isNaN(cpuRatio)) cpuRatioText = String.format(Locale.ROOT, "%.3f", cpuRatio);
          double extra = bytes - medianOf(raw, Score::bytesPerOp);
          if (!Double.isNaN(extra)) extraText = String.format(Locale.ROOT, "%+.0f", extra);
          if (Double.isNaN(target.ratio())) {
            verdict = kind.equals(CONTROL_SIDE) ? "control (noise floor)" : "peer";
          } else if (!Double.isNaN(target.extraBytes()) && !Double.isNaN(extra) && extra > target.extraBytes()) {
            verdict = "BELOW (allocation)";
            below = true;
          } else if (ratio >= target.ratio()) {
            verdict = "ok";
          } else if (Double.isNaN(high) || high >= target.ratio()) {
            verdict = "noise";
            unsure = true;
          } else {
            verdict = "BELOW";
            below = true;
          }
          if (!Double.isNaN(target.ratio()) && !Double.isNaN(cpuRatio)) {
            verdict += cpuRatio >= target.ratio() ? ", ok" : ", below";
          }
        }
        double median = medianOf(scores, Score::median);
        String spread = scores.size() == 1 ? " ± " + number(s.error()) : "";
        out.println("| " + row.benchmark() + " | " + row.params() + " | " + kind + " | "
            + number(median) + spread + " | " + ratioText + " | "
            + (Double.isNaN(cpu) ? "-" : String.format(Locale.ROOT, "%.2f", cpu / 1000)) + " | " + cpuRatioText + " | "
            + (Double.isNaN(bytes) ? "-" : String.format(Locale.ROOT, "%.0f", bytes)) + " | "
            + extraText + " | " + target.describe() + " | " + verdict + " |");
      }
    }
    out.println();
    out.println("One round: medians of the measured iterations ± the 99.9% error JMH reports for their mean, the ratio"
        + " of the medians with the two relative errors combined. Several rounds: the median over the rounds, the"
        + " ratio as the median of the rounds' ratios (their range in brackets). B/op needs -prof gc; CPU time"
        + " (all threads of the benchmark JVM, none of a server's) needs -prof org.djbranch.bench.CpuTimeProfiler."
        + " SideBySide: the median of the ratios of iterations measured at the same time (the middle half in"
        + " brackets); its allocation and CPU time are the group's, so they are not shown. Interleaved: raw and"
        + " djbranch in turn, iteration by iteration, in one thread, on one physical connection; the geometric mean"
        + " over the forks of each fork's median ratio of neighbouring iterations (the forks' range in brackets)."
        + " Mixed: read as Interleaved, every statement measured in turn in the same forks.");
    if (below) {
      out.println("BELOW: under the target by more than the error (or allocating more than the target allows).");
    }
    if (unsure) {
      out.println("noise: under the target but within its error (or the error is unknown: run more iterations);"
          + " rerun, ideally on a quiet machine, to decide.");
    }
  }

  /**
   * {@link LakePush}: the single-shot times of {@code push}, {@code upload} and the two sides of {@code inTurn}
   * (median of the measured iterations, their range); push over upload from the first two (the ratio of the
   * medians, for information) and from {@code inTurn} (the median of the pairs' ratios, judged by the target).
   */
  private static void printLakePush(List<Row> rows, PrintStream out) {
    Map<String, List<Score>> byMethod = new LinkedHashMap<>();
    for (Row row : rows) {
      row.byKind().values().forEach(scores -> byMethod.computeIfAbsent(row.benchmark(), k -> new ArrayList<>())
          .addAll(scores));
    }
    // inTurn's iterations, split into its two sides by Interleaved.rawAt (the upload is the raw side)
    List<Score> inTurn = byMethod.remove(LAKE_PUSH + "inTurn");
    List<Double> pairRatios = new ArrayList<>();
    if (inTurn != null) {
      for (Score round : inTurn) {
        List<Double> upload = new ArrayList<>();
        List<Double> push = new ArrayList<>();
        List<Double> all = round.iterations();
        for (int i = 0; i + 1 < all.size(); i += 2) {       // whole pairs only
          for (int j = i; j <= i + 1; j++) (Interleaved.rawAt(j) ? upload : push).add(all.get(j));
        }
        for (int i = 0; i < upload.size(); i++) pairRatios.add(push.get(i) / upload.get(i));
        byMethod.computeIfAbsent(LAKE_PUSH + "inTurn (push)", k -> new ArrayList<>())
            .add(interleavedScore(push, round.unit()));
        byMethod.computeIfAbsent(LAKE_PUSH + "inTurn (upload)", k -> new ArrayList<>())
            .add(interleavedScore(upload, round.unit()));
      }
    }
    out.println("| benchmark | round | median | min | max | iterations |");
    out.println("| --- | ---: | ---: | ---: | ---: | ---: |");
    byMethod.forEach((benchmark, scores) -> {
      for (int r = 0; r < scores.size(); r++) {
        Score s = scores.get(r);
        out.println("| " + benchmark + " | " + (r + 1) + " | " + number(s.median()) + " " + s.unit() + " | "
            + number(s.iterations().stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN)) + " | "
            + number(s.iterations().stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)) + " | "
            + s.iterations().size() + " |");
      }
    });
    out.println();
    List<Score> push = byMethod.get(LAKE_PUSH + "push");
    List<Score> upload = byMethod.get(LAKE_PUSH + "upload");
    if (push != null && upload != null) {
      List<Double> ratios = new ArrayList<>();
      for (int r = 0; r < Math.min(push.size(), upload.size()); r++) {
        ratios.add(push.get(r).median() / upload.get(r).median());
      }
      out.println(String.format(Locale.ROOT, "LakePush: push / upload, measured one after the other = %.3f%s "
          + "(the load may have changed between them: judge by inTurn)", median(ratios, Double.NaN),
          ratios.size() == 1 ? "" : String.format(Locale.ROOT, " (rounds %.3f–%.3f)",
              ratios.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN),
              ratios.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN))));
    }
    if (!pairRatios.isEmpty()) {
      double ratio = median(pairRatios, Double.NaN);
      out.println(String.format(Locale.ROOT, "LakePush: push / upload in turn = %.3f, the median of %d pairs' "
          + "ratios (middle half %.3f–%.3f, all %.3f–%.3f); target ≤ %.2f: %s", ratio, pairRatios.size(),
          quantile(pairRatios, 0.25), quantile(pairRatios, 0.75),
          pairRatios.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN),
          pairRatios.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN), LAKE_PUSH_TARGET,
          ratio <= LAKE_PUSH_TARGET ? "ok" : quantile(pairRatios, 0.25) <= LAKE_PUSH_TARGET ? "noise" : "ABOVE"));
    }
  }

  /**
   * {@link CopyTable}: per database and number of rows, the single-shot times of {@code createAsSelect} (the
   * baseline), {@code copyTable} and {@code copy} (median of the measured iterations, over all rounds, with their
   * range), each copy's time over the baseline's (the ratio of the medians; its range from the extremes: the slowest
   * copy over the fastest baseline and the other way round) judged by {@link #COPY_TARGET}, and the bytes each
   * allocates per copy ({@code -prof gc}). Then, per database, {@code copyTable}'s bytes at the smallest and largest
   * number of rows measured and what each row more added: about nothing when no row passes through the JVM.
   */
  private static void printCopyTable(List<Row> rows, PrintStream out) {
    Map<String, Map<String, List<Score>>> byParams = new LinkedHashMap<>();
    for (Row row : rows) {
      List<Score> scores = new ArrayList<>();
      row.byKind().values().forEach(scores::addAll);
      byParams.computeIfAbsent(row.params(), k -> new LinkedHashMap<>())
          .put(row.benchmark().substring(COPY_TABLE.length()), scores);
    }
    out.println("| database | rows | createAsSelect (ms) | copyTable (ms) | copy (ms) | copyTable / createAsSelect"
        + " | copy / createAsSelect | target | verdict (copyTable, copy) | B/op copyTable | B/op copy"
        + " | createAsSelect in a transaction (ms) | copy / that |");
    out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: |");
    boolean unsure = false;
    Map<String, Map<Long, Double>> bytesByDatabase = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, List<Score>>> e : byParams.entrySet()) {
      String[] params = e.getKey().split(",");
      Map<String, List<Score>> m = e.getValue();
      List<Double> base = iterationsOf(m.get("createAsSelect"));
      StringBuilder line = new StringBuilder("| " + params[0] + " | " + (params.length > 1 ? params[1] : "") + " | ");
      for (String method : List.of("createAsSelect", "copyTable", "copy")) {
        line.append(timeText(iterationsOf(m.get(method)))).append(" | ");
      }
      List<String> verdicts = new ArrayList<>();
      for (String method : List.of("copyTable", "copy")) {
        List<Double> times = iterationsOf(m.get(method));
        if (times.isEmpty() || base.isEmpty()) {
          line.append("- | ");
          continue;
        }
        double ratio = median(times, Double.NaN) / median(base, Double.NaN);
        double best = min(times) / max(base);
        double worst = max(times) / min(base);
        line.append(String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", ratio, best, worst)).append(" | ");
        String verdict = ratio <= COPY_TARGET ? "ok" : best <= COPY_TARGET ? "noise" : "ABOVE";
        unsure |= verdict.equals("noise");
        verdicts.add(verdict);
      }
      line.append(String.format(Locale.ROOT, "≤ %.2f", COPY_TARGET)).append(" | ").append(String.join(", ", verdicts))
          .append(" | ");
      for (String method : List.of("copyTable", "copy")) {
        List<Score> scores = m.get(method);
        double bytes = scores == null ? Double.NaN : medianOf(scores, Score::bytesPerOp);
        line.append(Double.isNaN(bytes) ? "-" : String.format(Locale.ROOT, "%,.0f", bytes)).append(" | ");
        if (method.equals("copyTable") && !Double.isNaN(bytes) && params.length > 1) {
          bytesByDatabase.computeIfAbsent(params[0], k -> new java.util.TreeMap<>())
              .put(Long.parseLong(params[1]), bytes);
        }
      }
      // the copy where DDL is transactional runs in one transaction: the baseline in one, beside it
      List<Double> inTransaction = iterationsOf(m.get("createAsSelectInTransaction"));
      List<Double> copies = iterationsOf(m.get("copy"));
      line.append(timeText(inTransaction)).append(" | ").append(inTransaction.isEmpty() || copies.isEmpty() ? "-"
          : String.format(Locale.ROOT, "%.2f", median(copies, Double.NaN) / median(inTransaction, Double.NaN)))
          .append(" |");
      out.println(line.toString().strip());
    }
    out.println();
    out.println("Times: the median of the measured single-shot iterations (over all rounds), their range in brackets;"
        + " ratios: of the medians, in brackets the fastest copy over the slowest baseline and the slowest over the"
        + " fastest. B/op: allocated in the benchmark JVM per copy (-prof gc), with the unmeasured setup of the"
        + " iteration; for DuckDB and SQLite, which run inside the JVM, their own memory is native and not in it.");
    if (unsure) {
      out.println("noise: the median is above the target but the range reaches it; rerun, ideally on a quiet machine.");
    }
    byParams.forEach((params, m) -> printCopyInTurn(params, m.get("inTurn"), out));
    bytesByDatabase.forEach((database, bytes) -> {
      if (bytes.size() < 2) return;
      long fewest = bytes.keySet().iterator().next();
      long most = ((java.util.TreeMap<Long, Double>) bytes).lastKey();
      double perRow = (bytes.get(most) - bytes.get(fewest)) / (most - fewest);
      out.println(String.format(Locale.ROOT, "CopyTable memory, %s: copyTable allocates %,.0f B for %,d rows and"
          + " %,.0f B for %,d rows: %.3f B per row more", database, bytes.get(fewest), fewest, bytes.get(most), most,
          perRow));
    });
  }

  /**
   * {@link CopyTable}'s {@code inTurn}: each round's iterations split into the baseline's and the copy's by {@link
   * Interleaved#rawAt} (the baseline is the raw side), pair by pair; the median of the pairs' ratios, judged by
   * {@link #COPY_TARGET}.
   */
  private static void printCopyInTurn(String params, List<Score> inTurn, PrintStream out) {
    if (inTurn == null) {
      return;
    }
    List<Double> base = new ArrayList<>();
    List<Double> copy = new ArrayList<>();
    List<Double> pairRatios = new ArrayList<>();
    for (Score round : inTurn) {
      List<Double> all = round.iterations();
      for (int i = 0; i + 1 < all.size(); i += 2) {       // whole pairs only
        double b = Interleaved.rawAt(i) ? all.get(i) : all.get(i + 1);
        double c = Interleaved.rawAt(i) ? all.get(i + 1) : all.get(i);
        base.add(b);
        copy.add(c);
        pairRatios.add(c / b);
      }
    }
    if (pairRatios.isEmpty()) {
      return;
    }
    double ratio = median(pairRatios, Double.NaN);
    out.println(String.format(Locale.ROOT, "CopyTable in turn, %s: copyStatement %s ms against createAsSelect %s ms;"
        + " copyStatement / createAsSelect = %.3f, the median of %d pairs' ratios (middle half %.3f–%.3f, all"
        + " %.3f–%.3f); target ≤ %.2f: %s", params.replace(",", " "), timeText(copy), timeText(base), ratio,
        pairRatios.size(), quantile(pairRatios, 0.25), quantile(pairRatios, 0.75), min(pairRatios),
        max(pairRatios), COPY_TARGET, ratio <= COPY_TARGET ? "ok"
            : quantile(pairRatios, 0.25) <= COPY_TARGET ? "noise" : "ABOVE"));
  }

  private static List<Double> iterationsOf(List<Score> scores) {
    List<Double> all = new ArrayList<>();
    if (scores != null) scores.forEach(s -> all.addAll(s.iterations()));
    return all;
  }

  private static String timeText(List<Double> times) {
    if (times.isEmpty()) return "-";
    return String.format(Locale.ROOT, "%s (%s–%s)", number(median(times, Double.NaN)), number(min(times)),
        number(max(times)));
  }

  private static double min(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
  }

  private static double max(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
  }

  private static String number(double v) {
    if (Double.isNaN(v)) {
      return "?";
    }
    return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.2f", v);
  }
}

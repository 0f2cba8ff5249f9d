package org.djbranch.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints a JMH JSON results file as a table: per benchmark and database, the throughput of each driver kind and
 * the ratio of every djbranch kind to the raw driver, with its error and whether it meets the target.
 *
 * <p>Usage: {@code java -cp benchmarks.jar org.djbranch.bench.Ratios [results.json]}.
 */
public final class Ratios {
  /** djbranch must keep at least this share of the raw driver's throughput. */
  static final double TARGET = 0.99;
  static final String DEFAULT_RESULTS = "bench/target/results.json";

  private Ratios() {}

  /** One measured score with its 99.9% error half-width, as JMH reports it. */
  record Score(double value, double error, String unit) {}

  /** The results of one benchmark with the same parameters apart from the kind, keyed by kind id. */
  record Row(String benchmark, String params, Map<String, Score> byKind) {}

  public static void main(String[] args) throws IOException {
    Path file = Path.of(args.length > 0 ? args[0] : DEFAULT_RESULTS);
    if (!Files.isRegularFile(file)) {
      System.err.println("No results file at " + file + ": run the benchmarks with -rf json -rff " + file + ".");
      System.exit(2);
    }
    print(read(new ObjectMapper().readTree(file.toFile())), System.out);
  }

  /** Groups the results by benchmark and by every parameter except {@code kind}, in the order JMH ran them. */
  static List<Row> read(JsonNode results) {
    Map<String, Row> rows = new LinkedHashMap<>();
    for (JsonNode result : results) {
      String benchmark = shortName(result.path("benchmark").asText());
      String kind = "";
      StringBuilder params = new StringBuilder();
      for (Iterator<Map.Entry<String, JsonNode>> it = result.path("params").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> p = it.next();
        if (p.getKey().equals("kind")) {
          kind = p.getValue().asText();
        } else {
          params.append(params.length() == 0 ? "" : ",").append(p.getValue().asText());
        }
      }
      JsonNode metric = result.path("primaryMetric");
      Score score = new Score(metric.path("score").asDouble(Double.NaN),
          metric.path("scoreError").asDouble(Double.NaN), metric.path("scoreUnit").asText());
      rows.computeIfAbsent(benchmark + "\u0000" + params, k -> new Row(benchmark, params.toString(),
          new LinkedHashMap<>())).byKind().put(kind, score);
    }
    return new ArrayList<>(rows.values());
  }

  /** {@code org.djbranch.bench.PointQuery.plain} becomes {@code PointQuery.plain}. */
  static String shortName(String benchmark) {
    int method = benchmark.lastIndexOf('.');
    int type = method < 0 ? -1 : benchmark.lastIndexOf('.', method - 1);
    return benchmark.substring(type + 1);
  }

  static void print(List<Row> rows, PrintStream out) {
    List<String> kinds = new ArrayList<>();
    for (Row row : rows) {
      for (String k : row.byKind().keySet()) {
        if (!kinds.contains(k)) {
          kinds.add(k);
        }
      }
    }
    // raw first, then the djbranch kinds in the order they appear
    if (kinds.remove(Kind.RAW.id())) {
      kinds.add(0, Kind.RAW.id());
    }
    String unit = rows.isEmpty() || rows.get(0).byKind().isEmpty() ? "" :
        rows.get(0).byKind().values().iterator().next().unit();

    StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-22s %-12s", "benchmark", "database"));
    for (String k : kinds) {
      header.append(String.format(Locale.ROOT, " %24s", k + " (" + unit + ")"));
    }
    for (String k : kinds) {
      if (!k.equals(Kind.RAW.id())) {
        header.append(String.format(Locale.ROOT, " %24s", k + "/raw"));
      }
    }
    out.println(header);
    boolean below = false;
    boolean unsure = false;
    for (Row row : rows) {
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-22s %-12s", row.benchmark(), row.params()));
      for (String k : kinds) {
        Score s = row.byKind().get(k);
        line.append(String.format(Locale.ROOT, " %24s", s == null ? "-" : number(s.value()) + " ± " + number(s.error())));
      }
      Score raw = row.byKind().get(Kind.RAW.id());
      for (String k : kinds) {
        if (k.equals(Kind.RAW.id())) {
          continue;
        }
        Score s = row.byKind().get(k);
        if (s == null || raw == null) {
          line.append(String.format(Locale.ROOT, " %24s", "-"));
          continue;
        }
        double ratio = s.value() / raw.value();
        double error = ratio * Math.hypot(s.error() / s.value(), raw.error() / raw.value());
        String verdict;
        if (ratio >= TARGET) {
          verdict = "ok";
        } else if (Double.isNaN(error) || ratio + error >= TARGET) {
          verdict = "noise";
          unsure = true;
        } else {
          verdict = "BELOW";
          below = true;
        }
        line.append(String.format(Locale.ROOT, " %24s", String.format(Locale.ROOT, "%.3f ± %s %s", ratio,
            Double.isNaN(error) ? "?" : String.format(Locale.ROOT, "%.3f", error), verdict)));
      }
      out.println(line);
    }
    out.println();
    out.printf(Locale.ROOT, "Scores are throughput ± the 99.9%% error JMH reports; target: every ratio >= %.2f.%n",
        TARGET);
    if (below) {
      out.println("BELOW: the ratio is under the target by more than its error.");
    }
    if (unsure) {
      out.println("noise: under the target but within its error (or the error is unknown: run more iterations);"
          + " rerun, ideally on a quiet machine, to decide.");
    }
  }

  private static String number(double v) {
    if (Double.isNaN(v)) {
      return "?";
    }
    return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.2f", v);
  }
}

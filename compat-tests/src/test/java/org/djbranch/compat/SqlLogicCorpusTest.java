package org.djbranch.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A public corpus of SQL that nobody on this project wrote — SQLite's sqllogictest scripts, see
 * {@code testdata/sqllogictest/README.md} — run through the raw driver and through a branch, on each database, with
 * all tables in the draft and with every other table the pipeline's ({@link CorpusMode}). Every statement's outcome
 * and every query's labels and rows are compared with the raw driver's (the oracle, not the scripts' expected
 * results), and trunk's catalog after the branch's run with its catalog before it.
 *
 * <p>The differences must be among the checked-in {@code known-differences-<db>.txt}: the open work of issue 27.
 * The run prints one line per database and mode and writes what it found to {@code target/sqllogictest/}.
 * {@code -Dcorpus.db=postgresql} (mariadb, duckdb, sqlite) runs one database only.
 */
class SqlLogicCorpusTest {
  private static final int EXCERPT = 90;

  @TempDir
  Path dir;

  private int places;

  private static Path corpus() {
    String configured = System.getProperty("djbranch.testdata");
    return Path.of(configured != null ? configured : "../testdata").resolve("sqllogictest");
  }

  /** The scripts, as paths relative to the corpus folder, in a fixed order. */
  private static List<String> scripts() throws Exception {
    try (Stream<Path> files = Files.walk(corpus())) {
      return files.filter(p -> p.toString().endsWith(".test")).map(p -> corpus().relativize(p).toString()
          .replace('\\', '/')).sorted().toList();
    }
  }

  /** What one database and mode came to: counts, and the differences as list lines and as detailed lines. */
  private static final class Tally {
    int records;
    int queries;
    final List<String> lines = new ArrayList<>();
    final List<String> details = new ArrayList<>();

    void add(String line, String detail) {
      lines.add(line);
      details.add(line + "\n    " + detail);
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void aPublicCorpusAnswersOnABranchAsThroughTheRawDriver(Db db) throws Exception {
    String name = db.name().toLowerCase(Locale.ROOT);
    assumeTrue(System.getProperty("corpus.db", name).equals(name), "-Dcorpus.db names another database");
    List<String> found = new ArrayList<>();
    List<String> details = new ArrayList<>();
    List<String> summary = new ArrayList<>();
    for (CorpusMode mode : CorpusMode.values()) {
      long start = System.nanoTime();
      Tally tally = new Tally();
      for (String script : scripts()) {
        run(db, mode, script, tally);
      }
      String line = String.format("corpus %s %s: %d records, %d queries compared, %d differences (%d s)", name,
          mode.label(), tally.records, tally.queries, tally.lines.size(), (System.nanoTime() - start) / 1_000_000_000L);
      System.out.println(line);
      summary.add(line);
      found.addAll(tally.lines);
      details.addAll(tally.details);
    }
    Path out = Files.createDirectories(Path.of("target", "sqllogictest"));
    Files.writeString(out.resolve("known-differences-" + name + ".txt"), KnownDifferences.write(found));
    Files.writeString(out.resolve("differences-" + name + ".txt"), String.join("\n", summary) + "\n\n"
        + byCause(found) + "\n" + String.join("\n", details) + "\n");

    KnownDifferences known = KnownDifferences.read(corpus().resolve("known-differences-" + name + ".txt"));
    List<String> gone = known.gone(found);
    if (!gone.isEmpty()) {
      System.out.println("corpus " + name + ": " + gone.size() + " known differences no longer occur; remove them"
          + " from known-differences-" + name + ".txt (the list as found is in target/sqllogictest/):\n  "
          + String.join("\n  ", gone));
    }
    List<String> fresh = known.unlisted(found);
    assertEquals(List.of(), fresh.subList(0, Math.min(fresh.size(), 30)), fresh.size()
        + " differences between the branch and the raw driver that the known list does not hold (details in"
        + " target/sqllogictest/differences-" + name + ".txt)");
  }

  /** Runs one script in a fresh pair of places, the raw oracle's and the branch's, and adds what differs. */
  private void run(Db db, CorpusMode mode, String script, Tally tally) throws Exception {
    CorpusMode.Split split = mode.split(LogicRecord.read(corpus().resolve(script), script, db));
    try (TestDatabase oracle = TestDatabase.create(db, newFolder());
        TestDatabase subject = TestDatabase.create(db, newFolder());
        // held open for the script's run: DuckDB then opens its file once, not at each connection
        Connection held = subject.raw()) {
      String branch = BranchFixture.newBranch();
      String draft = subject.draftFor(branch);
      List<RecordOutcome> expected;
      // The oracle runs each part on a connection of its own, as the subject does: what a connection did before a
      // statement shows in some answers (SQLite answers DDL with the count of the connection's last row change).
      try (Connection c = oracle.raw()) {
        use(c, oracle);
        outcomes(c, split.onTrunk());
      }
      try (Connection c = oracle.raw()) {
        use(c, oracle);
        expected = outcomes(c, split.onBranch());
      }
      try (Connection c = subject.raw()) {
        use(c, subject);
        outcomes(c, split.onTrunk());
      }
      CatalogReader catalog = new CatalogReader(subject);
      List<String> before = catalog.pipelineStructure();
      List<RecordOutcome> actual;
      try (Connection c = subject.branch(branch)) {
        use(c, subject);
        actual = outcomes(c, split.onBranch());
      }
      List<String> after = catalog.pipelineStructure();

      String label = mode.label();
      compare(label, split.onBranch(), expected, actual, tally, detail -> normalise(detail, subject, oracle, draft,
          branch));
      List<Integer> changed = changed(before, after);
      if (!changed.isEmpty()) {
        String kinds = changed.stream().map(i -> before.get(i).substring(0, before.get(i).indexOf(' ')))
            .collect(Collectors.joining(","));
        String detail = changed.stream().map(i -> "before: " + before.get(i) + "\n    after:  " + after.get(i))
            .collect(Collectors.joining("\n    "));
        tally.add(label + " " + script + " catalog " + kinds + " | trunk's catalog changed by the branch's run",
            normalise(detail, subject, oracle, draft, branch));
      }
    }
  }

  /** Adds each record whose outcome on the branch differs from the raw driver's. */
  private static void compare(String mode, List<LogicRecord> records, List<RecordOutcome> expected,
      List<RecordOutcome> actual, Tally tally, UnaryOperator<String> normalise) {
    for (int i = 0; i < records.size(); i++) {
      LogicRecord record = records.get(i);
      tally.records++;
      tally.queries += record.kind() == LogicRecord.Kind.QUERY ? 1 : 0;
      String difference = expected.get(i).differenceTo(actual.get(i));
      if (difference != null) {
        tally.add(mode + " " + record.where() + " " + difference + " | " + excerpt(record.sql()),
            normalise.apply("raw: " + expected.get(i) + "\n    branch: " + actual.get(i)));
      }
    }
  }

  /** The indexes of the catalog entries (relations, columns, indexes, ...) that differ after the branch's run. */
  private static List<Integer> changed(List<String> before, List<String> after) {
    return IntStream.range(0, before.size()).filter(i -> !before.get(i).equals(after.get(i))).boxed().toList();
  }

  private Path newFolder() throws Exception {
    return Files.createDirectories(dir.resolve("place-" + places++));
  }

  private static void use(Connection c, TestDatabase place) throws SQLException {
    if (place.db == Db.MARIADB) {
      c.setCatalog(place.schema);
    } else if (place.db != Db.SQLITE) {
      c.setSchema(place.schema);
    }
  }

  private static List<RecordOutcome> outcomes(Connection c, List<LogicRecord> records) {
    List<RecordOutcome> out = new ArrayList<>();
    for (LogicRecord r : records) {
      out.add(RecordOutcome.of(c, r));
    }
    return out;
  }

  /** The record's text on one line, shortened: stable across runs, so a list line names the same record. */
  private static String excerpt(String sql) {
    String line = sql.replaceAll("\\s+", " ").strip();
    return line.length() > EXCERPT ? line.substring(0, EXCERPT) + "…" : line;
  }

  /** A detail without this run's random names, so two runs' reports compare. */
  private String normalise(String text, TestDatabase subject, TestDatabase oracle, String draft, String branch) {
    String out = text.replace(dir.toString(), "<tmp>").replace(draft, "<draft>").replace(branch, "<branch>");
    if (subject.db != Db.SQLITE) {
      out = out.replace(subject.schema, "<s>").replace(oracle.schema, "<s>");
    }
    return out;
  }

  /** How many differences of each kind ("mixed branch fails 42601"), the reading that steers the work. */
  private static String byCause(List<String> found) {
    TreeMap<String, Integer> counts = new TreeMap<>();
    for (String line : found) {
      String key = KnownDifferences.key(line);
      String[] words = key.split(" ", 3);
      counts.merge(words[0] + " " + words[2], 1, Integer::sum);
    }
    StringBuilder out = new StringBuilder();
    counts.forEach((k, v) -> out.append(String.format("%5d %s%n", v, k)));
    return out.toString();
  }
}

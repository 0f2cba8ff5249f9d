package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.newBranch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.Scripts;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A real application's published migration history — the Camunda 7 engine's schema at 7.15 and its upgrade scripts
 * to 7.22 (testdata/migrations/camunda) — with trunk migrated to a point and the rest run on a branch: every statement
 * the database runs raw runs on the branch, trunk's catalog stays as it was, and the branch's metadata equals a raw
 * database migrated to the end. Then {@code djbranch promote --apply} brings trunk to that same end.
 *
 * <p>What a branch does not yet do is listed in {@code testdata/migrations/known-differences-<db>.txt}, a ratchet as
 * in {@link SqlLogicCorpusTest}: a difference not listed fails the test, a listed one no longer found is reported.
 */
class MigrationHistoryTest {
  /** The create scripts' parts, in the order the engine itself creates its schema. */
  private static final List<String> PARTS = List.of("engine", "history", "identity", "case.engine", "case.history",
      "decision.engine", "decision.history");
  private static final int FIRST = 15;
  private static final int LAST = 22;
  /** Upgrades trunk runs before the branch takes over: none, then about 25%, 50%, 75% and 90% of the seven. */
  private static final int[] SPLITS = {0, 2, 4, 5, 6};

  @TempDir
  Path dir;

  private static Path camunda() {
    String configured = System.getProperty("djbranch.testdata");
    return Path.of(configured != null ? configured : "../testdata").resolve("migrations");
  }

  /** One script of the history: its name and its statements. */
  record Script(String name, List<String> statements) {}

  private static Script script(String file, Db db) throws Exception {
    String text = Files.readString(camunda().resolve("camunda").resolve(file));
    return new Script(file.substring(file.lastIndexOf('/') + 1),
        Scripts.split(text, db == Db.MARIADB ? Dialect.MYSQL : Dialect.POSTGRESQL));
  }

  private static List<Script> create(Db db) throws Exception {
    List<Script> out = new ArrayList<>();
    for (String part : PARTS) {
      out.add(script("create-7." + FIRST + "/activiti." + prefix(db) + ".create." + part + ".sql", db));
    }
    return out;
  }

  private static List<Script> upgrades(Db db) throws Exception {
    List<Script> out = new ArrayList<>();
    for (int v = FIRST; v < LAST; v++) {
      out.add(script("upgrade/" + prefix(db) + "_engine_7." + v + "_to_7." + (v + 1) + ".sql", db));
    }
    return out;
  }

  private static String prefix(Db db) {
    return db == Db.MARIADB ? "mysql" : "postgres";
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void migrationsRunOnABranchGiveWhatTheyGiveRaw(Db db) throws Exception {
    List<Script> create = create(db);
    List<Script> upgrades = upgrades(db);
    List<String> end;
    List<List<String>> endLog;
    try (TestDatabase raw = TestDatabase.create(db, dir); Connection c = in(raw.raw(), raw)) {
      runAll(c, create);
      runAll(c, upgrades);
      end = MetadataReader.read(c, raw);
      endLog = BranchFixture.rows(c, SCHEMA_LOG);
    }
    assertTrue(end.stream().anyMatch(l -> l.contains("TASK_STATE_") || l.contains("task_state_")), "the raw end: " + end);
    assertEquals(List.of("7.15.0", "7.16.0", "7.22.0"), List.of(endLog.get(0).get(1), endLog.get(1).get(1),
        endLog.get(endLog.size() - 1).get(1)), "the raw end's schema log: " + endLog);

    List<String> found = new ArrayList<>();
    int onBranch = 0;
    int promoted = 0;
    int closed = 0;
    for (int k : SPLITS) {
      try (TestDatabase p = TestDatabase.create(db, dir)) {
        try (Connection c = in(p.raw(), p)) {
          runAll(c, create);
          runAll(c, upgrades.subList(0, k));
        }
        CatalogReader catalog = new CatalogReader(p);
        List<String> trunkBefore = catalog.pipelineStructure();
        int open;
        try (Connection c = in(p.raw(), p)) {
          open = MetadataReader.differences(end, MetadataReader.read(c, p)).size();
        }
        // the upgrades left to the branch change what metadata shows, so a branch that ran nothing would differ
        assertTrue(open > 0, at(k) + ": trunk already shows the end");
        closed += open;
        List<List<String>> trunkLog;
        try (Connection c = in(p.raw(), p)) {
          trunkLog = BranchFixture.rows(c, SCHEMA_LOG);
        }
        String branch = newBranch();
        p.draftFor(branch);
        String at = at(k);
        try (Connection c = in(p.branch(branch), p); Statement s = c.createStatement()) {
          for (Script script : upgrades.subList(k, upgrades.size())) {
            for (int i = 0; i < script.statements().size(); i++) {
              String statement = script.statements().get(i);
              onBranch++;
              try {
                s.execute(statement);
              } catch (SQLException e) {
                found.add(at + " " + script.name() + "#" + (i + 1) + " branch fails " + e.getSQLState() + " | "
                    + oneLine(statement) + " -> " + oneLine(e.getMessage()));
              }
            }
          }
          for (String d : MetadataReader.differences(end, MetadataReader.read(c, p))) {
            found.add(at + " branch metadata " + d);
          }
          List<List<String>> branchLog = BranchFixture.rows(c, SCHEMA_LOG);
          if (!branchLog.equals(endLog)) {
            found.add(at + " branch's schema log " + branchLog + " | raw end's " + endLog);
          }
        }
        if (!trunkBefore.equals(catalog.pipelineStructure())) {
          found.add(at + " trunk's catalog changed");
        }
        try (Connection c = in(p.raw(), p)) {
          List<List<String>> after = BranchFixture.rows(c, SCHEMA_LOG);
          if (!after.equals(trunkLog)) {
            found.add(at + " trunk's schema log changed " + after + " | was " + trunkLog);
          }
        }
        DjbranchCommand.Run promote = DjbranchCommand.run("promote", "--apply", "--url", p.rawUrl(), "--branch", branch);
        if (promote.code() != 0) {
          found.add(at + " promote exits " + promote.code() + " | " + oneLine(promote.err()));
        } else {
          promoted++;
          try (Connection c = in(p.raw(), p)) {
            for (String d : MetadataReader.differences(end, MetadataReader.read(c, p))) {
              found.add(at + " promoted trunk metadata " + d);
            }
          }
        }
      }
    }

    String name = db == Db.MARIADB ? "mariadb" : "postgresql";
    Path out = Files.createDirectories(Path.of("target", "migrations"));
    Files.writeString(out.resolve("known-differences-" + name + ".txt"), KnownDifferences.write(found)
        .replace(KnownDifferences.HEADER, HEADER));
    KnownDifferences known = KnownDifferences.read(camunda().resolve("known-differences-" + name + ".txt"));
    List<String> unlisted = known.unlisted(found);
    List<String> gone = known.gone(found);
    System.out.println("[migrations] " + db.displayName + ": " + create.stream().mapToInt(x -> x.statements().size())
        .sum() + " create statements, " + upgrades.stream().mapToInt(x -> x.statements().size()).sum()
        + " upgrade statements in " + upgrades.size() + " upgrades; " + SPLITS.length + " split points, " + onBranch
        + " statements run on a branch (trunk " + closed + " metadata lines short of the end), " + promoted
        + " promoted; " + found.size() + " differences (" + unlisted.size() + " not listed, " + gone.size()
        + " listed but gone); the raw end has " + end.size() + " metadata lines");
    if (!gone.isEmpty()) {
      System.out.println("[migrations] no longer found, remove from known-differences-" + name + ".txt:\n  "
          + String.join("\n  ", gone));
    }
    if (!unlisted.isEmpty()) {
      fail(unlisted.size() + " differences not in known-differences-" + name + ".txt (the list as found is in"
          + " target/migrations/):\n  " + String.join("\n  ", unlisted));
    }
    assertEquals(List.of(), gone, "listed differences that no longer occur: shrink the list");
  }

  static final String HEADER = String.join("\n",
      "# Differences between the Camunda 7 migration history (7.15 -> 7.22) run partly on a branch and the same",
      "# history run raw, found by MigrationHistoryTest (compat-tests); the target is none. One line per difference:",
      "#   after <k> upgrades <script>#<statement> branch fails <SQLState> | <statement> -> <message>",
      "#   after <k> upgrades branch metadata <-|+> <line>          (the branch lacks / has beyond the raw end)",
      "#   after <k> upgrades promoted trunk metadata <-|+> <line>  (after djbranch promote --apply)",
      "#   after <k> upgrades trunk's catalog changed | after <k> upgrades promote exits <code> | <message>",
      "#   after <k> upgrades branch's schema log <rows> | raw end's <rows>   (ACT_GE_SCHEMA_LOG, ID_ and VERSION_)",
      "#   after <k> upgrades trunk's schema log changed <rows> | was <rows>",
      "# The run writes the list as found to compat-tests/target/migrations/.",
      "");

  /** The versions the history recorded, row by row: the application's own view of where its schema stands. */
  private static final String SCHEMA_LOG = "SELECT ID_, VERSION_ FROM ACT_GE_SCHEMA_LOG ORDER BY VERSION_, ID_";

  private static String at(int k) {
    return "after " + k + " upgrades";
  }

  private static Connection in(Connection c, TestDatabase p) throws SQLException {
    if (p.db == Db.MARIADB) {
      c.setCatalog(p.schema);
    } else {
      c.setSchema(p.schema);
    }
    return c;
  }

  private static void runAll(Connection c, List<Script> scripts) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (Script script : scripts) {
        for (String statement : script.statements()) {
          try {
            s.execute(statement);
          } catch (SQLException e) {
            throw new SQLException(script.name() + " fails raw: " + statement, e.getSQLState(), e);
          }
        }
      }
    }
  }

  private static String oneLine(String text) {
    String flat = text == null ? "" : text.replaceAll("\\s+", " ").strip();
    return flat.length() > 300 ? flat.substring(0, 300) + "..." : flat;
  }
}

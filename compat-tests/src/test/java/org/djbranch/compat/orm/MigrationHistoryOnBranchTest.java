package org.djbranch.compat.orm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import liquibase.Contexts;
import liquibase.LabelExpression;
import liquibase.Liquibase;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;
import org.djbranch.compat.Db;
import org.djbranch.compat.TestDatabase;
import org.djbranch.compat.orm.migration.MigrationChild;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Flyway and Liquibase run unchanged on a branch: their history and lock tables are the branch's own copies, so trunk's
 * bookkeeping is never written by a branch, a branch sees what it applied, and the merge (the same tool run on trunk)
 * applies on trunk what the branch applied. A branch run that fails, or is killed mid-way in another process, leaves
 * trunk's history and lock as they were.
 */
class MigrationHistoryOnBranchTest {
  private static final String CHANGELOG = "db/changelog/ephys.xml";
  private static final String STALLING = "classpath:org/djbranch/compat/orm/migration";

  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void flywayOnABranchKeepsItsHistoryInTheBranch(Db db) throws Exception {
    try (TestDatabase place = TestDatabase.create(db, dir)) {
      Ephys e = new Ephys(place);
      String history = "flyway_schema_history";
      e.migrate("1");
      List<String> trunkBefore = rows(e, history);
      assertEquals(1, trunkBefore.size(), trunkBefore.toString());

      String branch = newBranch(place, e);
      try (HikariDataSource pool = e.pool(branch, 2)) {
        e.flyway(pool, "2").migrate();
        MigrationInfo current = e.flyway(pool, "2").info().current();
        assertEquals("2", current.getVersion().getVersion());
        assertEquals(MigrationState.SUCCESS, current.getState());
        try (Connection c = pool.getConnection()) {
          assertEquals(List.of("artifact_params", "artifact_score", history, "recording", "session", "subject"),
              e.listedTables(c, "%"), "the branch lists one history table, under its logical name");
        }
      }
      assertEquals(trunkBefore, rows(e, history), "trunk's history after the branch's V2");
      assertTrue(e.physicalTables(e.draft(branch)).contains(history), e.physicalTables(e.draft(branch)).toString());

      // A failing branch migration marks the branch's history failed, not trunk's.
      String failing = newBranch(place, e);
      try (HikariDataSource pool = e.pool(failing, 1)) {
        Flyway broken = Flyway.configure().dataSource(pool).schemas(e.schema).defaultSchema(e.schema)
            .locations("classpath:" + e.migrations(), "classpath:db/broken").load();
        assertThrows(Exception.class, broken::migrate);
      }
      assertEquals(trunkBefore, rows(e, history), "trunk's history after a failed branch migration");

      // A branch run killed mid-way leaves trunk's history as it was, and trunk's next run is not blocked.
      String killed = newBranch(place, e);
      killMidWay("flyway", e.url(killed), e.schema, "classpath:" + e.migrations(), STALLING);
      assertEquals(trunkBefore, rows(e, history), "trunk's history after a killed branch run");

      // The merge: Flyway on trunk applies V2 on trunk.
      try (HikariDataSource trunk = e.pool("", 2)) {
        e.flyway(trunk, "2").migrate();
      }
      List<String> merged = rows(e, history);
      assertEquals(2, merged.size(), merged.toString());
      assertTrue(e.physicalTables(e.schema).containsAll(List.of("artifact_params", "artifact_score")),
          e.physicalTables(e.schema).toString());
    }
  }

  /**
   * Where trunk has no history table yet, the branch's first run creates one in the draft; every later run finds it
   * there (on PostgreSQL Flyway asks pg_catalog itself whether it exists), reads what it applied, and applies nothing
   * again: no second history table, no baseline, and trunk gains nothing.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void flywayOnABranchOfATrunkWithNoHistoryMigratesOnceAndThenIsUpToDate(Db db) throws Exception {
    try (TestDatabase place = TestDatabase.create(db, dir)) {
      Ephys e = new Ephys(place);
      String history = "flyway_schema_history";
      String branch = newBranch(place, e);
      try (HikariDataSource pool = e.pool(branch, 2)) {
        assertEquals(2, e.flyway(pool, "2").migrate().migrationsExecuted, "the first run applies V1 and V2");
        assertEquals(0, e.flyway(pool, "2").migrate().migrationsExecuted, "a second run is a no-op");
        assertEquals(0, e.flyway(pool, "2").migrate().migrationsExecuted, "and so is a third");
        MigrationInfo[] applied = e.flyway(pool, "2").info().applied();
        assertEquals(List.of("1 SUCCESS", "2 SUCCESS"), java.util.Arrays.stream(applied)
            .map(m -> m.getVersion().getVersion() + " " + m.getState()).toList(), "no baseline, nothing twice");
        assertEquals(0, e.flyway(pool, "2").info().pending().length);
        try (Connection c = pool.getConnection()) {
          assertEquals(List.of("artifact_params", "artifact_score", history, "recording", "session", "subject"),
              e.listedTables(c, "%"));
        }
      }
      assertEquals(List.of(), e.physicalTables(e.schema), "trunk holds nothing");
      assertEquals(List.of("artifact_params", "artifact_score", history, "recording", "session", "subject"),
          e.physicalTables(e.draft(branch)).stream().filter(t -> !t.startsWith("~")).toList());
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void liquibaseOnABranchKeepsItsChangelogAndLockInTheBranch(Db db) throws Exception {
    System.setProperty("liquibase.changelogLockWaitTimeInMinutes", "1");
    try (TestDatabase place = TestDatabase.create(db, dir)) {
      Ephys e = new Ephys(place);
      String changelog = db == Db.MARIADB ? "DATABASECHANGELOG" : "databasechangelog";
      String lock = db == Db.MARIADB ? "DATABASECHANGELOGLOCK" : "databasechangeloglock";
      update(e.url(""), "v1");
      List<String> trunkBefore = rows(e, changelog);
      List<String> lockBefore = rows(e, lock);
      assertEquals(1, trunkBefore.size(), trunkBefore.toString());

      String branch = newBranch(place, e);
      update(e.url(branch), "v1 or v2");
      try (Connection c = DriverManager.getConnection(e.url(branch))) {
        assertTrue(liquibase(c).listUnrunChangeSets(new Contexts(), new LabelExpression("v1 or v2")).isEmpty(),
            "the branch's status shows v2 applied");
      }
      try (Connection c = DriverManager.getConnection(e.url(branch))) {
        List<String> listed = e.listedTables(c, "%");
        assertEquals(1, listed.stream().filter(t -> t.equals(changelog.toLowerCase(Locale.ROOT))).count(),
            listed.toString());
        assertTrue(listed.contains("artifact_score"), listed.toString());
      }
      assertEquals(trunkBefore, rows(e, changelog), "trunk's changelog after the branch's v2");
      assertEquals(lockBefore, rows(e, lock), "trunk's lock after the branch's v2");

      String failing = newBranch(place, e);
      assertThrows(Exception.class, () -> update(e.url(failing), "v1 or v2 or broken"));
      assertEquals(trunkBefore, rows(e, changelog), "trunk's changelog after a failed branch update");
      assertEquals(lockBefore, rows(e, lock), "trunk's lock after a failed branch update");

      String killed = newBranch(place, e);
      killMidWay("liquibase", e.url(killed), CHANGELOG, "v1 or stalls");
      assertEquals(trunkBefore, rows(e, changelog), "trunk's changelog after a killed branch update");
      assertEquals(lockBefore, rows(e, lock), "trunk's lock after a killed branch update");

      // The merge: Liquibase on trunk applies v2 on trunk, without waiting for any lock.
      update(e.url(""), "v1 or v2");
      assertEquals(2, rows(e, changelog).size());
      assertTrue(e.physicalTables(e.schema).containsAll(List.of("artifact_params", "artifact_score")),
          e.physicalTables(e.schema).toString());
    } finally {
      System.clearProperty("liquibase.changelogLockWaitTimeInMinutes");
    }
  }

  /**
   * A changeset that alters a pipeline table (a column and an index on recording) runs on a branch against the
   * branch's own copy; trunk's recording and changelog stay as they were, and the merge — Liquibase on trunk —
   * gives trunk what the branch showed.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void liquibaseAltersAPipelineTableOnTheBranchsCopy(Db db) throws Exception {
    try (TestDatabase place = TestDatabase.create(db, dir)) {
      Ephys e = new Ephys(place);
      String changelog = db == Db.MARIADB ? "DATABASECHANGELOG" : "databasechangelog";
      update(e.url(""), "v1");
      List<String> trunkBefore = rows(e, changelog);
      String branch = newBranch(place, e);
      update(e.url(branch), "v1 or alters");
      List<String> onBranch;
      try (Connection c = DriverManager.getConnection(e.url(branch))) {
        onBranch = recordingColumns(e, c);
      }
      assertTrue(onBranch.contains("noise"), onBranch.toString());
      try (Connection c = DriverManager.getConnection(e.url(""))) {
        assertFalse(recordingColumns(e, c).contains("noise"), "trunk's recording after the branch's changeset");
      }
      assertEquals(trunkBefore, rows(e, changelog), "trunk's changelog after the branch's changeset");
      update(e.url(""), "v1 or alters");
      try (Connection c = DriverManager.getConnection(e.url(""))) {
        assertEquals(onBranch, recordingColumns(e, c), "trunk after the merge");
      }
    }
  }

  private static List<String> recordingColumns(Ephys e, Connection c) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = c.getMetaData().getColumns(e.db == Db.MARIADB ? e.schema : null,
        e.db == Db.MARIADB ? null : e.schema, "recording", "%")) {
      while (rs.next()) {
        out.add(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
      }
    }
    return out;
  }

  private static String newBranch(TestDatabase place, Ephys e) {
    String branch = Ephys.newBranch();
    place.dropLater(e.draft(branch));
    return branch;
  }

  private static void update(String url, String labels) throws Exception {
    try (Connection c = DriverManager.getConnection(url); Liquibase lb = liquibase(c)) {
      lb.update(new Contexts(), new LabelExpression(labels));
    }
  }

  private static Liquibase liquibase(Connection c) throws Exception {
    Database database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(c));
    return new Liquibase(CHANGELOG, new ClassLoaderResourceAccessor(), database);
  }

  /** Runs a migration in a child JVM, waits until it is mid-way, and kills it. */
  private static void killMidWay(String... args) throws Exception {
    // The child only has to get mid-way: the quick tier of the JIT starts it soonest.
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), MigrationChild.class.getName()));
    command.addAll(List.of(args));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    StringBuilder output = new StringBuilder();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
        StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        output.append(line).append('\n');
        if (line.contains("stalling mid-migration")) {
          break;
        }
      }
      assertTrue(child.isAlive(), "the child ended before it was mid-way:\n" + output);
      child.destroyForcibly();
      assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child did not end when killed");
    } finally {
      child.destroyForcibly();
    }
  }

  /** Every row of a bookkeeping table of trunk, read through the raw driver, without its timing columns. */
  private static List<String> rows(Ephys e, String table) throws SQLException {
    List<String> out = new ArrayList<>();
    String name = e.db == Db.MARIADB ? "`" + e.schema + "`.`" + table + "`" : "\"" + e.schema + "\".\"" + table + "\"";
    try (Connection c = e.rawConnection(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM " + name)) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          String column = md.getColumnName(i).toLowerCase(Locale.ROOT);
          if (!column.contains("time") && !column.equals("dateexecuted") && !column.equals("installed_on")
              && !column.equals("lockgranted")) {
            row.append(column).append('=').append(rs.getString(i)).append(' ');
          }
        }
        out.add(row.toString().strip());
      }
    }
    out.sort(null);
    assertFalse(out.isEmpty() && table.toLowerCase(Locale.ROOT).contains("lock"), "trunk's lock table has its row");
    return out;
  }
}

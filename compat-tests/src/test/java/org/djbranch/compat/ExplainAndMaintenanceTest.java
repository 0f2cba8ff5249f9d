package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.refused;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Statements whose first word said nothing to a branch and that still change or block what the pipeline holds.
 * {@code EXPLAIN ANALYZE} (MariaDB: {@code ANALYZE}) runs the statement it explains: a row change explained so
 * changes rows, and on a branch it changes the branch's own copy of a pipeline table, as the statement alone would.
 * {@code CLUSTER}, {@code REINDEX}, {@code VACUUM FULL}, {@code REFRESH MATERIALIZED VIEW}, MySQL's {@code OPTIMIZE
 * TABLE} and SQLite's {@code VACUUM} rewrite, lock or change the pipeline's tables they name, and SQLite's {@code
 * PRAGMA user_version = n} the main file's header an application reads as its schema's version: refused on a branch
 * ({@code 55000}). Before, each went to trunk as sent: trunk's rows inserted and deleted, its table clustered and its
 * materialized view refreshed.
 */
class ExplainAndMaintenanceTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(Db.class)
  void anExplanationThatRunsARowChangeChangesTheBranchsCopy(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String t = p.table("t");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id INT NOT NULL PRIMARY KEY, v INT)", "INSERT INTO " + t
            + " VALUES (1, 0), (2, 0)");
      }
      List<String> before = new CatalogReader(p).pipelineStructure();
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "EXPLAIN SELECT * FROM " + t); // explains without running: as before
        switch (db) {
          case POSTGRESQL -> {
            exec(c, "EXPLAIN ANALYZE INSERT INTO " + t + " VALUES (10, 0)",
                "EXPLAIN (ANALYZE, COSTS OFF) DELETE FROM " + t + " WHERE id = 1");
            try (var ps = c.prepareStatement("EXPLAIN ANALYZE UPDATE " + t + " SET v = ? WHERE id = 2")) {
              ps.setInt(1, 5); // prepared: routed when prepared, as the statement it runs
              ps.execute();
            }
            // PREPARE ... AS carries its statement, run by EXECUTE: before, EXECUTE deleted trunk's row
            exec(c, "PREPARE pins (int) AS INSERT INTO " + t + " VALUES ($1, 0)", "EXECUTE pins(11)",
                "PREPARE pdel AS DELETE FROM " + t + " WHERE id = $1", "EXECUTE pdel(11)", "DEALLOCATE ALL");
            // a cursor reads, and locks, the branch's copy
            c.setAutoCommit(false);
            exec(c, "DECLARE cur CURSOR FOR SELECT id FROM " + t + " WHERE id = 2 FOR UPDATE");
            assertEquals(List.of(List.of("2")), rows(c, "FETCH ALL FROM cur"));
            c.commit();
            c.setAutoCommit(true);
          }
          case DUCKDB -> exec(c, "EXPLAIN ANALYZE INSERT INTO " + t + " VALUES (10, 0)",
              "EXPLAIN ANALYZE DELETE FROM " + t + " WHERE id = 1", "EXPLAIN ANALYZE UPDATE " + t
              + " SET v = 5 WHERE id = 2", "PREPARE pins AS INSERT INTO " + t + " VALUES (?, 0)", "EXECUTE pins(11)",
              "PREPARE pdel AS DELETE FROM " + t + " WHERE id = ?", "EXECUTE pdel(11)");
          case MARIADB -> {
            // SET STATEMENT ... FOR runs its statement as ANALYZE does: before, it deleted trunk's rows
            exec(c, "SET STATEMENT max_statement_time = 60, sql_mode = 'STRICT_ALL_TABLES' FOR INSERT INTO " + t
                + " VALUES (10, 0)", "ANALYZE DELETE FROM " + t + " WHERE id = 1",
                "SET STATEMENT max_statement_time = 60 FOR ANALYZE FORMAT=JSON UPDATE " + t + " SET v = 5 WHERE id = 2",
                "SET STATEMENT max_statement_time = 60 FOR DELETE FROM " + t + " WHERE id = 11");
            try (var st = c.createStatement()) { // Connector/J's executeQuery takes SET for a statement of no rows
              assertTrue(st.execute("SET STATEMENT max_statement_time = 60 FOR SELECT count(*) FROM " + t));
              try (var rs = st.getResultSet()) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1), "the branch's copy, read under the statement's settings");
              }
            }
            SQLException e = refused(c, "SET STATEMENT max_statement_time = 60 FOR ALTER TABLE " + t
                + " ADD COLUMN x INT");
            assertTrue(e.getMessage().contains("carries"), e.getMessage());
          }
          case SQLITE -> exec(c, "EXPLAIN DELETE FROM " + t, "EXPLAIN QUERY PLAN DELETE FROM " + t, "INSERT INTO " + t
              + " VALUES (10, 0)", "DELETE FROM " + t + " WHERE id = 1", "UPDATE " + t + " SET v = 5 WHERE id = 2");
        }
        assertEquals(List.of(List.of("2", "5"), List.of("10", "0")),
            rows(c, "SELECT id, v FROM " + t + " ORDER BY id"));
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1", "0"), List.of("2", "0")),
            rows(raw, "SELECT id, v FROM " + t + " ORDER BY id"),
            "trunk's rows after the branch's explanations");
      }
      assertEquals(before, new CatalogReader(p).pipelineStructure());
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void maintenanceThatRewritesOrLocksThePipelinesTablesIsRefused(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String t = p.table("t");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id INT NOT NULL PRIMARY KEY)", "INSERT INTO " + t + " VALUES (1)");
        if (db == Db.POSTGRESQL) {
          exec(raw, "CREATE MATERIALIZED VIEW " + p.table("mv") + " AS SELECT count(*) AS n FROM " + t,
              "INSERT INTO " + t + " VALUES (2)");
        }
      }
      List<String> blocked = switch (db) {
        case POSTGRESQL -> List.of("CLUSTER " + t + " USING t_pkey", "REINDEX TABLE " + t, "VACUUM FULL " + t,
            "VACUUM (FULL, ANALYZE) " + t, "REFRESH MATERIALIZED VIEW " + p.table("mv"));
        case MARIADB -> List.of("OPTIMIZE TABLE " + t, "REPAIR TABLE " + t);
        case SQLITE -> List.of("VACUUM", "VACUUM main", "PRAGMA user_version = 7", "PRAGMA main.application_id = 3",
            "PRAGMA incremental_vacuum", "PRAGMA locking_mode = EXCLUSIVE", "PRAGMA main.locking_mode = 'exclusive'",
            "PRAGMA writable_schema = ON", "PRAGMA writable_schema = RESET");
        case DUCKDB -> List.of();
      };
      List<String> passed = switch (db) {
        case POSTGRESQL -> List.of("ANALYZE " + t, "VACUUM " + t, "EXPLAIN SELECT * FROM " + t);
        case MARIADB -> List.of("ANALYZE TABLE " + t, "DESCRIBE " + t, "EXPLAIN SELECT * FROM " + t);
        case SQLITE -> List.of("ANALYZE", "EXPLAIN QUERY PLAN SELECT * FROM " + t, "PRAGMA user_version",
            "PRAGMA foreign_keys = ON", "VACUUM INTO '" + dir.resolve("copy.db") + "'", "PRAGMA locking_mode = NORMAL",
            "PRAGMA writable_schema = OFF");
        case DUCKDB -> List.of("VACUUM", "ANALYZE", "EXPLAIN SELECT * FROM " + t);
      };
      String branch = newBranch();
      p.draftFor(branch);
      List<String> clusteredBefore = clustered(p);
      try (Connection c = p.branch(branch)) {
        for (String sql : blocked) {
          assertTrue(refused(c, sql).getMessage().contains("pipeline"), sql);
        }
        for (String sql : passed) {
          exec(c, sql);
        }
      }
      assertEquals(clusteredBefore, clustered(p), "trunk's clustered index and materialized view");
    }
  }

  /**
   * MySQL's four ways to describe a table answer on a branch what the raw database answers for the branch's table in
   * the draft: a table the branch declared, and its copy of a pipeline table (with the column the branch added). Before,
   * {@code EXPLAIN d}, which the parser holds apart from any explained statement, was sent as written: trunk's
   * table described, or "doesn't exist" for the branch's own.
   */
  @org.junit.jupiter.api.Test
  void mariaDbDescribesTheBranchsTablesByEveryName() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.MARIADB, dir)) {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("t") + " (id INT NOT NULL PRIMARY KEY)");
      }
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = p.branch(branch); Connection raw = p.raw()) {
        exec(c, "USE " + p.schema, "CREATE TABLE d (id INT NOT NULL PRIMARY KEY, v VARCHAR(9))",
            "ALTER TABLE t ADD COLUMN x INT");
        for (String table : List.of("d", "t")) {
          for (String describe : List.of("DESCRIBE ", "DESC ", "EXPLAIN ", "SHOW COLUMNS FROM ")) {
            assertEquals(rows(raw, describe + "`" + draft + "`." + table), rows(c, describe + table), describe + table);
            assertEquals(rows(raw, describe + "`" + draft + "`." + table), rows(c, describe + p.table(table)),
                describe + p.table(table));
          }
        }
        assertEquals(2, rows(c, "EXPLAIN t").size(), "the branch's copy, with the column it added");
      }
    }
  }

  /**
   * Maintenance of the branch's own tables runs on them: the tables are read from the statement's table list and named
   * physically (before, the parser read none of these, and they failed as unreadable, 42601). One that also names a
   * pipeline table is refused.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "SQLITE"})
  void maintenanceOfTheBranchsOwnTablesRunsOnThem(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String t = p.table("t");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id INT NOT NULL PRIMARY KEY)");
      }
      String branch = newBranch();
      p.draftFor(branch);
      String d = p.table("d");
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE " + d + " (id INT NOT NULL PRIMARY KEY, v INT)", "INSERT INTO " + d + " VALUES (1, 1)");
        List<String> run = switch (db) {
          case POSTGRESQL -> List.of("CLUSTER " + d + " USING d_pkey", "REINDEX TABLE " + d, "VACUUM FULL " + d,
              "VACUUM (ANALYZE) " + d + " (v)");
          case MARIADB -> List.of("CHECK TABLE " + d, "CHECKSUM TABLE " + d, "OPTIMIZE TABLE " + d,
              "ANALYZE TABLE " + d, "FLUSH TABLES " + d);
          default -> List.of("REINDEX " + d, "REINDEX main.d", "ANALYZE " + d); // SQLite's REINDEX names no kind
        };
        for (String sql : run) {
          exec(c, sql);
        }
        refused(c, db == Db.POSTGRESQL ? "VACUUM FULL " + d + ", " + t : db == Db.MARIADB ? "OPTIMIZE TABLE " + d
            + ", " + t : "REINDEX " + t);
        assertEquals(List.of(List.of("1")), rows(c, "SELECT count(*) FROM " + d));
      }
    }
  }

  /**
   * MariaDB's {@code EXECUTE IMMEDIATE} runs a text it does not hold, as {@code PREPARE ... FROM} prepares one: a
   * literal or a variable is read and given the branch's rules first (the row change goes to the branch's copy); an
   * expression only the server can read is refused. Before, each ran on trunk's table.
   */
  @org.junit.jupiter.api.Test
  void mariadbsExecuteImmediateRunsItsTextAsTheBranchRoutesIt() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.MARIADB, dir)) {
      String t = p.table("t");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id INT NOT NULL PRIMARY KEY)");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "EXECUTE IMMEDIATE 'INSERT INTO " + t + " VALUES (1)'", "SET @q = 'INSERT INTO " + t + " VALUES (2)'",
            "EXECUTE IMMEDIATE @q", "EXECUTE IMMEDIATE 'INSERT INTO " + t + " VALUES (?)' USING 3");
        refused(c, "EXECUTE IMMEDIATE CONCAT('INSERT INTO " + t + " VALUES (', 4, ')')");
        assertEquals(List.of(List.of("1"), List.of("2"), List.of("3")),
            rows(c, "SELECT id FROM " + t + " ORDER BY id"));
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("0")), rows(raw, "SELECT count(*) FROM " + t));
      }
    }
  }

  /**
   * PostgreSQL: whether trunk's primary key is the table's clustered index, and what its materialized view holds;
   * SQLite: the main file's user_version and application_id.
   */
  private static List<String> clustered(TestDatabase p) throws SQLException {
    List<String> out = new ArrayList<>();
    if (p.db == Db.SQLITE) {
      try (Connection raw = p.raw()) {
        out.add(rows(raw, "PRAGMA user_version").toString());
        out.add(rows(raw, "PRAGMA application_id").toString());
      }
      return out;
    }
    if (p.db != Db.POSTGRESQL) {
      return out;
    }
    try (Connection raw = p.raw()) {
      out.add(rows(raw, "SELECT indisclustered FROM pg_index WHERE indexrelid = '" + p.table("t_pkey")
          + "'::regclass").toString());
      out.add(rows(raw, "SELECT n FROM " + p.table("mv")).toString());
    }
    return out;
  }
}

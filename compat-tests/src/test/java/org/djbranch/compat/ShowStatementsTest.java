package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MySQL's statements that show a table's structure ({@code SHOW COLUMNS}, {@code SHOW INDEX}, {@code SHOW CREATE
 * TABLE}, as SQL clients and Rails' adapter send them) show the branch's table: its copy of a pipeline table it
 * changed, and a table it declared. The oracle is the raw driver showing the draft's physical table. Before, they
 * showed trunk's table, failed on a table of the branch's own ("doesn't exist"), or were refused as unparsable.
 */
class ShowStatementsTest {
  @TempDir
  Path dir;

  @Test
  void aShowOfATableShowsTheBranchsTable() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.MARIADB, dir)) {
      String s = p.schema;
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("t") + " (id INT PRIMARY KEY, v INT)");
      }
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = p.branch(branch); Connection raw = p.raw()) {
        exec(c, "ALTER TABLE " + p.table("t") + " ADD COLUMN extra INT", "CREATE INDEX t_v ON " + p.table("t")
            + " (v)", "CREATE TABLE " + p.table("d") + " (a INT PRIMARY KEY, b VARCHAR(10))", "USE " + s);
        for (String table : List.of("t", "d")) {
          String physical = "`" + draft + "`.`" + table + "`";
          for (String[] form : List.of(
              new String[] {"SHOW COLUMNS FROM " + s + "." + table, "SHOW COLUMNS FROM " + physical},
              new String[] {"SHOW COLUMNS FROM " + table, "SHOW COLUMNS FROM " + physical},
              new String[] {"show full fields in `" + table + "` in `" + s + "`", "SHOW FULL COLUMNS FROM " + physical},
              new String[] {"SHOW INDEX FROM " + table, "SHOW INDEX FROM " + physical},
              new String[] {"SHOW KEYS FROM " + s + "." + table + " WHERE Key_name = 'PRIMARY'",
                  "SHOW KEYS FROM " + physical + " WHERE Key_name = 'PRIMARY'"},
              new String[] {"SHOW CREATE TABLE " + table, "SHOW CREATE TABLE " + physical})) {
            assertEquals(rows(raw, form[1]), rows(c, form[0]), form[0]);
          }
        }
        assertFalse(rows(raw, "SHOW COLUMNS FROM " + p.table("t")).toString().contains("extra"),
            "trunk's table is trunk's");
      }
    }
  }

  /** DuckDB's SUMMARIZE of a table, or of a query, reads the branch's copy of a pipeline table it changed. */
  @Test
  void duckDbsSummarizeReadsTheBranchsTable() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.DUCKDB, dir)) {
      String t = p.table("t");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id INT PRIMARY KEY, v INT)", "INSERT INTO " + t + " VALUES (1, 1), (2, 2)");
      }
      String branch = newBranch();
      String physical = "\"" + p.draftFor(branch) + "\".t";
      try (Connection c = p.branch(branch); Connection raw = p.raw()) {
        exec(c, "DELETE FROM " + t + " WHERE id = 1", "INSERT INTO " + t + " VALUES (7, 70)");
        List<List<String>> expected = rows(raw, "SUMMARIZE " + physical);
        for (String sql : List.of("SUMMARIZE " + t, "SUMMARIZE TABLE " + t, "SUMMARIZE SELECT * FROM " + t,
            "SUMMARIZE FROM " + t)) {
          assertEquals(expected, rows(c, sql), sql);
        }
        assertFalse(expected.equals(rows(raw, "SUMMARIZE " + t)), "trunk's table is trunk's");
      }
    }
  }

  /**
   * DuckDB's FROM-first queries ({@code FROM t}, {@code FROM t SELECT v WHERE ...}) of a table the branch changed read
   * the branch's copy, as the same queries of the draft's physical table read raw. The parser does not know the form:
   * before, a branch refused it as unparsable (42601) once the table was the branch's.
   */
  @Test
  void duckDbsFromFirstQueriesReadTheBranchsTable() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.DUCKDB, dir)) {
      String t = p.table("t");
      String u = p.table("u");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id INT PRIMARY KEY, v INT)", "INSERT INTO " + t + " VALUES (1, 1), (2, 2)",
            "CREATE TABLE " + u + " (v INT)", "INSERT INTO " + u + " VALUES (2), (70)");
      }
      String branch = newBranch();
      String physical = "\"" + p.draftFor(branch) + "\".t";
      try (Connection c = p.branch(branch); Connection raw = p.raw()) {
        exec(c, "DELETE FROM " + t + " WHERE id = 1", "INSERT INTO " + t + " VALUES (7, 70)");
        for (String query : List.of("FROM %s ORDER BY id", "FROM %s SELECT v WHERE id > 1 ORDER BY v",
            "FROM (FROM %s WHERE id = 7) SELECT v", "FROM %s WHERE v IN (FROM " + u + " SELECT v) ORDER BY id")) {
          List<List<String>> expected = rows(raw, String.format(query, physical));
          assertEquals(expected, rows(c, String.format(query, t)), query);
          assertFalse(expected.equals(rows(raw, String.format(query, t))), "trunk's table is trunk's: " + query);
        }
      }
    }
  }
}

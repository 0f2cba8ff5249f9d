package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

  /**
   * MariaDB's {@code SHOW [FULL] TABLES}, as SQL clients, mysqldump-like tools and phpMyAdmin list a database, lists
   * the tables the branch sees: those it declared, its copies of pipeline tables (once), trunk's others, and not a
   * pipeline table it dropped nor its bookkeeping. The oracle is a raw database holding exactly those tables, asked
   * the same statements: rows, and labels with the database's name. Before, the branch listed trunk's database as
   * it is: no table of the branch's, and the dropped one.
   */
  @Test
  void mariaDbsShowTablesListsTheTablesTheBranchSees() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.MARIADB, dir.resolve("subject"));
        TestDatabase oracle = TestDatabase.create(Db.MARIADB, dir.resolve("oracle"))) {
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("animal") + " (id INT PRIMARY KEY)", "CREATE TABLE " + p.table("cage")
            + " (id INT)", "CREATE TABLE " + p.table("gone") + " (id INT)", "CREATE VIEW " + p.table("census")
            + " AS SELECT 1 AS n", "CREATE SEQUENCE " + p.table("tag_seq"));
      }
      try (Connection o = oracle.raw()) {
        exec(o, "CREATE TABLE " + oracle.table("animal") + " (id INT PRIMARY KEY)", "CREATE TABLE "
            + oracle.table("cage") + " (id INT)", "CREATE VIEW " + oracle.table("census") + " AS SELECT 1 AS n",
            "CREATE SEQUENCE " + oracle.table("tag_seq"), "CREATE TABLE " + oracle.table("animal_weight")
            + " (id INT)", "CREATE VIEW " + oracle.table("cage_count") + " AS SELECT 2 AS n");
      }
      try (Connection c = p.branch(branch); Connection o = oracle.raw()) {
        exec(c, "CREATE TABLE " + p.table("animal_weight") + " (id INT REFERENCES " + p.table("animal") + " (id))",
            "CREATE VIEW " + p.table("cage_count") + " AS SELECT 2 AS n", "INSERT INTO " + p.table("cage")
            + " VALUES (1)", "DROP TABLE " + p.table("gone"), "USE " + p.schema);
        o.setCatalog(oracle.schema);
        for (String form : List.of("SHOW TABLES", "SHOW FULL TABLES", "SHOW TABLES FROM %s", "show full tables in `%s`",
            "SHOW TABLES LIKE 'a%%'", "SHOW FULL TABLES FROM %s LIKE '%%e%%'",
            "SHOW FULL TABLES WHERE Table_type = 'VIEW'", "SHOW FULL TABLES FROM %s WHERE `Table_type` <> 'VIEW'"
                + " AND Tables_in_%s LIKE '%%a%%'")) {
          String onBranch = form.replace("%s", p.schema).replace("%%", "%");
          String expected = form.replace("%s", oracle.schema).replace("%%", "%");
          assertEquals(listing(o, expected).replace(oracle.schema, "<db>"), listing(c, onBranch).replace(p.schema,
              "<db>"), onBranch);
        }
        // SHOW TABLE STATUS: the same tables; their labels, and what does not change from one database to another
        for (String form : List.of("SHOW TABLE STATUS", "SHOW TABLE STATUS FROM %s LIKE '%%a%%'",
            "SHOW TABLE STATUS IN %s WHERE Engine = 'InnoDB' OR Comment = 'VIEW'")) {
          String onBranch = form.replace("%s", p.schema).replace("%%", "%");
          String expected = form.replace("%s", oracle.schema).replace("%%", "%");
          assertEquals(status(o, expected), status(c, onBranch), onBranch);
        }
        try (Connection raw = p.raw()) {
          assertTrue(listing(raw, "SHOW TABLES FROM " + p.schema).contains("gone"), "trunk keeps the dropped table");
        }
      }
    }
  }

  /** A table status's column labels, and of each row its name, engine, row format, comment and temporariness. */
  private static String status(Connection c, String sql) throws java.sql.SQLException {
    try (java.sql.Statement s = c.createStatement(); java.sql.ResultSet rs = s.executeQuery(sql)) {
      StringBuilder out = new StringBuilder();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        out.append(rs.getMetaData().getColumnLabel(i)).append(' ');
      }
      while (rs.next()) {
        out.append('\n').append(rs.getString("Name")).append('|').append(rs.getString("Engine")).append('|')
            .append(rs.getString("Row_format")).append('|').append(rs.getString("Comment")).append('|')
            .append(rs.getString("Temporary"));
      }
      return out.toString();
    }
  }

  /** A listing's column labels and rows, as text. */
  private static String listing(Connection c, String sql) throws java.sql.SQLException {
    try (java.sql.Statement s = c.createStatement(); java.sql.ResultSet rs = s.executeQuery(sql)) {
      StringBuilder out = new StringBuilder();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        out.append(rs.getMetaData().getColumnLabel(i)).append(i < rs.getMetaData().getColumnCount() ? "|" : "\n");
      }
      while (rs.next()) {
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
          out.append(rs.getString(i)).append(i < rs.getMetaData().getColumnCount() ? "|" : "\n");
        }
      }
      return out.toString();
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

package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Statements the database accepts and JSqlParser cannot parse, naming draft tables (issue 27's examples) or writing
 * a pipeline table: their references are read from tokens, spliced (a pipeline table written is copied first), and
 * each answers on the branch as on a raw database holding the same tables; trunk's catalog and rows stay as they
 * were.
 */
class UnparsedStatementsTest {
  @TempDir
  Path dir;

  private static List<String> statements(Db db) {
    return switch (db) {
      case POSTGRESQL -> List.of(
          "CREATE INDEX note_fts ON note USING gin (to_tsvector('english', a || ' ' || b))",
          "CREATE INDEX note_fts2 ON note USING gin (to_tsvector('english'::regconfig, a))",
          "SELECT a FROM note WHERE to_tsvector('english'::regconfig, a) @@ 'x'::tsquery",
          "UPDATE item SET name = 'z' WHERE to_tsvector('english'::regconfig, name) @@ 'a'::tsquery",
          "SELECT name FROM item ORDER BY id",
          // JDBC's outer join escape, which pgjdbc unwraps
          "SELECT n.a || '/' || coalesce(i.name, '-') FROM {oj note n LEFT OUTER JOIN item i ON n.id = i.id}"
              + " ORDER BY n.id");
      case MARIADB -> List.of(
          "DELETE FROM tm USING note AS tm JOIN item i ON i.id = tm.id WHERE i.name = 'b'",
          "SELECT count(*) FROM note",
          "UPDATE item SET name = 'q' WHERE id = 1",
          "SELECT concat(i.name, '/', coalesce(n.a, '-')) FROM {oj item i LEFT OUTER JOIN note n ON n.id = i.id}"
              + " ORDER BY i.id");
      case SQLITE -> List.of(
          "SELECT a FROM note NOT INDEXED WHERE id > 0 ORDER BY a",
          "UPDATE note NOT INDEXED SET b = 'z' WHERE id = 1",
          "SELECT b FROM note ORDER BY id",
          // a pipeline table written by a statement the parser cannot read: before, read as a table named OR
          "UPDATE OR IGNORE item SET name = 'z' WHERE id = 1",
          "UPDATE OR REPLACE item SET id = 2 WHERE id = 1",
          "SELECT id || name FROM item ORDER BY id");
      case DUCKDB -> List.of(
          "SELECT a FROM note WHERE id > 0 ORDER BY a",
          "UPDATE item SET name = 'q' WHERE id = 1",
          // FROM-first queries
          "FROM item SELECT name ORDER BY id", "FROM note SELECT b WHERE id > 1",
          "FROM item SELECT name WHERE id IN (FROM note SELECT id) ORDER BY id",
          // an alias named like a table of the branch's
          "FROM note note JOIN item AS i USING (id) SELECT note.a || i.name ORDER BY id");
    };
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void answersAsTheRawDriverDoes(Db db) throws Exception {
    try (TestDatabase oracle = TestDatabase.create(db, Files.createDirectories(dir.resolve("oracle")));
        TestDatabase subject = TestDatabase.create(db, Files.createDirectories(dir.resolve("subject")))) {
      for (TestDatabase place : List.of(oracle, subject)) {
        try (Connection raw = place.raw()) {
          exec(raw, "CREATE TABLE " + place.table("item") + " (id INT PRIMARY KEY, name VARCHAR(20))",
              "INSERT INTO " + place.table("item") + " VALUES (1, 'a'), (2, 'b')");
        }
      }
      CatalogReader catalog = new CatalogReader(subject);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      subject.dropLater(subject.draftFor(branch));
      String note = "CREATE TABLE note (id INT PRIMARY KEY, a VARCHAR(20), b VARCHAR(20))";
      String rows = "INSERT INTO note VALUES (1, 'x', 'y'), (2, 'w', 'v')";
      try (Connection expected = oracle.raw(); Connection actual = subject.branch(branch)) {
        use(expected, oracle);
        use(actual, subject);
        exec(expected, note, rows);
        exec(actual, note, rows);
        for (String sql : statements(db)) {
          assertEquals(outcome(expected, sql), outcome(actual, sql), sql);
        }
      }
      assertEquals(before, catalog.pipelineStructure(), "trunk's catalog");
      try (Connection raw = subject.raw()) {
        assertEquals(List.of(List.of("1", "a"), List.of("2", "b")),
            rows(raw, "SELECT id, name FROM " + subject.table("item") + " ORDER BY id"), "trunk's rows");
      }
    }
  }

  /** The rows or the update count a statement answers with, or its failure. */
  private static List<String> outcome(Connection c, String sql) {
    try (Statement s = c.createStatement()) {
      List<String> out = new ArrayList<>();
      if (s.execute(sql)) {
        try (var rs = s.getResultSet()) {
          while (rs.next()) {
            out.add(rs.getString(1));
          }
        }
      } else {
        out.add("count " + s.getUpdateCount());
      }
      return out;
    } catch (SQLException e) {
      return List.of("failed " + e.getSQLState() + " " + e.getMessage());
    }
  }

  private static void use(Connection c, TestDatabase place) throws SQLException {
    if (place.db == Db.MARIADB) {
      c.setCatalog(place.schema);
    } else if (place.db != Db.SQLITE) {
      c.setSchema(place.schema);
    }
  }
}

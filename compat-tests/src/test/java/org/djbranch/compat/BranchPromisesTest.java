package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The inputs that broke the branch's promises, one by one, as a new user sends them: several statements in one text,
 * another spelling of the pipeline's schema, the draft's physical name, a rolled-back declaration, a declaration the
 * database refuses, a MySQL comment. {@link BranchInvariantsTest} generates their variations.
 */
class BranchPromisesTest {
  @TempDir
  Path dir;

  /** A pipeline: subject (rows 1, 2), recording referencing subject 1. */
  private static void pipeline(TestDatabase p) throws SQLException {
    try (Connection raw = p.raw()) {
      exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id))",
          "CREATE TABLE " + p.table("recording") + " (subject_id INT NOT NULL, rec INT NOT NULL,"
              + " PRIMARY KEY (subject_id, rec), FOREIGN KEY (subject_id) REFERENCES " + p.parent("subject")
              + " (subject_id))",
          "INSERT INTO " + p.table("subject") + " VALUES (1), (2)",
          "INSERT INTO " + p.table("recording") + " VALUES (1, 1)");
    }
  }

  private static Connection branch(TestDatabase p, String branch) throws SQLException {
    return DriverManager.getConnection(p.branchUrl(branch) + (p.db == Db.MARIADB ? "&allowMultiQueries=true" : ""));
  }

  /** Trunk deletes subject 2, which no pipeline row references, whatever the branch declared. */
  private static void trunkIsNotBlocked(TestDatabase p) throws SQLException {
    try (Connection raw = p.raw(); Statement s = raw.createStatement()) {
      assertEquals(1, s.executeUpdate("DELETE FROM " + p.table("subject") + " WHERE subject_id = 2"));
    }
    assertEquals(List.of(), new CatalogReader(p).foreignKeysInDrafts());
  }

  private static String child(TestDatabase p, String target) {
    return "CREATE TABLE " + target + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id), CONSTRAINT fk_subject"
        + " FOREIGN KEY (subject_id) REFERENCES " + p.parent("subject") + " (subject_id) ON DELETE RESTRICT)";
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB"})
  void aSecondStatementInTheSameTextGetsTheBranchRules(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir).inSpecificationMode()) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      try (Connection c = branch(p, branch)) {
        SQLException e = assertThrows(SQLException.class, () -> exec(c, "SELECT 1; DROP TABLE " + p.table("recording")));
        assertEquals("55000", e.getSQLState(), e.getMessage());
        // A declaration takes steps of its own: inside a text it is refused, naming it, before anything ran.
        SQLException declared = assertThrows(SQLException.class, () -> exec(c, "INSERT INTO " + p.table("subject")
            + " VALUES (3); " + child(p, p.table("note")) + "; SELECT 1"));
        assertEquals("55000", declared.getSQLState(), declared.getMessage());
        assertTrue(declared.getMessage().contains("statement 2 of the 3"), declared.getMessage());
        assertEquals(List.of(List.of("2")), rows(c, "SELECT count(*) FROM " + p.table("subject")));
        // On its own it declares; statements naming the draft table then travel together, each rewritten.
        exec(c, child(p, p.table("note")));
        exec(c, "SELECT 1; INSERT INTO " + p.table("note") + " VALUES (2); DELETE FROM " + p.table("recording")
            + " WHERE rec = 99");
        assertEquals(List.of(List.of("2")), rows(c, "SELECT subject_id FROM " + p.table("note")));
      }
      assertEquals(before, catalog.pipelineStructure());
      assertEquals(List.of("note"), List.copyOf(catalog.draftTablesWithEdges(draft).keySet()));
      trunkIsNotBlocked(p);
    }
  }

  /** Results read from a text of several statements are the database's: one per statement, in order. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aTextOfSeveralStatementsAnswersAsTheDatabaseDoes(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = branch(p, branch); Statement s = c.createStatement()) {
        exec(c, child(p, p.table("note")));
        assertFalse(s.execute("INSERT INTO " + p.table("note") + " VALUES (1); SELECT count(*) FROM "
            + p.table("note") + "; UPDATE " + p.table("note") + " SET subject_id = subject_id"));
        assertEquals(1, s.getUpdateCount());
        assertTrue(s.getMoreResults());
        try (var rs = s.getResultSet()) {
          assertTrue(rs.next());
          assertEquals(1, rs.getInt(1));
        }
        assertFalse(s.getMoreResults());
        assertEquals(1, s.getUpdateCount());
        assertFalse(s.getMoreResults());
        assertEquals(-1, s.getUpdateCount());
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB"})
  void anotherSpellingOfThePipelinesSchemaIsStillThePipelinesSchema(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir).inSpecificationMode()) {
      pipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      String upper = p.schema.toUpperCase(java.util.Locale.ROOT);
      try (Connection c = branch(p, branch)) {
        for (String sql : List.of("DROP SCHEMA " + upper + " CASCADE", "DROP TABLE " + upper + ".\"recording\"",
            "ALTER TABLE " + upper + ".recording ADD COLUMN x INT")) {
          SQLException e = assertThrows(SQLException.class, () -> exec(c, sql), sql);
          assertEquals("55000", e.getSQLState(), sql + ": " + e.getMessage());
        }
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM " + p.table("recording")));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB"})
  void theDraftsPhysicalNameIsHandledAsItsLogicalName(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      String q = db == Db.MARIADB ? "`" : "\"";
      try (Connection c = branch(p, branch)) {
        exec(c, child(p, q + draft + q + ".physical"));
        exec(c, db == Db.POSTGRESQL ? "SET search_path TO " + draft + ", " + p.schema
            : "USE " + q + draft + q);
        exec(c, child(p, "unqualified"));
        exec(c, "INSERT INTO physical VALUES (2)", "INSERT INTO unqualified VALUES (2)");
      }
      Map<String, List<String>> tables = new CatalogReader(p).draftTablesWithEdges(draft);
      assertEquals(List.of("physical", "unqualified"), List.copyOf(tables.keySet()));
      tables.forEach((t, edges) -> assertEquals(1, edges.size(), t + ": " + edges));
      trunkIsNotBlocked(p);
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB"})
  void anotherBranchsDraftIsRefused(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String other = "br_" + newBranch() + "_" + p.schema;
      p.createSchema(other);
      String branch = newBranch();
      p.draftFor(branch);
      String q = db == Db.MARIADB ? "`" : "\"";
      try (Connection c = branch(p, branch)) {
        SQLException e = assertThrows(SQLException.class, () -> exec(c, child(p, q + other + q + ".stolen")));
        assertEquals("55000", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains(other), e.getMessage());
      }
      assertTrue(new CatalogReader(p).draftTablesWithEdges(other).isEmpty());
    }
  }

  /** A migration that rolls back leaves the process able to declare: the layout shows only what committed. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB", "SQLITE"})
  void aRolledBackDeclarationLeavesNothingBehind(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = branch(p, branch)) {
        c.setAutoCommit(false);
        exec(c, child(p, p.table("migrated")));
        exec(c, "INSERT INTO " + p.table("migrated") + " VALUES (2)");
        c.rollback();
        c.setAutoCommit(true);
        try (Connection other = branch(p, branch)) {
          assertThrows(SQLException.class, () -> rows(other, "SELECT * FROM " + p.table("migrated")));
        }
        exec(c, child(p, p.table("after")));
        exec(c, "INSERT INTO " + p.table("after") + " VALUES (2)");
      }
      assertEquals(List.of("after"), List.copyOf(new CatalogReader(p).draftTablesWithEdges(draft).keySet()));
      trunkIsNotBlocked(p);
    }
  }

  /** MySQL's DDL is not transactional: a declaration the database refuses must not leave its ~edge rows. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"MARIADB", "POSTGRESQL"})
  void aDeclarationTheDatabaseRefusesLeavesNoEdges(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir).inSpecificationMode()) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = branch(p, branch)) {
        exec(c, child(p, p.table("fine")));
        assertThrows(SQLException.class, () -> exec(c, "CREATE TABLE " + p.table("broken") + " (subject_id INT NOT NULL"
            + " REFERENCES " + p.table("subject") + " (subject_id), x no_such_type)"));
        exec(c, "DELETE FROM " + p.table("subject") + " WHERE subject_id = 2");
      }
      Map<String, List<String>> tables = new CatalogReader(p).draftTablesWithEdges(draft);
      assertEquals(List.of("fine"), List.copyOf(tables.keySet()), tables.toString());
    }
  }

  /** ~edge follows the tables: constraint names per table, IF NOT EXISTS of an existing draft table changes nothing. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB", "SQLITE"})
  void edgesFollowTheTablesTheyBelongTo(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = branch(p, branch)) {
        exec(c, child(p, p.table("first")), child(p, p.table("second")));
        exec(c, "CREATE TABLE IF NOT EXISTS " + p.table("first") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id),"
            + " CONSTRAINT fk_other FOREIGN KEY (subject_id) REFERENCES " + p.parent("recording") + " (subject_id))");
      }
      Map<String, List<String>> tables = new CatalogReader(p).draftTablesWithEdges(draft);
      assertEquals(List.of("first", "second"), List.copyOf(tables.keySet()));
      for (List<String> edges : tables.values()) {
        assertEquals(1, edges.size(), edges.toString());
        assertTrue(edges.get(0).startsWith("fk_subject|"), edges.toString());
      }
    }
  }

  /** MySQL's # starts a comment: what follows it is nobody's table. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"MARIADB"})
  void aMySqlHashCommentIsAComment(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = branch(p, branch)) {
        exec(c, child(p, p.table("draft_t")));
        assertEquals(List.of(List.of("2")), rows(c, "SELECT count(*) FROM " + p.table("subject") + " # "
            + p.schema + ".draft_t\n"));
      }
    }
  }

  /** MySQL runs what an executable comment holds: a foreign key there is a foreign key, kept as an edge. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"MARIADB"})
  void aForeignKeyInAnExecutableCommentIsNotSent(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = branch(p, branch)) {
        try {
          exec(c, "CREATE TABLE " + p.table("hidden") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id)"
              + " /*!, CONSTRAINT fk_hidden FOREIGN KEY (subject_id) REFERENCES " + p.table("subject")
              + " (subject_id) */)");
          exec(c, "INSERT INTO " + p.table("hidden") + " VALUES (2)");
          List<String> edges = new CatalogReader(p).draftTablesWithEdges(draft).get("hidden");
          assertEquals(1, edges.size(), edges.toString());
          assertTrue(edges.get(0).startsWith("fk_hidden|"), edges.toString());
        } catch (SQLException refused) {
          assertEquals("55000", refused.getSQLState(), refused.getMessage());
        }
      }
      trunkIsNotBlocked(p);
    }
  }
}

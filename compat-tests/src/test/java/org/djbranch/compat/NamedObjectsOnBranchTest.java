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
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Types, domains, sequences and indexes a branch names alone (issue 27: every index and type name binds). Declared on
 * a branch, a type, a domain or a sequence is usable by the branch's tables and statements as trunk's would be, named
 * unqualified (the session's search path holds the branch's drafts, each after its logical schema) or, in a
 * declaration, by its logical schema; {@code ALTER},
 * {@code COMMENT ON} and {@code DROP} of one reach the draft's object; the pipeline's are refused ({@code 55000});
 * {@code ALTER INDEX} and {@code COMMENT ON INDEX} of a pipeline table's index go to the branch's copy of the table;
 * {@code SET SCHEMA} is refused. Trunk's catalog, types included, stays as it was.
 */
class NamedObjectsOnBranchTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB"})
  void namedObjectsBindAsTablesDo(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("item") + " (id INT PRIMARY KEY, name VARCHAR(40))",
            "CREATE INDEX item_name ON " + p.table("item") + " (name)",
            "CREATE TYPE " + p.table("colour") + " AS ENUM ('red', 'blue')",
            "INSERT INTO " + p.table("item") + " VALUES (1, 'a')");
      }
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      try (Connection c = p.branch(branch)) {
        c.setSchema(p.schema);
        exec(c, "CREATE TABLE note (id INT PRIMARY KEY)",
            "CREATE TYPE mood AS ENUM ('calm', 'busy')",
            "CREATE SEQUENCE note_seq",
            "CREATE TABLE feel (id INT DEFAULT nextval('note_seq') PRIMARY KEY, m mood, c colour)",
            "INSERT INTO feel (m, c) VALUES ('calm', 'red')",
            "COMMENT ON TYPE mood IS 'how it went'",
            "COMMENT ON SEQUENCE note_seq IS 'ids'");
        assertEquals(List.of(List.of("1", "calm", "red")), rows(c, "SELECT id, m, c FROM feel"),
            "the branch's own type and sequence, and the pipeline's type, all usable");
        // the session's path holds the draft after its logical schema: what the branch declared resolves in its
        // queries and row changes too, named unqualified; named by its logical schema in a declaration, it is the
        // draft's (a string that nextval reads included)
        assertEquals(List.of(List.of("2", "busy")), rows(c, "SELECT nextval('note_seq'), CAST('busy' AS mood)"));
        exec(c, "CREATE TABLE feel2 (id INT DEFAULT nextval('" + p.schema + ".note_seq') PRIMARY KEY, m "
                + p.table("mood") + " DEFAULT 'calm')",
            "INSERT INTO feel2 (m) VALUES (CAST('busy' AS mood))", "INSERT INTO feel2 (id) VALUES (DEFAULT)");
        assertEquals(List.of(List.of("3", "busy"), List.of("4", "calm")), rows(c, "SELECT id, m FROM feel2 ORDER BY id"));
        // a sequence function's string naming it by its logical schema, as Hibernate sends it with a default schema
        assertEquals(List.of(List.of("5")), rows(c, "SELECT nextval('" + p.schema + ".note_seq')"));
        try (java.sql.PreparedStatement ps = c.prepareStatement("SELECT currval('" + p.schema + ".note_seq'), ?")) {
          ps.setInt(1, 1);
          try (java.sql.ResultSet rs = ps.executeQuery()) {
            rs.next();
            assertEquals(5, rs.getInt(1), "prepared, the same");
          }
        }
        assertEquals(p.schema, c.getSchema(), "the logical schema, as on trunk");
        if (db == Db.POSTGRESQL) {
          String path = rows(c, "SHOW search_path").get(0).get(0);
          assertTrue(path.matches(".*" + p.schema + ", \"?" + p.draftFor(branch) + "\"?.*"), path);
          // a declaration that failed in the application's transaction and was rolled back leaves the path as it was
          c.setAutoCommit(false);
          assertThrows(SQLException.class, () -> exec(c, "CREATE TABLE broken (m no_such_type)"));
          c.rollback();
          c.setAutoCommit(true);
          assertEquals(path, rows(c, "SELECT current_setting('search_path')").get(0).get(0));
          assertEquals(List.of(List.of("calm")), rows(c, "SELECT 'calm'::mood"));
        }
        if (db == Db.POSTGRESQL) {
          exec(c, "CREATE COLLATION plain FROM \"C\"", "CREATE TABLE named (v TEXT COLLATE plain)",
              "INSERT INTO named VALUES ('b'), ('a')", "COMMENT ON COLLATION plain IS 'the branch''s'");
          assertEquals(List.of(List.of("a"), List.of("b")), rows(c, "SELECT v FROM named ORDER BY v"));
          exec(c, "DROP TABLE named", "DROP COLLATION plain");
          exec(c, "ALTER TYPE mood ADD VALUE 'tired'", "CREATE DOMAIN positive AS INT CHECK (VALUE > 0)",
              "CREATE TABLE score (v positive)", "ALTER SEQUENCE note_seq RESTART WITH 10",
              "INSERT INTO feel (m) VALUES ('tired')", "ALTER INDEX note_pkey RENAME TO note_key");
          assertEquals(List.of(List.of("10", "tired")), rows(c, "SELECT id, m FROM feel WHERE id > 1"));
          assertEquals("23514", assertThrows(SQLException.class, () -> exec(c, "INSERT INTO score VALUES (0)"))
              .getSQLState(), "the branch's domain checks its values");
        }
        SQLException pipelineType = assertThrows(SQLException.class, () -> exec(c, "DROP TYPE colour"));
        assertEquals("55000", pipelineType.getSQLState(), pipelineType.getMessage());
        assertTrue(pipelineType.getMessage().contains(p.schema + ".colour"), pipelineType.getMessage());
        SQLException moved = assertThrows(SQLException.class, () -> exec(c, "ALTER TYPE mood SET SCHEMA " + p.schema));
        assertEquals("55000", moved.getSQLState(), moved.getMessage());
        // a pipeline table's index, named alone: changed on the branch's copy of the table
        exec(c, "COMMENT ON INDEX item_name IS 'changed on the branch'");
        if (db == Db.POSTGRESQL) {
          exec(c, "ALTER INDEX item_name RENAME TO item_label");
        }
        exec(c, "DROP TABLE feel", "DROP TABLE feel2", "DROP SEQUENCE note_seq", "DROP TYPE mood");
        if (db == Db.POSTGRESQL) {
          exec(c, "DROP TABLE score", "DROP DOMAIN positive");
        }
        assertThrows(SQLException.class, () -> exec(c, "DROP TYPE mood"), "the database's own error");
      }
      assertEquals(before, catalog.pipelineStructure(), "trunk's catalog, its type and index included");
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM " + p.table("item")));
        if (db == Db.POSTGRESQL) {
          assertEquals(List.of(List.of("0")), rows(raw, "SELECT count(*) FROM pg_collation c JOIN pg_namespace n"
              + " ON n.oid = c.collnamespace WHERE n.nspname = '" + p.schema + "'"), "no collation in the pipeline");
        }
      }
    }
  }
}

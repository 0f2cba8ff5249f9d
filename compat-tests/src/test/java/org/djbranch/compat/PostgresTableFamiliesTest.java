package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.refused;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PostgreSQL's table families on a branch. A child ({@code INHERITS}, {@code ALTER TABLE ... INHERIT}) or partition
 * ({@code PARTITION OF}) of a pipeline table would join trunk's table: its rows in trunk's scans, the link in trunk's
 * catalog. Refused ({@code 55000}); a family of the branch's own tables is declared as on trunk. Before, each was
 * declared into the draft and joined trunk's table. {@code CREATE INDEX CONCURRENTLY} and {@code DROP INDEX
 * CONCURRENTLY} run on a branch as the plain forms: on a pipeline table the index goes to the branch's copy, made in a
 * transaction, where CONCURRENTLY cannot run (it failed with 25001), and the parser reads no DROP INDEX CONCURRENTLY
 * (it was refused as unreadable). {@code ALTER TABLE ... SET SCHEMA} of a draft table or of the branch's copy of a
 * pipeline table is refused: it moved the table out of the draft into the pipeline's schema.
 */
class PostgresTableFamiliesTest {
  @TempDir
  Path dir;

  @Test
  void aChildOrPartitionOfAPipelineTableIsRefusedAndTheBranchsOwnFamiliesAreDeclared() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      String t = p.table("t");
      String parted = p.table("parted");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id int PRIMARY KEY, v int)", "INSERT INTO " + t + " VALUES (1, 1)",
            "CREATE TABLE " + parted + " (id int, k int) PARTITION BY RANGE (k)",
            "CREATE TABLE " + p.table("parted_low") + " PARTITION OF " + parted + " FOR VALUES FROM (0) TO (10)");
      }
      List<String> before = new CatalogReader(p).pipelineStructure();
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        for (String sql : List.of("CREATE TABLE " + p.table("kid") + " (extra int) INHERITS (" + t + ")",
            "CREATE TABLE " + p.table("parted_high") + " PARTITION OF " + parted + " FOR VALUES FROM (10) TO (20)")) {
          assertTrue(refused(c, sql).getMessage().contains("pipeline"), sql);
        }
        exec(c, "CREATE TABLE " + p.table("own") + " (id int PRIMARY KEY, v int)");
        refused(c, "ALTER TABLE " + p.table("own") + " INHERIT " + t);
        // the branch's own family: a parent it declared, and its child
        exec(c, "CREATE TABLE " + p.table("animal") + " (name text)",
            "CREATE TABLE " + p.table("dog") + " (breed text) INHERITS (" + p.table("animal") + ")",
            "INSERT INTO " + p.table("dog") + " VALUES ('rex', 'collie')");
        assertEquals(List.of(List.of("rex")), rows(c, "SELECT name FROM " + p.table("animal")));
        assertEquals(List.of(List.of("1")), rows(c, "SELECT count(*) FROM " + t));
      }
      assertEquals(before, new CatalogReader(p).pipelineStructure());
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("0")), rows(raw, "SELECT count(*) FROM pg_inherits WHERE inhparent IN ('"
            + t + "'::regclass)"));
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM pg_inherits WHERE inhparent = '"
            + parted + "'::regclass"));
      }
    }
  }

  @Test
  void noTableOfTheBranchMovesIntoAnotherSchema() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      String other = p.schema + "_o";
      p.createSchema(other);
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("t") + " (id int PRIMARY KEY)");
      }
      List<String> before = new CatalogReader(p).pipelineStructure();
      String branch = newBranch();
      p.draftFor(branch);
      p.dropLater(BranchFixture.draft(branch, other));
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE " + p.table("d") + " (id int)", "CREATE VIEW " + p.table("dv") + " AS SELECT 1 AS one");
        for (String sql : List.of("ALTER TABLE " + p.table("d") + " SET SCHEMA \"" + other + "\"",
            "ALTER TABLE " + p.table("t") + " SET SCHEMA \"" + other + "\"",
            "ALTER VIEW " + p.table("dv") + " SET SCHEMA \"" + other + "\"")) {
          assertTrue(refused(c, sql).getMessage().contains("SET SCHEMA"), sql);
        }
      }
      assertEquals(before, new CatalogReader(p).pipelineStructure());
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("0")), rows(raw, "SELECT count(*) FROM information_schema.tables"
            + " WHERE table_schema = '" + other + "'"));
      }
    }
  }

  @Test
  void concurrentIndexStatementsRunOnTheBranchsTables() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      String t = p.table("t");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id int PRIMARY KEY, v int)", "INSERT INTO " + t + " VALUES (1, 1)");
      }
      List<String> before = new CatalogReader(p).pipelineStructure();
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE INDEX CONCURRENTLY t_v ON " + t + " (v)",
            "CREATE TABLE " + p.table("own") + " (id int PRIMARY KEY, v int)",
            "CREATE UNIQUE INDEX CONCURRENTLY own_v ON " + p.table("own") + " (v)",
            "DROP INDEX CONCURRENTLY " + p.table("own_v"),
            "DROP INDEX CONCURRENTLY IF EXISTS " + p.table("t_v"));
        assertEquals(List.of(List.of("1")), rows(c, "SELECT count(*) FROM " + t));
      }
      assertEquals(before, new CatalogReader(p).pipelineStructure(), "trunk's t keeps its one index");
    }
  }
}

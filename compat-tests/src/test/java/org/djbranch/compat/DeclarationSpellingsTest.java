package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spellings of a declaration the database takes that the parser does not read as written. MySQL's {@code CREATE
 * TABLE t2 SELECT ...} (its {@code AS} left out, as MySQL allows and its users write) is read and sent with it: the
 * new table is declared in the draft from the pipeline's rows, or from the branch's own copy once there is one.
 * Before, it failed on a branch ({@code 55000} or {@code 42601}: unreadable) where the raw driver ran it.
 */
class DeclarationSpellingsTest {
  @TempDir
  Path dir;

  @Test
  void mysqlsCreateTableSelectWithoutAsIsDeclaredInTheDraft() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.MARIADB, dir)) {
      String t = p.table("t");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id INT PRIMARY KEY, v INT)", "INSERT INTO " + t + " VALUES (1, 1)");
      }
      List<String> before = new CatalogReader(p).pipelineStructure();
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE " + p.table("snap") + " SELECT * FROM " + t,
            "INSERT INTO " + t + " VALUES (2, 2)",
            "CREATE TABLE " + p.table("snap2") + " (note VARCHAR(10)) ENGINE=InnoDB SELECT id, v FROM " + t);
        assertEquals(List.of(List.of("1")), rows(c, "SELECT count(*) FROM " + p.table("snap")));
        assertEquals(List.of(List.of("2")), rows(c, "SELECT count(*) FROM " + p.table("snap2")));
      }
      assertEquals(before, new CatalogReader(p).pipelineStructure());
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM " + t));
      }
    }
  }
}

package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Where the database takes {@code NOTE} and {@code SUBJECT} for the tables it stores as {@code Note} and
 * {@code subject} (PostgreSQL folds them, DuckDB and SQLite compare without case), a branch does too, in every step
 * that names them: the shape check of a re-declaration, {@code ~edge} (which names tables as stored), a drop under
 * another spelling (which takes the table's edges with it) and the referential actions after it.
 */
class OneTableManySpellingsTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB", "SQLITE"})
  void everyStepNamesTheTableAsStored(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL PRIMARY KEY)",
            "INSERT INTO " + p.table("subject") + " VALUES (1), (2)");
      }
      String branch = newBranch();
      String draft = p.draftFor(branch);
      String s = p.schema.toUpperCase(java.util.Locale.ROOT);
      String parent = db == Db.SQLITE ? "SUBJECT" : s + ".SUBJECT";
      try (Connection c = p.branch(branch)) {
        // The pipeline's subject, spelled otherwise: it binds, its shape agrees, nothing is declared.
        exec(c, "CREATE TABLE IF NOT EXISTS " + s + ".SUBJECT (subject_id INT NOT NULL PRIMARY KEY)");
        exec(c, "CREATE TABLE " + s + ".Note (subject_id INT NOT NULL PRIMARY KEY, CONSTRAINT fk_note FOREIGN KEY"
            + " (subject_id) REFERENCES " + parent + " (subject_id) ON DELETE CASCADE)");
        exec(c, "INSERT INTO " + s + ".NOTE VALUES (1)");
        Map<String, List<String>> declared = new CatalogReader(p).draftTablesWithEdges(draft);
        String note = db == Db.POSTGRESQL ? "note" : "Note";
        assertEquals(List.of(note), List.copyOf(declared.keySet()), declared.toString());
        String q = "\"";
        String parentStored = db == Db.SQLITE ? q + "main" + q + "." + q + "subject" + q
            : q + p.schema + q + "." + q + "subject" + q;
        assertEquals(List.of("fk_note|" + q + draft + q + "." + q + note + q + "|" + parentStored
            + "|subject_id|subject_id|1|NO ACTION|CASCADE"), declared.get(note));
        // Dropped under another spelling: its edges go with it, and deleting the parent meets none.
        exec(c, "DROP TABLE " + s + ".NOTE");
        exec(c, "DELETE FROM " + s + ".SUBJECT WHERE subject_id = 1");
        assertEquals(List.of(List.of("2")), rows(c, "SELECT subject_id FROM " + s + ".subject"));
      }
      // the delete wrote rows of the pipeline's subject: the branch's own copy of it took them
      assertEquals(Map.of("subject", List.of()), new CatalogReader(p).draftTablesWithEdges(draft));
    }
  }
}

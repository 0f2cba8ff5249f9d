package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A declaration that agrees with what the pipeline already holds is answered without DDL and with a warning naming
 * what it bound to, as schema.sql scripts and ORMs re-declare at every start (an equal index, a column's own type, a
 * column or a foreign key that exists). Anything that would change a pipeline table stays refused.
 */
class AgreeingDeclarationsTest {
  @TempDir
  Path dir;

  private static void pipeline(TestDatabase p) throws SQLException {
    try (Connection raw = p.raw()) {
      exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, species VARCHAR(20),"
              + " PRIMARY KEY (subject_id))",
          "CREATE INDEX subject_species ON " + p.table("subject") + " (species)",
          "CREATE TABLE " + p.table("session") + " (subject_id INT NOT NULL, session_id INT NOT NULL,"
              + " PRIMARY KEY (subject_id, session_id), CONSTRAINT session_subject_fk FOREIGN KEY (subject_id)"
              + " REFERENCES " + p.table("subject") + " (subject_id))");
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void agreeingDeclarationsBindWithAWarning(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir).inSpecificationMode()) {
      pipeline(p);
      List<String> trunkBefore = trunk(p);
      String branch = newBranch();
      p.draftFor(branch);
      boolean pg = db == Db.POSTGRESQL;
      String subject = p.table("subject");
      List<String[]> agreeing = new ArrayList<>();
      if (pg) {
        agreeing.add(new String[] {"CREATE INDEX ON " + subject + " (species)", "subject_species"});
      }
      agreeing.add(new String[] {"CREATE INDEX IF NOT EXISTS species_again ON " + subject + " (species)",
          "subject_species"});
      agreeing.add(new String[] {"CREATE INDEX species_named ON " + subject + " (species ASC)", "subject_species"});
      agreeing.add(new String[] {pg ? "ALTER TABLE " + subject + " ALTER COLUMN species TYPE varchar(20)"
          : "ALTER TABLE " + subject + " MODIFY COLUMN species varchar(20)", "species"});
      agreeing.add(new String[] {"ALTER TABLE " + subject + " ADD COLUMN IF NOT EXISTS species "
          + (pg ? "character varying(20)" : "VARCHAR(20)"), "species"});
      agreeing.add(new String[] {"ALTER TABLE " + p.table("session") + " ADD CONSTRAINT session_subject_fk FOREIGN KEY"
          + " (subject_id) REFERENCES " + subject + " (subject_id)", "session_subject_fk"});
      List<String> refused = new ArrayList<>(List.of(
          "CREATE UNIQUE INDEX species_unique ON " + subject + " (species)",
          "CREATE INDEX species_desc ON " + subject + " (species DESC)",
          "CREATE INDEX species_id ON " + subject + " (species, subject_id)",
          pg ? "ALTER TABLE " + subject + " ALTER COLUMN species TYPE varchar(30)"
              : "ALTER TABLE " + subject + " MODIFY COLUMN species varchar(30)",
          "ALTER TABLE " + subject + " ADD COLUMN IF NOT EXISTS species VARCHAR(10)",
          "ALTER TABLE " + subject + " ADD COLUMN IF NOT EXISTS weight INT",
          "ALTER TABLE " + p.table("session") + " ADD CONSTRAINT session_subject_fk2 FOREIGN KEY (session_id)"
              + " REFERENCES " + subject + " (subject_id)"));
      if (!pg) {
        refused.add("ALTER TABLE " + subject + " MODIFY COLUMN species varchar(20) NOT NULL");
      }
      try (Connection c = p.branch(branch)) {
        for (String[] a : agreeing) {
          try (Statement s = c.createStatement()) {
            s.execute(a[0]);
            SQLWarning w = s.getWarnings();
            assertNotNull(w, "a warning for " + a[0]);
            assertTrue(w.getMessage().contains(a[1]) && w.getMessage().contains(p.schema), w.getMessage());
          }
        }
        for (String sql : refused) {
          SQLException e = assertThrows(SQLException.class, () -> exec(c, sql), sql);
          assertNotEquals("0A000", e.getSQLState(), sql);
          assertTrue(e.getMessage().contains(p.schema + "."), e.getMessage());
        }
        assertEquals(1, rows(c, "SELECT count(*) FROM " + subject).size(), "the connection still works");
      }
      assertEquals(trunkBefore, trunk(p), "trunk's tables, columns, indexes and keys");
    }
  }

  /**
   * {@code CREATE ... IF NOT EXISTS} of a view or sequence the pipeline holds does nothing, as the database does:
   * before, a branch made a view or a fresh sequence of the name in its draft, hiding the pipeline's (a fresh
   * sequence drew 1 again where trunk's stood at 10), or refused {@code CREATE SEQUENCE IF NOT EXISTS} as a
   * statement it could not read. A plain {@code CREATE VIEW} of the pipeline's view fails as it does raw: it exists.
   */
  @ParameterizedTest
  @EnumSource(Db.class)
  void ifNotExistsOfAViewOrSequenceThePipelineHoldsDoesNothing(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      boolean sequences = db != Db.SQLITE;
      String view = p.table("subject_view");
      String sequence = p.table("subject_seq");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT PRIMARY KEY)",
            "INSERT INTO " + p.table("subject") + " VALUES (1)",
            "CREATE VIEW " + view + " AS SELECT subject_id FROM " + p.table("subject"));
        if (sequences) {
          exec(raw, "CREATE SEQUENCE " + sequence);
          exec(raw, db == Db.MARIADB ? "SELECT SETVAL(" + sequence + ", 10)" : "SELECT setval('" + sequence + "', 10)");
        }
      }
      List<String> before = new CatalogReader(p).pipelineStructure();
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      List<String> statements = new ArrayList<>();
      if (db != Db.POSTGRESQL) { // PostgreSQL has no CREATE VIEW IF NOT EXISTS
        statements.add("CREATE VIEW IF NOT EXISTS " + view + " AS SELECT 42 AS subject_id");
      }
      if (sequences) {
        statements.add("CREATE SEQUENCE IF NOT EXISTS " + sequence + " START WITH 1");
      }
      try (Connection c = p.branch(branch)) {
        exec(c, statements.toArray(String[]::new));
        assertEquals(List.of(List.of("1")), rows(c, "SELECT subject_id FROM " + view), "the pipeline's view");
        if (sequences) {
          assertEquals(List.of(List.of("11")), rows(c, db == Db.MARIADB ? "SELECT NEXTVAL(" + sequence + ")"
              : "SELECT nextval('" + sequence + "')"), "drawn from the branch's copy of the pipeline's sequence");
        }
        String plain = "CREATE VIEW " + view + " AS SELECT 42 AS subject_id";
        SQLException onBranch = assertThrows(SQLException.class, () -> exec(c, plain));
        assertTrue(onBranch.getMessage().contains("already exists"), onBranch.getMessage());
        if (db == Db.POSTGRESQL) {
          try (Connection raw = p.raw()) {
            SQLException rawError = assertThrows(SQLException.class, () -> exec(raw, plain));
            assertEquals(rawError.getSQLState(), onBranch.getSQLState());
          }
        }
      }
      assertEquals(before, new CatalogReader(p).pipelineStructure(), "trunk's catalog");
    }
  }

  /** What trunk's schema holds, read through the raw driver's metadata. */
  private static List<String> trunk(TestDatabase p) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection raw = p.raw()) {
      String catalog = p.db == Db.MARIADB ? p.schema : null;
      String schema = p.db == Db.MARIADB ? null : p.schema;
      for (String t : List.of("subject", "session")) {
        try (var rs = raw.getMetaData().getColumns(catalog, schema, t, "%")) {
          while (rs.next()) {
            out.add(t + " column " + rs.getString("COLUMN_NAME") + " " + rs.getString("TYPE_NAME") + " "
                + rs.getInt("COLUMN_SIZE") + " " + rs.getInt("NULLABLE"));
          }
        }
        try (var rs = raw.getMetaData().getIndexInfo(catalog, schema, t, false, false)) {
          while (rs.next()) {
            out.add(t + " index " + rs.getString("INDEX_NAME") + " " + rs.getString("COLUMN_NAME"));
          }
        }
        try (var rs = raw.getMetaData().getImportedKeys(catalog, schema, t)) {
          while (rs.next()) {
            out.add(t + " fk " + rs.getString("FK_NAME") + " " + rs.getString("FKCOLUMN_NAME"));
          }
        }
      }
    }
    out.sort(null);
    return out;
  }
}

package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.draft;
import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A draft table whose name the pipeline also holds is listed once, where it binds, and reported as shadowed. */
class MetadataShadowTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB"})
  void aShadowedDraftCopyIsNotListedButNamedInAWarning(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      MetadataEqualityTest.pipeline(p);
      String branch = newBranch();
      String draft = draft(branch, p.schema);
      // Made behind the driver's back: a draft copy of subject with another shape.
      p.createSchema(draft);
      String q = db == Db.MARIADB ? "`" : "\"";
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + q + draft + q + "." + q + "subject" + q + " (subject_id INT NOT NULL, other INT,"
            + " PRIMARY KEY (subject_id))");
      }
      try (Connection c = p.branch(branch)) {
        String catalog = db == Db.MARIADB ? p.schema : null;
        String schema = db == Db.MARIADB ? null : p.schema;
        try (ResultSet rs = c.getMetaData().getTables(catalog, schema, "subject", null)) {
          List<String> names = new ArrayList<>();
          while (rs.next()) {
            names.add(rs.getString("TABLE_NAME"));
          }
          assertEquals(List.of("subject"), names);
          SQLWarning w = rs.getStatement() == null ? rs.getWarnings() : rs.getStatement().getWarnings();
          assertNotNull(w, "the shadowed copy is reported");
          assertTrue(w.getMessage().contains(draft + ".subject") && w.getMessage().contains(p.schema + ".subject"),
              w.getMessage());
        }
        try (ResultSet rs = c.getMetaData().getColumns(catalog, schema, "subject", "%")) {
          List<String> columns = new ArrayList<>();
          while (rs.next()) {
            columns.add(rs.getString("COLUMN_NAME"));
          }
          assertEquals(List.of("subject_id", "species"), columns, "the logical table's columns, once");
        }
      }
    }
  }
}

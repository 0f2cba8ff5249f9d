package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.draft;
import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Metadata as SQL clients call it: sqlline's {@code !tables} and {@code !describe t} and DBeaver's navigator pass null
 * catalog and schema arguments and list the whole database. On a branch, those answers are the merged trunk's for the
 * branch's schema, although another branch's drafts (a table of the same name, its {@code ~edge}, an index and a
 * sequence) sit in the same database.
 */
class SqlClientMetadataTest {
  private static final List<String> TABLES = List.of("session", "artifact", "artifact_note");

  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void nullArgumentsListWhatTheMergedTrunkLists(Db db) throws Exception {
    try (TestDatabase merged = TestDatabase.create(db, Files.createDirectory(dir.resolve("trunk")));
        TestDatabase p = TestDatabase.create(db, Files.createDirectory(dir.resolve("branch")))) {
      MetadataEqualityTest.pipeline(merged);
      try (Connection raw = merged.raw()) {
        exec(raw, MetadataEqualityTest.additions(merged).toArray(new String[0]));
      }
      MetadataEqualityTest.pipeline(p);
      String other = newBranch();
      p.dropLater(draft(other, p.schema));
      try (Connection c = p.branch(other)) {
        exec(c, "CREATE TABLE " + p.table("artifact") + " (subject_id INT NOT NULL, other_col INT,"
                + " PRIMARY KEY (subject_id), FOREIGN KEY (subject_id) REFERENCES " + p.table("subject")
                + " (subject_id))",
            "CREATE INDEX artifact_other ON " + p.table("artifact") + " (other_col)");
        if (db == Db.POSTGRESQL) {
          exec(c, "CREATE SEQUENCE " + p.table("other_seq"));
        }
      }
      String branch = newBranch();
      p.dropLater(draft(branch, p.schema));
      try (Connection c = p.branch(branch); Connection t = merged.raw()) {
        exec(c, MetadataEqualityTest.additions(p).toArray(new String[0]));
        if (db == Db.MARIADB) {
          // A client connects to its database: Connector/J reads a null catalog as the current one.
          c.setCatalog(p.schema);
          t.setCatalog(merged.schema);
        }
        Map<String, List<List<String>>> expected = listings(t.getMetaData(), merged);
        Map<String, List<List<String>>> actual = listings(c.getMetaData(), p);
        List<String> differences = new ArrayList<>();
        for (String call : expected.keySet()) {
          if (!expected.get(call).equals(actual.get(call))) {
            differences.add(call + ": trunk " + expected.get(call) + "\n  branch " + actual.get(call));
          }
        }
        assertEquals(List.of(), differences, db + " listings that differ");
      }
    }
  }

  /** The listings a client makes, each cut to the rows that concern the place's schema or a draft of it. */
  private static Map<String, List<List<String>>> listings(DatabaseMetaData md, TestDatabase p) throws SQLException {
    Map<String, List<List<String>>> out = new LinkedHashMap<>();
    out.put("schemas", ours(md.getSchemas(), p));
    out.put("catalogs", ours(md.getCatalogs(), p));
    out.put("tables", ours(md.getTables(null, null, "%", null), p));
    // Connector/J answers an exact-name call with no catalog from one database it picks among all that hold the
    // name, so there a client passes its current database; pgjdbc answers for every schema.
    String catalog = p.db == Db.MARIADB ? md.getConnection().getCatalog() : null;
    for (String t : TABLES) {
      out.put("columns " + t, ours(md.getColumns(null, null, t, "%"), p));
      out.put("primaryKeys " + t, ours(md.getPrimaryKeys(catalog, null, t), p));
      out.put("importedKeys " + t, ours(md.getImportedKeys(catalog, null, t), p));
      out.put("exportedKeys " + t, ours(md.getExportedKeys(catalog, null, t), p));
      out.put("indexInfo " + t, ours(md.getIndexInfo(catalog, null, t, false, true), p));
    }
    return out;
  }

  /** Rows naming the place's schema (as "S") or any schema derived from it (a draft, named as it is), sorted. */
  private static List<List<String>> ours(ResultSet rs, TestDatabase p) throws SQLException {
    List<List<String>> all = MetadataEqualityTest.rows(rs, p, false);
    List<List<String>> out = new ArrayList<>();
    out.add(all.get(0));
    List<List<String>> body = new ArrayList<>();
    for (List<String> row : all.subList(1, all.size())) {
      if (row.contains("S") || row.stream().anyMatch(v -> v != null && v.contains(p.schema))) {
        body.add(row);
      }
    }
    body.sort((a, b) -> a.toString().compareTo(b.toString()));
    out.addAll(body);
    return out;
  }
}

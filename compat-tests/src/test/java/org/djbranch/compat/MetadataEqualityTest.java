package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.draft;
import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.djbranch.driver.BranchConnection;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Branch Resolution §5.7: a branch connection's metadata for a schema is what trunk shows once the same DDL has run for real,
 * with real constraints: equal up to the physical schema name and constraint names.
 */
class MetadataEqualityTest {
  private static final List<String> TABLES = List.of("subject", "session", "artifact", "artifact_note");

  @TempDir
  Path dir;

  /** The pipeline: two tables and a real foreign key, made on trunk. */
  static void pipeline(TestDatabase p) throws SQLException {
    try (Connection raw = p.raw()) {
      exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, species VARCHAR(20),"
              + " PRIMARY KEY (subject_id))",
          "CREATE TABLE " + p.table("session") + " (subject_id INT NOT NULL, session_id INT NOT NULL,"
              + " PRIMARY KEY (subject_id, session_id), CONSTRAINT session_subject FOREIGN KEY (subject_id)"
              + " REFERENCES " + p.parent("subject") + " (subject_id))");
    }
  }

  /** What a branch adds: a table referencing the pipeline, and one referencing that one. */
  static List<String> additions(TestDatabase p) {
    // DuckDB's foreign keys take no referential actions.
    String actions = p.db == Db.DUCKDB ? "" : " ON UPDATE CASCADE ON DELETE RESTRICT";
    return List.of("CREATE TABLE " + p.table("artifact") + " (subject_id INT NOT NULL, session_id INT NOT NULL,"
            + " artifact_id INT NOT NULL, score FLOAT, PRIMARY KEY (subject_id, session_id, artifact_id),"
            + " CONSTRAINT artifact_session FOREIGN KEY (subject_id, session_id) REFERENCES " + p.parent("session")
            + " (subject_id, session_id)" + actions + ")",
        "CREATE TABLE " + p.table("artifact_note") + " (subject_id INT NOT NULL, session_id INT NOT NULL,"
            + " artifact_id INT NOT NULL, note VARCHAR(100), PRIMARY KEY (subject_id, session_id, artifact_id),"
            + " CONSTRAINT note_artifact FOREIGN KEY (subject_id, session_id, artifact_id) REFERENCES "
            + p.parent("artifact") + " (subject_id, session_id, artifact_id)" + actions + ")");
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void aBranchShowsWhatTrunkShowsAfterTheMerge(Db db) throws Exception {
    Path trunkDir = Files.createDirectory(dir.resolve("trunk"));
    Path branchDir = Files.createDirectory(dir.resolve("branch"));
    try (TestDatabase merged = TestDatabase.create(db, trunkDir);
        TestDatabase p = TestDatabase.create(db, branchDir)) {
      pipeline(merged);
      try (Connection raw = merged.raw()) {
        exec(raw, additions(merged).toArray(new String[0]));
      }
      pipeline(p);
      String branch = newBranch();
      p.dropLater(draft(branch, p.schema));
      try (Connection c = p.branch(branch); Connection t = merged.raw()) {
        exec(c, additions(p).toArray(new String[0]));
        Map<String, List<List<String>>> expected = describe(t.getMetaData(), merged);
        Map<String, List<List<String>>> actual = describe(c.getMetaData(), p);
        for (String call : expected.keySet()) {
          if (db == Db.SQLITE && call.startsWith("crossReference")) {
            // sqlite-jdbc answers a cross reference with no rows even for a real constraint; the branch's answer
            // is checked against the imported keys instead.
            continue;
          }
          assertEquals(expected.get(call), actual.get(call), db + " " + call);
        }
        assertEquals(actual.get("importedKeys artifact_note"), actual.get("crossReference artifact>note"));
        // ~edge never appears, and the draft is not a schema of its own on a branch.
        assertFalse(actual.get("tables").toString().contains("~edge"));
        assertFalse(names(c.getMetaData().getSchemas()).contains(draft(branch, p.schema)));
        assertFalse(names(c.getMetaData().getCatalogs()).contains(draft(branch, p.schema)));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void offABranchEveryCallIsTheWrappedDriversWithNoExtraRoundTrip(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      try (Connection raw = p.raw()) {
        exec(raw, additions(p).toArray(new String[0]));
      }
      try (Connection trunk = p.branch(""); Connection raw = p.raw()) {
        BranchConnection bc = trunk.unwrap(BranchConnection.class);
        long before = bc.roundTrips();
        Map<String, List<List<String>>> ours = describe(trunk.getMetaData(), p);
        long calls = bc.roundTrips() - before;
        assertEquals(describe(raw.getMetaData(), p), ours);
        assertEquals(CALLS_PER_DESCRIBE, calls, "one round trip per metadata call");
      }
    }
  }

  private static final int CALLS_PER_DESCRIBE = 2 + TABLES.size() * 4 + 2;

  /** Every listing a tool reads for the schema, normalised: the schema's name and constraint names left out. */
  static Map<String, List<List<String>>> describe(DatabaseMetaData md, TestDatabase p) throws SQLException {
    String catalog = p.db == Db.MARIADB ? p.schema : null;
    String schema = p.db == Db.MARIADB ? null : p.schema;
    Map<String, List<List<String>>> out = new LinkedHashMap<>();
    out.put("tables", rows(md.getTables(catalog, schema, "%", new String[] {"TABLE", "BASE TABLE"}), p, false));
    out.put("columns", rows(md.getColumns(catalog, schema, "%", "%"), p, false));
    for (String t : TABLES) {
      out.put("primaryKeys " + t, rows(md.getPrimaryKeys(catalog, schema, t), p, false));
      out.put("indexInfo " + t, rows(md.getIndexInfo(catalog, schema, t, false, true), p, true));
      out.put("importedKeys " + t, rows(md.getImportedKeys(catalog, schema, t), p, false));
      out.put("exportedKeys " + t, rows(md.getExportedKeys(catalog, schema, t), p, false));
    }
    out.put("crossReference session>artifact",
        rows(md.getCrossReference(catalog, schema, "session", catalog, schema, "artifact"), p, false));
    out.put("crossReference artifact>note",
        rows(md.getCrossReference(catalog, schema, "artifact", catalog, schema, "artifact_note"), p, false));
    return out;
  }

  /**
   * Columns named after constraints: a branch names its indexes and keys itself, so they are not compared. (SQLite's
   * deferrability is the driver's reading of the constraint text, which a symbolic key has none of.)
   */
  private static final Set<String> NAMES = Set.of("FK_NAME", "PK_NAME", "INDEX_NAME");

  static List<List<String>> rows(ResultSet rs, TestDatabase p, boolean sort) throws SQLException {
    List<List<String>> out = new ArrayList<>();
    try (rs) {
      ResultSetMetaData m = rs.getMetaData();
      List<String> header = new ArrayList<>();
      for (int i = 1; i <= m.getColumnCount(); i++) {
        // sqlite-jdbc describes an empty foreign-key answer with other column types than a full one, and a branch
        // asks it about a table that has no constraint: there, only the labels are compared.
        header.add(m.getColumnLabel(i) + (p.db == Db.SQLITE ? "" : ":" + m.getColumnType(i)));
      }
      out.add(header);
      List<List<String>> body = new ArrayList<>();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= m.getColumnCount(); i++) {
          String label = m.getColumnLabel(i).toUpperCase();
          String v = rs.getString(i);
          if (NAMES.contains(label) || p.db == Db.SQLITE && label.equals("DEFERRABILITY")) {
            v = "-";
          } else if (v != null && v.equals(p.schema)) {
            v = "S";
          } else if (v != null && label.endsWith("_CAT")) {
            v = "C"; // the database (file) name of an embedded database
          }
          row.add(v);
        }
        body.add(row);
      }
      if (sort) {
        body.sort((a, b) -> a.toString().compareTo(b.toString()));
      }
      out.addAll(body);
    }
    return out;
  }

  static List<String> names(ResultSet rs) throws SQLException {
    List<String> out = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}

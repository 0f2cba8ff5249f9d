package org.djbranch.compat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A small application in the spirit of the spec's example: the pipeline holds subject, session and recording;
 * the branch adds artifact_params and artifact_score. The same code runs on a branch and, after the merge, on
 * trunk; it records everything it read, so the two runs compare equal.
 */
final class EphysApp {
  private final TestDatabase place;
  private final List<String> transcript = new ArrayList<>();

  EphysApp(TestDatabase place) {
    this.place = place;
  }

  /** The pipeline, declared on trunk with real foreign keys. */
  static void declarePipeline(TestDatabase p) throws Exception {
    try (Connection raw = p.raw()) {
      BranchFixture.exec(raw,
          "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, species VARCHAR(20), PRIMARY KEY (subject_id))",
          "CREATE TABLE " + p.table("session") + " (subject_id INT NOT NULL, session_id INT NOT NULL,"
              + " PRIMARY KEY (subject_id, session_id), FOREIGN KEY (subject_id) REFERENCES " + p.parent("subject")
              + " (subject_id))",
          "CREATE TABLE " + p.table("recording") + " (subject_id INT NOT NULL, session_id INT NOT NULL,"
              + " recording_id INT NOT NULL, duration FLOAT, PRIMARY KEY (subject_id, session_id, recording_id),"
              + " FOREIGN KEY (subject_id, session_id) REFERENCES " + p.parent("session") + " (subject_id, session_id))",
          "INSERT INTO " + p.table("subject") + " VALUES (1, 'mouse'), (2, 'rat'), (3, 'mouse')",
          "INSERT INTO " + p.table("session") + " VALUES (1, 1), (1, 2), (2, 1), (3, 1)",
          "INSERT INTO " + p.table("recording") + " VALUES (1, 1, 1, 10.0), (1, 2, 1, 20.0), (2, 1, 1, 30.0),"
              + " (3, 1, 1, 40.0), (3, 1, 2, 50.0)");
    }
  }

  /** What the branch adds: two tables with foreign keys, a view over draft and pipeline tables, an index. */
  void declareBranchTables(Connection c) throws Exception {
    String t = place.table("artifact_score");
    exec(c, "CREATE TABLE " + place.table("artifact_params") + " (param_id INT NOT NULL, threshold FLOAT,"
            + " PRIMARY KEY (param_id))",
        "CREATE TABLE " + t + " (subject_id INT NOT NULL, session_id INT NOT NULL, recording_id INT NOT NULL,"
            + " param_id INT NOT NULL, score FLOAT, PRIMARY KEY (subject_id, session_id, recording_id, param_id),"
            + " FOREIGN KEY (subject_id, session_id, recording_id) REFERENCES " + place.parent("recording")
            + " (subject_id, session_id, recording_id)" + (place.db == Db.DUCKDB ? "" : " ON UPDATE CASCADE") + " ON DELETE RESTRICT,"
            + " FOREIGN KEY (param_id) REFERENCES " + place.parent("artifact_params") + " (param_id))");
    if (place.db != Db.SQLITE) { // an SQLite view may only name tables of its own database file
      exec(c, "CREATE VIEW " + place.table("scored") + " AS SELECT r.subject_id, r.duration, a.score FROM "
          + place.table("recording") + " r JOIN " + t + " a ON a.subject_id = r.subject_id"
          + " AND a.session_id = r.session_id AND a.recording_id = r.recording_id");
    }
    exec(c, place.db == Db.SQLITE ? "CREATE INDEX " + place.table("score_idx") + " ON artifact_score (score)"
        : "CREATE INDEX score_idx ON " + t + " (score)");
  }

  List<String> run(Connection c) throws Exception {
    String params = place.table("artifact_params");
    String score = place.table("artifact_score");
    String rec = place.table("recording");
    String subject = place.table("subject");
    exec(c, "INSERT INTO " + params + " VALUES (1, 0.5), (2, 0.9)");
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + score + " VALUES (?, ?, ?, ?, ?)")) {
      int[][] keys = {{1, 1, 1}, {1, 2, 1}, {2, 1, 1}};
      for (int[] k : keys) {
        ps.setInt(1, k[0]);
        ps.setInt(2, k[1]);
        ps.setInt(3, k[2]);
        ps.setInt(4, 1);
        ps.setDouble(5, k[0] * 0.25 + k[1] * 0.125);
        ps.addBatch();
      }
      record("batch", ps.executeBatch().length);
    }
    // INSERT ... SELECT across draft and pipeline tables.
    record("insert select", update(c, "INSERT INTO " + score + " (subject_id, session_id, recording_id, param_id, score)"
        + " SELECT r.subject_id, r.session_id, r.recording_id, p.param_id, r.duration / 100 FROM " + rec + " r, "
        + params + " p WHERE p.param_id = 2"));
    record("update with subquery", update(c, "UPDATE " + score + " SET score = score * 2 WHERE param_id IN"
        + " (SELECT param_id FROM " + params + " WHERE threshold > 0.6)"));
    record("delete", update(c, "DELETE FROM " + score + " WHERE score > 0.9"));
    exec(c, upsert(params));
    query(c, "join", "SELECT s.species, a.subject_id, a.param_id, a.score FROM " + subject + " s JOIN " + score
        + " a ON a.subject_id = s.subject_id ORDER BY a.subject_id, a.session_id, a.recording_id, a.param_id");
    query(c, "qualified column", "SELECT " + params + ".threshold FROM " + params + " ORDER BY " + params + ".param_id");
    query(c, "cte", "WITH strong AS (SELECT subject_id, score FROM " + score + " WHERE score > 0.3)"
        + " SELECT count(*) FROM strong");
    query(c, "cte shadowing a draft name", "WITH artifact_params AS (SELECT 7 AS param_id) SELECT param_id FROM artifact_params");
    query(c, "union", "SELECT subject_id FROM " + subject + " UNION SELECT subject_id FROM " + score + " ORDER BY 1");
    query(c, "subquery", "SELECT subject_id FROM " + subject + " WHERE subject_id IN (SELECT subject_id FROM " + score
        + ") ORDER BY 1");
    query(c, "aggregate", "SELECT p.param_id, count(a.score) FROM " + params + " p LEFT JOIN " + score
        + " a ON a.param_id = p.param_id GROUP BY p.param_id ORDER BY p.param_id");
    if (place.db != Db.SQLITE) {
      query(c, "view", "SELECT subject_id, duration, score FROM " + place.table("scored") + " ORDER BY subject_id, score");
    }
    try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM " + score + " WHERE subject_id = ?")) {
      for (int id = 1; id <= 3; id++) {
        ps.setInt(1, id);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          record("count for " + id, rs.getInt(1));
        }
      }
    }
    // Literals vary, shape stays: one plan serves all (counted in the rewriter tests).
    for (int id = 1; id <= 3; id++) {
      query(c, "literal " + id, "SELECT count(*) FROM " + score + " WHERE subject_id = " + id);
    }
    return transcript;
  }

  private String upsert(String params) {
    return place.db == Db.MARIADB
        ? "INSERT INTO " + params + " VALUES (2, 0.95) ON DUPLICATE KEY UPDATE threshold = VALUES(threshold)"
        : "INSERT INTO " + params + " VALUES (2, 0.95) ON CONFLICT (param_id) DO UPDATE SET threshold = excluded.threshold";
  }

  private static void exec(Connection c, String... sql) throws Exception {
    BranchFixture.exec(c, sql);
  }

  private static int update(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement()) {
      return s.executeUpdate(sql);
    }
  }

  private void query(Connection c, String what, String sql) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> rows = new ArrayList<>();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          Object v = rs.getObject(i);
          row.append(i > 1 ? " | " : "").append(v instanceof Number n ? String.format("%.4f", n.doubleValue()) : v);
        }
        rows.add(row.toString());
      }
      record(what, rows);
    }
  }

  private void record(String what, Object value) {
    transcript.add(what + ": " + value);
  }
}

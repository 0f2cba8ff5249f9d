package org.djbranch.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Adds a Parquet file, already written, to a table of a working catalog (the SQLite file {@code djbranch lake
 * checkout} makes) as one insert, recording the rows DuckDB's {@code ducklake} extension records for it: a
 * snapshot and its change, the data file, the table's and the file's statistics. The benchmark cannot load the
 * extension (it is not a Maven artifact), and a version of a given size is all it needs from one.
 */
final class LakeAppend {
  private LakeAppend() {
  }

  /**
   * Hard-links {@code parquet} (copies it where links fail) into {@code dataFolder/tableDir/} under a new name
   * and records it as an insert of {@code rows} rows into table {@code tableId}; returns its path under the data
   * folder.
   */
  static String insert(Path catalog, Path dataFolder, long tableId, String tableDir, Path parquet, long rows)
      throws Exception {
    String name = "ducklake-" + UUID.randomUUID() + ".parquet";
    Path file = Files.createDirectories(dataFolder.resolve(tableDir)).resolve(name);
    try {
      Files.createLink(file, parquet);
    } catch (UnsupportedOperationException | java.io.IOException noLinks) {
      Files.copy(parquet, file);
    }
    long size = Files.size(file);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + catalog)) {
      c.setAutoCommit(false);
      long last = one(c, "SELECT max(snapshot_id) FROM ducklake_snapshot");
      long snapshot = last + 1;
      long fileId = one(c, "SELECT next_file_id FROM ducklake_snapshot WHERE snapshot_id = " + last);
      long firstRowId = one(c, "SELECT next_row_id FROM ducklake_table_stats WHERE table_id = " + tableId);
      Map<String, Object> snap = new LinkedHashMap<>();
      snap.put("snapshot_id", snapshot);
      snap.put("snapshot_time", "2026-12-04 10:00:00+00");
      snap.put("schema_version", one(c, "SELECT schema_version FROM ducklake_snapshot WHERE snapshot_id = " + last));
      snap.put("next_catalog_id", one(c, "SELECT next_catalog_id FROM ducklake_snapshot WHERE snapshot_id = " + last));
      snap.put("next_file_id", fileId + 1);
      insertRow(c, "ducklake_snapshot", snap);
      insertRow(c, "ducklake_snapshot_changes", Map.of("snapshot_id", snapshot,
          "changes_made", "inserted_into_table:" + tableId));
      Map<String, Object> data = new LinkedHashMap<>();
      data.put("data_file_id", fileId);
      data.put("table_id", tableId);
      data.put("begin_snapshot", snapshot);
      data.put("path", name);
      data.put("path_is_relative", 1);
      data.put("file_format", "parquet");
      data.put("record_count", rows);
      data.put("file_size_bytes", size);
      data.put("row_id_start", firstRowId);
      insertRow(c, "ducklake_data_file", data);
      try (Statement s = c.createStatement()) {
        s.executeUpdate("UPDATE ducklake_table_stats SET record_count = record_count + " + rows
            + ", next_row_id = next_row_id + " + rows + ", file_size_bytes = file_size_bytes + " + size
            + " WHERE table_id = " + tableId);
        s.executeUpdate("INSERT INTO ducklake_file_column_stats (data_file_id, table_id, column_id, value_count, "
            + "null_count) SELECT " + fileId + ", table_id, column_id, " + rows + ", 0 FROM ducklake_column "
            + "WHERE table_id = " + tableId);
      }
      c.commit();
    }
    return tableDir + "/" + name;
  }

  private static long one(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** Inserts the values whose columns the catalog's version of the DuckLake specification has. */
  private static void insertRow(Connection c, String table, Map<String, Object> values) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA table_info(\"" + table + "\")")) {
      while (rs.next()) {
        if (values.containsKey(rs.getString("name"))) {
          columns.add(rs.getString("name"));
        }
      }
    }
    String sql = "INSERT INTO \"" + table + "\" (" + String.join(", ", columns) + ") VALUES ("
        + String.join(", ", columns.stream().map(x -> "?").toList()) + ")";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < columns.size(); i++) {
        ps.setObject(i + 1, values.get(columns.get(i)));
      }
      ps.executeUpdate();
    }
  }
}

package org.djbranch.lake;

import org.djbranch.lake.catalog.DuckDb;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes to a working catalog the rows the ducklake extension writes for an insert: a new
 * snapshot and its changes row, a Parquet data file written by DuckDB with field ids, the
 * data-file row, file and table statistics. Used where the extension cannot be loaded.
 */
final class ExtensionLikeWriter {
  private final Path catalog;
  private final Path dataFolder;

  ExtensionLikeWriter(Path catalog, Path dataFolder) {
    this.catalog = catalog;
    this.dataFolder = dataFolder;
  }

  /** Inserts rows {@code (id, label)} (label may be null for a one-column table) as a new snapshot; returns the snapshot id. */
  long insert(long tableId, String tableDir, String selectRows, String fieldIds, long rowCount) throws Exception {
    try (Connection c = DuckDb.sqlite(catalog)) {
      c.setAutoCommit(false);
      long last = single(c, "SELECT max(snapshot_id) FROM ducklake_snapshot");
      long next = last + 1;
      long fileId = single(c, "SELECT next_file_id FROM ducklake_snapshot WHERE snapshot_id = " + last);
      long nextCatalogId = single(c, "SELECT next_catalog_id FROM ducklake_snapshot WHERE snapshot_id = " + last);
      long schemaVersion = single(c, "SELECT schema_version FROM ducklake_snapshot WHERE snapshot_id = " + last);
      long rowIdStart = single(c, "SELECT next_row_id FROM ducklake_table_stats WHERE table_id = " + tableId);

      String name = "ducklake-" + UUID.randomUUID() + ".parquet";
      Path file = dataFolder.resolve(tableDir).resolve(name);
      Files.createDirectories(file.getParent());
      try (Connection duck = DuckDb.inMemory(); Statement s = duck.createStatement()) {
        s.execute("COPY (" + selectRows + ") TO '" + file + "' (FORMAT parquet, FIELD_IDS " + fieldIds + ")");
      }
      long size = Files.size(file);
      insertRow(c, "ducklake_snapshot", Map.of("snapshot_id", next, "snapshot_time", "2026-07-01 10:00:00+00",
          "schema_version", schemaVersion, "next_catalog_id", nextCatalogId, "next_file_id", fileId + 1));
      insertRow(c, "ducklake_snapshot_changes", Map.of("snapshot_id", next, "changes_made", "inserted_into_table:" + tableId));
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("data_file_id", fileId);
      row.put("table_id", tableId);
      row.put("begin_snapshot", next);
      row.put("path", name);
      row.put("path_is_relative", 1);
      row.put("file_format", "parquet");
      row.put("record_count", rowCount);
      row.put("file_size_bytes", size);
      row.put("row_id_start", rowIdStart);
      insertRow(c, "ducklake_data_file", row);
      try (Statement s = c.createStatement()) {
        s.executeUpdate("UPDATE ducklake_table_stats SET record_count = record_count + " + rowCount
            + ", next_row_id = next_row_id + " + rowCount + ", file_size_bytes = file_size_bytes + " + size
            + " WHERE table_id = " + tableId);
        s.executeUpdate("INSERT INTO ducklake_file_column_stats (data_file_id, table_id, column_id, value_count, null_count) "
            + "SELECT " + fileId + ", table_id, column_id, " + rowCount + ", 0 FROM ducklake_column WHERE table_id = " + tableId);
      }
      c.commit();
      return next;
    }
  }

  /** Runs SQL on the working catalog, as a user poking at it by hand would. */
  void execute(String sql) throws Exception {
    try (Connection c = DuckDb.sqlite(catalog); Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  static long single(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** Inserts the given values into the columns this spec version has. */
  static void insertRow(Connection c, String table, Map<String, Object> values) throws Exception {
    List<String> present = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA table_info(\"" + table + "\")")) {
      while (rs.next()) {
        present.add(rs.getString("name"));
      }
    }
    List<String> cols = values.keySet().stream().filter(present::contains).toList();
    String sql = "INSERT INTO \"" + table + "\" (" + String.join(", ", cols) + ") VALUES ("
        + String.join(", ", cols.stream().map(x -> "?").toList()) + ")";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < cols.size(); i++) {
        ps.setObject(i + 1, values.get(cols.get(i)));
      }
      ps.executeUpdate();
    }
  }
}

package org.djbranch.lake.catalog;

import org.djbranch.lake.util.LakeException;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a DuckLake catalog holds at one snapshot, read with plain SQL from its bookkeeping
 * tables — the same queries on a frozen DuckDB catalog and on a SQLite working catalog. Also
 * every data and delete file any row names, whatever its snapshot, for files.json.
 */
public final class CatalogModel {
  public record Schema(long id, String name, String path, boolean pathIsRelative) {
  }

  public record Table(long id, long schemaId, String name, String path, boolean pathIsRelative) {
  }

  public record Column(long id, long tableId, long order, String name, String type, String initialDefault,
             boolean nullable, Long parentColumn) {
  }

  public record DataFile(long id, long tableId, String path, boolean pathIsRelative, Long partialMax,
               Long mappingId, long beginSnapshot, Long endSnapshot) {
  }

  public record DeleteFile(long id, long tableId, long dataFileId, String path, boolean pathIsRelative,
               long beginSnapshot, Long endSnapshot) {
  }

  public record View(long id, long schemaId, String name, String dialect, String sql) {
  }

  /** A file as recorded (schema, table and file path joined); {@code absolute} when any part is not relative. */
  public record FilePath(String path, boolean absolute, String table) {
  }

  private final long snapshotId;
  private final String snapshotTime;
  private final Map<String, String> metadata;
  private final List<Schema> schemas;
  private final List<Table> tables;
  private final List<Column> columns;
  private final List<DataFile> dataFiles;
  private final List<DeleteFile> deleteFiles;
  private final List<View> views;
  private final List<FilePath> allFiles;

  private CatalogModel(long snapshotId, String snapshotTime, Map<String, String> metadata, List<Schema> schemas,
             List<Table> tables, List<Column> columns, List<DataFile> dataFiles,
             List<DeleteFile> deleteFiles, List<View> views, List<FilePath> allFiles) {
    this.snapshotId = snapshotId;
    this.snapshotTime = snapshotTime;
    this.metadata = metadata;
    this.schemas = schemas;
    this.tables = tables;
    this.columns = columns;
    this.dataFiles = dataFiles;
    this.deleteFiles = deleteFiles;
    this.views = views;
    this.allFiles = allFiles;
  }

  /**
   * Reads the catalog at its last snapshot.
   *
   * @param prefix how to name a bookkeeping table on {@code c}: {@code "cat".} for an attached
   *               DuckDB catalog, empty for SQLite
   * @param what   the catalog's name in messages
   */
  public static CatalogModel load(Connection c, String prefix, String what) throws SQLException {
    Reader r = new Reader(c, prefix);
    List<Map<String, Object>> snaps = r.rows("ducklake_snapshot", "ORDER BY snapshot_id DESC LIMIT 1");
    if (snaps.isEmpty()) {
      throw new LakeException(what + " has no snapshot in ducklake_snapshot: it is not a DuckLake catalog "
          + "the extension has initialised", LakeException.NOT_FOUND);
    }
    long s = asLong(snaps.get(0).get("snapshot_id"));
    String time = String.valueOf(snaps.get(0).get("snapshot_time"));
    String live = "WHERE begin_snapshot <= " + s + " AND (end_snapshot IS NULL OR end_snapshot > " + s + ")";

    Map<String, String> metadata = new LinkedHashMap<>();
    for (Map<String, Object> row : r.rows("ducklake_metadata", "")) {
      if (row.get("scope") == null) {
        metadata.put(String.valueOf(row.get("key")), row.get("value") == null ? null : String.valueOf(row.get("value")));
      }
    }
    List<Schema> schemas = new ArrayList<>();
    for (Map<String, Object> row : r.rows("ducklake_schema", live)) {
      schemas.add(new Schema(asLong(row.get("schema_id")), str(row.get("schema_name")), str(row.get("path")),
          asBool(row.get("path_is_relative"), true)));
    }
    List<Table> tables = new ArrayList<>();
    for (Map<String, Object> row : r.rows("ducklake_table", live)) {
      tables.add(new Table(asLong(row.get("table_id")), asLong(row.get("schema_id")), str(row.get("table_name")),
          str(row.get("path")), asBool(row.get("path_is_relative"), true)));
    }
    List<Column> columns = new ArrayList<>();
    for (Map<String, Object> row : r.rows("ducklake_column", live)) {
      columns.add(new Column(asLong(row.get("column_id")), asLong(row.get("table_id")),
          row.get("column_order") == null ? asLong(row.get("column_id")) : asLong(row.get("column_order")),
          str(row.get("column_name")), str(row.get("column_type")), str(row.get("initial_default")),
          asBool(row.get("nulls_allowed"), true), asLongOrNull(row.get("parent_column"))));
    }
    columns.sort(Comparator.comparingLong(Column::tableId).thenComparingLong(Column::order));
    List<DataFile> dataFiles = new ArrayList<>();
    for (Map<String, Object> row : r.rows("ducklake_data_file", live + " ORDER BY data_file_id")) {
      dataFiles.add(dataFile(row));
    }
    List<DeleteFile> deleteFiles = new ArrayList<>();
    for (Map<String, Object> row : r.rows("ducklake_delete_file", live + " ORDER BY delete_file_id")) {
      deleteFiles.add(deleteFile(row));
    }
    List<View> views = new ArrayList<>();
    for (Map<String, Object> row : r.rows("ducklake_view", live)) {
      views.add(new View(asLong(row.get("view_id")), asLong(row.get("schema_id")), str(row.get("view_name")),
          str(row.get("dialect")), str(row.get("sql"))));
    }
    List<FilePath> allFiles = allFiles(r);
    return new CatalogModel(s, time, metadata, schemas, tables, columns, dataFiles, deleteFiles, views, allFiles);
  }

  /** Every data or delete file any row names, joined with its table's and schema's paths. */
  private static List<FilePath> allFiles(Reader r) throws SQLException {
    Map<Long, Map<String, Object>> schemaRows = new HashMap<>();
    for (Map<String, Object> row : r.rows("ducklake_schema", "ORDER BY begin_snapshot")) {
      schemaRows.put(asLong(row.get("schema_id")), row);
    }
    Map<Long, Map<String, Object>> tableRows = new HashMap<>();
    for (Map<String, Object> row : r.rows("ducklake_table", "ORDER BY begin_snapshot")) {
      tableRows.put(asLong(row.get("table_id")), row);
    }
    List<FilePath> files = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (String t : List.of("ducklake_data_file", "ducklake_delete_file")) {
      for (Map<String, Object> row : r.rows(t, "")) {
        long tableId = asLong(row.get("table_id"));
        Map<String, Object> table = tableRows.get(tableId);
        Map<String, Object> schema = table == null ? null : schemaRows.get(asLong(table.get("schema_id")));
        String name = table == null ? "table_id " + tableId
            : (schema == null ? "" : str(schema.get("schema_name")) + ".") + str(table.get("table_name"));
        FilePath p = join(schema, table, str(row.get("path")), asBool(row.get("path_is_relative"), true), name);
        if (seen.add(p.path())) {
          files.add(p);
        }
      }
    }
    files.sort(Comparator.comparing(FilePath::path));
    return files;
  }

  private static FilePath join(Map<String, Object> schema, Map<String, Object> table, String file,
                 boolean fileRelative, String tableName) {
    if (!fileRelative) {
      return new FilePath(file, true, tableName);
    }
    String path = file;
    boolean absolute = false;
    if (table != null) {
      path = str(table.get("path")) + path;
      if (!asBool(table.get("path_is_relative"), true)) {
        return new FilePath(path, true, tableName);
      }
    }
    if (schema != null) {
      path = str(schema.get("path")) + path;
      absolute = !asBool(schema.get("path_is_relative"), true);
    }
    return new FilePath(path, absolute, tableName);
  }

  /** The path of a live data or delete file of {@code table}, relative to data_path (or absolute). */
  public FilePath pathOf(Table table, String file, boolean fileRelative) {
    Schema schema = schemas.stream().filter(s -> s.id() == table.schemaId()).findFirst().orElse(null);
    if (!fileRelative) {
      return new FilePath(file, true, qualifiedName(table));
    }
    if (!table.pathIsRelative()) {
      return new FilePath(table.path() + file, true, qualifiedName(table));
    }
    String path = table.path() + file;
    if (schema == null) {
      return new FilePath(path, false, qualifiedName(table));
    }
    return new FilePath(schema.path() + path, !schema.pathIsRelative(), qualifiedName(table));
  }

  public String qualifiedName(Table table) {
    return schemaName(table.schemaId()) + "." + table.name();
  }

  public String schemaName(long schemaId) {
    return schemas.stream().filter(s -> s.id() == schemaId).map(Schema::name).findFirst().orElse("schema_" + schemaId);
  }

  public long snapshotId() {
    return snapshotId;
  }

  public String snapshotTime() {
    return snapshotTime;
  }

  public Optional<String> metadata(String key) {
    return Optional.ofNullable(metadata.get(key));
  }

  public List<Schema> schemas() {
    return schemas;
  }

  public List<Table> tables() {
    return tables;
  }

  public List<Column> topLevelColumns(long tableId) {
    return columns.stream().filter(c -> c.tableId() == tableId && c.parentColumn() == null).toList();
  }

  public List<Column> children(long columnId) {
    return columns.stream().filter(c -> c.parentColumn() != null && c.parentColumn() == columnId).toList();
  }

  public List<DataFile> dataFiles(long tableId) {
    return dataFiles.stream().filter(f -> f.tableId() == tableId).toList();
  }

  public List<DeleteFile> deleteFiles(long dataFileId) {
    return deleteFiles.stream().filter(f -> f.dataFileId() == dataFileId).toList();
  }

  public List<View> views() {
    return views;
  }

  public List<FilePath> allFiles() {
    return allFiles;
  }

  private static DataFile dataFile(Map<String, Object> row) {
    return new DataFile(asLong(row.get("data_file_id")), asLong(row.get("table_id")), str(row.get("path")),
        asBool(row.get("path_is_relative"), true), asLongOrNull(row.get("partial_max")),
        asLongOrNull(row.get("mapping_id")), asLong(row.get("begin_snapshot")), asLongOrNull(row.get("end_snapshot")));
  }

  private static DeleteFile deleteFile(Map<String, Object> row) {
    return new DeleteFile(asLong(row.get("delete_file_id")), asLong(row.get("table_id")),
        asLong(row.get("data_file_id")), str(row.get("path")), asBool(row.get("path_is_relative"), true),
        asLong(row.get("begin_snapshot")), asLongOrNull(row.get("end_snapshot")));
  }

  static String str(Object o) {
    return o == null ? null : o.toString();
  }

  static long asLong(Object o) {
    return o instanceof Number n ? n.longValue() : Long.parseLong(o.toString());
  }

  static Long asLongOrNull(Object o) {
    return o == null ? null : asLong(o);
  }

  /** SQLite holds booleans as 0/1, DuckDB as BOOLEAN. */
  static boolean asBool(Object o, boolean ifNull) {
    if (o == null) {
      return ifNull;
    }
    if (o instanceof Boolean b) {
      return b;
    }
    if (o instanceof Number n) {
      return n.longValue() != 0;
    }
    return o.toString().equalsIgnoreCase("true") || o.toString().equals("1");
  }

  /** Reads rows of one bookkeeping table as column-name maps; a table this spec version lacks reads as empty. */
  private static final class Reader {
    private final Connection c;
    private final String prefix;
    private final Set<String> present = new HashSet<>();

    Reader(Connection c, String prefix) throws SQLException {
      this.c = c;
      this.prefix = prefix;
      String alias = prefix.isEmpty() ? null : prefix.substring(1, prefix.length() - 2).replace("\"\"", "\"");
      List<BookkeepingTable> tables = alias == null ? BookkeepingTables.ofSqlite(c) : BookkeepingTables.ofDuckDb(c, alias);
      tables.forEach(t -> present.add(t.name()));
    }

    List<Map<String, Object>> rows(String table, String tail) throws SQLException {
      List<Map<String, Object>> rows = new ArrayList<>();
      if (!present.contains(table)) {
        return rows;
      }
      try (Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT * FROM " + prefix + "\"" + table + "\" " + tail)) {
        ResultSetMetaData md = rs.getMetaData();
        while (rs.next()) {
          Map<String, Object> row = new HashMap<>();
          for (int i = 1; i <= md.getColumnCount(); i++) {
            row.put(md.getColumnName(i).toLowerCase(), rs.getObject(i));
          }
          rows.add(row);
        }
      }
      return rows;
    }
  }
}

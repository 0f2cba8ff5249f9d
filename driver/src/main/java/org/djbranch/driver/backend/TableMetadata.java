package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What JDBC's {@link DatabaseMetaData} says of one live table, read alike on every database: the default of the
 * {@link Backend} hooks that read a table's shape, indexes, columns and foreign keys (a backend that can say more
 * overrides the hook). Rows that come one per column of a key are put in order by their ordinal, the first field.
 */
final class TableMetadata {
  private static final Comparator<String[]> BY_ORDINAL = Comparator.comparingInt(r -> Integer.parseInt(r[0]));

  private TableMetadata() {}

  static Set<String> indexNames(Backend b, Connection c, String schema, String table) throws SQLException {
    Set<String> names = new HashSet<>();
    DatabaseMetaData md = c.getMetaData();
    try (ResultSet rs = md.getIndexInfo(b.metaCatalog(schema), b.metaSchema(schema), table, false, true)) {
      while (rs.next()) {
        String name = rs.getString("INDEX_NAME");
        if (name != null) {
          names.add(b.key(name, true));
        }
      }
    }
    return names;
  }

  static TableShape shape(Backend b, Connection c, String schema, String table) throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    List<String> columns = new ArrayList<>();
    try (ResultSet rs = md.getColumns(b.metaCatalog(schema), b.metaSchema(schema), table, "%")) {
      while (rs.next()) {
        columns.add(rs.getString("COLUMN_NAME"));
      }
    }
    List<String[]> keyed = new ArrayList<>();
    try (ResultSet rs = md.getPrimaryKeys(b.metaCatalog(schema), b.metaSchema(schema), table)) {
      while (rs.next()) {
        keyed.add(new String[] {rs.getString("KEY_SEQ"), rs.getString("COLUMN_NAME")});
      }
    }
    keyed.sort(BY_ORDINAL);
    List<String> key = new ArrayList<>();
    for (String[] k : keyed) {
      key.add(k[1]);
    }
    return new TableShape(columns, key);
  }

  static List<Backend.LiveIndex> indexes(Backend b, Connection c, String schema, String table) throws SQLException {
    Map<String, List<String[]>> byName = new LinkedHashMap<>();
    Map<String, Boolean> unique = new HashMap<>();
    DatabaseMetaData md = c.getMetaData();
    try (ResultSet rs = md.getIndexInfo(b.metaCatalog(schema), b.metaSchema(schema), table, false, false)) {
      while (rs.next()) {
        String name = rs.getString("INDEX_NAME");
        if (name == null || rs.getShort("TYPE") == DatabaseMetaData.tableIndexStatistic
            || rs.getString("FILTER_CONDITION") != null) {
          continue;
        }
        byName.computeIfAbsent(name, k -> new ArrayList<>()).add(new String[] {rs.getString("ORDINAL_POSITION"),
            rs.getString("COLUMN_NAME"), rs.getString("ASC_OR_DESC")});
        unique.put(name, !rs.getBoolean("NON_UNIQUE"));
      }
    }
    List<Backend.LiveIndex> out = new ArrayList<>();
    for (Map.Entry<String, List<String[]>> e : byName.entrySet()) {
      List<String[]> rows = e.getValue();
      rows.sort(BY_ORDINAL);
      List<String> columns = new ArrayList<>();
      List<Boolean> descending = new ArrayList<>();
      for (String[] r : rows) {
        columns.add(r[1]);
        descending.add("D".equals(r[2]));
      }
      out.add(new Backend.LiveIndex(e.getKey(), unique.get(e.getKey()), columns, descending));
    }
    return out;
  }

  static Backend.LiveColumn column(Backend b, Connection c, String schema, String table, String column)
      throws SQLException {
    try (ResultSet rs = c.getMetaData().getColumns(b.metaCatalog(schema), b.metaSchema(schema), table, column)) {
      while (rs.next()) {
        if (rs.getString("COLUMN_NAME").equals(column)) {
          return new Backend.LiveColumn(column, rs.getString("TYPE_NAME"), rs.getInt("NULLABLE")
              != DatabaseMetaData.columnNoNulls, rs.getString("COLUMN_DEF") != null);
        }
      }
    }
    return null;
  }

  static List<Backend.LiveForeignKey> foreignKeys(Backend b, Connection c, String schema, String table)
      throws SQLException {
    KeyRows keys = new KeyRows();
    try (ResultSet rs = c.getMetaData().getImportedKeys(b.metaCatalog(schema), b.metaSchema(schema), table)) {
      while (rs.next()) {
        keys.add(rs.getString("FK_NAME"), keyRow(rs));
      }
    }
    return keys.keys();
  }

  /**
   * The keys of any schema's tables whose parent is {@code schema.table} (JDBC's exported keys), with their child;
   * a child the driver names no schema of (SQLite's main) is of {@code schema}.
   */
  static List<Backend.ReferencingKey> keysReferencing(Backend b, Connection c, String schema, String table)
      throws SQLException {
    Map<List<String>, KeyRows> byChild = new LinkedHashMap<>();
    try (ResultSet rs = c.getMetaData().getExportedKeys(b.metaCatalog(schema), b.metaSchema(schema), table)) {
      while (rs.next()) {
        String childSchema = rs.getString("FKTABLE_SCHEM") != null ? rs.getString("FKTABLE_SCHEM")
            : rs.getString("FKTABLE_CAT") != null ? rs.getString("FKTABLE_CAT") : schema;
        byChild.computeIfAbsent(List.of(childSchema, rs.getString("FKTABLE_NAME")), k -> new KeyRows())
            .add(rs.getString("FK_NAME"), keyRow(rs));
      }
    }
    List<Backend.ReferencingKey> out = new ArrayList<>();
    byChild.forEach((child, keys) -> {
      for (Backend.LiveForeignKey key : keys.keys()) {
        out.add(new Backend.ReferencingKey(child.get(0), child.get(1), key));
      }
    });
    return out;
  }

  /** One row of a JDBC key listing (imported or exported), as {@link #keys} reads it. */
  private static String[] keyRow(ResultSet rs) throws SQLException {
    String parentSchema = rs.getString("PKTABLE_SCHEM") != null ? rs.getString("PKTABLE_SCHEM")
        : rs.getString("PKTABLE_CAT");
    return new String[] {rs.getString("KEY_SEQ"), rs.getString("FKCOLUMN_NAME"), rs.getString("PKCOLUMN_NAME"),
        parentSchema, rs.getString("PKTABLE_NAME"), rs.getString("UPDATE_RULE"), rs.getString("DELETE_RULE")};
  }

  /**
   * The rows of a JDBC key listing grouped into keys, each key's columns in order. A named key's rows are grouped by
   * its name; an unnamed one (SQLite's {@code a INT REFERENCES p}, which its driver lists with an empty name) is the
   * run of rows its {@code KEY_SEQ} counts up in, so that a table's two unnamed keys stay two.
   */
  private static final class KeyRows {
    private final Map<String, List<String[]>> byName = new LinkedHashMap<>();
    private final List<List<String[]>> unnamed = new ArrayList<>();
    private final List<String> order = new ArrayList<>(); // names, and null for each unnamed key, as listed

    void add(String name, String[] row) {
      if (name != null && !name.isEmpty()) {
        byName.computeIfAbsent(name, k -> {
          order.add(k);
          return new ArrayList<>();
        }).add(row);
        return;
      }
      List<String[]> last = unnamed.isEmpty() ? null : unnamed.get(unnamed.size() - 1);
      if (last == null || Integer.parseInt(last.get(last.size() - 1)[0]) >= Integer.parseInt(row[0])
          || !java.util.Objects.equals(last.get(0)[4], row[4])) {
        last = new ArrayList<>();
        unnamed.add(last);
        order.add(null);
      }
      last.add(row);
    }

    List<Backend.LiveForeignKey> keys() {
      List<Backend.LiveForeignKey> out = new ArrayList<>();
      int nextUnnamed = 0;
      for (String name : order) {
        out.add(key(name == null ? "" : name, name == null ? unnamed.get(nextUnnamed++) : byName.get(name)));
      }
      return out;
    }

    private static Backend.LiveForeignKey key(String name, List<String[]> rows) {
      rows.sort(BY_ORDINAL);
      List<String> columns = new ArrayList<>();
      List<String> parentColumns = new ArrayList<>();
      for (String[] r : rows) {
        columns.add(r[1]);
        parentColumns.add(r[2]);
      }
      String[] first = rows.get(0);
      return new Backend.LiveForeignKey(name, first[3], first[4], columns, parentColumns,
          Integer.parseInt(first[5]), Integer.parseInt(first[6]));
    }
  }
}

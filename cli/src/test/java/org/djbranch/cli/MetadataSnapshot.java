package org.djbranch.cli;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * What a connection's JDBC metadata says of some tables of one logical schema, as text to compare: columns with
 * type, size, nullability and default, the primary key, foreign keys with their actions, indexes. On a branch it is
 * the merged view (draft tables under their logical schema, symbolic keys as foreign keys).
 */
final class MetadataSnapshot {
  private MetadataSnapshot() {}

  /**
   * {@code defaults}: a normalisation of default texts (a sequence named in its physical schema); without
   * {@code keyNames} a foreign key is compared without its name (DuckDB keeps none and names each key itself).
   */
  static String of(Connection c, String schema, List<String> tables, UnaryOperator<String> defaults,
      boolean keyNames) throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    boolean byCatalog = !md.supportsSchemasInTableDefinitions() && md.supportsCatalogsInTableDefinitions();
    String cat = byCatalog ? schema : null;
    String sch = byCatalog ? null : schema;
    StringBuilder out = new StringBuilder();
    for (String t : tables) {
      out.append("table ").append(t).append('\n');
      try (ResultSet rs = md.getTables(cat, sch, t, null)) {
        out.append("  exists ").append(rs.next()).append('\n');
      }
      try (ResultSet rs = md.getColumns(cat, sch, t, "%")) {
        while (rs.next()) {
          String def = rs.getString("COLUMN_DEF");
          out.append("  column ").append(rs.getString("COLUMN_NAME")).append(' ').append(rs.getString("TYPE_NAME"))
              .append('(').append(rs.getString("COLUMN_SIZE")).append(',').append(rs.getString("DECIMAL_DIGITS"))
              .append(") nullable=").append(rs.getInt("NULLABLE")).append(" default=")
              .append(def == null ? null : defaults.apply(def)).append(" auto=")
              .append(rs.getString("IS_AUTOINCREMENT")).append('\n');
        }
      }
      TreeMap<Integer, String> pk = new TreeMap<>();
      try (ResultSet rs = md.getPrimaryKeys(cat, sch, t)) {
        while (rs.next()) {
          pk.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
        }
      }
      out.append("  primary key ").append(pk.values()).append('\n');
      TreeMap<String, String> fks = new TreeMap<>();
      try (ResultSet rs = md.getImportedKeys(cat, sch, t)) {
        while (rs.next()) {
          String key = (keyNames ? rs.getString("FK_NAME") : "") + " -> " + rs.getString("PKTABLE_NAME");
          fks.merge(key, rs.getString("FKCOLUMN_NAME") + "=" + rs.getString("PKCOLUMN_NAME") + " upd="
              + rs.getShort("UPDATE_RULE") + " del=" + rs.getShort("DELETE_RULE"), (a, b) -> a + ", " + b);
        }
      }
      fks.forEach((k, v) -> out.append("  foreign key ").append(k).append(' ').append(v).append('\n'));
      TreeMap<String, List<String>> indexes = new TreeMap<>();
      try (ResultSet rs = md.getIndexInfo(cat, sch, t, false, false)) {
        while (rs.next()) {
          if (rs.getString("INDEX_NAME") == null) {
            continue; // a statistics row
          }
          indexes.computeIfAbsent(rs.getString("INDEX_NAME").toLowerCase(Locale.ROOT) + " unique="
              + !rs.getBoolean("NON_UNIQUE"), k -> new ArrayList<>()).add(rs.getString("COLUMN_NAME"));
        }
      }
      indexes.forEach((k, v) -> out.append("  index ").append(k).append(' ').append(v).append('\n'));
    }
    return out.toString();
  }
}

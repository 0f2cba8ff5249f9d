package org.djbranch.compat;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The structure of one logical schema as JDBC metadata presents it — tables, columns with type and nullability,
 * primary keys, indexes with their columns, foreign keys — one sorted line per fact, so that two places compare with
 * {@code equals} and a difference reads as the lines one has and the other lacks. Read the same way through the raw
 * driver and through a branch, whose metadata presents its copies under the logical schema's name.
 */
final class MetadataReader {
  private MetadataReader() {}

  static List<String> read(Connection c, TestDatabase place) throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    String catalog = place.db == Db.MARIADB ? place.schema : null;
    String schema = place.db == Db.MARIADB ? null : place.schema;
    TreeSet<String> out = new TreeSet<>();
    List<String> tables = new ArrayList<>();
    try (ResultSet rs = md.getTables(catalog, schema, "%", new String[] {"TABLE", "BASE TABLE", "VIEW"})) {
      while (rs.next()) {
        String name = rs.getString("TABLE_NAME");
        if (!name.startsWith("~")) { // a draft's bookkeeping, never a table of the application
          tables.add(name);
        }
      }
    }
    for (String t : tables) {
      out.add("table " + t);
      try (ResultSet rs = md.getColumns(catalog, schema, t, "%")) {
        while (rs.next()) {
          out.add("column " + t + "." + rs.getString("COLUMN_NAME") + " #" + rs.getInt("ORDINAL_POSITION") + " "
              + rs.getString("TYPE_NAME") + "(" + rs.getString("COLUMN_SIZE") + "," + rs.getString("DECIMAL_DIGITS")
              + ") nullable=" + rs.getString("IS_NULLABLE"));
        }
      }
      try (ResultSet rs = md.getPrimaryKeys(catalog, schema, t)) {
        while (rs.next()) {
          out.add("primary key " + t + " " + rs.getString("PK_NAME") + " " + rs.getInt("KEY_SEQ") + " "
              + rs.getString("COLUMN_NAME"));
        }
      }
      try (ResultSet rs = md.getIndexInfo(catalog, schema, t, false, false)) {
        while (rs.next()) {
          if (rs.getString("INDEX_NAME") == null) {
            continue; // a table statistic, not an index
          }
          out.add("index " + t + " " + rs.getString("INDEX_NAME") + " unique=" + !rs.getBoolean("NON_UNIQUE") + " "
              + rs.getInt("ORDINAL_POSITION") + " " + rs.getString("COLUMN_NAME"));
        }
      }
      try (ResultSet rs = md.getImportedKeys(catalog, schema, t)) {
        while (rs.next()) {
          out.add("foreign key " + t + " " + rs.getString("FK_NAME") + " " + rs.getInt("KEY_SEQ") + " "
              + rs.getString("FKCOLUMN_NAME") + " -> " + rs.getString("PKTABLE_NAME") + "."
              + rs.getString("PKCOLUMN_NAME") + " update=" + rs.getInt("UPDATE_RULE") + " delete="
              + rs.getInt("DELETE_RULE"));
        }
      }
    }
    return new ArrayList<>(out);
  }

  /** What {@code actual} lacks of {@code expected} ({@code - line}) and holds beyond it ({@code + line}). */
  static List<String> differences(List<String> expected, List<String> actual) {
    List<String> out = new ArrayList<>();
    TreeSet<String> have = new TreeSet<>(actual);
    TreeSet<String> want = new TreeSet<>(expected);
    for (String line : expected) {
      if (!have.contains(line)) {
        out.add("- " + line);
      }
    }
    for (String line : actual) {
      if (!want.contains(line)) {
        out.add("+ " + line);
      }
    }
    return out;
  }
}

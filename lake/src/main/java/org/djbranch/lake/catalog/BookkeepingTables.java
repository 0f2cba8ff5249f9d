package org.djbranch.lake.catalog;

import org.djbranch.lake.util.Sql;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lists DuckLake's bookkeeping tables — every table whose name starts with {@code ducklake_},
 * whatever the spec version — of a DuckDB catalog attached under an alias, or of a SQLite file.
 * Nothing is assumed about which tables a version has: they are copied as found.
 */
public final class BookkeepingTables {
  private BookkeepingTables() {
  }

  public static boolean isBookkeeping(String table) {
    return table.toLowerCase().startsWith("ducklake_");
  }

  public static List<BookkeepingTable> ofDuckDb(Connection c, String alias) throws SQLException {
    Map<String, List<BookkeepingTable.Column>> columns = new LinkedHashMap<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT table_name, column_name, data_type "
        + "FROM information_schema.columns WHERE table_catalog = ? AND table_schema = 'main' "
        + "ORDER BY table_name, ordinal_position")) {
      ps.setString(1, alias);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          if (isBookkeeping(rs.getString(1))) {
            columns.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                .add(new BookkeepingTable.Column(rs.getString(2), rs.getString(3)));
          }
        }
      }
    }
    Map<String, List<String>> keys = new LinkedHashMap<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT table_name, constraint_column_names "
        + "FROM duckdb_constraints() WHERE database_name = ? AND schema_name = 'main' "
        + "AND constraint_type = 'PRIMARY KEY'")) {
      ps.setString(1, alias);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          Array names = rs.getArray(2);
          keys.put(rs.getString(1), Arrays.stream((Object[]) names.getArray()).map(String::valueOf).toList());
        }
      }
    }
    List<BookkeepingTable> tables = new ArrayList<>();
    columns.forEach((name, cols) -> tables.add(new BookkeepingTable(name, cols, keys.getOrDefault(name, List.of()))));
    return tables;
  }

  public static List<BookkeepingTable> ofSqlite(Connection c) throws SQLException {
    List<String> names = new ArrayList<>();
    try (Statement s = c.createStatement();
       ResultSet rs = s.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")) {
      while (rs.next()) {
        if (isBookkeeping(rs.getString(1))) {
          names.add(rs.getString(1));
        }
      }
    }
    List<BookkeepingTable> tables = new ArrayList<>();
    for (String name : names) {
      List<BookkeepingTable.Column> cols = new ArrayList<>();
      Map<Integer, String> pk = new java.util.TreeMap<>();
      try (Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("PRAGMA table_info(" + Sql.ident(name) + ")")) {
        while (rs.next()) {
          cols.add(new BookkeepingTable.Column(rs.getString("name"), rs.getString("type")));
          if (rs.getInt("pk") > 0) {
            pk.put(rs.getInt("pk"), rs.getString("name"));
          }
        }
      }
      tables.add(new BookkeepingTable(name, cols, List.copyOf(pk.values())));
    }
    return tables;
  }
}

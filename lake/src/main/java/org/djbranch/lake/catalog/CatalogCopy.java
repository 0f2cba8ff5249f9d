package org.djbranch.lake.catalog;

import org.djbranch.lake.util.Sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Copies bookkeeping tables row for row between a frozen catalog (DuckDB, attached under an
 * alias) and a working catalog (SQLite). Rows are copied as they are: no id is renumbered, no
 * path rewritten; only the storage type changes where SQLite has no such type.
 */
public final class CatalogCopy {
  private static final int BATCH = 1000;

  private CatalogCopy() {
  }

  /** Checkout: every bookkeeping table of {@code alias} into the empty SQLite {@code sqlite}. */
  public static void duckDbToSqlite(Connection duck, String alias, Connection sqlite) throws SQLException {
    boolean auto = sqlite.getAutoCommit();
    sqlite.setAutoCommit(false);
    try {
      for (BookkeepingTable table : BookkeepingTables.ofDuckDb(duck, alias)) {
        List<SqliteTypes> types = table.columns().stream().map(c -> SqliteTypes.of(c.type())).toList();
        try (Statement s = sqlite.createStatement()) {
          s.execute(createTable(Sql.ident(table.name()), table.columns(), types.stream().map(Enum::name).toList(),
              table.primaryKey()));
        }
        List<String> selects = new ArrayList<>();
        for (int i = 0; i < table.columns().size(); i++) {
          String col = Sql.ident(table.columns().get(i).name());
          String duckType = table.columns().get(i).type().toUpperCase();
          boolean castable = types.get(i) == SqliteTypes.VARCHAR && !duckType.equals("VARCHAR")
              || types.get(i) == SqliteTypes.BIGINT && !duckType.equals("BIGINT")
              || types.get(i) == SqliteTypes.DOUBLE && !duckType.equals("DOUBLE");
          selects.add(castable ? "CAST(" + col + " AS " + types.get(i).name() + ")" : col);
        }
        String select = "SELECT " + String.join(", ", selects) + " FROM " + Sql.ident(alias) + "."
            + Sql.ident(table.name());
        copyRows(duck, select, sqlite, Sql.ident(table.name()), table.columns().size(), null);
      }
      sqlite.commit();
    } catch (SQLException e) {
      sqlite.rollback();
      throw e;
    } finally {
      sqlite.setAutoCommit(auto);
    }
  }

  /**
   * Freeze: every bookkeeping table of the SQLite working catalog into the empty DuckDB catalog
   * attached as {@code alias}, keeping rows up to {@code lastSnapshot}.
   */
  public static void sqliteToDuckDb(Connection sqlite, Connection duck, String alias, FrozenTypes types,
                    long lastSnapshot) throws SQLException {
    for (BookkeepingTable table : BookkeepingTables.ofSqlite(sqlite)) {
      List<String> duckTypes = table.columns().stream().map(c -> types.typeOf(table.name(), c)).toList();
      try (Statement s = duck.createStatement()) {
        s.execute(createTable(Sql.ident(alias) + "." + Sql.ident(table.name()), table.columns(), duckTypes,
            table.primaryKey()));
      }
      String select = "SELECT " + table.columns().stream().map(c -> Sql.ident(c.name()))
          .collect(Collectors.joining(", ")) + " FROM " + Sql.ident(table.name()) + upToSnapshot(table, lastSnapshot);
      copyRows(sqlite, select, duck, Sql.ident(alias) + "." + Sql.ident(table.name()), table.columns().size(), duckTypes);
    }
  }

  /** Import: every bookkeeping table of one attached DuckDB catalog into another, up to {@code lastSnapshot}. */
  public static void duckDbToDuckDb(Connection duck, String from, String to, long lastSnapshot) throws SQLException {
    for (BookkeepingTable table : BookkeepingTables.ofDuckDb(duck, from)) {
      try (Statement s = duck.createStatement()) {
        String target = Sql.ident(to) + "." + Sql.ident(table.name());
        s.execute(createTable(target, table.columns(), table.columns().stream().map(BookkeepingTable.Column::type).toList(),
            table.primaryKey()));
        s.execute("INSERT INTO " + target + " SELECT * FROM " + Sql.ident(from) + "." + Sql.ident(table.name())
            + upToSnapshot(table, lastSnapshot));
      }
    }
  }

  /** Rows a later snapshot wrote are not part of the frozen version. */
  private static String upToSnapshot(BookkeepingTable table, long lastSnapshot) {
    if (table.name().equals("ducklake_snapshot") || table.name().equals("ducklake_snapshot_changes")) {
      return " WHERE snapshot_id <= " + lastSnapshot;
    }
    if (table.has("begin_snapshot")) {
      return " WHERE begin_snapshot IS NULL OR begin_snapshot <= " + lastSnapshot;
    }
    return "";
  }

  private static String createTable(String quotedName, List<BookkeepingTable.Column> columns, List<String> types,
                    List<String> primaryKey) {
    StringBuilder sql = new StringBuilder("CREATE TABLE ").append(quotedName).append(" (");
    for (int i = 0; i < columns.size(); i++) {
      sql.append(i == 0 ? "" : ", ").append(Sql.ident(columns.get(i).name())).append(' ').append(types.get(i));
    }
    if (!primaryKey.isEmpty()) {
      sql.append(", PRIMARY KEY (").append(primaryKey.stream().map(Sql::ident).collect(Collectors.joining(", ")))
          .append(')');
    }
    return sql.append(')').toString();
  }

  private static void copyRows(Connection from, String select, Connection to, String target, int width,
                 List<String> castTo) throws SQLException {
    StringBuilder insert = new StringBuilder("INSERT INTO ").append(target)
        .append(" VALUES (");
    for (int i = 0; i < width; i++) {
      insert.append(i == 0 ? "" : ", ").append(castTo == null ? "?" : "CAST(? AS " + castTo.get(i) + ")");
    }
    insert.append(')');
    try (Statement s = from.createStatement(); ResultSet rs = s.executeQuery(select);
       PreparedStatement ps = to.prepareStatement(insert.toString())) {
      int pending = 0;
      while (rs.next()) {
        for (int i = 1; i <= width; i++) {
          bind(ps, i, rs.getObject(i));
        }
        ps.addBatch();
        if (++pending == BATCH) {
          ps.executeBatch();
          pending = 0;
        }
      }
      if (pending > 0) {
        ps.executeBatch();
      }
    }
  }

  private static void bind(PreparedStatement ps, int i, Object value) throws SQLException {
    if (value == null) {
      ps.setNull(i, java.sql.Types.NULL);
    } else if (value instanceof Boolean b) {
      ps.setLong(i, b ? 1 : 0);
    } else if (value instanceof Number n && !(value instanceof Double || value instanceof Float
        || value instanceof java.math.BigDecimal)) {
      ps.setLong(i, n.longValue());
    } else if (value instanceof Double || value instanceof Float) {
      ps.setDouble(i, ((Number) value).doubleValue());
    } else if (value instanceof byte[] bytes) {
      ps.setBytes(i, bytes);
    } else if (value instanceof java.sql.Blob blob) {
      ps.setBytes(i, blob.getBytes(1, (int) blob.length()));
    } else {
      ps.setString(i, value.toString());
    }
  }
}

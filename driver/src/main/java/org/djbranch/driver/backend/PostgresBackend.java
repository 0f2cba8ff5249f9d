package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.djbranch.rewriter.Dialect;

/**
 * PostgreSQL. Identifier limit: PostgreSQL truncates names silently past 63 bytes (NAMEDATALEN - 1), so a longer
 * derived name must fail instead. Listings read pg_catalog, never information_schema, which hides the tables of
 * others from a login that may only read them (the branch login).
 */
final class PostgresBackend extends Backend {
  PostgresBackend() {
    super("PostgreSQL", Dialect.POSTGRESQL, 63, true);
  }

  @Override
  public boolean columnNamesIgnoreCase() {
    return false;
  }

  @Override
  public boolean isSystemSchema(String schema) {
    return schema.equals("pg_catalog") || schema.equals("information_schema") || schema.startsWith("pg_toast")
        || schema.startsWith("pg_temp");
  }

  @Override
  public String listingSql() {
    return "SELECT nspname::text, NULL::text FROM pg_catalog.pg_namespace WHERE nspname IN (?, ?)"
        + " UNION ALL SELECT n.nspname::text, c.relname::text FROM pg_catalog.pg_class c"
        + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
        + " WHERE n.nspname IN (?, ?) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')";
  }

  // ---- catalog: pg_catalog, never information_schema, which hides the tables of others ----

  @Override
  public List<String> schemas(Connection c) throws SQLException {
    return strings(c, "SELECT nspname::text FROM pg_catalog.pg_namespace WHERE nspname NOT LIKE 'pg\\_%'"
        + " AND nspname <> 'information_schema' ORDER BY 1");
  }

  @Override
  public List<String> tables(Connection c, String schema) throws SQLException {
    return strings(c, "SELECT c.relname::text FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
        + " ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY 1", schema);
  }

  /** {@code LIKE ... INCLUDING ALL} keeps types, collations, defaults, keys and indexes exactly. */
  @Override
  public List<String> declareTable(Connection c, String from, String table, String to,
      List<ForeignKeyDeclaration> keys) {
    return List.of("CREATE TABLE " + quote(to, table) + " (LIKE " + quote(from, table) + " INCLUDING ALL)");
  }

  /** The type as {@code format_type} spells it ("character varying(255)"), with nullability and default. */
  @Override
  public LiveColumn column(Connection c, String schema, String table, String column) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT format_type(a.atttypid, a.atttypmod), a.attnotnull,"
        + " a.atthasdef FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class t ON t.oid = a.attrelid"
        + " JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace"
        + " WHERE n.nspname = ? AND t.relname = ? AND a.attname = ? AND a.attnum > 0 AND NOT a.attisdropped")) {
      ps.setString(1, schema);
      ps.setString(2, table);
      ps.setString(3, column);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? new LiveColumn(column, rs.getString(1), !rs.getBoolean(2), rs.getBoolean(3)) : null;
      }
    }
  }

  /** {@code DO} with an empty body: nothing is touched, and it needs no privilege on any table. */
  @Override
  public String noOp(String schema, String table) {
    return "DO $$BEGIN END$$";
  }
}

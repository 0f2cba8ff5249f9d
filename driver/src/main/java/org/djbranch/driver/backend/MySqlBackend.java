package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.djbranch.rewriter.CopiedTableText;
import org.djbranch.rewriter.Dialect;

/**
 * MySQL and MariaDB. A schema is a database; identifiers may be 64 characters. DDL commits by itself, and a
 * foreign key implies an index there, which a stripped one no longer brings, so the driver declares it inline.
 */
final class MySqlBackend extends Backend {
  MySqlBackend() {
    super("MySQL/MariaDB", Dialect.MYSQL, 64, false);
  }

  @Override
  public String listingSql() {
    return "SELECT SCHEMA_NAME, NULL FROM information_schema.SCHEMATA WHERE SCHEMA_NAME IN (?, ?)"
        + " UNION ALL SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA IN (?, ?)";
  }

  @Override
  public void createSchema(Connection c, String schema) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE IF NOT EXISTS " + quote(schema));
    }
  }

  /** Asked of the server: a USE statement changes it without the driver's knowing. */
  @Override
  public String currentSchema(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); java.sql.ResultSet rs = s.executeQuery("SELECT DATABASE()")) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  /** 1044: access denied to a database; 1142: command denied; 1227: a privilege is missing. */
  @Override
  public boolean isPermissionDenied(SQLException e) {
    int code = e.getErrorCode();
    return code == 1044 || code == 1142 || code == 1227 || super.isPermissionDenied(e);
  }

  /** 1146: table doesn't exist. */
  @Override
  public boolean isUndefinedTable(SQLException e) {
    return e.getErrorCode() == 1146 || "42S02".equals(e.getSQLState());
  }

  @Override
  public boolean transactionalDdl() {
    return false;
  }

  @Override
  protected String metaCatalog(String schema) {
    return schema;
  }

  @Override
  protected String metaSchema(String schema) {
    return null;
  }

  /** MySQL strings take backslash escapes (the default sql_mode), so a backslash is doubled as well. */
  @Override
  protected String stringLiteral(String text) {
    return "'" + text.replace("\\", "\\\\").replace("'", "''") + "'";
  }

  @Override
  public boolean foreignKeyImpliesIndex() {
    return true;
  }

  @Override
  public boolean isSystemSchema(String schema) {
    return SYSTEM.contains(lower(schema));
  }

  private static final java.util.Set<String> SYSTEM =
      java.util.Set.of("information_schema", "mysql", "performance_schema", "sys");

  // ---- catalog ----

  @Override
  public List<String> schemas(Connection c) throws SQLException {
    return strings(c, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME NOT IN"
        + " ('information_schema', 'mysql', 'performance_schema', 'sys') ORDER BY 1");
  }

  @Override
  public List<String> tables(Connection c, String schema) throws SQLException {
    return strings(c, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY 1", schema);
  }

  /** A database holding tables is kept unless they are dropped with it: checked first, as MySQL has no RESTRICT. */
  @Override
  public void dropSchema(Connection c, String schema, boolean withTables) throws SQLException {
    if (!withTables && !tables(c, schema).isEmpty()) {
      return;
    }
    execute(c, dropSchemaText(schema, withTables));
  }

  @Override
  public String dropSchemaText(String schema, boolean withTables) {
    return "DROP DATABASE IF EXISTS " + quote(schema);
  }

  /** {@code SHOW CREATE TABLE} keeps column types, character sets, collations and indexes: what a key is picky about. */
  @Override
  public List<String> declareTable(Connection c, String from, String table, String to,
      List<ForeignKeyDeclaration> keys) throws SQLException {
    try (Statement s = c.createStatement();
        java.sql.ResultSet rs = s.executeQuery("SHOW CREATE TABLE " + quote(from, table))) {
      rs.next();
      return List.of(CopiedTableText.renamed(rs.getString(2), quote(to, table), List.of()));
    }
  }

  /** The type as {@code information_schema.COLUMNS.COLUMN_TYPE} spells it ("varchar(255)", "int(11)"). */
  @Override
  public LiveColumn column(Connection c, String schema, String table, String column) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT"
        + " FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND COLUMN_NAME = ?")) {
      ps.setString(1, schema);
      ps.setString(2, table);
      ps.setString(3, column);
      try (ResultSet rs = ps.executeQuery()) {
        // MariaDB reports a column without a default as the text NULL.
        return rs.next() ? new LiveColumn(column, rs.getString(1), "YES".equals(rs.getString(2)),
            rs.getString(3) != null && !rs.getString(3).equalsIgnoreCase("NULL")) : null;
      }
    }
  }

  /** {@code DO 0}: evaluates a constant, answers no result set. */
  @Override
  public String noOp(String schema, String table) {
    return "DO 0";
  }
}

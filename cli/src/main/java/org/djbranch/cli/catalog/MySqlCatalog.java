package org.djbranch.cli.catalog;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.djbranch.driver.backend.Backend;

/**
 * MySQL and MariaDB: a schema is a database. A table's DDL is {@code SHOW CREATE TABLE}, which keeps column types,
 * character sets, collations and indexes — what a foreign key there is picky about.
 */
final class MySqlCatalog extends DatabaseCatalog {
  MySqlCatalog(Backend backend) {
    super(backend);
  }

  @Override
  public List<String> schemas(Connection c) throws SQLException {
    return strings(c, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME NOT IN"
        + " ('information_schema', 'mysql', 'performance_schema', 'sys') ORDER BY 1");
  }

  @Override
  public List<String> tables(Connection c, String schema) throws SQLException {
    return strings(c, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY 1", schema);
  }

  @Override
  public void createSchema(Connection c, String schema) throws SQLException {
    execute(c, "CREATE DATABASE IF NOT EXISTS " + backend.quote(schema));
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
    return "DROP DATABASE IF EXISTS " + backend.quote(schema);
  }

  @Override
  public List<String> declareTable(Connection c, String from, String table, String to, List<ForeignKey> keys)
      throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW CREATE TABLE " + quote(from, table))) {
      rs.next();
      return List.of(renamed(rs.getString(2), to, table, List.of()));
    }
  }
}

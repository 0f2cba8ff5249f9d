package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** DuckDB's catalog: information_schema and {@code duckdb_tables()}, in the current database. */
final class DuckDbCatalog extends PhysicalCatalog {
  DuckDbCatalog(Backend backend) {
    super(backend);
  }

  @Override
  public List<String> schemas(Connection c) throws SQLException {
    return strings(c, "SELECT schema_name FROM information_schema.schemata WHERE catalog_name = current_database()"
        + " AND schema_name NOT IN ('information_schema', 'pg_catalog') ORDER BY 1");
  }

  @Override
  public List<String> tables(Connection c, String schema) throws SQLException {
    return strings(c, "SELECT table_name FROM information_schema.tables WHERE table_catalog = current_database()"
        + " AND table_schema = ? ORDER BY 1", schema);
  }

  @Override
  public boolean foreignKeysInline() {
    return true;
  }

  /**
   * A table's DDL is {@code duckdb_tables().sql}. DuckDB cannot add a foreign key to an existing table, so the keys
   * are declared inside the CREATE TABLE, and a parent must exist before its child.
   */
  @Override
  public List<String> declareTable(Connection c, String from, String table, String to,
      List<ForeignKeyDeclaration> keys) throws SQLException {
    Backend b = backend();
    List<String> sql = strings(c, "SELECT sql FROM duckdb_tables() WHERE database_name = current_database()"
        + " AND schema_name = ? AND table_name = ?", from, table);
    List<String> out = new ArrayList<>();
    out.add(renamedTable(sql, from, table, to, keys, true));
    // Indexes that are not keys: DuckDB writes the table (draft-qualified, quoted or not) between " ON " and "(".
    for (String index : strings(c, "SELECT sql FROM duckdb_indexes() WHERE database_name = current_database()"
        + " AND schema_name = ? AND table_name = ? AND sql IS NOT NULL", from, table)) {
      String text = index.strip();
      text = text.endsWith(";") ? text.substring(0, text.length() - 1) : text;
      int on = text.indexOf(" ON ");
      out.add(text.substring(0, on) + " ON " + b.quote(to, table) + text.substring(text.indexOf('(', on)));
    }
    return out;
  }
}

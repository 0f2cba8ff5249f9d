package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.rewriter.CopiedTableText;
import org.djbranch.rewriter.Dialect;

/**
 * DuckDB. No hard identifier limit; 255 keeps derived names portable to files and tools. Names compare without
 * regard to case.
 */
final class DuckDbBackend extends Backend {
  DuckDbBackend() {
    super("DuckDB", Dialect.DUCKDB, 255, false);
  }

  @Override
  public String listingSql() {
    return "SELECT schema_name, NULL FROM information_schema.schemata"
        + " WHERE catalog_name = current_database() AND lower(schema_name) IN (lower(?), lower(?))"
        + " UNION ALL SELECT table_schema, table_name FROM information_schema.tables"
        + " WHERE table_catalog = current_database() AND lower(table_schema) IN (lower(?), lower(?))";
  }

  @Override
  protected String schemasHoldingSql() {
    return "SELECT schema_name, 0 FROM information_schema.schemata WHERE catalog_name = current_database()"
        + " UNION ALL SELECT table_schema, 1 FROM information_schema.tables"
        + " WHERE table_catalog = current_database() AND table_name = ?";
  }

  /** duckdb_jdbc sets no SQLState; its catalog errors say so in words. */
  @Override
  public boolean isUndefinedTable(java.sql.SQLException e) {
    String m = e.getMessage();
    return m != null && m.contains("Catalog Error") && m.contains("does not exist");
  }

  @Override
  public boolean isSystemSchema(String schema) {
    String s = lower(schema);
    return s.equals("information_schema") || s.equals("pg_catalog");
  }

  @Override
  public String key(String name, boolean quoted) {
    return lower(name);
  }

  // ---- catalog ----

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
    List<String> sql = strings(c, "SELECT sql FROM duckdb_tables() WHERE database_name = current_database()"
        + " AND schema_name = ? AND table_name = ?", from, table);
    if (sql.isEmpty()) {
      throw new SQLException("The table " + quote(from, table) + " does not exist.", "42P01");
    }
    List<String> inline = new ArrayList<>();
    for (ForeignKeyDeclaration k : keys) {
      inline.add(k.clause(this, true));
    }
    List<String> out = new ArrayList<>();
    out.add(CopiedTableText.renamed(sql.get(0), quote(to, table), inline));
    // Indexes that are not keys: DuckDB qualifies the table in their text; the index lands beside the table.
    for (String index : strings(c, "SELECT sql FROM duckdb_indexes() WHERE database_name = current_database()"
        + " AND schema_name = ? AND table_name = ? AND sql IS NOT NULL", from, table)) {
      out.add(index.replace(" ON " + from + "." + table, " ON " + quote(to, table))
          .replace(" ON " + quote(from, table), " ON " + quote(to, table)));
    }
    return out;
  }
}

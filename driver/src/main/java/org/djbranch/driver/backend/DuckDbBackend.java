package org.djbranch.driver.backend;

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
        + " WHERE catalog_name = current_database() AND schema_name IN (?, ?)"
        + " UNION ALL SELECT table_schema, table_name FROM information_schema.tables"
        + " WHERE table_catalog = current_database() AND table_schema IN (?, ?)";
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
}

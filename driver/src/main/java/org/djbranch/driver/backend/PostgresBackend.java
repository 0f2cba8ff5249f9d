package org.djbranch.driver.backend;

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
}

package org.djbranch.cli.catalog;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.djbranch.driver.backend.Backend;

/**
 * PostgreSQL: reads pg_catalog (never information_schema, which hides the tables of others), and copies a table
 * with {@code LIKE ... INCLUDING ALL}, which keeps types, collations, defaults, keys and indexes exactly.
 */
final class PostgresCatalog extends DatabaseCatalog {
  PostgresCatalog(Backend backend) {
    super(backend);
  }

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

  @Override
  public List<String> declareTable(Connection c, String from, String table, String to, List<ForeignKey> keys) {
    return List.of("CREATE TABLE " + quote(to, table) + " (LIKE " + quote(from, table) + " INCLUDING ALL)");
  }
}

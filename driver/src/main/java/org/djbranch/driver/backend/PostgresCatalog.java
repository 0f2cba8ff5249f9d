package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/** PostgreSQL's catalog: pg_catalog, never information_schema, which hides the tables of others. */
final class PostgresCatalog extends PhysicalCatalog {
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

  /** {@code LIKE ... INCLUDING ALL} keeps types, collations, defaults, keys and indexes exactly. */
  @Override
  public List<String> declareTable(Connection c, String from, String table, String to,
      List<ForeignKeyDeclaration> keys) {
    return List.of("CREATE TABLE " + backend().quote(to, table) + " (LIKE " + backend().quote(from, table)
        + " INCLUDING ALL)");
  }

  @Override
  public Provisioning provisioning(Connection admin) {
    return new PostgresProvisioning(backend());
  }
}

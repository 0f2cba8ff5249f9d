package org.djbranch.driver.backend;

import org.djbranch.rewriter.Dialect;

/** PostgreSQL. Identifier limit: the names PostgreSQL truncates silently past 63 bytes (NAMEDATALEN - 1). */
final class PostgresBackend extends Backend {
  PostgresBackend() {
    super("PostgreSQL", Dialect.POSTGRESQL, 63, true);
  }
}

package org.djbranch.driver.backend;

import org.djbranch.rewriter.Dialect;

/** MySQL/MariaDB. Identifier limit: MySQL and MariaDB allow 64 characters in a database or table name. */
final class MySqlBackend extends Backend {
  MySqlBackend() {
    super("MySQL/MariaDB", Dialect.MYSQL, 64, false);
  }
}

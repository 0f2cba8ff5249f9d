package org.djbranch.driver.backend;

import org.djbranch.rewriter.Dialect;

/** SQLite. Identifier limit: SQLite sets no limit; a schema there is an attached file named after it, so the file system's 255 applies. */
final class SqliteBackend extends Backend {
  SqliteBackend() {
    super("SQLite", Dialect.SQLITE, 255, false);
  }
}

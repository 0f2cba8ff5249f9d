package org.djbranch.driver.backend;

import org.djbranch.rewriter.Dialect;

/** DuckDB. Identifier limit: DuckDB sets no hard limit; 255 keeps derived names portable to file systems and tools. */
final class DuckDbBackend extends Backend {
  DuckDbBackend() {
    super("DuckDB", Dialect.DUCKDB, 255, false);
  }
}

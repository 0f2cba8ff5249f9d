package org.djbranch.rewriter;

/**
 * Maintenance statements that rewrite, lock or change what they name: PostgreSQL's {@code CLUSTER} (which also marks
 * the index the table is clustered on), {@code REINDEX}, {@code REFRESH MATERIALIZED VIEW} (the view's rows), {@code
 * VACUUM FULL}; {@code IMPORT FOREIGN SCHEMA} and DuckDB's {@code IMPORT DATABASE} (tables made and filled);
 * MySQL's {@code OPTIMIZE TABLE} and {@code REPAIR TABLE} (the table rebuilt); SQLite's {@code VACUUM} (the whole
 * file rewritten under an exclusive lock). Plain {@code VACUUM} and {@code ANALYZE} elsewhere change no row and
 * block no statement of the pipeline, and are not among them.
 */
public final class TableMaintenance {
  private TableMaintenance() {
  }

  /** Whether {@code sql} is such a statement. */
  public static boolean rewritesOrLocks(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    if (t.isWord(0, "VACUUM")) {
      if (dialect == Dialect.SQLITE) {
        return true;
      }
      if (dialect != Dialect.POSTGRESQL) {
        return false;
      }
      for (int i = 1; i < t.size() && (t.kind(i) == TokenKind.WORD || t.kind(i) == TokenKind.PUNCT); i++) {
        if (t.isWord(i, "FULL")) {
          return true;
        }
        if (t.kind(i) == TokenKind.WORD && !t.isWord(i, "FREEZE") && !t.isWord(i, "VERBOSE")
            && !t.isWord(i, "ANALYZE") && !t.isWord(i, "ANALYSE") && !t.isPunct(i - 1, '(')
            && !t.isPunct(i - 1, ',')) {
          return false; // the first table's name: options are over
        }
      }
      return false;
    }
    return t.isWord(0, "CLUSTER") || t.isWord(0, "REINDEX") || t.isWord(0, "REFRESH") || t.isWord(0, "IMPORT")
        || dialect == Dialect.MYSQL && (t.isWord(0, "OPTIMIZE") || t.isWord(0, "REPAIR"));
  }
}

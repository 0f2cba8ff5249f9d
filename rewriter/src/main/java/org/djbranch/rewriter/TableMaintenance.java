package org.djbranch.rewriter;

/**
 * Maintenance statements that rewrite, lock or change what they name: PostgreSQL's {@code CLUSTER} (which also marks
 * the index the table is clustered on), {@code REINDEX}, {@code REFRESH MATERIALIZED VIEW} (the view's rows), {@code
 * VACUUM FULL}; {@code IMPORT FOREIGN SCHEMA} and DuckDB's {@code IMPORT DATABASE} (tables made and filled);
 * MySQL's {@code OPTIMIZE TABLE} and {@code REPAIR TABLE} (the table rebuilt) and {@code FLUSH} (tables closed,
 * locked for reading, {@code WITH READ LOCK} every table of the server; or the server's caches, logs and counters
 * reset); SQLite's {@code VACUUM} (the whole file rewritten under an exclusive lock), {@code PRAGMA
 * incremental_vacuum} and a {@code PRAGMA} that sets the main file's {@code user_version}, {@code application_id} or
 * {@code schema_version} (what an application reads as its schema's version), {@code locking_mode = EXCLUSIVE} (the
 * file locked until the connection closes) or {@code writable_schema}. Plain {@code VACUUM} and {@code ANALYZE}
 * elsewhere, SQLite's {@code VACUUM INTO} (a copy written elsewhere) and its other pragmas (of the session, or
 * {@code journal_mode}, which applications set as they connect) change no row and block no statement of the
 * pipeline, and are not among them.
 */
public final class TableMaintenance {
  private TableMaintenance() {
  }

  /** Whether {@code sql} is such a statement. */
  public static boolean rewritesOrLocks(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    if (t.isWord(0, "PRAGMA")) {
      return dialect == Dialect.SQLITE && setsMainFile(t);
    }
    if (t.isWord(0, "VACUUM")) {
      if (dialect == Dialect.SQLITE) {
        for (int i = 1; i < t.size(); i++) {
          if (t.isWord(i, "INTO")) {
            return false;
          }
        }
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
        || dialect == Dialect.MYSQL && (t.isWord(0, "OPTIMIZE") || t.isWord(0, "REPAIR") || t.isWord(0, "FLUSH"));
  }

  /** The pragmas that write the header of the file they name, or free its pages. */
  private static final java.util.Set<String> FILE_VERSIONS = java.util.Set.of("USER_VERSION", "APPLICATION_ID",
      "SCHEMA_VERSION");

  /** SQLite: {@code PRAGMA [main.]user_version = n} and the like, or {@code PRAGMA [main.]incremental_vacuum}. */
  private static boolean setsMainFile(Tokens t) {
    int k = 1;
    if (t.isPunct(2, '.')) {
      if (!t.text(1).replace("\"", "").equalsIgnoreCase("main")) {
        return false; // another file: an attached one, or the branch's draft
      }
      k = 3;
    }
    if (k >= t.size() || t.kind(k) != TokenKind.WORD) {
      return false;
    }
    String name = t.text(k).toUpperCase(java.util.Locale.ROOT);
    boolean sets = k + 1 < t.size() && (t.text(k + 1).equals("=") || t.isPunct(k + 1, '('));
    String value = sets && k + 2 < t.size() ? t.text(k + 2).replace("'", "").replace("\"", "")
        .toUpperCase(java.util.Locale.ROOT) : "";
    // locking_mode = EXCLUSIVE keeps the main file locked from the session's first read on, so trunk's writers wait
    // until the connection closes; writable_schema lets the session edit the main file's schema table by hand
    return name.equals("INCREMENTAL_VACUUM") || sets && FILE_VERSIONS.contains(name)
        || name.equals("LOCKING_MODE") && value.equals("EXCLUSIVE")
        || name.equals("WRITABLE_SCHEMA") && sets && !java.util.Set.of("OFF", "0", "FALSE", "NO").contains(value);
  }
}

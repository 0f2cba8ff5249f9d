package org.djbranch.rewriter;

/**
 * MySQL's {@code SET} and {@code RESET} statements that change the server, or another login, rather than the session:
 * {@code SET GLOBAL x = ...}, {@code SET @@global.x = ...}, {@code SET PERSIST}/{@code PERSIST_ONLY} (a setting kept
 * across restarts), any of them among the assignments of one {@code SET}; {@code SET PASSWORD FOR u} and {@code SET
 * DEFAULT ROLE} (a login's, kept); and {@code RESET} (the binary logs, replication, the query cache), which in MySQL
 * never resets a setting of the session. Every session of the server meets such a change, trunk's too.
 */
public final class ServerSettings {
  private ServerSettings() {
  }

  /**
   * Whether {@code sql} is such a statement; in DuckDB, {@code SET GLOBAL x} and {@code RESET GLOBAL x}, which set
   * the database instance every connection of the process shares, trunk's too. False for the other dialects, whose
   * {@code SET} is the session's.
   */
  public static boolean changesServer(String sql, Dialect dialect) {
    if (dialect == Dialect.DUCKDB) {
      Tokens t = Lexer.tokenize(sql, dialect);
      return (t.isWord(0, "SET") || t.isWord(0, "RESET")) && t.isWord(1, "GLOBAL");
    }
    if (dialect != Dialect.MYSQL) {
      return false;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    if (t.isWord(0, "RESET")) {
      return true;
    }
    if (!t.isWord(0, "SET")) {
      return false;
    }
    if (t.isWord(1, "PASSWORD") || t.isWord(1, "DEFAULT") && t.isWord(2, "ROLE")) {
      return true;
    }
    for (int i = 1; i < t.size(); i++) {
      boolean scope = t.isWord(i, "GLOBAL") || t.isWord(i, "PERSIST") || t.isWord(i, "PERSIST_ONLY");
      if (scope && !t.text(i - 1).equals("@")) { // @global is a user's variable; @@global the server's setting
        return true;
      }
    }
    return false;
  }
}

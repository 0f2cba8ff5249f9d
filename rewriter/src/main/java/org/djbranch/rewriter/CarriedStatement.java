package org.djbranch.rewriter;

/**
 * A statement that carries another and runs it, or keeps it to run later: MariaDB's {@code SET STATEMENT var =
 * value [, ...] FOR <statement>} (run under settings that last for it alone), PostgreSQL's and DuckDB's {@code
 * PREPARE name [(types)] AS <statement>} (run by each {@code EXECUTE name}), PostgreSQL's {@code DECLARE name
 * [options] CURSOR [WITH | WITHOUT HOLD] FOR <query>} (read, and its rows locked where it says {@code FOR UPDATE}, as
 * the cursor is fetched), and DuckDB's {@code SUMMARIZE <query>}. A branch routes the carried statement as that
 * statement, the words in front kept: a {@code DELETE} carried so deletes rows of the branch's, as it would on its
 * own.
 */
public final class CarriedStatement {
  private CarriedStatement() {
  }

  /** Where the carried statement of {@code sql} begins, or -1: none is carried, or it is missing. */
  public static int innerStart(String sql, Dialect dialect) {
    int first = CharRules.skipTrivia(sql, 0, sql.length(), dialect);
    boolean set = dialect == Dialect.MYSQL && CharRules.isWordAt(sql, first, "SET");
    boolean prepare = (dialect == Dialect.POSTGRESQL || dialect == Dialect.DUCKDB)
        && CharRules.isWordAt(sql, first, "PREPARE");
    boolean declare = dialect == Dialect.POSTGRESQL && CharRules.isWordAt(sql, first, "DECLARE");
    boolean summarize = dialect == Dialect.DUCKDB && CharRules.isWordAt(sql, first, "SUMMARIZE");
    if (!set && !prepare && !declare && !summarize) {
      return -1; // most statements: no tokens read
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    if (summarize) {
      boolean query = t.isWord(1, "SELECT") || t.isWord(1, "FROM") || t.isWord(1, "WITH") || t.isPunct(1, '(');
      return query ? t.start(1) : -1; // SUMMARIZE t, a table: TableShows reads it
    }
    if (set) {
      return t.isWord(1, "STATEMENT") ? after(t, 2, "FOR") : -1;
    }
    if (prepare) {
      return NameChains.isName(t, 1) && !t.isWord(1, "TRANSACTION") ? after(t, 2, "AS") : -1;
    }
    return NameChains.isName(t, 1) && cursorFor(t) ? after(t, 2, "FOR") : -1;
  }

  /**
   * The start of the token after the first {@code word} at or after token {@code from} outside parentheses (the
   * settings' values, a PREPARE's parameter types), or -1.
   */
  private static int after(Tokens t, int from, String word) {
    int depth = 0;
    for (int i = from; i < t.size(); i++) {
      if (t.isPunct(i, '(')) {
        depth++;
      } else if (t.isPunct(i, ')')) {
        depth--;
      } else if (depth == 0 && t.isWord(i, word)) {
        return i + 1 < t.size() ? t.start(i + 1) : -1;
      }
    }
    return -1;
  }

  /** A DECLARE whose words before its first FOR hold CURSOR: a cursor, not a block's variable. */
  private static boolean cursorFor(Tokens t) {
    for (int i = 2; i < t.size() && !t.isWord(i, "FOR"); i++) {
      if (t.isWord(i, "CURSOR")) {
        return true;
      }
    }
    return false;
  }
}

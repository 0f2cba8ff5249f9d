package org.djbranch.rewriter;

/**
 * MariaDB's {@code SET STATEMENT var = value [, ...] FOR <statement>}: the statement runs, under settings that last
 * for it alone. A branch must route it as that statement (a {@code DELETE} carried so deletes rows as it would on its
 * own), the settings kept in front.
 */
public final class StatementSettings {
  private StatementSettings() {
  }

  /**
   * Where the statement {@code sql} runs under its settings begins, or -1: not a {@code SET STATEMENT ... FOR}, or
   * one whose statement is missing. The settings' values are expressions, which hold no {@code FOR} of their own
   * outside parentheses; the first one there ends them.
   */
  public static int innerStart(String sql, Dialect dialect) {
    if (dialect != Dialect.MYSQL) {
      return -1;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    if (!t.isWord(0, "SET") || !t.isWord(1, "STATEMENT")) {
      return -1;
    }
    int depth = 0;
    for (int i = 2; i < t.size(); i++) {
      if (t.isPunct(i, '(')) {
        depth++;
      } else if (t.isPunct(i, ')')) {
        depth--;
      } else if (depth == 0 && t.isWord(i, "FOR")) {
        return i + 1 < t.size() ? t.start(i + 1) : -1;
      }
    }
    return -1;
  }
}

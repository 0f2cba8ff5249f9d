package org.djbranch.rewriter;

/**
 * MySQL's {@code PREPARE name FROM 'text'} and {@code PREPARE name FROM @variable}, and MariaDB's {@code EXECUTE
 * IMMEDIATE 'text'} and {@code EXECUTE IMMEDIATE @variable} (with or without {@code USING ...}): the statement text it
 * prepares or runs is not in the statement itself, so a branch reads it (the literal as the server reads it, or the
 * variable's value) and gives it the branch's rules before it is prepared or run.
 *
 * @param name the prepared statement's name, as written; null for {@code EXECUTE IMMEDIATE}
 * @param operandStart where the literal or the variable begins in the text
 * @param operandEnd where it ends
 * @param operand the literal or the variable, as written ({@code 'SELECT ...'}, {@code @q}, {@code @`q`})
 */
public record PreparedText(String name, int operandStart, int operandEnd, String operand) {

  /** The PREPARE ... FROM of {@code sql}, or null where it is no such statement (PostgreSQL's PREPARE x AS ...). */
  public static PreparedText read(String sql, Dialect dialect) {
    if (dialect != Dialect.MYSQL) {
      return null;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    int n = t.size();
    while (n > 0 && t.isPunct(n - 1, ';')) n--;
    if (t.isWord(0, "EXECUTE") && t.isWord(1, "IMMEDIATE")) {
      return immediate(sql, t, n);
    }
    if (n < 4 || !t.isWord(0, "PREPARE") || !t.isWord(2, "FROM")) {
      return null;
    }
    if (t.kind(3) == TokenKind.STRING && n == 4) {
      return new PreparedText(t.text(1), t.start(3), t.end(3), t.text(3));
    }
    if (n == 5 && t.text(3).equals("@") && t.end(3) == t.start(4)
        && (t.kind(4) == TokenKind.WORD || t.kind(4) == TokenKind.QUOTED_IDENTIFIER || t.kind(4) == TokenKind.STRING)) {
      return new PreparedText(t.text(1), t.start(3), t.end(4), sql.substring(t.start(3), t.end(4)));
    }
    return null;
  }

  /** {@code EXECUTE IMMEDIATE} of a literal or a variable, whatever {@code USING} clause follows; else null. */
  private static PreparedText immediate(String sql, Tokens t, int n) {
    if (t.kind(2) == TokenKind.STRING && (n == 3 || t.isWord(3, "USING"))) {
      return new PreparedText(null, t.start(2), t.end(2), t.text(2));
    }
    boolean variable = n >= 4 && t.text(2).equals("@") && t.end(2) == t.start(3) && (t.kind(3) == TokenKind.WORD
        || t.kind(3) == TokenKind.QUOTED_IDENTIFIER || t.kind(3) == TokenKind.STRING);
    if (variable && (n == 4 || t.isWord(4, "USING"))) {
      return new PreparedText(null, t.start(2), t.end(3), sql.substring(t.start(2), t.end(3)));
    }
    return null;
  }

  /**
   * Whether {@code sql} runs a text it does not hold in a way {@link #read} cannot read: MariaDB's {@code EXECUTE
   * IMMEDIATE} of an expression ({@code CONCAT(...)}), whose text only the server knows.
   */
  public static boolean runsUnreadText(String sql, Dialect dialect) {
    if (dialect != Dialect.MYSQL) {
      return false;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    return t.isWord(0, "EXECUTE") && t.isWord(1, "IMMEDIATE") && read(sql, dialect) == null;
  }

  /** {@code sql} with the operand replaced by {@code replacement} (a literal or a variable, written for the server). */
  public String with(String sql, String replacement) {
    return sql.substring(0, operandStart) + replacement + sql.substring(operandEnd);
  }
}

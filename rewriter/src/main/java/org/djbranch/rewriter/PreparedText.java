package org.djbranch.rewriter;

/**
 * MySQL's {@code PREPARE name FROM 'text'} and {@code PREPARE name FROM @variable}: the statement text it prepares
 * is not in the statement itself, so a branch reads it (the literal as the server reads it, or the variable's value)
 * and gives it the branch's rules before it is prepared.
 *
 * @param name the prepared statement's name, as written
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

  /** {@code sql} with the operand replaced by {@code replacement} (a literal or a variable, written for the server). */
  public String with(String sql, String replacement) {
    return sql.substring(0, operandStart) + replacement + sql.substring(operandEnd);
  }
}

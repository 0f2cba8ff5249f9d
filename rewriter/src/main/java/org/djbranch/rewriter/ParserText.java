package org.djbranch.rewriter;

/**
 * The text JSqlParser is given: the statement with what the parser would misread as MySQL reads it, at the same
 * offsets, so spans found in it splice into the original. A {@code #} comment becomes spaces (the parser knows no
 * {@code #} comments); the markers of an executable comment {@code /*!NNNNN ... *}{@code /} (and MariaDB's
 * {@code /*M!}) become spaces, so that what the server runs — a foreign key, say — is what the parser reads.
 * In every dialect a run of unary signs is read as its first sign ({@link #withoutSignRuns}).
 */
final class ParserText {
  private ParserText() {}

  static String of(String sql, Dialect dialect) {
    String text = mySqlRead(sql, dialect);
    text = withoutSignRuns(text, dialect);
    text = withoutAlterModifiers(text, dialect);
    text = IfNotExistsCreate.parsable(text, dialect);
    text = withoutOuterJoinEscapes(text, dialect);
    return SequenceClauses.parsable(text, dialect);
  }

  /**
   * JDBC's outer join escape, {@code {oj t LEFT OUTER JOIN u ON ...}}, which the wrapped driver unwraps before the
   * database sees it (pgjdbc, MariaDB's): the parser reads the other escapes ({@code {d '...'}}, {@code {fn ...}})
   * but not this one, so its braces and {@code oj} are blanked for it; the join inside is read as written.
   */
  static String withoutOuterJoinEscapes(String sql, Dialect dialect) {
    if (sql.indexOf('{') < 0) {
      return sql;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    char[] out = null;
    for (int i = 0; i + 1 < t.size(); i++) {
      if (!t.isPunct(i, '{') || !t.isWord(i + 1, "oj")) {
        continue;
      }
      int depth = 0;
      for (int k = i; k < t.size(); k++) {
        depth += t.isPunct(k, '{') ? 1 : t.isPunct(k, '}') ? -1 : 0;
        if (depth == 0) {
          out = out == null ? sql.toCharArray() : out;
          blank(out, t.start(i), t.end(i + 1));
          blank(out, t.start(k), t.end(k));
          break;
        }
      }
    }
    return out == null ? sql : new String(out);
  }

  /**
   * MariaDB's {@code ALTER [ONLINE] [IGNORE] TABLE t ...}: the parser knows neither word, and the statement is an
   * {@code ALTER TABLE} of t as any other, so they are blanked for it (the text sent keeps them).
   */
  static String withoutAlterModifiers(String sql, Dialect dialect) {
    if (!dialect.isMySql() || !CharRules.startsWithWord(sql, "ALTER", dialect)) {
      return sql;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    int k = AlterTableReader.afterModifiers(t);
    if (k == 1 || !t.isWord(k, "TABLE")) {
      return sql;
    }
    char[] out = sql.toCharArray();
    blank(out, t.start(1), t.end(k - 1));
    return new String(out);
  }

  /**
   * A run of unary signs ({@code - + 26}, {@code + + col}, {@code - - x}) the parser refuses, though every database
   * takes it: each sign that follows another is blanked, the first kept. What the expression computes does not
   * matter here, only where the statement names tables; the offsets stay.
   */
  static String withoutSignRuns(String sql, Dialect dialect) {
    if (!hasSignRun(sql)) {
      return sql;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    char[] out = null;
    for (int k = 1; k < t.size(); k++) {
      if (isSign(sql, t, k) && isSign(sql, t, k - 1)) {
        if (out == null) {
          out = sql.toCharArray();
        }
        out[t.start(k)] = ' ';
      }
    }
    return out == null ? sql : new String(out);
  }

  private static boolean isSign(String sql, Tokens t, int k) {
    char c = sql.charAt(t.start(k));
    return t.end(k) - t.start(k) == 1 && (c == '+' || c == '-');
  }

  /** Whether a sign is followed, across white space only, by another: a cheap look before any token is read. */
  private static boolean hasSignRun(String sql) {
    final int n = sql.length();
    for (int i = 0; i < n; i++) {
      char c = sql.charAt(i);
      if (c == '+' || c == '-') {
        int j = i + 1;
        while (j < n && sql.charAt(j) <= ' ') {
          j++;
        }
        boolean comment = j == i + 1 && c == '-' && j < n && sql.charAt(j) == '-';
        if (j < n && !comment && (sql.charAt(j) == '+' || sql.charAt(j) == '-')) {
          return true;
        }
      }
    }
    return false;
  }

  /** The MySQL-only readings: {@code #} comments and executable comments, blanked or opened. */
  private static String mySqlRead(String sql, Dialect dialect) {
    if (!dialect.isMySql() || sql.indexOf('#') < 0 && !sql.contains("/*!") && !sql.contains("/*M!")) {
      return sql;
    }
    char[] out = sql.toCharArray();
    final int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B) {
        i++;
      } else if (c == '-' && i + 2 < n && sql.charAt(i + 1) == '-' && sql.charAt(i + 2) <= ' '
          || c == '-' && i + 2 == n && sql.charAt(i + 1) == '-') {
        i = lineEnd(sql, i, n);
      } else if (c == '#') {
        int end = lineEnd(sql, i, n);
        blank(out, i, end);
        i = end;
      } else if (c == '/' && i + 2 < n && sql.charAt(i + 1) == '*'
          && (sql.charAt(i + 2) == '!' || sql.charAt(i + 2) == 'M' && i + 3 < n && sql.charAt(i + 3) == '!')) {
        int body = i + (sql.charAt(i + 2) == 'M' ? 4 : 3);
        while (body < n && CharRules.isDigit(sql.charAt(body))) body++;
        blank(out, i, body);
        i = body;
      } else if (c == '*' && i + 1 < n && sql.charAt(i + 1) == '/') {
        blank(out, i, i + 2);
        i += 2;
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else {
        i = (int) CharRules.token(sql, i, n, dialect);
      }
    }
    return new String(out);
  }

  private static int lineEnd(String s, int i, int n) {
    int nl = s.indexOf('\n', i);
    return nl < 0 ? n : nl;
  }

  private static void blank(char[] out, int from, int to) {
    for (int k = from; k < to; k++) {
      out[k] = ' ';
    }
  }
}

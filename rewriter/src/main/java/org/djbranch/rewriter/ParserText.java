package org.djbranch.rewriter;

/**
 * The text JSqlParser is given: the statement with what the parser would misread as MySQL reads it, at the same
 * offsets, so spans found in it splice into the original. A {@code #} comment becomes spaces (the parser knows no
 * {@code #} comments); the markers of an executable comment {@code /*!NNNNN ... *}{@code /} (and MariaDB's
 * {@code /*M!}) become spaces, so that what the server runs — a foreign key, say — is what the parser reads.
 * Other dialects' texts are given as they are.
 */
final class ParserText {
  private ParserText() {}

  static String of(String sql, Dialect dialect) {
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

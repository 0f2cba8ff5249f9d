package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a script into statements the way its client would: semicolons inside strings, comments, quoted names and
 * dollar quotes do not count; MySQL {@code DELIMITER} lines change the terminator; SQLite trigger bodies
 * (BEGIN ... END) keep their inner semicolons; PostgreSQL {@code COPY ... FROM stdin} statements are dropped with
 * their data block, and psql meta-commands ({@code \connect}) are skipped.
 */
public final class Scripts {
  private Scripts() {
  }

  public static List<String> split(String script, Dialect dialect) {
    List<String> statements = new ArrayList<>();
    final int n = script.length();
    String delimiter = ";";
    int i = CharRules.skipTrivia(script, 0, n, dialect);
    while (i < n) {
      if (dialect == Dialect.MYSQL && CharRules.startsWithWord(script, i, "DELIMITER")) {
        int lineEnd = lineEnd(script, i);
        delimiter = script.substring(i + "DELIMITER".length(), lineEnd).trim();
        if (delimiter.isEmpty()) delimiter = ";";
        i = CharRules.skipTrivia(script, lineEnd, n, dialect);
        continue;
      }
      if (script.charAt(i) == '\\' && dialect != Dialect.MYSQL) {   // psql meta-command: one line
        i = CharRules.skipTrivia(script, lineEnd(script, i), n, dialect);
        continue;
      }
      StatementEnd end = findEnd(script, i, dialect, delimiter);
      String statement = script.substring(i, end.lastTokenEnd);
      int next = end.afterTerminator;
      if (isCopyFromStdin(statement, dialect)) {
        next = afterCopyData(script, next);
      } else if (!statement.isEmpty()) {
        statements.add(statement);
      }
      i = CharRules.skipTrivia(script, next, n, dialect);
    }
    return statements;
  }

  private record StatementEnd(int lastTokenEnd, int afterTerminator) {
  }

  private static StatementEnd findEnd(String s, int i, Dialect d, String delimiter) {
    final int n = s.length();
    boolean semicolon = delimiter.equals(";");
    int lastEnd = i;
    int words = 0;
    boolean trigger = false;
    int blockDepth = 0;
    while (i < n) {
      if (!semicolon && s.startsWith(delimiter, i)) return new StatementEnd(lastEnd, i + delimiter.length());
      long packed = CharRules.token(s, i, n, d);
      int end = (int) packed;
      TokenKind kind = CharRules.kindOf(packed);
      if (kind == TokenKind.PUNCT && s.charAt(i) == ';' && semicolon && blockDepth == 0) return new StatementEnd(lastEnd, end);
      if (kind == TokenKind.WORD) {
        words++;
        if (words <= 4 && isWord(s, i, end, "TRIGGER")) trigger = true;
        if (trigger && (isWord(s, i, end, "BEGIN") || isWord(s, i, end, "CASE"))) blockDepth++;
        if (trigger && isWord(s, i, end, "END") && blockDepth > 0) blockDepth--;
      }
      lastEnd = end;
      i = CharRules.skipTrivia(s, end, n, d);
    }
    return new StatementEnd(lastEnd, n);
  }

  private static boolean isCopyFromStdin(String statement, Dialect d) {
    if (d != Dialect.POSTGRESQL || !CharRules.startsWithWord(statement, 0, "COPY")) return false;
    Tokens tokens = Lexer.tokenize(statement, d);
    for (int k = 1; k < tokens.size(); k++) {
      if (tokens.isWord(k - 1, "FROM") && tokens.isWord(k, "stdin")) return true;
    }
    return false;
  }

  /** The data of COPY FROM stdin runs to a line holding only a backslash and a period. */
  private static int afterCopyData(String s, int i) {
    int lineStart = lineEnd(s, i) + 1;                      // the rest of the COPY line
    while (lineStart < s.length()) {
      int lineEnd = lineEnd(s, lineStart);
      if (s.substring(lineStart, lineEnd).strip().equals("\\.")) return lineEnd;
      lineStart = lineEnd + 1;
    }
    return s.length();
  }

  private static int lineEnd(String s, int i) {
    int nl = s.indexOf('\n', i);
    return nl < 0 ? s.length() : nl;
  }

  private static boolean isWord(String s, int start, int end, String word) {
    return end - start == word.length() && s.regionMatches(true, start, word, 0, word.length());
  }
}

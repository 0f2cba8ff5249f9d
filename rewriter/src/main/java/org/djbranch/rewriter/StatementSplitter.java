package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the statements of one JDBC text begin and end, as the database will read them: at top-level semicolons,
 * never inside strings, quoted names, comments or dollar quotes, nor inside a routine body ({@code BEGIN ... END}
 * of a MySQL/MariaDB procedure, function, trigger or event, a MariaDB {@code BEGIN NOT ATOMIC} block, a PostgreSQL
 * {@code BEGIN ATOMIC} body, a SQLite trigger). Unlike {@link Scripts}, which reads a client's script file (with
 * {@code DELIMITER} lines and psql meta-commands), this reads exactly what a driver sends to the server.
 */
public final class StatementSplitter {
  private StatementSplitter() {}

  /** One statement of a text: {@code [start, end)}, without its terminating semicolon. */
  public record Piece(int start, int end) {
    public String of(String text) {
      return text.substring(start, end);
    }
  }

  /** The statements of {@code text}; statements holding nothing but white space and comments are left out. */
  public static List<Piece> split(String text, Dialect dialect) {
    List<Piece> pieces = new ArrayList<>();
    final int n = text.length();
    int start = 0;
    int i = CharRules.skipTrivia(text, 0, n, dialect);
    int words = 0;
    boolean routine = false;
    boolean tokens = false;
    int depth = 0;
    int previousWordStart = -1;
    int previousWordEnd = -1;
    while (i < n) {
      long packed = CharRules.token(text, i, n, dialect);
      int end = (int) packed;
      TokenKind kind = CharRules.kindOf(packed);
      if (kind == TokenKind.PUNCT && text.charAt(i) == ';' && depth == 0) {
        if (tokens) {
          pieces.add(new Piece(start, i));
        }
        start = end;
        words = 0;
        routine = false;
        tokens = false;
        previousWordStart = -1;
        i = CharRules.skipTrivia(text, end, n, dialect);
        continue;
      }
      tokens = true;
      if (kind == TokenKind.WORD) {
        words++;
        if (words <= 8 && opensRoutine(text, i, end)) {
          routine = true;
        }
        if (words == 1 && dialect == Dialect.MYSQL && isWord(text, i, end, "BEGIN")
            && nextWordIs(text, end, n, dialect, "NOT")) {
          routine = true; // MariaDB's anonymous compound statement; a plain BEGIN starts a transaction
        }
        if (routine) {
          if (isWord(text, i, end, "BEGIN") || isWord(text, i, end, "CASE") && !after(text, previousWordStart,
              previousWordEnd, "END")) {
            depth++;
          } else if (isWord(text, i, end, "END") && depth > 0 && !endsInnerBlock(text, end, n, dialect)) {
            depth--;
          }
        }
        previousWordStart = i;
        previousWordEnd = end;
      }
      i = CharRules.skipTrivia(text, end, n, dialect);
    }
    if (tokens) {
      pieces.add(new Piece(start, n));
    }
    return pieces;
  }

  /** A word among the first of a statement that makes it a routine with a body of its own statements. */
  private static boolean opensRoutine(String s, int start, int end) {
    return isWord(s, start, end, "PROCEDURE") || isWord(s, start, end, "FUNCTION") || isWord(s, start, end, "TRIGGER")
        || isWord(s, start, end, "EVENT");
  }

  /**
   * {@code END IF}, {@code END LOOP}, {@code END WHILE}, {@code END REPEAT} close blocks not counted; {@code END CASE}
   * closes a CASE, which was counted.
   */
  private static boolean endsInnerBlock(String s, int end, int n, Dialect d) {
    return nextWordIs(s, end, n, d, "IF") || nextWordIs(s, end, n, d, "LOOP") || nextWordIs(s, end, n, d, "WHILE")
        || nextWordIs(s, end, n, d, "REPEAT");
  }

  private static boolean nextWordIs(String s, int from, int n, Dialect d, String word) {
    int j = CharRules.skipTrivia(s, from, n, d);
    int k = j;
    while (k < n && CharRules.isIdentifierPart(s.charAt(k))) k++;
    return isWord(s, j, k, word);
  }

  private static boolean after(String s, int start, int end, String word) {
    return start >= 0 && isWord(s, start, end, word);
  }

  private static boolean isWord(String s, int start, int end, String word) {
    return end - start == word.length() && s.regionMatches(true, start, word, 0, word.length());
  }
}

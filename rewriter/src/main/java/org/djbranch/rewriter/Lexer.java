package org.djbranch.rewriter;

/**
 * The fast path in front of the parser: one pass over the text that says whether a statement may need rewriting.
 *
 * <p>{@link #scan} allocates nothing: identifier characters are hashed in place and compared with the names
 * only when the hash is in the set. {@link #tokenize} runs the same character rules and records every token.
 */
public final class Lexer {
  /** An identifier (quoted or not) equals a member of the draft names. */
  public static final int DRAFT_NAME = 1;
  /** An identifier directly followed by '.' that is not a known qualifier. */
  public static final int UNKNOWN_QUALIFIER = 2;
  /** The first word is CREATE, ALTER, DROP, TRUNCATE, RENAME or COMMENT. */
  public static final int DDL = 4;
  /** The first word is USE or SET: the statement may change the session's current schema. */
  public static final int SESSION = 8;
  /**
   * A top-level semicolon is followed by more than white space and comments: the text may hold several statements
   * ({@link StatementSplitter} says where they are; a routine body's semicolons are inside one).
   */
  public static final int MULTIPLE = 16;

  private Lexer() {
  }

  /** One pass, no allocation: returns the OR of the flags above. */
  public static int scan(String sql, Dialect dialect, NameSet draftNames, NameSet knownQualifiers) {
    final int n = sql.length();
    int flags = 0;
    boolean first = true;
    boolean checkDraft = !draftNames.isEmpty();
    int i = CharRules.skipTrivia(sql, 0, n, dialect);
    while (i < n) {
      char c = sql.charAt(i);
      int start = i;
      int contentStart;
      int contentEnd;
      int hash;
      if (CharRules.isIdentifierStart(c)) {
        int h = 0;
        while (i < n && CharRules.isIdentifierPart(sql.charAt(i))) h = NameSet.step(h, sql.charAt(i++));
        if (CharRules.isEscapeStringPrefix(sql, start, i, n, dialect)) {
          i = CharRules.skipTrivia(sql, CharRules.quotedEnd(sql, i, n, '\'', true), n, dialect);
          first = false;
          continue;
        }
        contentStart = start;
        contentEnd = i;
        hash = NameSet.finish(h);
        if (first) {
          first = false;
          if (isDdlWord(sql, start, i)) flags |= DDL;
          else if (isSessionWord(sql, start, i)) flags |= SESSION;
        }
      } else if (CharRules.isIdentifierQuote(c, dialect)) {
        char close = c == '[' ? ']' : c;
        int h = 0;
        i++;
        while (i < n) {
          char q = sql.charAt(i);
          if (q == close) {
            if (close != ']' && i + 1 < n && sql.charAt(i + 1) == close) {
              h = NameSet.step(NameSet.step(h, q), q);
              i += 2;
              continue;
            }
            break;
          }
          h = NameSet.step(h, q);
          i++;
        }
        contentStart = start + 1;
        contentEnd = Math.min(i, n);
        hash = NameSet.finish(h);
        i = Math.min(i + 1, n);
        first = false;
      } else {
        long packed = CharRules.otherToken(sql, i, n, dialect);
        i = (int) packed;
        first = false;
        i = CharRules.skipTrivia(sql, i, n, dialect);
        if (c == ';' && i < n) flags |= MULTIPLE;
        continue;
      }
      if (checkDraft && draftNames.containsHashed(hash, sql, contentStart, contentEnd)) flags |= DRAFT_NAME;
      i = CharRules.skipTrivia(sql, i, n, dialect);
      if (i < n && sql.charAt(i) == '.' && (i + 1 >= n || !CharRules.isDigit(sql.charAt(i + 1)))
          && !knownQualifiers.containsHashed(hash, sql, contentStart, contentEnd)) {
        flags |= UNKNOWN_QUALIFIER;
      }
    }
    return flags;
  }

  /** Full tokenization for the slow path. */
  public static Tokens tokenize(String sql, Dialect dialect) {
    return tokenize(sql, new Tokens.Builder(sql, Math.max(8, sql.length() / 4)), dialect);
  }

  /** Full tokenization into reused arrays: the tokens are valid until {@code buffer} is used again. */
  public static Tokens tokenize(String sql, Dialect dialect, Tokens.Buffer buffer) {
    return tokenize(sql, new Tokens.Builder(sql, buffer), dialect);
  }

  private static Tokens tokenize(String sql, Tokens.Builder out, Dialect dialect) {
    final int n = sql.length();
    int i = CharRules.skipTrivia(sql, 0, n, dialect);
    while (i < n) {
      long packed = CharRules.token(sql, i, n, dialect);
      int end = (int) packed;
      out.add(i, end, CharRules.kindOf(packed));
      i = CharRules.skipTrivia(sql, end, n, dialect);
    }
    return out.build();
  }

  private static boolean isSessionWord(String sql, int start, int end) {
    return end - start == 3 && (sql.regionMatches(true, start, "USE", 0, 3) || sql.regionMatches(true, start, "SET", 0, 3));
  }

  private static boolean isDdlWord(String sql, int start, int end) {
    switch (end - start) {
      case 4: return sql.regionMatches(true, start, "DROP", 0, 4);
      case 5: return sql.regionMatches(true, start, "ALTER", 0, 5);
      case 6: return sql.regionMatches(true, start, "CREATE", 0, 6) || sql.regionMatches(true, start, "RENAME", 0, 6);
      case 7: return sql.regionMatches(true, start, "COMMENT", 0, 7);
      case 8: return sql.regionMatches(true, start, "TRUNCATE", 0, 8);
      default: return false;
    }
  }
}

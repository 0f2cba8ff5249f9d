package org.djbranch.rewriter;

/**
 * The character rules shared by the scanner and the tokenizer: what is trivia (space, comments), where a quoted
 * identifier, string, dollar quote or other token ends. Every method works on offsets and allocates nothing.
 */
final class CharRules {
  private static final byte IDENTIFIER_START = 1;
  private static final byte IDENTIFIER_PART = 2;
  private static final byte SPACE = 4;
  /** What each ASCII character may be; every character from 0x80 on is a letter of an identifier. */
  private static final byte[] ASCII = new byte[128];

  static {
    for (char c = 'a'; c <= 'z'; c++) ASCII[c] = IDENTIFIER_START | IDENTIFIER_PART;
    for (char c = 'A'; c <= 'Z'; c++) ASCII[c] = IDENTIFIER_START | IDENTIFIER_PART;
    ASCII['_'] = IDENTIFIER_START | IDENTIFIER_PART;
    for (char c = '0'; c <= '9'; c++) ASCII[c] = IDENTIFIER_PART;
    ASCII['$'] = IDENTIFIER_PART;
    for (char c : new char[] {' ', '\n', '\t', '\r', '\f', 0x0B}) ASCII[c] = SPACE;
  }

  private CharRules() {
  }

  static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** Whether the word (ignoring case) starts at i and is not the start of a longer identifier. */
  static boolean startsWithWord(String s, int i, String word) {
    int end = i + word.length();
    return s.regionMatches(true, i, word, 0, word.length()) && (end >= s.length() || !isIdentifierPart(s.charAt(end)));
  }

  /** Whether s holds from i to n ASCII digits and nothing else, at least one: a number token, and all of it. */
  static boolean digitsOnly(String s, int i, int n) {
    if (i >= n) return false;
    for (int j = i; j < n; j++) {
      if (!isDigit(s.charAt(j))) return false;
    }
    return true;
  }

  /** A letter, '_' or any character from 0x80 on. */
  static boolean isIdentifierStart(char c) {
    return c >= 0x80 || (ASCII[c] & IDENTIFIER_START) != 0;
  }

  /** What may follow the start of an unquoted identifier: also digits and '$'. */
  static boolean isIdentifierPart(char c) {
    return c >= 0x80 || (ASCII[c] & IDENTIFIER_PART) != 0;
  }

  private static boolean isSpace(char c) {
    return c < 0x80 && ASCII[c] == SPACE;
  }

  static boolean isIdentifierQuote(char c, Dialect d) {
    if (c == '"') return !d.isMySql();          // MySQL reads "x" as a string
    if (c == '`') return d.hasBacktickIdentifiers();
    return c == '[' && d.hasBracketIdentifiers();
  }

  /**
   * Whether {@code sql} begins, after white space and comments, with {@code word} (any case) and then no letter or
   * digit: a look at a statement's first word without reading its tokens.
   */
  static boolean startsWithWord(String sql, String word, Dialect d) {
    return isWordAt(sql, skipTrivia(sql, 0, sql.length(), d), word);
  }

  /** Whether {@code sql} holds {@code text} anywhere, in any case: a look before tokens are read, nothing copied. */
  static boolean containsIgnoreCase(String sql, String text) {
    for (int i = 0; i + text.length() <= sql.length(); i++) {
      if (sql.regionMatches(true, i, text, 0, text.length())) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code word} (any case) stands at {@code at}, no letter or digit after it. */
  static boolean isWordAt(String sql, int at, String word) {
    return sql.regionMatches(true, at, word, 0, word.length()) && (at + word.length() >= sql.length()
        || !isIdentifierPart(sql.charAt(at + word.length())));
  }

  /** Skips white space and comments from i; returns the offset of the next token (or n). */
  static int skipTrivia(String s, int i, int n, Dialect d) {
    while (i < n) {
      char c = s.charAt(i);
      if (isSpace(c)) {
        i++;
      } else if (c == '-' && isDoubleDashComment(s, i, n, d)) {
        i = lineEnd(s, i + 2, n);
      } else if (c == '#' && d.isMySql()) {
        i = lineEnd(s, i + 1, n);
      } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*' && d.isMySql() && executableCommentOpens(s, i + 2, n)) {
        // MySQL runs the text of /*! ... */ (and MariaDB of /*M! ... */): only the markers are trivia, the rest is read
        // as the server reads it.
        i = executableCommentBody(s, i + 2, n);
      } else if (c == '*' && i + 1 < n && s.charAt(i + 1) == '/' && d.isMySql()) {
        i += 2; // the close of an executable comment (outside a comment, "*/" is nothing else in MySQL)
      } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
        i = blockCommentEnd(s, i + 2, n, d == Dialect.POSTGRESQL);
      } else {
        return i;
      }
    }
    return i;
  }

  /** At a '-': whether "--" starts a comment here; MySQL wants a space, a control character or the end after it. */
  private static boolean isDoubleDashComment(String s, int i, int n, Dialect d) {
    return i + 1 < n && s.charAt(i + 1) == '-' && (!d.isMySql() || i + 2 >= n || s.charAt(i + 2) <= ' ');
  }

  /** Whether a comment of the dialect opens at i. */
  private static boolean opensComment(String s, int i, int n, Dialect d) {
    char c = s.charAt(i);
    if (c == '-') return isDoubleDashComment(s, i, n, d);
    if (c == '#') return d.isMySql();
    return c == '/' && i + 1 < n && s.charAt(i + 1) == '*';
  }

  private static boolean executableCommentOpens(String s, int i, int n) {
    return i < n && (s.charAt(i) == '!' || s.charAt(i) == 'M' && i + 1 < n && s.charAt(i + 1) == '!');
  }

  /** Past "!" or "M!" and the optional server version that follows it: where the executable text starts. */
  private static int executableCommentBody(String s, int i, int n) {
    i += s.charAt(i) == 'M' ? 2 : 1;
    while (i < n && isDigit(s.charAt(i))) i++;
    return i;
  }

  private static int lineEnd(String s, int i, int n) {
    while (i < n && s.charAt(i) != '\n') i++;
    return i;
  }

  /** PostgreSQL nests block comments; the others end at the first close. */
  private static int blockCommentEnd(String s, int i, int n, boolean nests) {
    int depth = 1;
    while (i < n) {
      char c = s.charAt(i);
      if (c == '*' && i + 1 < n && s.charAt(i + 1) == '/') {
        i += 2;
        if (--depth == 0) return i;
      } else if (nests && c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
        depth++;
        i += 2;
      } else {
        i++;
      }
    }
    return n;
  }

  /** From the opening quote at i, the offset just past the closing one; a doubled close is part of the text. */
  static int quotedEnd(String s, int i, int n, char close, boolean backslashEscapes) {
    i++;
    while (i < n) {
      char c = s.charAt(i);
      if (backslashEscapes && c == '\\') {
        i += 2;
      } else if (c == close) {
        if (close != ']' && i + 1 < n && s.charAt(i + 1) == close) i += 2;
        else return i + 1;
      } else {
        i++;
      }
    }
    return n;
  }

  /** Any token starting at i (after trivia): the kind's ordinal in the high 32 bits, the end in the low 32 bits. */
  static long token(String s, int i, int n, Dialect d) {
    char c = s.charAt(i);
    if (isIdentifierStart(c)) {
      int start = i;
      while (i < n && isIdentifierPart(s.charAt(i))) i++;
      if (isEscapeStringPrefix(s, start, i, n, d)) {
        return ((long) TokenKind.STRING.ordinal() << 32) | quotedEnd(s, i, n, '\'', true);
      }
      return ((long) TokenKind.WORD.ordinal() << 32) | i;
    }
    if (isIdentifierQuote(c, d)) {
      return ((long) TokenKind.QUOTED_IDENTIFIER.ordinal() << 32) | quotedEnd(s, i, n, c == '[' ? ']' : c, false);
    }
    return otherToken(s, i, n, d);
  }

  static TokenKind kindOf(long packed) {
    return KINDS[(int) (packed >>> 32)];
  }

  private static final TokenKind[] KINDS = TokenKind.values();

  /**
   * Any token that is not a word or quoted identifier, starting at i: returns the kind's ordinal in the high
   * 32 bits and the end offset in the low 32 bits.
   */
  static long otherToken(String s, int i, int n, Dialect d) {
    char c = s.charAt(i);
    int end;
    TokenKind kind;
    if (c == '\'') {
      end = quotedEnd(s, i, n, '\'', d.isMySql());
      kind = TokenKind.STRING;
    } else if (c == '"' && d.isMySql()) {
      end = quotedEnd(s, i, n, '"', true);
      kind = TokenKind.STRING;
    } else if (isDigit(c) || (c == '.' && i + 1 < n && isDigit(s.charAt(i + 1)))) {
      end = numberEnd(s, i, n);
      kind = TokenKind.NUMBER;
    } else if (c == '$' && d.hasDollarQuotes()) {
      int tagEnd = dollarTagEnd(s, i, n);
      if (tagEnd > 0) {
        end = dollarBodyEnd(s, i, tagEnd, n);
        kind = TokenKind.STRING;
      } else if (i + 1 < n && isDigit(s.charAt(i + 1))) {
        end = i + 1;
        while (end < n && isDigit(s.charAt(end))) end++;
        kind = TokenKind.PARAMETER;
      } else {
        end = i + 1;
        kind = TokenKind.OPERATOR;
      }
    } else if (c == '?') {
      end = i + 1;
      if (d == Dialect.SQLITE) while (end < n && isDigit(s.charAt(end))) end++;
      kind = TokenKind.PARAMETER;
    } else if ((c == ':' || c == '@' || c == '$') && d == Dialect.SQLITE && i + 1 < n && isIdentifierStart(s.charAt(i + 1))) {
      end = i + 1;
      while (end < n && isIdentifierPart(s.charAt(end))) end++;
      kind = TokenKind.PARAMETER;
    } else if (c == '(' || c == ')' || c == ',' || c == ';' || c == '.' || c == '[' || c == ']' || c == '{' || c == '}') {
      end = i + 1;
      kind = TokenKind.PUNCT;
    } else {
      end = operatorEnd(s, i, n, d);
      kind = TokenKind.OPERATOR;
    }
    return ((long) kind.ordinal() << 32) | end;
  }

  /** PostgreSQL/DuckDB E'...' strings take backslash escapes: at a word of one letter E followed by a quote. */
  static boolean isEscapeStringPrefix(String s, int wordStart, int wordEnd, int n, Dialect d) {
    return wordEnd - wordStart == 1 && wordEnd < n && s.charAt(wordEnd) == '\''
        && (s.charAt(wordStart) == 'E' || s.charAt(wordStart) == 'e') && d.hasDollarQuotes();
  }

  private static int numberEnd(String s, int i, int n) {
    if (s.charAt(i) == '0' && i + 1 < n && (s.charAt(i + 1) == 'x' || s.charAt(i + 1) == 'X' || s.charAt(i + 1) == 'b' || s.charAt(i + 1) == 'B')) {
      i += 2;
      while (i < n && isIdentifierPart(s.charAt(i))) i++;
      return i;
    }
    while (i < n && (isDigit(s.charAt(i)) || s.charAt(i) == '_')) i++;
    if (i < n && s.charAt(i) == '.' && !(i + 1 < n && s.charAt(i + 1) == '.')) {
      i++;
      while (i < n && isDigit(s.charAt(i))) i++;
    }
    if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      int j = i + 1;
      if (j < n && (s.charAt(j) == '+' || s.charAt(j) == '-')) j++;
      if (j < n && isDigit(s.charAt(j))) {
        i = j;
        while (i < n && isDigit(s.charAt(i))) i++;
      }
    }
    return i;
  }

  /** At a '$': the offset just past a dollar-quote opening tag ($$ or $tag$), or -1 when there is none. */
  private static int dollarTagEnd(String s, int i, int n) {
    int j = i + 1;
    if (j < n && s.charAt(j) == '$') return j + 1;
    if (j >= n || !(isIdentifierStart(s.charAt(j)))) return -1;
    while (j < n && (isIdentifierStart(s.charAt(j)) || isDigit(s.charAt(j)))) j++;
    return j < n && s.charAt(j) == '$' ? j + 1 : -1;
  }

  private static int dollarBodyEnd(String s, int tagStart, int tagEnd, int n) {
    int tagLength = tagEnd - tagStart;
    for (int j = tagEnd; j + tagLength <= n; j++) {
      if (s.charAt(j) == '$' && s.regionMatches(j, s, tagStart, tagLength)) return j + tagLength;
    }
    return n;
  }

  private static boolean isOperatorChar(char c) {
    switch (c) {
      case '+': case '-': case '*': case '/': case '<': case '>': case '=': case '~': case '!':
      case '@': case '#': case '%': case '^': case '&': case '|': case ':': case '?':
        return true;
      default:
        return false;
    }
  }

  /** A run of operator characters, stopped before anything that opens a comment of the dialect. */
  private static int operatorEnd(String s, int i, int n, Dialect d) {
    int j = i + 1;
    if (!isOperatorChar(s.charAt(i))) return j;
    while (j < n && isOperatorChar(s.charAt(j))) {
      if (s.charAt(j) == '?') break;        // a parameter marker after an operator: "=?"
      if (opensComment(s, j, n, d)) break;
      j++;
    }
    return j;
  }
}

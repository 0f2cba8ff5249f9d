package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A deliberately plain reading of the lexical rules, written for clarity rather than speed: strings, substrings,
 * regular expressions and sets of lower-cased names. The one-pass {@link Lexer} must agree with it on every text.
 *
 * <p>The rules: white space and comments ({@code --} to the end of the line, in MySQL only when a space or the end
 * follows; {@code #} to the end of the line in MySQL; block comments, nested in PostgreSQL) separate tokens. In
 * MySQL an executable comment ({@code /*!}, {@code /*M!}, an optional version) is code: only its markers are
 * trivia. A {@code ;} with more text after it flags a text that may hold several statements.
 * Words are letters, digits, {@code _} and {@code $}, not starting with a digit or {@code $}; {@code E'...'} is an
 * escape string in PostgreSQL and DuckDB. Identifiers are quoted with {@code "} (not in MySQL, where it opens a
 * string), backticks (MySQL, SQLite) and brackets (SQLite), a doubled closing quote standing for itself (not for
 * brackets). Strings are single-quoted with doubled quotes, MySQL adding backslash escapes; PostgreSQL and DuckDB
 * have dollar quotes; parameters are {@code ?}, {@code $n} and SQLite's {@code ?n}, {@code :name}, {@code @name},
 * {@code $name}. Operators are runs of operator characters ending before a comment or a {@code ?}.
 */
final class ReferenceLexer {
  /** One token: its span and kind. */
  record Token(int start, int end, TokenKind kind) {
  }

  private static final Pattern WORD = Pattern.compile("[A-Za-z_\\x{80}-\\x{10FFFF}][A-Za-z0-9_$\\x{80}-\\x{10FFFF}]*");
  private static final Pattern NUMBER = Pattern.compile(
      "0[xXbB][A-Za-z0-9_$\\x{80}-\\x{10FFFF}]*|[0-9_]*(?:\\.(?!\\.)[0-9]*)?(?:[eE][+-]?[0-9]+)?");
  private static final Pattern DOLLAR_TAG = Pattern.compile("\\$(?:[A-Za-z_\\x{80}-\\x{10FFFF}][A-Za-z0-9_\\x{80}-\\x{10FFFF}]*)?\\$");
  private static final String OPERATOR_CHARS = "+-*/<>=~!@#%^&|:?";
  private static final String PUNCT = "(),;.[]{}";
  private static final Set<String> DDL_WORDS = Set.of("create", "alter", "drop", "truncate", "rename", "comment");
  private static final Set<String> EXPLAIN_WORDS = Set.of("explain", "analyze", "describe", "desc");
  private static final Set<String> MAINTENANCE_WORDS = Set.of("cluster", "reindex", "refresh", "import", "optimize",
      "repair", "vacuum", "pragma", "flush");
  private static final Set<String> SESSION_WORDS = Set.of("use", "set", "reset", "discard");
  private static final Set<String> TRANSACTION_WORDS = Set.of("begin", "start", "commit", "end", "rollback", "abort",
      "savepoint", "release", "prepare", "execute");
  private static final Set<String> UNSEEN_WORDS = Set.of("do", "call", "grant", "revoke", "reassign", "security",
      "shutdown", "purge", "uninstall", "binlog", "change", "stop", "backup");
  private static final Set<String> ROWS_WORDS = Set.of("insert", "update", "delete", "merge", "replace", "with",
      "lock");

  private final String sql;
  private final Dialect d;
  private final List<Token> tokens = new ArrayList<>();

  private ReferenceLexer(String sql, Dialect d) {
    this.sql = sql;
    this.d = d;
  }

  static List<Token> tokens(String sql, Dialect d) {
    ReferenceLexer lexer = new ReferenceLexer(sql, d);
    lexer.run();
    return lexer.tokens;
  }

  /**
   * The flags {@link Lexer#scan} must return, names compared ignoring ASCII case. Names are those of the sets
   * (written without quote characters): a quoted identifier is compared by its text between the quotes.
   */
  private static final Set<String> SEQUENCE_FUNCTIONS = Set.of("nextval", "currval", "setval", "lastval");

  static int flags(String sql, Dialect d, Set<String> draftNames, Set<String> knownQualifiers) {
    List<Token> t = tokens(sql, d);
    int flags = 0;
    for (int k = 0; k < t.size(); k++) {
      Token token = t.get(k);
      if (token.kind() != TokenKind.WORD && token.kind() != TokenKind.QUOTED_IDENTIFIER) continue;
      String name = token.kind() == TokenKind.WORD ? text(sql, token) : quotedContent(sql, token);
      if (k == 0 && token.kind() == TokenKind.WORD) {
        if (DDL_WORDS.contains(asciiLower(name))) flags |= Lexer.DDL;
        if (SESSION_WORDS.contains(asciiLower(name))) flags |= Lexer.SESSION;
        if (TRANSACTION_WORDS.contains(asciiLower(name))) flags |= Lexer.TRANSACTION;
        if (UNSEEN_WORDS.contains(asciiLower(name))) flags |= Lexer.UNSEEN;
        if (ROWS_WORDS.contains(asciiLower(name))) flags |= Lexer.ROWS;
        if (EXPLAIN_WORDS.contains(asciiLower(name))) flags |= Lexer.EXPLAIN;
        if (MAINTENANCE_WORDS.contains(asciiLower(name))) flags |= Lexer.MAINTENANCE;
      }
      if (k > 0 && (token.kind() == TokenKind.WORD ? d != Dialect.SQLITE
          : d == Dialect.POSTGRESQL || d == Dialect.DUCKDB)
          && SEQUENCE_FUNCTIONS.contains(asciiLower(name))) flags |= Lexer.SEQUENCE_CALL;
      if (k > 0 && token.kind() == TokenKind.WORD && d == Dialect.MYSQL && asciiLower(name).equals("value")
          && k + 1 < t.size() && t.get(k + 1).kind() == TokenKind.WORD
          && asciiLower(text(sql, t.get(k + 1))).equals("for")) flags |= Lexer.SEQUENCE_CALL; // NEXT VALUE FOR
      if (k > 0 && token.kind() == TokenKind.WORD && d == Dialect.POSTGRESQL
          && asciiLower(name).equals("set_config")) flags |= Lexer.PATH_CALL;
      boolean wordNext = k + 1 < t.size() && t.get(k + 1).kind() == TokenKind.WORD;
      String next = wordNext ? asciiLower(text(sql, t.get(k + 1))) : "";
      if (k > 0 && token.kind() == TokenKind.WORD && (d == Dialect.POSTGRESQL || d == Dialect.MYSQL)
          && (asciiLower(name).equals("for") && Set.of("update", "share", "no", "key").contains(next)
          || d == Dialect.MYSQL && asciiLower(name).equals("lock") && next.equals("in"))) {
        flags |= Lexer.ROWS; // a query's row lock
      }
      if (containsIgnoringAsciiCase(draftNames, name)) flags |= Lexer.DRAFT_NAME;
      boolean qualifies = k + 1 < t.size() && t.get(k + 1).kind() == TokenKind.PUNCT && text(sql, t.get(k + 1)).equals(".");
      if (qualifies && !containsIgnoringAsciiCase(knownQualifiers, name)) flags |= Lexer.UNKNOWN_QUALIFIER;
    }
    for (int k = 0; k + 1 < t.size(); k++) {
      // a ';' with more text after it: the text may hold several statements
      if (t.get(k).kind() == TokenKind.PUNCT && text(sql, t.get(k)).equals(";")) flags |= Lexer.MULTIPLE;
    }
    return flags;
  }

  static String text(String sql, Token t) {
    return sql.substring(t.start(), t.end());
  }

  private static String quotedContent(String sql, Token t) {
    String text = text(sql, t);
    char close = text.charAt(0) == '[' ? ']' : text.charAt(0);
    boolean closed = text.length() >= 2 && text.charAt(text.length() - 1) == close;
    return text.substring(1, closed ? text.length() - 1 : text.length());
  }

  private static boolean containsIgnoringAsciiCase(Set<String> names, String name) {
    for (String n : names) {
      if (asciiLower(n).equals(asciiLower(name))) return true;
    }
    return false;
  }

  static String asciiLower(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (char c : s.toCharArray()) out.append(c >= 'A' && c <= 'Z' ? (char) (c + 32) : c);
    return out.toString();
  }

  private void run() {
    int i = 0;
    while (i < sql.length()) {
      int afterTrivia = trivia(i);
      if (afterTrivia > i) {
        i = afterTrivia;
        continue;
      }
      Token t = token(i);
      tokens.add(t);
      i = t.end();
    }
  }

  private boolean at(int i, String s) {
    return sql.startsWith(s, i);
  }

  /** The end of the white space or comment at i, or i when there is none. */
  private int trivia(int i) {
    char c = sql.charAt(i);
    if (" \n\t\r\f\u000B".indexOf(c) >= 0) return i + 1;
    boolean dashes = at(i, "--") && (d != Dialect.MYSQL || i + 2 >= sql.length() || sql.charAt(i + 2) <= ' ');
    if (dashes || (c == '#' && d == Dialect.MYSQL)) {
      int newline = sql.indexOf('\n', i);
      return newline < 0 ? sql.length() : newline;
    }
    if (d == Dialect.MYSQL && (at(i, "/*!") || at(i, "/*M!"))) {
      // an executable comment: MySQL runs its text, so only the opening marker and its version are trivia
      int j = i + (at(i, "/*M!") ? 4 : 3);
      while (j < sql.length() && sql.charAt(j) >= '0' && sql.charAt(j) <= '9') j++;
      return j;
    }
    if (d == Dialect.MYSQL && at(i, "*/")) return i + 2;   // the close of an executable comment
    if (at(i, "/*")) return blockCommentEnd(i);
    return i;
  }

  private int blockCommentEnd(int i) {
    int depth = 0;
    int j = i;
    while (j < sql.length()) {
      if (at(j, "/*") && (depth == 0 || d == Dialect.POSTGRESQL)) {
        depth++;
        j += 2;
      } else if (at(j, "*/")) {
        j += 2;
        if (--depth == 0) return j;
      } else {
        j++;
      }
    }
    return sql.length();
  }

  private boolean opensComment(int j) {
    if (at(j, "/*")) return true;
    if (d == Dialect.MYSQL) return sql.charAt(j) == '#' || (at(j, "--") && (j + 2 >= sql.length() || sql.charAt(j + 2) <= ' '));
    return at(j, "--");
  }

  private Token token(int i) {
    char c = sql.charAt(i);
    Matcher word = WORD.matcher(sql).region(i, sql.length());
    if (word.lookingAt()) {
      int end = word.end();
      boolean escapeString = (d == Dialect.POSTGRESQL || d == Dialect.DUCKDB) && end == i + 1 && (c == 'E' || c == 'e')
          && end < sql.length() && sql.charAt(end) == '\'';
      if (escapeString) return new Token(i, quoted(end + 1, '\'', true), TokenKind.STRING);
      return new Token(i, end, TokenKind.WORD);
    }
    if ((c == '"' && d != Dialect.MYSQL) || (c == '`' && (d == Dialect.MYSQL || d == Dialect.SQLITE))
        || (c == '[' && d == Dialect.SQLITE)) {
      return new Token(i, quoted(i + 1, c == '[' ? ']' : c, false), TokenKind.QUOTED_IDENTIFIER);
    }
    if (c == '\'') return new Token(i, quoted(i + 1, '\'', d == Dialect.MYSQL), TokenKind.STRING);
    if (c == '"') return new Token(i, quoted(i + 1, '"', true), TokenKind.STRING);     // MySQL
    if ((c >= '0' && c <= '9') || (c == '.' && i + 1 < sql.length() && sql.charAt(i + 1) >= '0' && sql.charAt(i + 1) <= '9')) {
      Matcher number = NUMBER.matcher(sql).region(i, sql.length());
      number.lookingAt();
      return new Token(i, number.end(), TokenKind.NUMBER);
    }
    if (c == '$' && (d == Dialect.POSTGRESQL || d == Dialect.DUCKDB)) {
      Matcher tag = DOLLAR_TAG.matcher(sql).region(i, sql.length());
      if (tag.lookingAt()) {
        String open = tag.group();
        int close = sql.indexOf(open, tag.end());
        return new Token(i, close < 0 ? sql.length() : close + open.length(), TokenKind.STRING);
      }
      int j = i + 1;
      while (j < sql.length() && sql.charAt(j) >= '0' && sql.charAt(j) <= '9') j++;
      return new Token(i, j, j > i + 1 ? TokenKind.PARAMETER : TokenKind.OPERATOR);
    }
    if (c == '?') {
      int j = i + 1;
      if (d == Dialect.SQLITE) while (j < sql.length() && sql.charAt(j) >= '0' && sql.charAt(j) <= '9') j++;
      return new Token(i, j, TokenKind.PARAMETER);
    }
    if (d == Dialect.SQLITE && ":@$".indexOf(c) >= 0) {
      Matcher name = WORD.matcher(sql).region(i + 1, sql.length());
      if (name.lookingAt()) return new Token(i, name.end(), TokenKind.PARAMETER);
    }
    if (PUNCT.indexOf(c) >= 0) return new Token(i, i + 1, TokenKind.PUNCT);
    int j = i + 1;
    if (OPERATOR_CHARS.indexOf(c) >= 0) {
      while (j < sql.length() && OPERATOR_CHARS.indexOf(sql.charAt(j)) >= 0 && sql.charAt(j) != '?' && !opensComment(j)) j++;
    }
    return new Token(i, j, TokenKind.OPERATOR);
  }

  /** From just after an opening quote, the offset just past the closing one (or the end of the text). */
  private int quoted(int i, char close, boolean backslash) {
    int j = i;
    while (j < sql.length()) {
      char c = sql.charAt(j);
      if (backslash && c == '\\') {
        j += 2;
      } else if (c == close) {
        if (close != ']' && j + 1 < sql.length() && sql.charAt(j + 1) == close) j += 2;
        else return j + 1;
      } else {
        j++;
      }
    }
    return sql.length();
  }
}

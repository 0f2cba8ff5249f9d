package org.djbranch.rewriter;


/** The SQL dialects the rewriter understands: how each quotes identifiers and stores unquoted names. */
public enum Dialect {
  POSTGRESQL('"'), MYSQL('`'), DUCKDB('"'), SQLITE('"');

  private final char quoteChar;

  Dialect(char quoteChar) {
    this.quoteChar = quoteChar;
  }

  /** The identifier quoted for this dialect, with the quote character doubled inside. */
  public String quote(String identifier) {
    StringBuilder out = new StringBuilder(identifier.length() + 2).append(quoteChar);
    for (int i = 0; i < identifier.length(); i++) {
      char c = identifier.charAt(i);
      if (c == quoteChar) out.append(c);
      out.append(c);
    }
    return out.append(quoteChar).toString();
  }

  public String quote(String schema, String table) {
    return quote(schema) + "." + quote(table);
  }

  /**
   * How the database stores a name written without quotes: PostgreSQL folds to lower case — only A to Z, as it does
   * in a multibyte encoding such as UTF-8 ({@code É} stays) — the others keep it.
   */
  public String fold(String unquotedIdentifier) {
    return this == POSTGRESQL ? asciiLower(unquotedIdentifier) : unquotedIdentifier;
  }

  /** {@code A} to {@code Z} lower-cased, every other character kept. */
  public static String asciiLower(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        char[] out = s.toCharArray();
        for (int k = i; k < out.length; k++) {
          if (out[k] >= 'A' && out[k] <= 'Z') {
            out[k] = (char) (out[k] + ('a' - 'A'));
          }
        }
        return new String(out);
      }
    }
    return s;
  }

  char quoteChar() {
    return quoteChar;
  }

  /** PostgreSQL and DuckDB know $tag$ ... $tag$ string bodies. */
  boolean hasDollarQuotes() {
    return this == POSTGRESQL || this == DUCKDB;
  }

  /** MySQL strings take backslash escapes and may be written with double quotes. */
  boolean isMySql() {
    return this == MYSQL;
  }

  boolean hasBacktickIdentifiers() {
    return this == MYSQL || this == SQLITE;
  }

  boolean hasBracketIdentifiers() {
    return this == SQLITE;
  }

  /** PgJDBC reads "??" as one literal question mark (the jsonb operator), not as two parameters. */
  boolean readsDoubledQuestionMarkAsOne() {
    return this == POSTGRESQL;
  }
}

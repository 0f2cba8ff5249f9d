package org.djbranch.rewriter;

import java.util.Locale;

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

  /** How the database stores a name written without quotes: PostgreSQL folds to lower case, the others keep it. */
  public String fold(String unquotedIdentifier) {
    return this == POSTGRESQL ? unquotedIdentifier.toLowerCase(Locale.ROOT) : unquotedIdentifier;
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
}

package org.djbranch.rewriter;


/**
 * The SQL dialects the rewriter understands: how each quotes identifiers, stores unquoted names and labels a select
 * item written without an alias.
 */
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

  /**
   * How the database labels a select item written without an alias that is neither a column nor {@code *}: from which
   * part of the text, if any. A spliced item keeps its label through an alias of that text ({@link SelectLabels}).
   */
  public enum LabelRule {
    /**
     * Not from the text: PostgreSQL labels an item {@code ?column?}, or by the name of the function or of the
     * subquery's column, which splicing leaves as they were.
     */
    NOT_TEXT,
    /**
     * DuckDB: the expression as its parser prints it again ({@code (1 = ANY(SELECT * FROM s.t1))}), keywords, spacing
     * and parentheses its own, names as written. Only the database prints it ({@link RenderedLabels}); a parameter
     * marker is printed by its number in the whole statement, which the item alone does not hold.
     */
    RENDERED,
    /**
     * MySQL/MariaDB: the item's own text, from its first token to its last, comments inside kept, as written. A
     * parameter marker is labelled by the value the driver puts there, which the plan cannot know.
     */
    ITEM_TOKENS,
    /**
     * SQLite: from the item's first token to the start of the next token (a comma, {@code FROM}, the end), white space
     * trimmed at the end: a comment after the item is part of its label.
     */
    TO_NEXT_TOKEN
  }

  /** How this database labels an unaliased select item (see {@link LabelRule}). */
  public LabelRule labelRule() {
    return switch (this) {
      case MYSQL -> LabelRule.ITEM_TOKENS;
      case SQLITE -> LabelRule.TO_NEXT_TOKEN;
      case POSTGRESQL -> LabelRule.NOT_TEXT;
      case DUCKDB -> LabelRule.RENDERED;
    };
  }

  /**
   * The longest alias, in characters, this database takes: MySQL refuses a longer alias (256). MariaDB cuts its
   * labels, given or made, to 255 bytes, so an alias cut at 256 characters is labelled as the whole text is.
   */
  int aliasLimit() {
    return this == MYSQL ? 256 : Integer.MAX_VALUE;
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

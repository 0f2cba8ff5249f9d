package org.djbranch.rewriter;

/**
 * MySQL's {@code SHOW [FULL] TABLES [{FROM | IN} db] [LIKE 'pattern' | WHERE condition]} and {@code SHOW TABLE
 * STATUS} of the same form, read from tokens: what a branch answers with the tables it sees, its own and the
 * pipeline's, merged as JDBC metadata merges them. {@code status}: a {@code SHOW TABLE STATUS}; {@code database}: the
 * database named, unquoted, or null for the current one; {@code pattern}: the {@code LIKE} string as written (quotes
 * and all), or null; {@code condition}: the text after {@code WHERE}, or null. The condition names the listing's
 * columns ({@code Tables_in_db}, {@code Table_type}; {@code Name}, {@code Engine}, ...) as the database's answer does.
 */
public record TableListing(boolean full, boolean status, String database, boolean databaseQuoted, String pattern,
    String condition) {
  /** The listing {@code sql} asks for, or null for any other statement (and in any other dialect). */
  public static TableListing read(String sql, Dialect dialect) {
    if (!dialect.isMySql()) {
      return null;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    int end = t.size() - (t.isPunct(t.size() - 1, ';') ? 1 : 0);
    if (!t.isWord(0, "SHOW")) {
      return null;
    }
    int k = 1;
    boolean full = t.isWord(k, "FULL");
    if (full) {
      k++;
    }
    boolean status = !full && t.isWord(k, "TABLE") && t.isWord(k + 1, "STATUS");
    if (status) {
      k++;
    } else if (!t.isWord(k, "TABLES")) {
      return null;
    }
    k++;
    String database = null;
    boolean quoted = false;
    if (t.isWord(k, "FROM") || t.isWord(k, "IN")) {
      if (!NameChains.isName(t, k + 1) || NameChains.chainEnd(t, k + 1) != k + 1) {
        return null;
      }
      database = t.identifier(k + 1);
      quoted = t.kind(k + 1) == TokenKind.QUOTED_IDENTIFIER;
      k += 2;
    }
    if (k == end) {
      return new TableListing(full, status, database, quoted, null, null);
    }
    if (t.isWord(k, "LIKE") && k + 2 == end && t.kind(k + 1) == TokenKind.STRING) {
      return new TableListing(full, status, database, quoted, t.text(k + 1), null);
    }
    if (t.isWord(k, "WHERE") && k + 1 < end) {
      return new TableListing(full, status, database, quoted, null, sql.substring(t.start(k + 1), t.end(end - 1)));
    }
    return null;
  }
}

package org.djbranch.rewriter;

/**
 * The schema a {@code CREATE SCHEMA} or {@code DROP SCHEMA} names, read from the tokens: where it is written in two
 * parts ({@code CREATE SCHEMA oth.s}, DuckDB's schema {@code s} of attached database {@code oth}), the first is the
 * database. The parser reads neither part of such a name.
 */
public final class SchemaStatement {
  private SchemaStatement() {
  }

  /**
   * The database part of the schema {@code sql} creates or drops ({@code oth} of {@code CREATE SCHEMA oth.s}), as
   * written without quotes; null where the statement is no such statement or names the schema alone.
   */
  public static String database(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    boolean create = t.isWord(0, "CREATE");
    if (!create && !t.isWord(0, "DROP") || !t.isWord(1, "SCHEMA")) {
      return null;
    }
    int k = 2;
    boolean ifClause = t.isWord(k, "IF") && (create ? t.isWord(k + 1, "NOT") && t.isWord(k + 2, "EXISTS")
        : t.isWord(k + 1, "EXISTS"));
    if (ifClause) {
      k += create ? 3 : 2;
    }
    if (!NameChains.isName(t, k)) {
      return null;
    }
    int last = NameChains.chainEnd(t, k);
    return last == k ? null : t.identifier(last - 2);
  }
}

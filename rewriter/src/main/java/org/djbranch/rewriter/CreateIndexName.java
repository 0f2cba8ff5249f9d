package org.djbranch.rewriter;

/**
 * The name of the index a CREATE INDEX declares, with its span. SQLite qualifies the index rather than the table
 * ({@code CREATE INDEX s.i ON t (c)}), so a rewrite for SQLite moves the schema to this name.
 */
public final class CreateIndexName {
  private CreateIndexName() {
  }

  /** The index name of {@code CREATE [UNIQUE] INDEX [CONCURRENTLY] [IF NOT EXISTS] name ON ...}, or null. */
  public static TableRef find(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    int k = 0;
    if (!t.isWord(k++, "CREATE")) return null;
    if (t.isWord(k, "UNIQUE")) k++;
    if (!t.isWord(k++, "INDEX")) return null;
    if (t.isWord(k, "CONCURRENTLY")) k++;
    if (t.isWord(k, "IF") && t.isWord(k + 1, "NOT") && t.isWord(k + 2, "EXISTS")) k += 3;
    if (t.isWord(k, "ON") || !NameChains.isName(t, k)) return null;
    return NameChains.ref(t, k, NameChains.chainEnd(t, k), TableRef.Role.CREATE);
  }
}

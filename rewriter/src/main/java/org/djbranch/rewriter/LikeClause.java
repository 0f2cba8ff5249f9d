package org.djbranch.rewriter;

/**
 * Whether a {@code CREATE TABLE ... LIKE t} gives the new table {@code t}'s column defaults: MySQL's {@code CREATE
 * TABLE d LIKE t} always does; PostgreSQL's {@code (LIKE t INCLUDING DEFAULTS)} and {@code INCLUDING ALL} do, unless
 * {@code EXCLUDING DEFAULTS} follows. A default that draws from a sequence is then the new table's too, named by the
 * sequence's identity, not its name.
 */
public final class LikeClause {
  private LikeClause() {
  }

  /**
   * The table a {@code CREATE TABLE} is declared like and whose defaults it copies, as written; null where it names
   * none or copies no default. A {@code LIKE} of a column's check ({@code CHECK (a LIKE 'x%')}) is followed by no name
   * of a table; one followed by a column's name may be taken for the clause, and then names no table.
   */
  public static TableRef defaultsFrom(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    if (!t.isWord(0, "CREATE")) {
      return null;
    }
    for (int k = 1; k + 1 < t.size(); k++) {
      if (t.isWord(k, "LIKE") && NameChains.isName(t, k + 1)) {
        return copiesDefaults(t, dialect) ? NameChains.refAt(t, k + 1, TableRef.Role.READ) : null;
      }
    }
    return null;
  }

  private static boolean copiesDefaults(Tokens t, Dialect dialect) {
    if (dialect == Dialect.MYSQL) {
      return true;
    }
    boolean copies = false;
    for (int i = 0; i + 1 < t.size(); i++) {
      if (t.isWord(i, "INCLUDING") && (t.isWord(i + 1, "DEFAULTS") || t.isWord(i + 1, "ALL"))) {
        copies = true;
      } else if (t.isWord(i, "EXCLUDING") && t.isWord(i + 1, "DEFAULTS")) {
        copies = false;
      }
    }
    return copies;
  }
}

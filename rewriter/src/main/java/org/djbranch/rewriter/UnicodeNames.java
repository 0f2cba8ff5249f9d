package org.djbranch.rewriter;

/**
 * PostgreSQL's identifiers written with Unicode escapes, {@code U&"\0074"} (t): the text a branch reads does not
 * spell the name the database reads, so a statement naming a table so could reach trunk's table under a name no
 * binding recognises. A branch refuses such a statement rather than guess.
 */
public final class UnicodeNames {
  private UnicodeNames() {
  }

  /** Whether {@code sql} may hold such an identifier: a look for {@code &"}, no tokens read. */
  public static boolean mayHold(String sql, Dialect dialect) {
    return dialect == Dialect.POSTGRESQL && sql.contains("&\"");
  }

  /** The first such identifier of {@code sql}, read into {@code t}, as written; or null. */
  public static String first(String sql, Tokens t) {
    for (int i = 0; i + 2 < t.size(); i++) {
      if (t.isWord(i, "U") && t.text(i + 1).equals("&") && t.kind(i + 2) == TokenKind.QUOTED_IDENTIFIER
          && t.end(i) == t.start(i + 1) && t.end(i + 1) == t.start(i + 2)) {
        return sql.substring(t.start(i), t.end(i + 2));
      }
    }
    return null;
  }
}

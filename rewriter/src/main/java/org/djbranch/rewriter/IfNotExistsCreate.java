package org.djbranch.rewriter;

import java.util.Locale;

/**
 * A {@code CREATE SCHEMA | DATABASE | INDEX | VIEW | MATERIALIZED VIEW | SEQUENCE ... IF NOT EXISTS name}, read from
 * the tokens: what it would create and under which name. A branch answers one whose object the pipeline holds
 * without sending it, as the database answers it (nothing to do), since the database checks the privilege to create
 * before it looks whether there is anything to create (issue: a read-only login re-importing a pipeline module),
 * and a view or sequence of that name made in the draft would hide the pipeline's. A temporary one is the session's
 * own and not read here.
 */
public record IfNotExistsCreate(Kind kind, TableRef name) {
  /** What the statement creates: a schema (also MySQL's DATABASE), an index, a view (or materialized), a sequence. */
  public enum Kind { SCHEMA, INDEX, VIEW, SEQUENCE }

  /** The statement, or null when it is not one of these or has no IF NOT EXISTS. */
  public static IfNotExistsCreate read(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    if (!t.isWord(0, "CREATE")) return null;
    int k = 1;
    if (t.isWord(k, "UNLOGGED")) k++;
    Kind kind;
    String word = k < t.size() && t.kind(k) == TokenKind.WORD ? t.text(k).toUpperCase(Locale.ROOT) : "";
    if (word.equals("SCHEMA") || word.equals("DATABASE")) {
      kind = Kind.SCHEMA;
      k++;
    } else if (word.equals("VIEW") || word.equals("MATERIALIZED") && t.isWord(k + 1, "VIEW")) {
      kind = Kind.VIEW;
      k += word.equals("VIEW") ? 1 : 2;
    } else if (word.equals("SEQUENCE")) {
      kind = Kind.SEQUENCE;
      k++;
    } else {
      if (t.isWord(k, "UNIQUE")) k++;
      if (!t.isWord(k++, "INDEX")) return null;
      if (t.isWord(k, "CONCURRENTLY")) k++;
      kind = Kind.INDEX;
    }
    if (!(t.isWord(k, "IF") && t.isWord(k + 1, "NOT") && t.isWord(k + 2, "EXISTS"))) return null;
    k += 3;
    if (!NameChains.isName(t, k) || t.isWord(k, "ON") || t.isWord(k, "AUTHORIZATION")) return null;
    TableRef name = NameChains.ref(t, k, NameChains.chainEnd(t, k), TableRef.Role.CREATE);
    if (kind == Kind.SCHEMA && name.schema() != null) return null;
    return new IfNotExistsCreate(kind, name);
  }

  /**
   * The text the parser is given for {@code sql}: a {@code CREATE SEQUENCE IF NOT EXISTS} with the three words
   * blanked, which it cannot read otherwise (the text sent keeps them); any other statement as it is.
   */
  static String parsable(String sql, Dialect dialect) {
    if (!CharRules.startsWithWord(sql, "CREATE", dialect)) {
      return sql;
    }
    IfNotExistsCreate c = read(sql, dialect);
    if (c == null || c.kind != Kind.SEQUENCE) {
      return sql;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    int k = 0;
    while (!t.isWord(k, "IF")) k++;
    char[] out = sql.toCharArray();
    java.util.Arrays.fill(out, t.start(k), t.end(k + 2), ' ');
    return new String(out);
  }
}

package org.djbranch.rewriter;

import java.util.Locale;

/**
 * A {@code CREATE SCHEMA | DATABASE | INDEX ... IF NOT EXISTS name}, read from the tokens: what it would create and
 * under which name. A branch answers one whose object exists without sending it, since the database checks the
 * privilege to create before it looks whether there is anything to create (issue: a read-only login re-importing a
 * pipeline module).
 */
public record IfNotExistsCreate(Kind kind, TableRef name) {
  /** What the statement creates: a schema (also MySQL's DATABASE) or an index. */
  public enum Kind { SCHEMA, INDEX }

  /** The statement, or null when it is not one of these or has no IF NOT EXISTS. */
  public static IfNotExistsCreate read(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    if (!t.isWord(0, "CREATE")) return null;
    int k = 1;
    Kind kind;
    String word = k < t.size() && t.kind(k) == TokenKind.WORD ? t.text(k).toUpperCase(Locale.ROOT) : "";
    if (word.equals("SCHEMA") || word.equals("DATABASE")) {
      kind = Kind.SCHEMA;
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
}

package org.djbranch.rewriter;

/**
 * A PostgreSQL catalog lookup of one relation by schema and name, each given as a {@code ?} parameter: how tools that
 * read {@code pg_catalog} themselves ask whether a table exists (Flyway asks so for its history table:
 * {@code ... FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON ... WHERE n.nspname = ? AND c.relname = ?}).
 * The text reads {@code pg_namespace} and {@code pg_class} and compares {@code nspname} and {@code relname} with
 * {@code =} exactly once each, each with a parameter. Read from tokens; any other text, a listing of a schema's
 * relations among them, is none.
 *
 * @param schemaParameter the 1-based index of the parameter compared with {@code nspname}
 * @param relationParameter the 1-based index of the parameter compared with {@code relname}
 */
public record CatalogLookup(int schemaParameter, int relationParameter) {

  /** The lookup {@code sql} is, or null. Texts that name neither column are passed over without lexing. */
  public static CatalogLookup read(String sql, Dialect dialect) {
    if (dialect != Dialect.POSTGRESQL || !mentions(sql, "nspname") || !mentions(sql, "relname")) {
      return null;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    boolean namespaces = false;
    boolean relations = false;
    int parameters = 0;
    int schema = 0;
    int relation = 0;
    for (int i = 0; i < t.size(); i++) {
      if (t.kind(i) == TokenKind.PARAMETER) {
        if (t.end(i) - t.start(i) != 1) {
          return null; // $1-style parameters: not the positional form this reads
        }
        parameters++;
      } else if (t.isWord(i, "pg_namespace")) {
        namespaces = true;
      } else if (t.isWord(i, "pg_class")) {
        relations = true;
      } else if (t.isWord(i, "nspname") || t.isWord(i, "relname")) {
        if (!isEquals(t, i + 1)) {
          continue; // selected, ordered by, or compared otherwise: not what picks the one relation
        }
        if (!t.isQuestionMark(i + 2) || (t.isWord(i, "nspname") ? schema : relation) != 0) {
          return null; // compared with something else, or twice: not a lookup of one relation
        }
        if (t.isWord(i, "nspname")) {
          schema = parameters + 1;
        } else {
          relation = parameters + 1;
        }
      }
    }
    return namespaces && relations && schema != 0 && relation != 0 ? new CatalogLookup(schema, relation) : null;
  }

  private static boolean isEquals(Tokens t, int i) {
    return i < t.size() && t.kind(i) == TokenKind.OPERATOR && t.end(i) - t.start(i) == 1
        && t.sql().charAt(t.start(i)) == '=';
  }

  /** Whether {@code word} occurs in {@code sql}, ignoring case, without copying the text. */
  private static boolean mentions(String sql, String word) {
    for (int i = 0, last = sql.length() - word.length(); i <= last; i++) {
      if (sql.regionMatches(true, i, word, 0, word.length())) {
        return true;
      }
    }
    return false;
  }
}

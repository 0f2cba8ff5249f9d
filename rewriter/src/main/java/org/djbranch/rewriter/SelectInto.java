package org.djbranch.rewriter;

/**
 * PostgreSQL's {@code SELECT ... INTO [UNLOGGED] [TABLE] t FROM ...}, which creates table t as
 * {@code CREATE TABLE t AS SELECT ...} does (the PostgreSQL manual says so of SELECT INTO), written as that
 * declaration so a branch declares t in its draft like any other table, and reads what it names as any
 * statement of the branch does. {@code INTO TEMP} makes the session's own table ({@code CREATE TEMP TABLE ... AS}),
 * in no schema of the pipeline's. MySQL's {@code INTO @v} fills variables and is left as written.
 */
public final class SelectInto {
  private SelectInto() {
  }

  /** The CREATE TABLE AS that {@code sql} amounts to, or null where it creates no table. */
  public static String asCreateTable(String sql, Dialect dialect) {
    if (dialect != Dialect.POSTGRESQL) {
      return null;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    int select = mainSelect(t);
    if (select < 0) {
      return null;
    }
    int depth = 0;
    for (int k = select + 1; k < t.size(); k++) {
      if (t.isPunct(k, '(')) {
        depth++;
      } else if (t.isPunct(k, ')')) {
        depth--;
      } else if (depth == 0 && (t.isWord(k, "FROM") || t.isWord(k, "WHERE") || t.isWord(k, "UNION")
          || t.isPunct(k, ';'))) {
        return null;
      } else if (depth == 0 && t.isWord(k, "INTO")) {
        return created(sql, t, k);
      }
    }
    return null;
  }

  /** The CREATE TABLE AS for {@code INTO} at token {@code into}. */
  private static String created(String sql, Tokens t, int into) {
    int k = into + 1;
    String kind = "";
    if (t.isWord(k, "TEMP") || t.isWord(k, "TEMPORARY") || t.isWord(k, "UNLOGGED")) {
      kind = t.text(k).toUpperCase(java.util.Locale.ROOT) + " ";
      k++;
    }
    if (t.isWord(k, "TABLE")) {
      k++;
    }
    if (!NameChains.isName(t, k)) {
      return null;
    }
    int last = NameChains.chainEnd(t, k);
    String table = sql.substring(t.start(k), t.end(last));
    String rest = last + 1 < t.size() ? sql.substring(t.start(last + 1)) : "";
    return "CREATE " + kind + "TABLE " + table + " AS "
        + sql.substring(0, t.start(into)).stripTrailing() + (rest.isEmpty() ? "" : " " + rest);
  }

  /**
   * The token of the statement's own SELECT: its first word, or after a WITH clause's queries (each in
   * parentheses); -1 where the statement is no query.
   */
  private static int mainSelect(Tokens t) {
    if (t.isWord(0, "SELECT")) {
      return 0;
    }
    if (!t.isWord(0, "WITH")) {
      return -1;
    }
    int depth = 0;
    for (int k = 1; k < t.size(); k++) {
      if (t.isPunct(k, '(')) {
        depth++;
      } else if (t.isPunct(k, ')')) {
        depth--;
      } else if (depth == 0 && t.isWord(k, "SELECT")) {
        return k;
      } else if (depth == 0 && (t.isWord(k, "INSERT") || t.isWord(k, "UPDATE") || t.isWord(k, "DELETE"))) {
        return -1;
      }
    }
    return -1;
  }
}

package org.djbranch.rewriter;

/**
 * A declaration as a branch sends and reads it, where a spelling the database takes would be misread or could not run
 * there, and an equivalent one reads and runs: PostgreSQL's {@code CONCURRENTLY} left out of index statements
 * ({@link #withoutConcurrently}); MySQL's {@code CREATE TABLE t SELECT ...} given its optional {@code AS}
 * ({@link #withAs}), which the parser needs to read the query and the tables it names.
 */
public final class DdlSpelling {
  private DdlSpelling() {
  }

  /** {@code sql} as the branch reads and sends it: {@link #withoutConcurrently}, then {@link #withAs}. */
  public static String onBranch(String sql, Dialect dialect) {
    return withAs(withoutConcurrently(sql, dialect), dialect);
  }

  /**
   * {@code sql} without PostgreSQL's {@code CONCURRENTLY} in {@code CREATE [UNIQUE] INDEX CONCURRENTLY} and {@code
   * DROP INDEX CONCURRENTLY}; else {@code sql} itself. On a branch an index is built on, or dropped from, the branch's
   * own tables, and a pipeline table's index on the copy the branch makes first inside a transaction, where {@code
   * CONCURRENTLY} cannot run.
   */
  static String withoutConcurrently(String sql, Dialect dialect) {
    if (dialect != Dialect.POSTGRESQL) {
      return sql;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    int k = t.isWord(0, "CREATE") && t.isWord(1, "UNIQUE") ? 2 : 1;
    boolean index = (t.isWord(0, "CREATE") || t.isWord(0, "DROP")) && t.isWord(k, "INDEX");
    if (!index || !t.isWord(k + 1, "CONCURRENTLY")) {
      return sql;
    }
    int end = k + 2 < t.size() ? t.start(k + 2) : t.end(k + 1); // the word and the space after it
    return sql.substring(0, t.start(k + 1)) + sql.substring(end);
  }

  /**
   * MySQL's {@code CREATE [TEMPORARY] TABLE t [(...)] [options] [IGNORE | REPLACE] SELECT ...} with {@code AS} before
   * its query, as MySQL reads it either way; else {@code sql} itself.
   */
  static String withAs(String sql, Dialect dialect) {
    if (dialect != Dialect.MYSQL) {
      return sql;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    int table = CreateTableReader.tableWord(t);
    if (table < 0) {
      return sql;
    }
    int depth = 0;
    for (int k = table + 1; k < t.size(); k++) {
      if (t.isPunct(k, '(')) {
        depth++;
      } else if (t.isPunct(k, ')')) {
        depth--;
      } else if (depth == 0 && (t.isWord(k, "SELECT") || t.isWord(k, "WITH"))) {
        return t.isWord(k - 1, "AS") ? sql : sql.substring(0, t.start(k)) + "AS " + sql.substring(t.start(k));
      } else if (depth == 0 && t.isWord(k, "AS")) {
        return sql;
      }
    }
    return sql;
  }
}

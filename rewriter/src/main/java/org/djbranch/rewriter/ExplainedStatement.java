package org.djbranch.rewriter;

import java.util.Set;

/**
 * Where the statement an {@code EXPLAIN} explains begins, and whether explaining it runs it. PostgreSQL's {@code
 * EXPLAIN ANALYZE} (or {@code EXPLAIN (ANALYZE ...)}), DuckDB's {@code EXPLAIN ANALYZE}, MySQL's {@code EXPLAIN
 * ANALYZE} and MariaDB's {@code ANALYZE <statement>} run the statement: an {@code INSERT}, {@code DELETE} or
 * {@code UPDATE} explained so changes rows as it would on its own, and a branch must route it as that statement.
 * SQLite's {@code EXPLAIN} and {@code EXPLAIN QUERY PLAN} never run it.
 *
 * @param innerStart where the explained statement begins in the text
 * @param runs       whether the explanation runs the statement (an {@code ANALYZE} option, whatever its value)
 */
public record ExplainedStatement(int innerStart, boolean runs) {
  /** The words a statement an EXPLAIN may explain begins with. */
  private static final Set<String> STATEMENTS = Set.of("SELECT", "INSERT", "UPDATE", "DELETE", "MERGE", "WITH",
      "VALUES", "TABLE", "REPLACE", "CREATE", "EXECUTE", "DECLARE", "FROM");
  /** The option words an EXPLAIN may hold before its statement, none of which runs it. */
  private static final Set<String> OPTIONS = Set.of("VERBOSE", "EXTENDED", "PARTITIONS", "QUERY", "PLAN", "FORMAT",
      "JSON", "TREE", "TRADITIONAL", "XML", "YAML", "TEXT");

  /** The explained statement of {@code sql}; null where it explains none (not an EXPLAIN, a DESCRIBE of a table). */
  public static ExplainedStatement read(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    boolean explain = t.isWord(0, "EXPLAIN") || dialect == Dialect.MYSQL && (t.isWord(0, "DESCRIBE")
        || t.isWord(0, "DESC"));
    // MariaDB's ANALYZE <statement> runs it and reports; ANALYZE TABLE t (and elsewhere ANALYZE t) gathers statistics
    boolean mariadbAnalyze = dialect == Dialect.MYSQL && t.isWord(0, "ANALYZE");
    if (!explain && !mariadbAnalyze) {
      return null;
    }
    boolean runs = mariadbAnalyze;
    int i = 1;
    if (t.isPunct(i, '(')) {
      int depth = 0;
      for (; i < t.size(); i++) {
        if (t.isPunct(i, '(')) {
          depth++;
        } else if (t.isPunct(i, ')') && --depth == 0) {
          i++;
          break;
        } else if (analyze(t, i)) {
          runs = true;
        }
      }
    }
    for (; i < t.size(); i++) {
      if (analyze(t, i) && dialect != Dialect.SQLITE) {
        runs = true;
      } else if (t.text(i).equals("=") || t.kind(i) == TokenKind.WORD && OPTIONS.contains(word(t, i))) {
        continue;
      } else {
        break;
      }
    }
    if (i >= t.size() || t.kind(i) != TokenKind.WORD && !t.isPunct(i, '(') || t.kind(i) == TokenKind.WORD
        && !STATEMENTS.contains(word(t, i)) || mariadbAnalyze && t.isWord(i, "TABLE")) {
      return null; // MariaDB's ANALYZE TABLE t gathers statistics
    }
    return new ExplainedStatement(t.start(i), runs && dialect != Dialect.SQLITE);
  }

  private static boolean analyze(Tokens t, int i) {
    return t.isWord(i, "ANALYZE") || t.isWord(i, "ANALYSE");
  }

  private static String word(Tokens t, int i) {
    return t.text(i).toUpperCase(java.util.Locale.ROOT);
  }
}

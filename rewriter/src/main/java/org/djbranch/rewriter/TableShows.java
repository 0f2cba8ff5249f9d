package org.djbranch.rewriter;

import java.util.List;

/**
 * Statements that show one table, read from tokens: DuckDB's {@code SUMMARIZE [TABLE] t}, and MySQL's that show its
 * structure: {@code SHOW [FULL | EXTENDED] COLUMNS |
 * FIELDS FROM t [FROM db]}, {@code SHOW INDEX | INDEXES | KEYS FROM t [FROM db]} ({@code IN} for either {@code
 * FROM}), and {@code SHOW CREATE TABLE | VIEW t}. The table is read, so a branch shows its own table, or its copy of
 * a pipeline table, as a query of it reads it. The parser reads some of these as naming no table, and others not
 * at all.
 *
 * <p>Where the database is named apart ({@code FROM t FROM db}), the one reference spans both names, {@code t FROM
 * db}: what replaces it names the table as {@code db.t} does.
 */
final class TableShows {
  private TableShows() {
  }

  /** The analysis of such a statement, its table read; null for any other statement or a form not read here. */
  static Analysis analyze(Tokens t, Dialect dialect) {
    if (dialect == Dialect.DUCKDB && t.isWord(0, "SUMMARIZE")) {
      // DuckDB's SUMMARIZE [TABLE] t (the parser takes it for an EXPLAIN of nothing); SUMMARIZE <query> is carried
      int k = t.isWord(1, "TABLE") ? 2 : 1;
      return NameChains.isName(t, k) && NameChains.chainEnd(t, k) == t.size() - 1 - (t.isPunct(t.size() - 1, ';')
          ? 1 : 0) ? read(t, k, false) : null;
    }
    if (!dialect.isMySql() || !t.isWord(0, "SHOW")) {
      return null;
    }
    int k = 1;
    if (t.isWord(k, "CREATE") && (t.isWord(k + 1, "TABLE") || t.isWord(k + 1, "VIEW"))) {
      return read(t, k + 2, false);
    }
    if (t.isWord(k, "FULL") || t.isWord(k, "EXTENDED")) {
      k++;
    }
    if ((t.isWord(k, "COLUMNS") || t.isWord(k, "FIELDS") || t.isWord(k, "INDEX") || t.isWord(k, "INDEXES")
        || t.isWord(k, "KEYS")) && (t.isWord(k + 1, "FROM") || t.isWord(k + 1, "IN"))) {
      return read(t, k + 2, true);
    }
    return null;
  }

  /** The table named at token {@code k}, and, where {@code databaseApart}, the database a FROM or IN after it names. */
  private static Analysis read(Tokens t, int k, boolean databaseApart) {
    if (!NameChains.isName(t, k)) {
      return null;
    }
    int end = NameChains.chainEnd(t, k);
    TableRef table = NameChains.ref(t, k, end, TableRef.Role.READ);
    if (databaseApart && (t.isWord(end + 1, "FROM") || t.isWord(end + 1, "IN"))) {
      if (end != k || !NameChains.isName(t, end + 2) || t.isPunct(end + 3, '.')) {
        return null; // FROM db.t FROM db2: MySQL takes db2; not read here
      }
      TableRef database = NameChains.ref(t, end + 2, end + 2, TableRef.Role.READ);
      table = new TableRef(database.name(), table.name(), table.quoted(), table.start(), database.end(),
          TableRef.Role.READ, database.quoted());
    }
    return new Analysis(StatementKind.SELECT, List.of(table), null, null, List.of(), null, null, true);
  }
}

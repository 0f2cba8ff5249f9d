package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * The statements that move rows between a table and a file, read from tokens (JSqlParser parses none of them):
 * {@code COPY t [(columns)] FROM ...} writes t and {@code COPY t TO ...} reads it (PostgreSQL, DuckDB);
 * {@code COPY (query) TO ...} reads what the query reads; MySQL's {@code LOAD DATA|XML ... INTO TABLE t} writes t.
 * A branch must see the table so that it copies a pipeline table before its rows change, and names its own table
 * where it has one. DuckDB's {@code LOAD extension} names no table.
 */
final class RowLoads {
  private RowLoads() {
  }

  /** The analysis of a COPY or LOAD statement; null for any other statement, or a form not read here. */
  static Analysis analyze(String sql, Tokens t, Dialect d) throws UnparsableStatementException {
    if (t.isWord(0, "COPY")) {
      return copy(sql, t, d);
    }
    if (t.isWord(0, "LOAD")) {
      if (!t.isWord(1, "DATA") && !t.isWord(1, "XML")) {
        return new Analysis(StatementKind.OTHER, List.of(), null, null, List.of(), null, null, true);
      }
      for (int k = 2; k + 2 < t.size(); k++) {
        if (t.isWord(k, "INTO") && t.isWord(k + 1, "TABLE")) {
          TableRef table = NameChains.refAt(t, k + 2, TableRef.Role.WRITE);
          return table == null ? null : rows(StatementKind.INSERT, List.of(table));
        }
      }
    }
    return null;
  }

  private static Analysis copy(String sql, Tokens t, Dialect d) throws UnparsableStatementException {
    if (t.isPunct(1, '(')) {
      int close = ForeignKeyClause.closing(t, 1);
      if (close <= 2 || !t.isPunct(close, ')') || !t.isWord(close + 1, "TO")) {
        return null;
      }
      int from = t.start(2);
      Analysis query = Analyzer.analyze(sql.substring(from, t.start(close)), d);
      List<TableRef> refs = new ArrayList<>();
      for (TableRef r : query.tables()) {
        refs.add(r.shifted(from));
      }
      return rows(query.kind(), refs);
    }
    TableRef named = NameChains.refAt(t, 1, TableRef.Role.WRITE);
    if (named == null) {
      return null;
    }
    int k = NameChains.chainEnd(t, 1) + 1;
    if (t.isPunct(k, '(')) {
      k = ForeignKeyClause.closing(t, k) + 1;
    }
    if (t.isWord(k, "FROM")) {
      return rows(StatementKind.INSERT, List.of(named));
    }
    if (t.isWord(k, "TO")) {
      return rows(StatementKind.SELECT, List.of(named.withRole(TableRef.Role.READ)));
    }
    return null;
  }

  private static Analysis rows(StatementKind kind, List<TableRef> refs) {
    return new Analysis(kind, refs, null, null, List.of(), null, null, true);
  }
}

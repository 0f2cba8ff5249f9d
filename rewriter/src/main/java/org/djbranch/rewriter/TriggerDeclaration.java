package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * A trigger's declaration or drop, read from tokens: the parser reads neither. SQLite's {@code CREATE [TEMP] TRIGGER
 * [IF NOT EXISTS] [s.]name ... ON table [FOR EACH ROW] [WHEN expr] BEGIN stmt; ... END}; MySQL's {@code CREATE
 * [OR REPLACE] [DEFINER = u] TRIGGER [IF NOT EXISTS] [s.]name ... ON table FOR EACH ROW [FOLLOWS | PRECEDES t] stmt}
 * or {@code ... BEGIN stmt; ... END}; {@code DROP TRIGGER [IF EXISTS] [s.]name}. A trigger's statements and its
 * {@code WHEN} condition are read one at a time, so every table the trigger names is known; a statement the parser
 * cannot read (MySQL's {@code IF ... THEN}, {@code DECLARE}) makes the whole trigger unreadable.
 *
 * @param name the trigger's name as written, with its schema where written (role CREATE or DROP)
 * @param table the table it is on (role ALTER: a trigger changes its table); null for DROP TRIGGER
 * @param temporary {@code TEMP} / {@code TEMPORARY}: the session's own
 * @param conditional {@code IF EXISTS} / {@code IF NOT EXISTS} is written
 * @param body the tables its {@code WHEN} condition and statements name, spans in the whole text
 */
public record TriggerDeclaration(TableRef name, TableRef table, boolean temporary, boolean conditional,
    List<TableRef> body) {

  /** The trigger {@code sql} declares or drops; null where it is neither or does not read as one. */
  public static TriggerDeclaration read(String sql, Dialect dialect) throws UnparsableStatementException {
    return read(Lexer.tokenize(sql, dialect), dialect);
  }

  static TriggerDeclaration read(Tokens t, Dialect dialect) throws UnparsableStatementException {
    if (t.isWord(0, "DROP") && t.isWord(1, "TRIGGER")) {
      boolean conditional = t.isWord(2, "IF") && t.isWord(3, "EXISTS");
      TableRef name = NameChains.refAt(t, conditional ? 4 : 2, TableRef.Role.DROP);
      return name == null ? null : new TriggerDeclaration(name, null, false, conditional, List.of());
    }
    if (!t.isWord(0, "CREATE")) return null;
    int k = 1;
    boolean temporary = t.isWord(k, "TEMP") || t.isWord(k, "TEMPORARY");
    if (temporary) k++;
    if (t.isWord(k, "OR") && t.isWord(k + 1, "REPLACE")) k += 2;
    if (t.isWord(k, "DEFINER")) {
      k++; // = and the definer: CURRENT_USER[()], or user@host in any quoting
      while (k < t.size() && !t.isWord(k, "TRIGGER")) k++;
    }
    if (!t.isWord(k, "TRIGGER")) return null;
    k++;
    boolean conditional = t.isWord(k, "IF") && t.isWord(k + 1, "NOT") && t.isWord(k + 2, "EXISTS");
    if (conditional) k += 3;
    TableRef name = NameChains.refAt(t, k, TableRef.Role.CREATE);
    if (name == null) return null;
    int on = -1;
    for (int i = NameChains.chainEnd(t, k) + 1; i < t.size() && on < 0; i++) {
      if (t.isWord(i, "ON")) on = i;
    }
    TableRef table = on < 0 ? null : NameChains.refAt(t, on + 1, TableRef.Role.ALTER);
    if (table == null) return null;
    int begin = -1;
    for (int i = on + 1; i < t.size() && begin < 0; i++) {
      if (t.isWord(i, "BEGIN")) begin = i;
    }
    int end = t.size() - 1;
    while (end > 0 && t.isPunct(end, ';')) end--;
    if (begin < 0 && dialect == Dialect.MYSQL) {
      int row = rowClauseEnd(t, NameChains.chainEnd(t, on + 1) + 1);
      if (row < 0 || row > end) return null;
      List<TableRef> body = new ArrayList<>();
      readInto(body, "", t.sql(), t.start(row), t.end(end), dialect); // one statement
      return new TriggerDeclaration(name, table, temporary, conditional, List.copyOf(body));
    }
    if (begin < 0 || !t.isWord(end, "END")) return null;
    List<TableRef> body = new ArrayList<>();
    int when = -1;
    for (int i = NameChains.chainEnd(t, on + 1) + 1; i < begin && when < 0; i++) {
      if (t.isWord(i, "WHEN")) when = i;
    }
    String sql = t.sql();
    if (when >= 0 && when + 1 < begin) {
      readInto(body, "SELECT ", sql, t.start(when + 1), t.end(begin - 1), dialect);
    }
    int from = begin + 1;
    for (int i = begin + 1; i <= end; i++) {
      if (t.isPunct(i, ';') || i == end) {
        if (from < i) readInto(body, "", sql, t.start(from), t.end(i - 1), dialect);
        from = i + 1;
      }
    }
    return new TriggerDeclaration(name, table, temporary, conditional, List.copyOf(body));
  }

  /** MySQL: the first token of the statement after {@code FOR EACH ROW [FOLLOWS | PRECEDES t]}, or -1. */
  private static int rowClauseEnd(Tokens t, int k) {
    if (!(t.isWord(k, "FOR") && t.isWord(k + 1, "EACH") && t.isWord(k + 2, "ROW"))) return -1;
    k += 3;
    if (t.isWord(k, "FOLLOWS") || t.isWord(k, "PRECEDES")) k = NameChains.chainEnd(t, k + 1) + 1;
    return k;
  }

  /** The tables of {@code sql[start, end)}, read as a statement of its own behind {@code prefix}. */
  private static void readInto(List<TableRef> out, String prefix, String sql, int start, int end, Dialect dialect)
      throws UnparsableStatementException {
    Analysis a = Analyzer.analyze(prefix + sql.substring(start, end), dialect);
    int shift = start - prefix.length();
    for (TableRef r : a.tables()) {
      out.add(r.shifted(shift));
    }
  }

  /** The analysis of a trigger's text: its table changed (or, dropped, its name), and what its body names. */
  Analysis analysis() {
    List<TableRef> tables = new ArrayList<>();
    tables.add(table != null ? table : name);
    tables.addAll(body);
    return new Analysis(table == null ? StatementKind.DROP_TRIGGER : StatementKind.CREATE_TRIGGER, tables, table,
        null, List.of(), null, null, true);
  }
}

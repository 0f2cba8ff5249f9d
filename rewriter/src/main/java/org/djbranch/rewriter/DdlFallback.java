package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * Analysis of DDL that JSqlParser cannot parse, from tokens alone: CREATE TABLE (e.g. MySQL's
 * {@code ENGINE=InnoDB, COMMENT "x"} table options, SQLite {@code WITHOUT ROWID}) and ALTER TABLE (e.g.
 * {@code ADD ... NOT VALID}, {@code DROP FOREIGN KEY}). Only forms whose every table reference the reader sees:
 * a CREATE TABLE with a query in it is left unparsable.
 */
final class DdlFallback {
  private DdlFallback() {
  }

  static Analysis analyze(Tokens t, Dialect d) {
    if (CreateTableReader.tableWord(t) >= 0) return createTable(t, d);
    Analysis truncate = truncate(t);
    if (truncate != null) return truncate;
    AlterTableReader alter = AlterTableReader.read(t, d);
    if (alter != null) {
      List<TableRef> refs = new ArrayList<>();
      refs.add(alter.target);
      for (ForeignKey fk : alter.addedForeignKeys) refs.add(fk.parent());
      if (alter.renamedTo != null) refs.add(alter.renamedTo);
      refs.sort((a, b) -> Integer.compare(a.start(), b.start()));
      return new Analysis(StatementKind.ALTER_TABLE, refs, alter.target, null, alter.addedForeignKeys, null,
          alter.renamedTo, true).withAlterations(List.of(), alter.droppedConstraints, alter.renamedColumns, false);
    }
    return null;
  }

  /** The words that may end a TRUNCATE after its tables: how, not what. */
  private static final java.util.Set<String> TRUNCATE_OPTIONS = java.util.Set.of("RESTART", "CONTINUE", "IDENTITY",
      "CASCADE", "RESTRICT", "NOWAIT", "WAIT");

  /**
   * {@code TRUNCATE [TABLE] [ONLY] a [*] [, [ONLY] b [*]] ... [RESTART | CONTINUE IDENTITY] [CASCADE | RESTRICT]}
   * (PostgreSQL; Django's and Rails' flush send {@code TRUNCATE a, b RESTART IDENTITY CASCADE}, which the parser
   * refuses), MariaDB's {@code [WAIT n | NOWAIT]}: every table named is emptied. Null where another word follows.
   */
  private static Analysis truncate(Tokens t) {
    if (!t.isWord(0, "TRUNCATE")) return null;
    int k = t.isWord(1, "TABLE") ? 2 : 1;
    List<TableRef> refs = new ArrayList<>();
    while (true) {
      if (t.isWord(k, "ONLY") && NameChains.isName(t, k + 1)) k++;
      if (!NameChains.isName(t, k)) return null;
      int end = NameChains.chainEnd(t, k);
      refs.add(NameChains.ref(t, k, end, TableRef.Role.WRITE));
      k = end + 1;
      if (k < t.size() && t.kind(k) == TokenKind.OPERATOR && t.text(k).equals("*")) k++; // and its children
      if (!t.isPunct(k, ',')) break;
      k++;
    }
    for (; k < t.size(); k++) {
      boolean option = t.kind(k) == TokenKind.WORD
          && TRUNCATE_OPTIONS.contains(t.text(k).toUpperCase(java.util.Locale.ROOT));
      if (!option && !(t.kind(k) == TokenKind.NUMBER && t.isWord(k - 1, "WAIT")) && !t.isPunct(k, ';')) return null;
    }
    return new Analysis(StatementKind.TRUNCATE, refs, refs.get(0), null, List.of(), null, null, true);
  }

  private static Analysis createTable(Tokens t, Dialect d) {
    for (int k = 0; k < t.size(); k++) {
      if (t.isWord(k, "SELECT") || t.isWord(k, "WITH") || t.isWord(k, "VALUES")) return null;
    }
    CreateTable table = CreateTableReader.read(t, d);
    if (table == null) return null;
    List<TableRef> refs = new ArrayList<>();
    refs.add(table.table());
    for (ForeignKey fk : table.foreignKeys()) refs.add(fk.parent());
    refs.addAll(inheritedParents(t));
    refs.sort((a, b) -> Integer.compare(a.start(), b.start()));
    return new Analysis(StatementKind.CREATE_TABLE, refs, table.table(), table, List.of(), null, null, true);
  }

  /** PostgreSQL "PARTITION OF parent", "INHERITS (a, b)" and "LIKE other" name other tables. */
  static List<TableRef> inheritedParents(Tokens t) {
    return parents(t, true);
  }

  /** PostgreSQL "PARTITION OF parent" and "INHERITS (a, b)": the tables the new one joins ({@link JoinedParents}). */
  static List<TableRef> joinedParents(Tokens t) {
    return parents(t, false);
  }

  private static List<TableRef> parents(Tokens t, boolean likes) {
    List<TableRef> refs = new ArrayList<>();
    for (int k = 0; k < t.size(); k++) {
      if ((t.isWord(k, "PARTITION") && t.isWord(k + 1, "OF")) ) {
        TableRef ref = NameChains.refAt(t, k + 2, TableRef.Role.READ);
        if (ref != null) refs.add(ref);
      } else if (t.isWord(k, "INHERITS") && t.isPunct(k + 1, '(')) {
        int close = ForeignKeyClause.closing(t, k + 1);
        for (int j = k + 2; j < close; j++) {
          if (NameChains.isName(t, j) && !NameChains.continuesName(t, j)) {
            int end = NameChains.chainEnd(t, j);
            refs.add(NameChains.ref(t, j, end, TableRef.Role.READ));
            j = end;
          }
        }
      } else if (likes && t.isWord(k, "LIKE") && (t.isPunct(k - 1, '(') || t.isPunct(k - 1, ','))) {
        TableRef ref = NameChains.refAt(t, k + 1, TableRef.Role.READ);
        if (ref != null) refs.add(ref);
      }
    }
    return refs;
  }
}

package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads ALTER TABLE from its tokens: the target, foreign keys added (with the span that cuts the whole ADD action
 * and its comma), constraints dropped, columns renamed and a RENAME TO. Token-level so that
 * {@code ALTER TABLE ONLY}, {@code NOT VALID} and MySQL forms the parser rejects are read all the same.
 */
final class AlterTableReader {
  final TableRef target;
  final List<ForeignKey> addedForeignKeys = new ArrayList<>();
  final List<DroppedConstraint> droppedConstraints = new ArrayList<>();
  final List<RenamedColumn> renamedColumns = new ArrayList<>();
  TableRef renamedTo;

  private AlterTableReader(TableRef target) {
    this.target = target;
  }

  /** The reading, or null when the statement is not ALTER TABLE name .... */
  static AlterTableReader read(Tokens t, Dialect d) {
    int name = nameAt(t);
    if (name < 0) return null;
    AlterTableReader reading = new AlterTableReader(NameChains.ref(t, name, NameChains.chainEnd(t, name),
        TableRef.Role.ALTER));
    List<int[]> actions = actions(t, firstActionAfter(t, name));
    for (int a = 0; a < actions.size(); a++) {
      int s = actions.get(a)[0];
      int e = actions.get(a)[1];
      if (t.isWord(s, "ADD")) reading.readAdd(t, d, actions, a, s + 1, e);
      else if (t.isWord(s, "RENAME")) reading.readRename(t, d, s + 1, e);
      else if (t.isWord(s, "DROP")) reading.readDrop(t, d, s + 1, e);
      else if (t.isWord(s, "CHANGE")) reading.readChange(t, d, s + 1, e);
    }
    return reading;
  }

  /**
   * The index of the first token after {@code ALTER TABLE [IF EXISTS] [ONLY] name [*]}, or -1 when the statement is
   * not an ALTER TABLE of a name.
   */
  static int firstAction(Tokens t) {
    int name = nameAt(t);
    return name < 0 ? -1 : firstActionAfter(t, name);
  }

  /** The index of the first token after the table name that starts at token {@code name} (and a {@code *}). */
  private static int firstActionAfter(Tokens t, int name) {
    int first = NameChains.chainEnd(t, name) + 1;
    if (t.size() > first && t.kind(first) == TokenKind.OPERATOR && t.text(first).equals("*")) first++;
    return first;
  }

  /** The index of the table name's first token in {@code ALTER TABLE [IF EXISTS] [ONLY] name}, or -1. */
  private static int nameAt(Tokens t) {
    if (!t.isWord(0, "ALTER")) return -1;
    int k = afterModifiers(t);
    if (!t.isWord(k, "TABLE")) return -1;
    k++;
    if (t.isWord(k, "IF") && t.isWord(k + 1, "EXISTS")) k += 2;
    if (t.isWord(k, "ONLY") && NameChains.isName(t, k + 1)) k++;
    return NameChains.isName(t, k) ? k : -1;
  }

  /**
   * The index of the token after {@code ALTER} and MariaDB's words that say how a table is altered, not which
   * ({@code ALTER ONLINE IGNORE TABLE t}); 1 where none is written.
   */
  static int afterModifiers(Tokens t) {
    int k = 1;
    while (t.isWord(k, "ONLINE") || t.isWord(k, "OFFLINE") || t.isWord(k, "IGNORE")) k++;
    return k;
  }

  /** The comma-separated actions from token {@code first} to the end (a closing ";" left out), as token ranges. */
  static List<int[]> actions(Tokens t, int first) {
    int last = t.size() - 1;
    if (t.isPunct(last, ';')) last--;
    if (first > last) return List.of();
    return CreateTableReader.elements(t, first - 1, last + 1);
  }

  /**
   * RENAME TO new / RENAME AS new / MySQL RENAME new renames the table; RENAME [COLUMN] a TO b a column. RENAME
   * INDEX, KEY and CONSTRAINT are left alone.
   */
  private void readRename(Tokens t, Dialect d, int k, int last) {
    if (t.isWord(k, "TO") || t.isWord(k, "AS")) {
      renamedTo = NameChains.refAt(t, k + 1, TableRef.Role.CREATE);
    } else if (t.isWord(k, "INDEX") || t.isWord(k, "KEY") || t.isWord(k, "CONSTRAINT")) {
      return;
    } else if (t.isWord(k, "COLUMN") && NameChains.isName(t, k + 1) && t.isWord(k + 2, "TO")
        && NameChains.isName(t, k + 3)) {
      renamedColumns.add(new RenamedColumn(ForeignKeyClause.stored(t, k + 1, d), ForeignKeyClause.stored(t, k + 3, d)));
    } else if (NameChains.isName(t, k) && t.isWord(k + 1, "TO") && NameChains.isName(t, k + 2) && k + 2 == last) {
      renamedColumns.add(new RenamedColumn(ForeignKeyClause.stored(t, k, d), ForeignKeyClause.stored(t, k + 2, d)));
    } else if (NameChains.isName(t, k) && NameChains.chainEnd(t, k) == last && !t.isWord(k, "COLUMN")) {
      renamedTo = NameChains.refAt(t, k, TableRef.Role.CREATE);
    }
  }

  /** DROP CONSTRAINT [IF EXISTS] name [RESTRICT|CASCADE]; MySQL DROP FOREIGN KEY [IF EXISTS] name. */
  private void readDrop(Tokens t, Dialect d, int k, int last) {
    boolean foreignKey = t.isWord(k, "FOREIGN") && t.isWord(k + 1, "KEY");
    if (!foreignKey && !t.isWord(k, "CONSTRAINT")) return;
    int at = foreignKey ? k + 2 : k + 1;
    boolean ifExists = t.isWord(at, "IF") && t.isWord(at + 1, "EXISTS");
    if (ifExists) at += 2;
    if (!NameChains.isName(t, at)) return;
    boolean rest = at == last || (at + 1 == last && (t.isWord(last, "RESTRICT") || t.isWord(last, "CASCADE")));
    if (!rest) return;
    droppedConstraints.add(new DroppedConstraint(ForeignKeyClause.stored(t, at, d), foreignKey, ifExists,
        t.start(k - 1), t.end(last)));
  }

  /** MySQL CHANGE [COLUMN] old new definition: a column renamed (to itself, where the names agree). */
  private void readChange(Tokens t, Dialect d, int k, int last) {
    if (t.isWord(k, "COLUMN") && NameChains.isName(t, k + 2)) k++;
    if (NameChains.isName(t, k) && NameChains.isName(t, k + 1) && k + 1 < last) {
      renamedColumns.add(new RenamedColumn(ForeignKeyClause.stored(t, k, d), ForeignKeyClause.stored(t, k + 1, d)));
    }
  }

  private void readAdd(Tokens t, Dialect d, List<int[]> actions, int a, int k, int last) {
    String name = null;
    if (t.isWord(k, "CONSTRAINT") && NameChains.isName(t, k + 1) && !t.isWord(k + 1, "FOREIGN")) {
      name = ForeignKeyClause.stored(t, k + 1, d);
      k += 2;
    }
    if (!t.isWord(k, "FOREIGN") || !t.isWord(k + 1, "KEY")) return;
    int open = k + 2;
    String indexName = null;
    if (!t.isPunct(open, '(') && NameChains.isName(t, open)) {
      indexName = ForeignKeyClause.stored(t, open, d);
      open++;
    }
    if (!t.isPunct(open, '(')) return;
    int close = ForeignKeyClause.closing(t, open);
    ForeignKeyClause clause = ForeignKeyClause.read(t, close + 1, last, d);
    if (clause == null) return;
    int[] cut = CreateTableReader.cutWithComma(t, actions, a);
    addedForeignKeys.add(new ForeignKey(name, ForeignKeyClause.names(t, open, close, d), clause.parent,
        clause.parentColumns, clause.onDelete, clause.onUpdate, cut[0], cut[1], indexName));
  }
}

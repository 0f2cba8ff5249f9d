package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads ALTER TABLE from its tokens: the target, foreign keys added (with the span that cuts the whole ADD action
 * and its comma) and a RENAME TO. Token-level so that {@code ALTER TABLE ONLY}, {@code NOT VALID} and MySQL forms
 * the parser rejects are read all the same.
 */
final class AlterTableReader {
  final TableRef target;
  final List<ForeignKey> addedForeignKeys = new ArrayList<>();
  TableRef renamedTo;

  private AlterTableReader(TableRef target) {
    this.target = target;
  }

  /** The reading, or null when the statement is not ALTER TABLE name .... */
  static AlterTableReader read(Tokens t, Dialect d) {
    if (!t.isWord(0, "ALTER") || !t.isWord(1, "TABLE")) return null;
    int k = 2;
    if (t.isWord(k, "IF") && t.isWord(k + 1, "EXISTS")) k += 2;
    if (t.isWord(k, "ONLY") && NameChains.isName(t, k + 1)) k++;
    if (!NameChains.isName(t, k)) return null;
    int nameEnd = NameChains.chainEnd(t, k);
    AlterTableReader reading = new AlterTableReader(NameChains.ref(t, k, nameEnd, TableRef.Role.ALTER));
    int first = nameEnd + 1;
    if (t.size() > first && t.kind(first) == TokenKind.OPERATOR && t.text(first).equals("*")) first++;
    int last = t.size() - 1;
    if (t.isPunct(last, ';')) last--;
    if (first > last) return reading;
    List<int[]> actions = CreateTableReader.elements(t, first - 1, last + 1);
    for (int a = 0; a < actions.size(); a++) {
      int s = actions.get(a)[0];
      int e = actions.get(a)[1];
      if (t.isWord(s, "ADD")) reading.readAdd(t, d, actions, a, s + 1, e);
      else if (t.isWord(s, "RENAME")) reading.readRename(t, s + 1, e);
    }
    return reading;
  }

  /** RENAME TO new / RENAME AS new / MySQL RENAME new; "RENAME [COLUMN] a TO b" renames a column and is skipped. */
  private void readRename(Tokens t, int k, int last) {
    if (t.isWord(k, "TO") || t.isWord(k, "AS")) {
      renamedTo = NameChains.refAt(t, k + 1, TableRef.Role.CREATE);
    } else if (NameChains.isName(t, k) && NameChains.chainEnd(t, k) == last && !t.isWord(k, "COLUMN")) {
      renamedTo = NameChains.refAt(t, k, TableRef.Role.CREATE);
    }
  }

  private void readAdd(Tokens t, Dialect d, List<int[]> actions, int a, int k, int last) {
    String name = null;
    if (t.isWord(k, "CONSTRAINT") && NameChains.isName(t, k + 1) && !t.isWord(k + 1, "FOREIGN")) {
      name = t.identifier(k + 1);
      k += 2;
    }
    if (!t.isWord(k, "FOREIGN") || !t.isWord(k + 1, "KEY")) return;
    int open = k + 2;
    if (!t.isPunct(open, '(') && NameChains.isName(t, open)) open++;
    if (!t.isPunct(open, '(')) return;
    int close = ForeignKeyClause.closing(t, open);
    ForeignKeyClause clause = ForeignKeyClause.read(t, close + 1, last, d);
    if (clause == null) return;
    int[] cut = CreateTableReader.cutWithComma(t, actions, a);
    addedForeignKeys.add(new ForeignKey(name, ForeignKeyClause.names(t, open, close, d), clause.parent,
        clause.parentColumns, clause.onDelete, clause.onUpdate, cut[0], cut[1]));
  }
}

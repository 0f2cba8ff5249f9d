package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The actions of an ALTER TABLE, each read as far as telling whether it could agree with what the table already is:
 * a column's type set (PostgreSQL {@code ALTER [COLUMN] c [SET DATA] TYPE t}, MySQL {@code MODIFY [COLUMN] c t}), a
 * column added IF NOT EXISTS, a foreign key added; everything else is {@link Kind#OTHER}. Token-level, as
 * {@link AlterTableReader}.
 */
public final class AlterTableActions {
  public enum Kind { SET_TYPE, ADD_COLUMN_IF_NOT_EXISTS, ADD_FOREIGN_KEY, OTHER }

  /**
   * One action. {@code type} is the declared type, lower-cased with single spaces ("varchar(255)"), null for a foreign
   * key or another action; {@code resetsAttributes} marks MySQL's MODIFY, which also drops what it does not restate
   * (NOT NULL, a default), so it agrees only with a nullable column without a default.
   */
  public record Action(Kind kind, String column, boolean quoted, String type, boolean resetsAttributes) {}

  private final TableRef target;
  private final List<Action> actions;
  private final List<ForeignKey> foreignKeys;

  private AlterTableActions(TableRef target, List<Action> actions, List<ForeignKey> foreignKeys) {
    this.target = target;
    this.actions = List.copyOf(actions);
    this.foreignKeys = List.copyOf(foreignKeys);
  }

  /** The actions of {@code ALTER TABLE name ...}, or null when the statement is not one. */
  public static AlterTableActions read(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    AlterTableReader reading = AlterTableReader.read(t, dialect);
    if (reading == null) return null;
    int first = reading.target.end();
    int k = 0;
    while (k < t.size() && t.start(k) < first) k++;
    int last = t.size() - 1;
    if (t.isPunct(last, ';')) last--;
    List<Action> actions = new ArrayList<>();
    for (int[] a : CreateTableReader.elements(t, k - 1, last + 1)) {
      actions.add(action(t, a[0], a[1]));
    }
    return new AlterTableActions(reading.target, actions, reading.addedForeignKeys);
  }

  private static Action action(Tokens t, int s, int e) {
    if (t.isWord(s, "ALTER")) {
      int k = t.isWord(s + 1, "COLUMN") ? s + 2 : s + 1;
      if (!NameChains.isName(t, k)) return other();
      int typeAt = t.isWord(k + 1, "TYPE") ? k + 2
          : t.isWord(k + 1, "SET") && t.isWord(k + 2, "DATA") && t.isWord(k + 3, "TYPE") ? k + 4 : -1;
      if (typeAt < 0 || typeAt > e || containsWord(t, typeAt, e, "USING", "COLLATE")) return other();
      return column(Kind.SET_TYPE, t, k, typeAt, e, false);
    }
    if (t.isWord(s, "MODIFY")) {
      int k = t.isWord(s + 1, "COLUMN") ? s + 2 : s + 1;
      if (!NameChains.isName(t, k) || k + 1 > e || containsWord(t, k + 1, e, "NOT", "NULL", "DEFAULT", "AUTO_INCREMENT",
          "PRIMARY", "UNIQUE", "KEY", "COMMENT", "FIRST", "AFTER", "REFERENCES", "CHECK", "COLLATE", "CHARACTER",
          "GENERATED", "AS", "ON")) {
        return other();
      }
      return column(Kind.SET_TYPE, t, k, k + 1, e, true);
    }
    if (t.isWord(s, "ADD")) {
      int k = s + 1;
      if (t.isWord(k, "CONSTRAINT") || t.isWord(k, "FOREIGN")) {
        int fk = t.isWord(k, "CONSTRAINT") ? k + 2 : k;
        return t.isWord(fk, "FOREIGN") ? new Action(Kind.ADD_FOREIGN_KEY, null, false, null, false) : other();
      }
      if (t.isWord(k, "COLUMN")) k++;
      if (!(t.isWord(k, "IF") && t.isWord(k + 1, "NOT") && t.isWord(k + 2, "EXISTS"))) return other();
      k += 3;
      if (!NameChains.isName(t, k) || k + 1 > e || containsWord(t, k + 1, e, "NOT", "NULL", "DEFAULT", "PRIMARY",
          "UNIQUE", "REFERENCES", "CHECK", "GENERATED", "AUTO_INCREMENT", "COLLATE", "AS")) {
        return other();
      }
      return column(Kind.ADD_COLUMN_IF_NOT_EXISTS, t, k, k + 1, e, false);
    }
    return other();
  }

  private static Action column(Kind kind, Tokens t, int name, int typeFirst, int typeLast, boolean resets) {
    String type = t.sql().substring(t.start(typeFirst), t.end(typeLast)).replaceAll("\\s+", " ")
        .replace(" (", "(").replace("( ", "(").replace(" )", ")").replace(", ", ",").toLowerCase(Locale.ROOT);
    return new Action(kind, t.identifier(name), t.kind(name) == TokenKind.QUOTED_IDENTIFIER, type, resets);
  }

  private static boolean containsWord(Tokens t, int first, int last, String... words) {
    for (int k = first; k <= last; k++) {
      for (String w : words) {
        if (t.isWord(k, w)) return true;
      }
    }
    return false;
  }

  private static Action other() {
    return new Action(Kind.OTHER, null, false, null, false);
  }

  public TableRef target() {
    return target;
  }

  public List<Action> actions() {
    return actions;
  }

  /** The foreign keys the statement adds, in order, read as any ALTER TABLE's are. */
  public List<ForeignKey> foreignKeys() {
    return foreignKeys;
  }
}

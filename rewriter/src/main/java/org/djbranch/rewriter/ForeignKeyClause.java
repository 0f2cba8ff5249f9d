package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/** Reads "REFERENCES parent [(cols)] [ON DELETE x] [ON UPDATE y] [MATCH ..] [DEFERRABLE ..]" from the tokens. */
final class ForeignKeyClause {
  final TableRef parent;
  final List<String> parentColumns;
  final String onDelete;
  final String onUpdate;
  final int lastToken;

  private ForeignKeyClause(TableRef parent, List<String> parentColumns, String onDelete, String onUpdate, int lastToken) {
    this.parent = parent;
    this.parentColumns = parentColumns;
    this.onDelete = onDelete;
    this.onUpdate = onUpdate;
    this.lastToken = lastToken;
  }

  /** At the REFERENCES word i, reading no further than limit (inclusive); null when the clause is malformed. */
  static ForeignKeyClause read(Tokens t, int i, int limit, Dialect d) {
    if (!t.isWord(i, "REFERENCES") || !NameChains.isName(t, i + 1)) return null;
    int nameEnd = NameChains.chainEnd(t, i + 1);
    TableRef parent = NameChains.ref(t, i + 1, nameEnd, TableRef.Role.REFERENCE);
    int k = nameEnd + 1;
    List<String> parentColumns = new ArrayList<>();
    if (t.isPunct(k, '(')) {
      int close = closing(t, k);
      parentColumns = names(t, k, close, d);
      k = close + 1;
    }
    String onDelete = null;
    String onUpdate = null;
    int last = k - 1;
    while (k <= limit) {
      if (t.isWord(k, "ON") && (t.isWord(k + 1, "DELETE") || t.isWord(k + 1, "UPDATE"))) {
        boolean delete = t.isWord(k + 1, "DELETE");
        int a = k + 2;
        String action;
        int actionEnd;
        if (t.isWord(a, "NO") && t.isWord(a + 1, "ACTION")) { action = "NO ACTION"; actionEnd = a + 1; }
        else if (t.isWord(a, "SET") && t.isWord(a + 1, "NULL")) { action = "SET NULL"; actionEnd = a + 1; }
        else if (t.isWord(a, "SET") && t.isWord(a + 1, "DEFAULT")) { action = "SET DEFAULT"; actionEnd = a + 1; }
        else if (t.isWord(a, "CASCADE")) { action = "CASCADE"; actionEnd = a; }
        else if (t.isWord(a, "RESTRICT")) { action = "RESTRICT"; actionEnd = a; }
        else break;
        // PostgreSQL 15: ON DELETE SET NULL (col, ...)
        if (action.startsWith("SET") && t.isPunct(actionEnd + 1, '(')) actionEnd = closing(t, actionEnd + 1);
        if (delete) onDelete = action; else onUpdate = action;
        last = actionEnd;
        k = actionEnd + 1;
      } else if (t.isWord(k, "MATCH") && t.kind(k + 1) == TokenKind.WORD) {
        last = k + 1;
        k += 2;
      } else if (t.isWord(k, "DEFERRABLE")) {
        last = k++;
      } else if (t.isWord(k, "NOT") && t.isWord(k + 1, "DEFERRABLE")) {
        last = k + 1;
        k += 2;
      } else if (t.isWord(k, "INITIALLY") && (t.isWord(k + 1, "DEFERRED") || t.isWord(k + 1, "IMMEDIATE"))) {
        last = k + 1;
        k += 2;
      } else {
        break;
      }
    }
    return new ForeignKeyClause(parent, parentColumns, onDelete, onUpdate, last);
  }

  /** The name at k as the database stores it: quoted exactly, unquoted folded as the dialect folds it. */
  static String stored(Tokens t, int k, Dialect d) {
    return t.kind(k) == TokenKind.QUOTED_IDENTIFIER ? t.identifier(k) : d.fold(t.identifier(k));
  }

  /** The index of the parenthesis closing the one at open (or the last token when unbalanced). */
  static int closing(Tokens t, int open) {
    int depth = 0;
    for (int k = open; k < t.size(); k++) {
      if (t.isPunct(k, '(')) depth++;
      else if (t.isPunct(k, ')') && --depth == 0) return k;
    }
    return t.size() - 1;
  }

  /** The names of a parenthesised column list (open, close): the first identifier of each comma-separated item. */
  static List<String> names(Tokens t, int open, int close, Dialect d) {
    List<String> names = new ArrayList<>();
    boolean itemStart = true;
    int depth = 0;
    for (int k = open + 1; k < close; k++) {
      if (t.isPunct(k, '(')) depth++;
      else if (t.isPunct(k, ')')) depth--;
      else if (depth == 0 && t.isPunct(k, ',')) { itemStart = true; continue; }
      if (itemStart && depth == 0 && NameChains.isName(t, k)) names.add(stored(t, k, d));
      itemStart = false;
    }
    return names;
  }
}

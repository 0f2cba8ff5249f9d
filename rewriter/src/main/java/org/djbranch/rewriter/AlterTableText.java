package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/** The text of an ALTER TABLE on a draft table with its foreign keys cut out (they become symbolic edges). */
public final class AlterTableText {
  private AlterTableText() {
  }

  /**
   * The statement without its ADD ... FOREIGN KEY actions and with {@code extraEdits} applied (physical names),
   * or null when nothing is left to send: every action was a foreign key.
   */
  public static String withoutForeignKeys(String sql, Dialect dialect, List<ForeignKey> foreignKeys, List<Edit> extraEdits) {
    List<Edit> edits = new ArrayList<>(extraEdits);
    for (ForeignKey fk : foreignKeys) {
      edits.add(new Edit(fk.start(), fk.end(), ""));
    }
    String rest = Splicer.apply(sql, edits);
    Tokens t = Lexer.tokenize(rest, dialect);
    int k = 2;
    if (t.isWord(k, "IF") && t.isWord(k + 1, "EXISTS")) k += 2;
    if (t.isWord(k, "ONLY") && NameChains.isName(t, k + 1)) k++;
    if (!NameChains.isName(t, k)) return rest;
    int next = NameChains.chainEnd(t, k) + 1;
    boolean nothingLeft = next >= t.size() || (t.isPunct(next, ';') && next == t.size() - 1);
    return nothingLeft ? null : rest;
  }
}

package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * The text of a CREATE TABLE declared into a draft schema: the name replaced by its physical one, every foreign
 * key cut out, and extra table elements (the indexes those keys implied, where the database declares indexes
 * inline) appended to the element list. Everything else of the statement is kept byte for byte.
 */
public final class DraftTableText {
  private DraftTableText() {
  }

  /**
   * @param physicalName the replacement for the table's name, already quoted
   * @param extraElements table elements to append, e.g. "INDEX (`a`)"; may be empty
   * @param otherNames the physical names of the other tables it names (what {@code AS SELECT} reads, say)
   */
  public static String of(String sql, Dialect dialect, CreateTable table, String physicalName, List<String> extraElements,
      List<Edit> otherNames) {
    List<Edit> edits = new ArrayList<>(otherNames);
    edits.add(new Edit(table.table().start(), table.table().end(), physicalName));
    for (ForeignKey fk : table.foreignKeys()) {
      edits.add(new Edit(fk.start(), fk.end(), ""));
    }
    if (!extraElements.isEmpty()) {
      int close = elementListEnd(sql, dialect, table.table().end());
      if (close < 0) {
        throw new IllegalArgumentException("CREATE TABLE " + table.table().name() + " has no element list to extend");
      }
      StringBuilder extra = new StringBuilder();
      for (String element : extraElements) {
        extra.append(", ").append(element);
      }
      edits.add(new Edit(close, close, extra.toString()));
    }
    return Splicer.apply(sql, edits);
  }

  /** The offset of the ")" closing the element list that follows the table name, or -1. */
  static int elementListEnd(String sql, Dialect dialect, int nameEnd) {
    Tokens t = Lexer.tokenize(sql, dialect);
    int k = 0;
    while (k < t.size() && t.start(k) < nameEnd) k++;
    if (!t.isPunct(k, '(')) return -1;
    int depth = 0;
    for (; k < t.size(); k++) {
      if (t.isPunct(k, '(')) depth++;
      else if (t.isPunct(k, ')') && --depth == 0) return t.start(k);
    }
    return -1;
  }
}

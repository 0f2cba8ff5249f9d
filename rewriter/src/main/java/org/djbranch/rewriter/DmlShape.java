package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * The parts of a single-table DELETE or UPDATE that referential actions need: the target, its alias, the WHERE
 * condition's span and, for UPDATE, the assigned columns with their expressions' spans. Read from tokens; forms
 * with more than one table (USING, FROM, joins) are not read and give null.
 */
public record DmlShape(boolean delete, TableRef target, String alias, int whereStart, int whereEnd,
             List<Assignment> assignments) {

  /** {@code column = expression}: the column as the database stores its name, start/end span the expression. */
  public record Assignment(String column, int start, int end) {
  }

  public DmlShape {
    assignments = List.copyOf(assignments);
  }

  /** Whether the statement has a WHERE condition. */
  public boolean hasWhere() {
    return whereStart >= 0;
  }

  /** Whether the text starts with DELETE or UPDATE: only such a text can be one {@link #read} reads. */
  public static boolean startsAsRowChange(String sql, Dialect dialect) {
    int start = CharRules.skipTrivia(sql, 0, sql.length(), dialect);
    return CharRules.startsWithWord(sql, start, "DELETE") || CharRules.startsWithWord(sql, start, "UPDATE");
  }

  /** {@code DELETE FROM t [[AS] a] [WHERE c]} or {@code UPDATE t [[AS] a] SET x = e, ... [WHERE c]}, else null. */
  public static DmlShape read(String sql, Dialect dialect) {
    // Most statements are neither: the first word says so before the text is tokenized.
    if (!startsAsRowChange(sql, dialect)) return null;
    Tokens t = Lexer.tokenize(sql, dialect);
    int end = t.size();
    if (end > 0 && t.isPunct(end - 1, ';')) end--;
    boolean delete = t.isWord(0, "DELETE");
    int k;
    if (delete) {
      if (!t.isWord(1, "FROM")) return null;
      k = 2;
    } else if (t.isWord(0, "UPDATE")) {
      k = 1;
    } else {
      return null;
    }
    if (t.isWord(k, "ONLY")) k++;
    if (!NameChains.isName(t, k)) return null;
    int nameEnd = NameChains.chainEnd(t, k);
    TableRef target = NameChains.ref(t, k, nameEnd, TableRef.Role.WRITE);
    k = nameEnd + 1;
    if (t.isWord(k, "AS")) k++;
    String alias = null;
    if (NameChains.isName(t, k) && !t.isWord(k, "WHERE") && !t.isWord(k, "SET") && !t.isWord(k, "RETURNING")) {
      alias = t.identifier(k);
      k++;
    }
    List<Assignment> assignments = new ArrayList<>();
    if (!delete) {
      if (!t.isWord(k, "SET")) return null;
      k++;
      while (k < end) {
        if (!NameChains.isName(t, k)) return null;
        int columnEnd = NameChains.chainEnd(t, k);
        String column = t.kind(columnEnd) == TokenKind.QUOTED_IDENTIFIER ? t.identifier(columnEnd)
            : dialect.fold(t.identifier(columnEnd));
        k = columnEnd + 1;
        if (k >= end || t.kind(k) != TokenKind.OPERATOR || !t.text(k).equals("=")) return null;
        int first = ++k;
        int depth = 0;
        while (k < end && !(depth == 0 && (t.isPunct(k, ',') || t.isWord(k, "WHERE") || t.isWord(k, "FROM")
            || t.isWord(k, "RETURNING")))) {
          if (t.isPunct(k, '(')) depth++;
          if (t.isPunct(k, ')')) depth--;
          k++;
        }
        if (k == first) return null;
        assignments.add(new Assignment(column, t.start(first), t.end(k - 1)));
        if (t.isPunct(k, ',')) {
          k++;
        } else {
          break;
        }
      }
    }
    int whereStart = -1;
    int whereEnd = -1;
    if (t.isWord(k, "WHERE")) {
      int first = ++k;
      int depth = 0;
      while (k < end && !(depth == 0 && (t.isWord(k, "RETURNING") || t.isWord(k, "ORDER") || t.isWord(k, "LIMIT")))) {
        if (t.isPunct(k, '(')) depth++;
        if (t.isPunct(k, ')')) depth--;
        k++;
      }
      if (k == first) return null;
      whereStart = t.start(first);
      whereEnd = t.end(k - 1);
    }
    // Anything else (USING, FROM, a join, a second table) is a form this reader does not claim to understand.
    if (k < end && !t.isWord(k, "RETURNING")) return null;
    return new DmlShape(delete, target, alias, whereStart, whereEnd, assignments);
  }
}

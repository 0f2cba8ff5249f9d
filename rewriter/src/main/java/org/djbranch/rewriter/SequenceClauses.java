package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * The names a sequence's clauses hold in a declaration, read from tokens (PostgreSQL, as {@code pg_dump} and Rails'
 * {@code structure.sql} write them): the table of {@code OWNED BY s.t.col} ({@code CREATE} / {@code ALTER SEQUENCE}),
 * and the sequence an identity column names ({@code GENERATED ... AS IDENTITY (SEQUENCE NAME s.t_id_seq ...)}, in
 * {@code CREATE TABLE} or {@code ALTER TABLE ... ADD GENERATED}), which the database makes in the table's schema.
 * The parser reads neither.
 *
 * @param ownedBy the tables {@code OWNED BY} names, the column left out of each span
 * @param identitySequences the sequences {@code SEQUENCE NAME} names
 */
public record SequenceClauses(List<TableRef> ownedBy, List<TableRef> identitySequences) {
  /** The clauses of {@code sql}, a {@code CREATE} or {@code ALTER}; both lists empty where it holds none. */
  public static SequenceClauses read(String sql, Dialect dialect) {
    List<TableRef> owned = new ArrayList<>();
    List<TableRef> sequences = new ArrayList<>();
    if (!CharRules.startsWithWord(sql, "CREATE", dialect) && !CharRules.startsWithWord(sql, "ALTER", dialect)
        || !CharRules.containsIgnoreCase(sql, "SEQUENCE") && !CharRules.containsIgnoreCase(sql, "OWNED")) {
      return new SequenceClauses(owned, sequences);
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    for (int i = 0; i + 2 < t.size(); i++) {
      if (t.isWord(i, "OWNED") && t.isWord(i + 1, "BY") && NameChains.isName(t, i + 2) && !t.isWord(i + 2, "NONE")) {
        int last = NameChains.chainEnd(t, i + 2);
        if (last > i + 2) { // table.column or schema.table.column: the table is all but the column
          owned.add(NameChains.ref(t, i + 2, last - 2, TableRef.Role.REFERENCE));
        }
      } else if (t.isWord(i, "SEQUENCE") && t.isWord(i + 1, "NAME") && NameChains.isName(t, i + 2)) {
        sequences.add(NameChains.ref(t, i + 2, NameChains.chainEnd(t, i + 2), TableRef.Role.CREATE));
      }
    }
    return new SequenceClauses(owned, sequences);
  }

  /**
   * The text the parser is given for {@code sql}: an identity column's options ({@code AS IDENTITY (SEQUENCE NAME s.x
   * START WITH 5 ...)}) blanked, parentheses and all, since the parser reads few of their combinations and they
   * name no table; the offsets stay, and the text sent keeps them.
   */
  static String parsable(String sql, Dialect dialect) {
    if (!CharRules.containsIgnoreCase(sql, "IDENTITY")) {
      return sql;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    char[] out = null;
    for (int i = 0; i + 1 < t.size(); i++) {
      if (t.isWord(i, "IDENTITY") && t.isPunct(i + 1, '(')) {
        int close = ForeignKeyClause.closing(t, i + 1);
        if (close > i + 1 && t.isPunct(close, ')')) {
          out = out == null ? sql.toCharArray() : out;
          java.util.Arrays.fill(out, t.start(i + 1), t.end(close), ' ');
        }
      }
    }
    return out == null ? sql : new String(out);
  }
}

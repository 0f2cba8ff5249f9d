package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * What a CREATE INDEX declares, read from its tokens: the table, the index name (null when unnamed), uniqueness,
 * IF NOT EXISTS, and the indexed columns in order with their direction. {@link #plain()} says whether that is all it
 * declares: an expression, a prefix length, a method other than the default, INCLUDE, WHERE or storage options make an
 * index that no column list describes, and such an index agrees with nothing.
 */
public final class IndexDeclaration {
  /** One indexed column as written, with its direction. */
  public record Column(String name, boolean quoted, boolean descending) {}

  private final TableRef table;
  private final String name;
  private final boolean nameQuoted;
  private final boolean unique;
  private final boolean ifNotExists;
  private final List<Column> columns;
  private final boolean plain;

  private IndexDeclaration(TableRef table, String name, boolean nameQuoted, boolean unique, boolean ifNotExists,
      List<Column> columns, boolean plain) {
    this.table = table;
    this.name = name;
    this.nameQuoted = nameQuoted;
    this.unique = unique;
    this.ifNotExists = ifNotExists;
    this.columns = List.copyOf(columns);
    this.plain = plain;
  }

  /** The reading of {@code CREATE [UNIQUE] INDEX ...}, or null when the statement is not one. */
  public static IndexDeclaration read(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    int k = 0;
    if (!t.isWord(k++, "CREATE")) return null;
    boolean unique = t.isWord(k, "UNIQUE");
    if (unique) k++;
    if (!t.isWord(k++, "INDEX")) return null;
    if (t.isWord(k, "CONCURRENTLY")) k++;
    boolean ifNotExists = t.isWord(k, "IF") && t.isWord(k + 1, "NOT") && t.isWord(k + 2, "EXISTS");
    if (ifNotExists) k += 3;
    String name = null;
    boolean nameQuoted = false;
    if (!t.isWord(k, "ON")) {
      if (!NameChains.isName(t, k)) return null;
      int end = NameChains.chainEnd(t, k);
      name = t.identifier(end);
      nameQuoted = t.kind(end) == TokenKind.QUOTED_IDENTIFIER;
      k = end + 1;
    }
    if (!t.isWord(k++, "ON")) return null;
    if (t.isWord(k, "ONLY")) k++;
    if (!NameChains.isName(t, k)) return null;
    int tableEnd = NameChains.chainEnd(t, k);
    TableRef table = NameChains.ref(t, k, tableEnd, TableRef.Role.ALTER);
    k = tableEnd + 1;
    boolean plain = true;
    if (t.isWord(k, "USING")) {
      plain = t.isWord(k + 1, "BTREE");
      k += 2;
    }
    if (!t.isPunct(k, '(')) return null;
    int close = closing(t, k);
    List<Column> columns = new ArrayList<>();
    for (int[] element : CreateTableReader.elements(t, k, close)) {
      int first = element[0];
      int last = element[1];
      boolean descending = false;
      if (last > first && (t.isWord(last, "ASC") || t.isWord(last, "DESC"))) {
        descending = t.isWord(last, "DESC");
        last--;
      }
      if (first != last || !NameChains.isName(t, first)) {
        plain = false; // an expression, a prefix length, an operator class or a collation
        columns.add(new Column(t.text(first), false, descending));
      } else {
        columns.add(new Column(t.identifier(first), t.kind(first) == TokenKind.QUOTED_IDENTIFIER, descending));
      }
    }
    int rest = close + 1;
    if (t.isPunct(rest, ';')) rest++;
    if (rest < t.size()) {
      // MySQL's trailing USING BTREE is the default; anything else (INCLUDE, WHERE, WITH, TABLESPACE) is not.
      plain &= t.isWord(rest, "USING") && t.isWord(rest + 1, "BTREE") && rest + 2 >= t.size() - (t.isPunct(
          t.size() - 1, ';') ? 1 : 0);
    }
    return new IndexDeclaration(table, name, nameQuoted, unique, ifNotExists, columns, plain && !columns.isEmpty());
  }

  private static int closing(Tokens t, int open) {
    int depth = 0;
    for (int k = open; k < t.size(); k++) {
      if (t.isPunct(k, '(')) depth++;
      else if (t.isPunct(k, ')') && --depth == 0) return k;
    }
    return t.size();
  }

  public TableRef table() {
    return table;
  }

  /** The index name as written, or null for an unnamed index. */
  public String name() {
    return name;
  }

  public boolean nameQuoted() {
    return nameQuoted;
  }

  public boolean unique() {
    return unique;
  }

  public boolean ifNotExists() {
    return ifNotExists;
  }

  public List<Column> columns() {
    return columns;
  }

  /** Whether the index is described by its columns, directions and uniqueness alone. */
  public boolean plain() {
    return plain;
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder(unique ? "UNIQUE " : "").append("(");
    for (int i = 0; i < columns.size(); i++) {
      Column c = columns.get(i);
      b.append(i == 0 ? "" : ", ").append(c.name()).append(c.descending() ? " DESC" : "");
    }
    return b.append(")").toString();
  }
}

package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads the structure of a CREATE TABLE from its tokens: name, columns, primary key and foreign keys with the
 * exact spans to cut them out. Token-level on purpose: it serves statements JSqlParser cannot parse (MySQL
 * {@code ENGINE=InnoDB, COMMENT "x"}) and gives the cut spans, which the parser does not record.
 */
final class CreateTableReader {
  private static final Set<String> CONSTRAINT_WORDS = Set.of("CONSTRAINT", "PRIMARY", "FOREIGN", "UNIQUE", "CHECK", "EXCLUDE", "LIKE");
  private static final Set<String> INDEX_WORDS = Set.of("KEY", "INDEX", "FULLTEXT", "SPATIAL");
  /** Types whose name is followed by "(": "key varchar(8)" is a column, "KEY idx (a)" an index. */
  private static final Set<String> TYPE_WORDS = Set.of("VARCHAR", "CHAR", "CHARACTER", "NVARCHAR", "NCHAR", "DECIMAL", "NUMERIC",
      "INT", "INTEGER", "BIGINT", "SMALLINT", "TINYINT", "MEDIUMINT", "BIT", "BINARY", "VARBINARY", "FLOAT", "DOUBLE",
      "REAL", "ENUM", "SET", "DATETIME", "TIMESTAMP", "TIME", "TEXT", "BLOB", "YEAR");

  private CreateTableReader() {
  }

  /** Index of the TABLE word when the statement is CREATE [modifiers] TABLE, else -1. */
  static int tableWord(Tokens t) {
    if (!t.isWord(0, "CREATE")) return -1;
    for (int k = 1; k < Math.min(t.size(), 6); k++) {
      if (t.isWord(k, "TABLE")) return k;
      if (t.kind(k) != TokenKind.WORD) return -1;
    }
    return -1;
  }

  /** The CREATE TABLE structure, or null when the statement is not a CREATE TABLE this reader understands. */
  static CreateTable read(Tokens t, Dialect d) {
    int k = tableWord(t);
    if (k < 0) return null;
    boolean temporary = false;
    for (int m = 1; m < k; m++) {
      temporary |= t.isWord(m, "TEMP") || t.isWord(m, "TEMPORARY");
    }
    k++;
    boolean ifNotExists = false;
    if (t.isWord(k, "IF") && t.isWord(k + 1, "NOT") && t.isWord(k + 2, "EXISTS")) {
      ifNotExists = true;
      k += 3;
    }
    if (!NameChains.isName(t, k)) return null;
    int nameEnd = NameChains.chainEnd(t, k);
    TableRef table = NameChains.ref(t, k, nameEnd, TableRef.Role.CREATE);
    List<String> columns = new ArrayList<>();
    List<String> primaryKey = new ArrayList<>();
    List<ForeignKey> foreignKeys = new ArrayList<>();
    List<DeclaredIndex> indexes = new ArrayList<>();
    int open = nameEnd + 1;
    if (t.isPunct(open, '(')) {
      int close = ForeignKeyClause.closing(t, open);
      List<int[]> elements = elements(t, open, close);
      for (int e = 0; e < elements.size(); e++) {
        int first = elements.get(e)[0];
        int last = elements.get(e)[1];
        if (isConstraint(t, first, last)) {
          readConstraint(t, d, elements, e, primaryKey, foreignKeys, indexes);
        } else if (NameChains.isName(t, first)) {
          String column = ForeignKeyClause.stored(t, first, d);
          columns.add(column);
          readColumnOptions(t, d, first + 1, last, column, primaryKey, foreignKeys, indexes);
        }
      }
    }
    return new CreateTable(table, ifNotExists, columns, primaryKey, foreignKeys, indexes, temporary);
  }

  /** The comma-separated elements between open and close, as [first, last] token indexes. */
  static List<int[]> elements(Tokens t, int open, int close) {
    List<int[]> elements = new ArrayList<>();
    int depth = 0;
    int first = open + 1;
    for (int k = open + 1; k < close; k++) {
      if (t.isPunct(k, '(')) depth++;
      else if (t.isPunct(k, ')')) depth--;
      else if (depth == 0 && t.isPunct(k, ',')) {
        if (k > first) elements.add(new int[] {first, k - 1});
        first = k + 1;
      }
    }
    if (close > first) elements.add(new int[] {first, close - 1});
    return elements;
  }

  private static boolean isConstraint(Tokens t, int first, int last) {
    if (t.kind(first) != TokenKind.WORD) return false;
    String word = t.text(first).toUpperCase(java.util.Locale.ROOT);
    if (CONSTRAINT_WORDS.contains(word)) {
      // CHECK and LIKE are constraints only as "CHECK (..)" / "LIKE other": otherwise a column of that name
      if (word.equals("CHECK")) return t.isPunct(first + 1, '(');
      if (word.equals("LIKE")) return NameChains.isName(t, first + 1) && !TYPE_WORDS.contains(t.text(first + 1).toUpperCase(java.util.Locale.ROOT));
      return true;
    }
    if (INDEX_WORDS.contains(word)) {
      if (first == last) return false;
      if (t.isPunct(first + 1, '(') || t.isWord(first + 1, "KEY") || t.isWord(first + 1, "INDEX") || t.isWord(first + 1, "USING")) return true;
      if (t.kind(first + 1) == TokenKind.QUOTED_IDENTIFIER) return true;
      return t.isPunct(first + 2, '(') && !TYPE_WORDS.contains(t.text(first + 1).toUpperCase(java.util.Locale.ROOT));
    }
    return false;
  }

  private static void readConstraint(Tokens t, Dialect d, List<int[]> elements, int e, List<String> primaryKey,
      List<ForeignKey> foreignKeys, List<DeclaredIndex> indexes) {
    int first = elements.get(e)[0];
    int last = elements.get(e)[1];
    int k = first;
    String name = null;
    if (t.isWord(k, "CONSTRAINT")) {
      if (NameChains.isName(t, k + 1) && !t.isWord(k + 1, "PRIMARY") && !t.isWord(k + 1, "FOREIGN")
          && !t.isWord(k + 1, "UNIQUE") && !t.isWord(k + 1, "CHECK")) {
        name = ForeignKeyClause.stored(t, k + 1, d);
        k += 2;
      } else {
        k += 1;
      }
    }
    if (t.isWord(k, "PRIMARY") && t.isWord(k + 1, "KEY")) {
      int open = k + 2;
      while (open <= last && !t.isPunct(open, '(')) open++;   // MySQL: PRIMARY KEY USING BTREE (a)
      if (open <= last) primaryKey.addAll(ForeignKeyClause.names(t, open, ForeignKeyClause.closing(t, open), d));
    } else if (t.isWord(k, "FOREIGN") && t.isWord(k + 1, "KEY")) {
      int open = k + 2;
      String indexName = null;
      if (!t.isPunct(open, '(') && NameChains.isName(t, open)) {   // MySQL: FOREIGN KEY idx_name (a)
        indexName = ForeignKeyClause.stored(t, open, d);
        open++;
      }
      if (!t.isPunct(open, '(')) return;
      int close = ForeignKeyClause.closing(t, open);
      List<String> columns = ForeignKeyClause.names(t, open, close, d);
      ForeignKeyClause clause = ForeignKeyClause.read(t, close + 1, last, d);
      if (clause == null) return;
      int[] cut = cutWithComma(t, elements, e);
      foreignKeys.add(new ForeignKey(name, columns, clause.parent, clause.parentColumns, clause.onDelete, clause.onUpdate,
          cut[0], cut[1], indexName));
    } else if (t.isWord(k, "UNIQUE") || t.isWord(k, "KEY") || t.isWord(k, "INDEX")) {
      // UNIQUE [KEY|INDEX] [name] [USING x] (cols), KEY|INDEX [name] (cols): an index a key's columns may lead
      int at = t.isWord(k, "UNIQUE") && (t.isWord(k + 1, "KEY") || t.isWord(k + 1, "INDEX")) ? k + 2 : k + 1;
      String indexName = name;
      if (NameChains.isName(t, at) && !t.isWord(at, "USING")) {
        indexName = ForeignKeyClause.stored(t, at, d);
      }
      int open = at;
      while (open <= last && !t.isPunct(open, '(')) open++;
      if (open <= last) {
        indexes.add(new DeclaredIndex(indexName, ForeignKeyClause.names(t, open, ForeignKeyClause.closing(t, open), d)));
      }
    }
  }

  /** The element's span with its leading comma, or, for the first element, its trailing one. */
  static int[] cutWithComma(Tokens t, List<int[]> elements, int e) {
    int first = elements.get(e)[0];
    int last = elements.get(e)[1];
    if (e > 0) return new int[] {t.start(first - 1), t.end(last)};
    if (elements.size() > 1) return new int[] {t.start(first), t.end(last + 1)};
    return new int[] {t.start(first), t.end(last)};
  }

  private static void readColumnOptions(Tokens t, Dialect d, int k, int last, String column, List<String> primaryKey,
      List<ForeignKey> foreignKeys, List<DeclaredIndex> indexes) {
    int depth = 0;
    for (; k <= last; k++) {
      if (t.isPunct(k, '(')) { depth++; continue; }
      if (t.isPunct(k, ')')) { depth--; continue; }
      if (depth != 0) continue;
      if (t.isWord(k, "PRIMARY") && t.isWord(k + 1, "KEY")) {
        primaryKey.add(column);
      } else if (t.isWord(k, "UNIQUE")) {
        indexes.add(new DeclaredIndex(null, List.of(column)));
      } else if (t.isWord(k, "REFERENCES")) {
        ForeignKeyClause clause = ForeignKeyClause.read(t, k, last, d);
        if (clause == null) continue;
        int cutFirst = k;
        String name = null;
        if (t.isWord(k - 2, "CONSTRAINT") && NameChains.isName(t, k - 1)) {   // the name goes with the clause
          cutFirst = k - 2;
          name = ForeignKeyClause.stored(t, k - 1, d);
        }
        foreignKeys.add(new ForeignKey(name, List.of(column), clause.parent, clause.parentColumns,
            clause.onDelete, clause.onUpdate, t.start(cutFirst), t.end(clause.lastToken)));
        k = clause.lastToken;
      }
    }
  }
}

package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A CREATE TABLE text as a database's catalog gives it back ({@code SHOW CREATE TABLE}, {@code sqlite_master.sql},
 * {@code duckdb_tables().sql}), declared under another name: everything before the first parenthesis outside
 * quotes becomes {@code CREATE TABLE <name>}, the table's own foreign keys are cut out (a copy must not reach
 * further into the pipeline, and a draft table has none), and extra elements go before the closing parenthesis.
 * Works on the text alone, so it reads any dialect's catalog output, including what JSqlParser cannot parse.
 */
public final class CopiedTableText {
  private CopiedTableText() {
  }

  /**
   * @param quotedName the new name, already quoted
   * @param extraElements table elements to append, e.g. a foreign key clause; may be empty
   */
  public static String renamed(String createText, String quotedName, List<String> extraElements) {
    String text = createText.strip();
    if (text.endsWith(";")) {
      text = text.substring(0, text.length() - 1).stripTrailing();
    }
    int open = firstParenthesis(text);
    int close = text.lastIndexOf(')');
    List<String> elements = new ArrayList<>();
    for (String element : elements(text.substring(open + 1, close))) {
      String kept = withoutReference(element);
      if (kept != null) {
        elements.add(kept);
      }
    }
    elements.addAll(extraElements);
    return "CREATE TABLE " + quotedName + " (" + String.join(", ", elements) + text.substring(close);
  }

  /**
   * A call {@code nextval('s.seq')} in a declaration: the span of its argument, and the sequence it names ({@code
   * schema} null where unqualified: the table's schema). The argument is a string, or in MySQL's dialect (MariaDB's
   * sequences) the name itself, {@code nextval(`s`.`seq`)}, as {@code SHOW CREATE TABLE} writes it.
   */
  public record SequenceCall(int start, int end, String schema, String name) {}

  /** Every {@code nextval(...)} of a declaration (a column default drawing from a sequence), in order. */
  public static List<SequenceCall> sequenceCalls(String createText, Dialect dialect) {
    Tokens t = Lexer.tokenize(createText, dialect);
    List<SequenceCall> out = new ArrayList<>();
    for (int i = 0; i + 3 < t.size(); i++) {
      if (!t.isWord(i, "nextval") || !t.isPunct(i + 1, '(')) {
        continue;
      }
      if (dialect == Dialect.MYSQL) {
        TableRef sequence = NameChains.refAt(t, i + 2, TableRef.Role.OTHER);
        int last = sequence == null ? -1 : NameChains.chainEnd(t, i + 2);
        if (sequence != null && t.isPunct(last + 1, ')')) {
          out.add(new SequenceCall(sequence.start(), sequence.end(), sequence.schema(), sequence.name()));
        }
      } else if (t.kind(i + 2) == TokenKind.STRING && t.isPunct(i + 3, ')')) {
        String literal = t.text(i + 2);
        String named = literal.substring(1, literal.length() - 1).replace("''", "'");
        TableRef sequence = NameChains.refAt(Lexer.tokenize(named, dialect), 0, TableRef.Role.OTHER);
        if (sequence != null) {
          out.add(new SequenceCall(t.start(i + 2), t.end(i + 2), sequence.schema(), sequence.name()));
        }
      }
    }
    return out;
  }

  /** A declaration without its primary key, and the key's columns as written, to be added once the rows are in. */
  public record Unkeyed(String createText, List<String> primaryKey) {}

  /**
   * The declaration with its primary key cut out — a column's {@code PRIMARY KEY}, or the element {@code [CONSTRAINT
   * c] PRIMARY KEY (a, b)} — and the key's columns; null where it declares none. A copy filled before its key is
   * built sorts the key once, as {@code CREATE TABLE ... AS SELECT} followed by {@code ADD PRIMARY KEY} does, instead
   * of keeping it up to date row by row.
   */
  public static Unkeyed withoutPrimaryKey(String createText, Dialect dialect) {
    Tokens t = Lexer.tokenize(createText, dialect);
    int open = 0;
    while (open < t.size() && !t.isPunct(open, '(')) {
      open++;
    }
    if (open >= t.size()) {
      return null;
    }
    int close = ForeignKeyClause.closing(t, open);
    List<int[]> elements = CreateTableReader.elements(t, open, close);
    for (int e = 0; e < elements.size(); e++) {
      int first = elements.get(e)[0];
      int last = elements.get(e)[1];
      int key = t.isWord(first, "CONSTRAINT") ? first + 2 : first;
      if (t.isWord(key, "PRIMARY") && t.isWord(key + 1, "KEY") && t.isPunct(key + 2, '(')) {
        int end = ForeignKeyClause.closing(t, key + 2);
        List<String> columns = new ArrayList<>();
        for (int k = key + 3; k < end; k++) {
          if (NameChains.isName(t, k)) {
            columns.add(t.text(k));
          }
        }
        if (elements.size() < 2) {
          return null;
        }
        // the element and the comma before it (after it, for the first element)
        int from = e > 0 ? t.end(elements.get(e - 1)[1]) : t.start(first);
        int to = e > 0 ? t.end(last) : t.start(elements.get(e + 1)[0]);
        return new Unkeyed(Splicer.apply(createText, List.of(new Edit(from, to, ""))), columns);
      }
      for (int k = first + 1; k < last; k++) {
        if (t.isWord(k, "PRIMARY") && t.isWord(k + 1, "KEY")) {
          return new Unkeyed(Splicer.apply(createText, List.of(new Edit(t.end(k - 1), t.end(k + 1), ""))),
              List.of(t.text(first)));
        }
      }
    }
    return null;
  }

  /** Null for a FOREIGN KEY element; a column's REFERENCES is cut off. */
  private static String withoutReference(String element) {
    String upper = element.strip().toUpperCase(Locale.ROOT);
    if (upper.startsWith("FOREIGN KEY") || upper.startsWith("CONSTRAINT") && upper.contains(" FOREIGN KEY")) {
      return null;
    }
    int at = outsideQuotes(element, " REFERENCES ");
    return at < 0 ? element.strip() : element.substring(0, at).strip();
  }

  /** The top-level comma-separated elements of a CREATE TABLE body. */
  private static List<String> elements(String body) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    char quote = 0;
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (quote != 0) {
        quote = c == quote ? 0 : quote;
      } else if (c == '"' || c == '`' || c == '\'' || c == '[') {
        quote = c == '[' ? ']' : c;
      } else if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        out.add(body.substring(start, i));
        start = i + 1;
      }
    }
    out.add(body.substring(start));
    return out;
  }

  private static int outsideQuotes(String text, String word) {
    char quote = 0;
    String upper = text.toUpperCase(Locale.ROOT);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        quote = c == quote ? 0 : quote;
      } else if (c == '"' || c == '`' || c == '\'' || c == '[') {
        quote = c == '[' ? ']' : c;
      } else if (upper.startsWith(word, i)) {
        return i;
      }
    }
    return -1;
  }

  private static int firstParenthesis(String text) {
    char quote = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '"' || c == '`' || c == '[' || c == '\'') {
        quote = c == '[' ? ']' : c;
      } else if (c == '(') {
        return i;
      }
    }
    throw new IllegalArgumentException("not a CREATE TABLE with columns: " + text);
  }
}

package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * Aliases that keep a spliced select item's label as on trunk. Where the database labels an item written without an
 * alias by its text ({@link Dialect#labelRule()}), splicing a draft's physical name into the item would change the
 * label the application reads ({@code 1 IN (SELECT * FROM `br_b_s`.`t1`)}); the item is given an alias holding the
 * label the database would have made of the text as written. The label is read from the text each time, since two
 * statements of one shape may differ in literals, spacing and comments, all of which the label keeps.
 */
public final class SelectLabels {
  private SelectLabels() {
  }

  /**
   * The token spans (first and last token, in pairs) of the items that need an alias: written without one, holding a
   * spliced name, and labelled by their text in this dialect. On MySQL and DuckDB an item holding a parameter marker is
   * left as it is: MySQL's driver writes the value into the text, and the label with it; DuckDB numbers the marker.
   */
  static int[] itemsToAlias(Tokens tokens, Analysis analysis, List<Edit> names, Dialect dialect) {
    if (dialect.labelRule() == Dialect.LabelRule.NOT_TEXT || analysis == null || names.isEmpty()) return new int[0];
    List<int[]> found = new ArrayList<>();
    for (SelectItemSpan item : analysis.unaliasedItems()) {
      if (!holdsEdit(item, names)) continue;
      int first = tokens.indexAt(item.start());
      int last = tokens.indexEndingAt(item.end());
      if (first < 0 || last < first) continue;
      if (dialect.labelRule() != Dialect.LabelRule.TO_NEXT_TOKEN && holdsParameter(tokens, first, last)) continue;
      found.add(new int[] {first, last});
    }
    int[] pairs = new int[found.size() * 2];
    for (int k = 0; k < found.size(); k++) {
      pairs[2 * k] = found.get(k)[0];
      pairs[2 * k + 1] = found.get(k)[1];
    }
    return pairs;
  }

  /**
   * The alias insertions for one text, as edits after each item: for a statement spliced once, without a plan (a
   * declaration's text, a retry).
   */
  public static List<Edit> aliases(String sql, Analysis analysis, List<Edit> names, Dialect dialect,
      RenderedLabels rendered) {
    if (dialect.labelRule() == Dialect.LabelRule.NOT_TEXT || analysis == null || analysis.unaliasedItems().isEmpty()
        || names.isEmpty()) {
      return List.of();
    }
    Tokens tokens = Lexer.tokenize(sql, dialect);
    int[] items = itemsToAlias(tokens, analysis, names, dialect);
    List<Edit> edits = new ArrayList<>();
    for (int k = 0; k < items.length; k += 2) {
      int at = tokens.end(items[k + 1]);
      String alias = alias(sql, tokens, items[k], items[k + 1], dialect, rendered);
      if (!alias.isEmpty()) edits.add(new Edit(at, at, alias));
    }
    return edits;
  }

  /**
   * {@code AS} and the label the database gives the item from token {@code first} to {@code last}, quoted; empty
   * where the database's rendering is not known ({@code rendered} null or without an answer).
   */
  static String alias(String sql, Tokens tokens, int first, int last, Dialect dialect, RenderedLabels rendered) {
    int from = tokens.start(first);
    if (dialect.labelRule() == Dialect.LabelRule.RENDERED) {
      String label = rendered == null ? null : rendered.of(sql.substring(from, tokens.end(last)));
      return label == null ? "" : " AS " + dialect.quote(label);
    }
    int to;
    if (dialect.labelRule() == Dialect.LabelRule.TO_NEXT_TOKEN) {
      to = last + 1 < tokens.size() ? tokens.start(last + 1) : sql.length();
      while (to > from && isSqliteSpace(sql.charAt(to - 1))) to--;
    } else {
      to = tokens.end(last);
    }
    int limit = dialect.aliasLimit();
    if (to - from > limit) {
      to = from + limit;
      if (Character.isHighSurrogate(sql.charAt(to - 1))) to--;   // never half a character
    }
    return " AS " + dialect.quote(sql.substring(from, to));
  }

  private static boolean holdsEdit(SelectItemSpan item, List<Edit> names) {
    for (Edit edit : names) {
      if (edit.start() >= item.start() && edit.end() <= item.end()) return true;
    }
    return false;
  }

  private static boolean holdsParameter(Tokens tokens, int first, int last) {
    for (int i = first; i <= last; i++) {
      if (tokens.kind(i) == TokenKind.PARAMETER) return true;
    }
    return false;
  }

  /** White space as SQLite trims it from a label: space, tab, line feed, vertical tab, form feed, carriage return. */
  private static boolean isSqliteSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
  }
}

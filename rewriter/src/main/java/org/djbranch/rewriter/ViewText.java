package org.djbranch.rewriter;

/**
 * A view's declaration as a database keeps it ({@code CREATE VIEW s.v (a, b) AS SELECT ...}), read from tokens into
 * what a merge declares the view again with: its column list as written (null where it has none) and its query.
 */
public record ViewText(String columns, String query) {
  /** The parts of {@code createView}, or null where it is no {@code CREATE ... VIEW name [(...)] AS query}. */
  public static ViewText of(String createView, Dialect dialect) {
    Tokens t = Lexer.tokenize(createView, dialect);
    int k = 0;
    while (k < t.size() && !t.isWord(k, "VIEW")) {
      k++;
    }
    k++;
    if (t.isWord(k, "IF") && t.isWord(k + 1, "NOT") && t.isWord(k + 2, "EXISTS")) {
      k += 3;
    }
    if (!t.isWord(0, "CREATE") || !NameChains.isName(t, k)) {
      return null;
    }
    k = NameChains.chainEnd(t, k) + 1;
    String columns = null;
    if (t.isPunct(k, '(')) {
      int close = ForeignKeyClause.closing(t, k);
      columns = createView.substring(t.start(k), t.end(close));
      k = close + 1;
    }
    if (!t.isWord(k, "AS") || k + 1 >= t.size()) {
      return null;
    }
    int end = t.size() - (t.isPunct(t.size() - 1, ';') ? 1 : 0);
    return new ViewText(columns, createView.substring(t.start(k + 1), t.end(end - 1)));
  }

  /**
   * {@code sql} with every name qualified by schema {@code from} (quoted or not, as the dialect compares names)
   * qualified by {@code to} instead, quoted: a view's query moved from the branch's draft to where a merge declares it.
   */
  public static String requalified(String sql, Dialect dialect, String from, String to) {
    Tokens t = Lexer.tokenize(sql, dialect);
    java.util.List<Edit> edits = new java.util.ArrayList<>();
    for (int i = 0; i + 1 < t.size(); i++) {
      if (t.kind(i).isIdentifier() && t.isPunct(i + 1, '.') && !t.isPunct(i - 1, '.')
          && t.identifier(i).equalsIgnoreCase(from)) {
        edits.add(new Edit(t.start(i), t.end(i), dialect.quote(to)));
      }
    }
    return Splicer.apply(sql, edits);
  }
}

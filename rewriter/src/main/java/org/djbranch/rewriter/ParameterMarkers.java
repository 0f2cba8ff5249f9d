package org.djbranch.rewriter;

/**
 * Where a prepared statement's {@code ?} parameters stand (outside strings, comments and quoted names), so that
 * statements derived from pieces of its text know which of its parameters each piece takes.
 */
public final class ParameterMarkers {
  private ParameterMarkers() {
  }

  /** The offset of each {@code ?} parameter in the text, in order. */
  public static int[] positions(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    int[] found = new int[t.size()];
    int n = 0;
    for (int i = 0; i < t.size(); i++) {
      if (!t.isQuestionMark(i)) {
        continue;
      }
      if (dialect.readsDoubledQuestionMarkAsOne() && t.isQuestionMark(i + 1) && t.end(i) == t.start(i + 1)) {
        i++;
        continue;
      }
      found[n++] = t.start(i);
    }
    return java.util.Arrays.copyOf(found, n);
  }

}

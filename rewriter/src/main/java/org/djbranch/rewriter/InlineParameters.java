package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/** A prepared statement's text with its {@code ?} parameters replaced by SQL literals, for statements derived from it. */
public final class InlineParameters {
  private InlineParameters() {
  }

  /** How many {@code ?} parameters the text has (outside strings, comments and quoted names). */
  public static int count(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    int n = 0;
    for (int i = 0; i < t.size(); i++) {
      if (isPositional(t, i)) n++;
    }
    return n;
  }

  /** The text with the i-th {@code ?} replaced by {@code literals.get(i)}. */
  public static String inline(String sql, Dialect dialect, List<String> literals) {
    Tokens t = Lexer.tokenize(sql, dialect);
    List<Edit> edits = new ArrayList<>();
    int n = 0;
    for (int i = 0; i < t.size(); i++) {
      if (isPositional(t, i)) {
        if (n >= literals.size()) {
          throw new IllegalArgumentException("the statement has more parameters than the " + literals.size() + " given");
        }
        edits.add(new Edit(t.start(i), t.end(i), literals.get(n++)));
      }
    }
    return Splicer.apply(sql, edits);
  }

  private static boolean isPositional(Tokens t, int i) {
    return t.kind(i) == TokenKind.PARAMETER && t.end(i) - t.start(i) == 1;
  }
}

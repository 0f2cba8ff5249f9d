package org.djbranch.rewriter;

/**
 * {@code ALTER ... SET SCHEMA}: a statement that moves a table, view, sequence, type or other object to another
 * schema. On a branch an object of the draft would leave it — into a schema of the pipeline's, say — so the branch
 * refuses it, whatever the object.
 */
public final class SchemaMove {
  private SchemaMove() {
  }

  /** Whether {@code sql} is an {@code ALTER} that sets its object's schema. */
  public static boolean of(String sql, Dialect dialect) {
    return of(Lexer.tokenize(sql, dialect));
  }

  static boolean of(Tokens t) {
    if (!t.isWord(0, "ALTER")) {
      return false;
    }
    for (int i = 1; i + 1 < t.size(); i++) {
      if (t.isWord(i, "SET") && t.isWord(i + 1, "SCHEMA")) {
        return true;
      }
    }
    return false;
  }
}

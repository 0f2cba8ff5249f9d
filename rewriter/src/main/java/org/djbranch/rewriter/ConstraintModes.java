package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * PostgreSQL's {@code SET CONSTRAINTS {ALL | name [, ...]} {DEFERRED | IMMEDIATE}}, read from tokens: the constraints
 * it names, each with its span (none for {@code ALL}). Django sends it before it drops or alters a foreign key.
 */
public record ConstraintModes(List<TableRef> names) {
  /** The statement, or null where {@code sql} is no such statement. */
  public static ConstraintModes read(String sql, Dialect dialect) {
    if (dialect != Dialect.POSTGRESQL) {
      return null;
    }
    // a look at the first two words: most SETs (search_path, a setting) are read no further
    int first = CharRules.skipTrivia(sql, 0, sql.length(), dialect);
    if (!CharRules.isWordAt(sql, first, "SET") || !CharRules.isWordAt(sql,
        CharRules.skipTrivia(sql, first + 3, sql.length(), dialect), "CONSTRAINTS")) {
      return null;
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    List<TableRef> names = new ArrayList<>();
    int k = 2;
    if (t.isWord(k, "ALL")) {
      k++;
    } else {
      while (NameChains.isName(t, k)) {
        int end = NameChains.chainEnd(t, k);
        names.add(NameChains.ref(t, k, end, TableRef.Role.OTHER));
        k = end + 1;
        if (!t.isPunct(k, ',')) {
          break;
        }
        k++;
      }
    }
    return t.isWord(k, "DEFERRED") || t.isWord(k, "IMMEDIATE") ? new ConstraintModes(names) : null;
  }
}

package org.djbranch.rewriter;

import java.util.List;

/** Reads back a qualified name written by {@link Dialect#quote(String, String)}. */
public final class QualifiedNames {
  private QualifiedNames() {
  }

  /** The unquoted parts of a name such as {@code "s"."t"} or {@code `s`.`t`}; empty when it is not a name. */
  public static List<String> split(String name, Dialect dialect) {
    Tokens t = Lexer.tokenize(name, dialect);
    if (!NameChains.isName(t, 0) || NameChains.chainEnd(t, 0) != t.size() - 1) return List.of();
    return NameChains.parts(t, 0, t.size() - 1);
  }
}

package org.djbranch.rewriter;

import java.util.Set;

/** The name a CREATE of another object (sequence, type, function, trigger, ...) gives it, read from the tokens. */
final class CreatedObjectName {
  private static final Set<String> MODIFIERS = Set.of("OR", "REPLACE", "TEMP", "TEMPORARY", "UNLOGGED", "GLOBAL", "LOCAL",
      "MATERIALIZED", "RECURSIVE", "UNIQUE", "DEFINER", "ALGORITHM", "SQL", "SECURITY", "CONSTRAINT");
  /** Objects that do not live in a schema (or are schemas): they have no name to rewrite. */
  private static final Set<String> NOT_IN_A_SCHEMA = Set.of("SCHEMA", "DATABASE", "EXTENSION", "ROLE", "USER", "TABLESPACE",
      "SERVER", "PUBLICATION", "SUBSCRIPTION", "LANGUAGE", "EVENT");

  private CreatedObjectName() {
  }

  static TableRef read(Tokens t) {
    if (!t.isWord(0, "CREATE")) return null;
    int k = 1;
    while (k < t.size() && t.kind(k) == TokenKind.WORD && MODIFIERS.contains(t.text(k).toUpperCase(java.util.Locale.ROOT))) k++;
    if (k >= t.size() || t.kind(k) != TokenKind.WORD) return null;
    if (NOT_IN_A_SCHEMA.contains(t.text(k).toUpperCase(java.util.Locale.ROOT))) return null;
    k++;
    if (t.isWord(k, "IF") && t.isWord(k + 1, "NOT") && t.isWord(k + 2, "EXISTS")) k += 3;
    return NameChains.refAt(t, k, TableRef.Role.CREATE);
  }
}

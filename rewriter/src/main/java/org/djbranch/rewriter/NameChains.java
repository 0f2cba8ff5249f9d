package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * Qualified names in a token list: {@code a}, {@code s.t}, {@code "s"."t"}, {@code `db`.`t`}, {@code [s].[t]}.
 * The spans of table references are read here, from the tokens, so they never include an alias.
 */
final class NameChains {
  private NameChains() {
  }

  static boolean isName(Tokens tokens, int i) {
    return i >= 0 && i < tokens.size() && tokens.kind(i).isIdentifier();
  }

  /** From a name at i, the index of the last token of "name(.name)*". */
  static int chainEnd(Tokens tokens, int i) {
    int last = i;
    while (tokens.isPunct(last + 1, '.') && isName(tokens, last + 2)) last += 2;
    return last;
  }

  /** The unquoted parts of the chain [first, last]. */
  static List<String> parts(Tokens tokens, int first, int last) {
    List<String> parts = new ArrayList<>();
    for (int k = first; k <= last; k += 2) parts.add(tokens.identifier(k));
    return parts;
  }

  /**
   * The chain [first, last] as a table reference: the last part is the name, the one before it the schema, the one
   * before that the catalog.
   */
  static TableRef ref(Tokens tokens, int first, int last, TableRef.Role role) {
    String name = tokens.identifier(last);
    String schema = last - 2 >= first ? tokens.identifier(last - 2) : null;
    String catalog = last - 4 >= first ? tokens.identifier(last - 4) : null;
    boolean quoted = tokens.kind(last) == TokenKind.QUOTED_IDENTIFIER;
    boolean schemaQuoted = schema != null && tokens.kind(last - 2) == TokenKind.QUOTED_IDENTIFIER;
    return new TableRef(schema, name, quoted, tokens.start(first), tokens.end(last), role, schemaQuoted, catalog);
  }

  /** True when the chain starting at i continues a longer name (the token before it is a dot). */
  static boolean continuesName(Tokens tokens, int i) {
    return tokens.isPunct(i - 1, '.');
  }

  /** Reads a qualified name at i into a reference, or null when no name starts there. */
  static TableRef refAt(Tokens tokens, int i, TableRef.Role role) {
    if (!isName(tokens, i)) return null;
    return ref(tokens, i, chainEnd(tokens, i), role);
  }

  /** Strips the quotes JSqlParser leaves on a name part. */
  static String unquote(String part) {
    if (part == null || part.length() < 2) return part;
    char open = part.charAt(0);
    char close = part.charAt(part.length() - 1);
    if ((open == '"' && close == '"') || (open == '`' && close == '`')) {
      return part.substring(1, part.length() - 1).replace("" + open + open, "" + open);
    }
    if (open == '[' && close == ']') return part.substring(1, part.length() - 1);
    return part;
  }

  /** The first occurrence at or after 'from' of the name parts as consecutive tokens, not inside a longer name. */
  static int find(Tokens tokens, List<String> wanted, int from) {
    int span = wanted.size() * 2 - 1;
    outer:
    for (int i = Math.max(0, from); i + span <= tokens.size(); i++) {
      if (continuesName(tokens, i)) continue;
      for (int p = 0; p < wanted.size(); p++) {
        int k = i + 2 * p;
        if (!isName(tokens, k) || !tokens.identifier(k).equalsIgnoreCase(wanted.get(p))) continue outer;
        if (p > 0 && !tokens.isPunct(k - 1, '.')) continue outer;
      }
      return i;
    }
    return -1;
  }
}

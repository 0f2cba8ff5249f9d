package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * DDL that names schema objects other than tables by their names alone, read from tokens (the parser reads few of
 * these): {@code DROP TYPE | DOMAIN | SEQUENCE | COLLATION [IF EXISTS] a, s.b [CASCADE]}, {@code ALTER TYPE | DOMAIN |
 * SEQUENCE | COLLATION | INDEX [IF EXISTS] n ...} and {@code COMMENT ON TYPE | DOMAIN | SEQUENCE | COLLATION | INDEX n
 * IS ...}. Each name is bound as
 * the branch binds a table's: the draft's object, the pipeline's, or neither.
 *
 * @param verb DROP, ALTER or COMMENT
 * @param object TYPE, DOMAIN, SEQUENCE, COLLATION or INDEX
 * @param names the objects named, as written (role OTHER; for an index, role DROP as a dropped index's name has)
 */
public record NamedObjects(String verb, String object, List<TableRef> names) {
  /** The kinds of object read here, by their names alone. */
  public static final Set<String> OBJECTS = Set.of("TYPE", "DOMAIN", "SEQUENCE", "COLLATION", "INDEX");
  private static final Set<String> ENDS = Set.of("CASCADE", "RESTRICT");

  /** The objects {@code sql} names, or null where it is none of the statements above. */
  public static NamedObjects read(String sql, Dialect dialect) {
    return read(Lexer.tokenize(sql, dialect));
  }

  static NamedObjects read(Tokens t) {
    int k;
    String verb;
    if (t.isWord(0, "COMMENT") && t.isWord(1, "ON")) {
      verb = "COMMENT";
      k = 2;
    } else if (t.isWord(0, "DROP") || t.isWord(0, "ALTER")) {
      verb = t.text(0).toUpperCase(Locale.ROOT);
      k = 1;
    } else {
      return null;
    }
    String object = t.kind(k) == TokenKind.WORD ? t.text(k).toUpperCase(Locale.ROOT) : "";
    // DROP INDEX is the parser's (and MySQL's names its table); the others are read here
    if (!OBJECTS.contains(object) || verb.equals("DROP") && object.equals("INDEX")) return null;
    k++;
    if (t.isWord(k, "CONCURRENTLY")) k++;
    if (!verb.equals("COMMENT") && t.isWord(k, "IF") && t.isWord(k + 1, "EXISTS")) k += 2;
    TableRef.Role role = object.equals("INDEX") ? TableRef.Role.DROP : TableRef.Role.OTHER;
    List<TableRef> names = new ArrayList<>();
    while (true) {
      TableRef name = NameChains.refAt(t, k, role);
      if (name == null) return null;
      names.add(name);
      k = NameChains.chainEnd(t, k) + 1;
      if (!verb.equals("DROP") || !t.isPunct(k, ',')) break;
      k++;
    }
    int end = t.size();
    while (end > k && t.isPunct(end - 1, ';')) end--;
    if (verb.equals("DROP") && k < end && !(t.kind(k) == TokenKind.WORD
        && ENDS.contains(t.text(k).toUpperCase(Locale.ROOT)) && k + 1 >= end)) {
      return null; // more than names and CASCADE: not read here
    }
    return new NamedObjects(verb, object, List.copyOf(names));
  }

  /** The analysis of such a statement: an index's name as a dropped index's is, other objects' names alone. */
  Analysis analysis() {
    StatementKind kind = object.equals("INDEX") ? StatementKind.ALTER_INDEX : StatementKind.OBJECT_CHANGE;
    return new Analysis(kind, names, null, null, List.of(), null, null, true);
  }
}

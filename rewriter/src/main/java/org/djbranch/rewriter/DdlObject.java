package org.djbranch.rewriter;

import java.util.Locale;
import java.util.Set;

/**
 * What kind of object a DDL statement creates, changes or drops, read from its words alone, whether or not the
 * parser accepts the statement: {@code CREATE OR REPLACE TEMPORARY VIEW v} is a {@code VIEW}, {@code CREATE
 * DEFINER=x@y TRIGGER t} a {@code TRIGGER}, {@code CREATE UNIQUE INDEX} an {@code INDEX}, {@code COMMENT ON COLUMN}
 * a {@code COLUMN}, {@code DROP MATERIALIZED VIEW} a {@code MATERIALIZED VIEW}.
 *
 * @param verb CREATE, ALTER, DROP, TRUNCATE, RENAME or COMMENT
 * @param object the object's kind in upper case (two words for MATERIALIZED VIEW, EVENT TRIGGER and the like; TABLE
 *     for TRUNCATE), or "" where none is written
 * @param temporary whether the object is a session's own (TEMP, TEMPORARY): never the pipeline's
 * @param replaces whether the statement replaces an object of the name that exists ({@code CREATE OR REPLACE})
 */
public record DdlObject(String verb, String object, boolean temporary, boolean replaces) {
  private static final Set<String> VERBS = Set.of("CREATE", "ALTER", "DROP", "TRUNCATE", "RENAME", "COMMENT");
  /** Words between the verb and the object's kind that say how, not what. */
  private static final Set<String> MODIFIERS = Set.of("OR", "REPLACE", "TEMP", "TEMPORARY", "GLOBAL", "LOCAL",
      "UNLOGGED", "UNIQUE", "FULLTEXT", "SPATIAL", "ONLINE", "OFFLINE", "IGNORE", "CONSTRAINT", "TRUSTED",
      "PROCEDURAL", "RECURSIVE", "DEFAULT", "SQL", "SECURITY", "DEFINER", "INVOKER", "ALGORITHM", "ON");
  /** Kinds written in two words. */
  private static final Set<String> TWO_WORDS = Set.of("MATERIALIZED VIEW", "FOREIGN TABLE", "FOREIGN DATA",
      "EVENT TRIGGER", "TEXT SEARCH", "ACCESS METHOD", "USER MAPPING", "OPERATOR CLASS", "OPERATOR FAMILY");

  /** The object of DDL statement {@code sql}, or null where its first word is no DDL verb. */
  public static DdlObject read(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    if (t.size() == 0 || t.kind(0) != TokenKind.WORD || !VERBS.contains(upper(t, 0))) {
      return null;
    }
    String verb = upper(t, 0);
    if (verb.equals("TRUNCATE")) {
      return new DdlObject(verb, "TABLE", false, false); // TRUNCATE [TABLE] t: only tables are truncated
    }
    boolean temporary = false;
    boolean replaces = false;
    for (int k = 1; k < t.size(); k++) {
      if (t.kind(k) != TokenKind.WORD || valueOfSetting(t, k)) {
        continue; // DEFINER = `u`@`h`, ALGORITHM = MERGE: a setting's value says nothing of the object
      }
      String word = upper(t, k);
      if (MODIFIERS.contains(word)) {
        temporary |= word.startsWith("TEMP");
        replaces |= word.equals("REPLACE");
        continue;
      }
      if (k + 1 < t.size() && t.kind(k + 1) == TokenKind.WORD && TWO_WORDS.contains(word + " " + upper(t, k + 1))) {
        word = word + " " + upper(t, k + 1);
      }
      return new DdlObject(verb, word, temporary, replaces);
    }
    return new DdlObject(verb, "", temporary, replaces);
  }

  /**
   * PostgreSQL's {@code ALTER TABLE | INDEX | MATERIALIZED VIEW ALL IN TABLESPACE a [OWNED BY r] SET TABLESPACE b}:
   * every such object of the tablespace, whoever's, is moved, so it names no object a branch could bind.
   */
  public static boolean movesAllInTablespace(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    int k = t.isWord(1, "MATERIALIZED") ? 3 : 2;
    return t.isWord(0, "ALTER") && t.isWord(k, "ALL") && t.isWord(k + 1, "IN") && t.isWord(k + 2, "TABLESPACE");
  }

  /**
   * Whether the object is a relation of rows a schema's listing of tables holds (a table, a view): a sequence, a type
   * or a function made by CREATE is none, though it may share their names' namespace.
   */
  public boolean holdsRows() {
    return object.equals("TABLE") || object.equals("VIEW") || object.equals("MATERIALIZED VIEW")
        || object.equals("FOREIGN TABLE");
  }

  /** A word right after {@code =} or {@code @}: the value of a setting such as DEFINER = user@host. */
  private static boolean valueOfSetting(Tokens t, int k) {
    return k >= 1 && t.kind(k - 1) != TokenKind.WORD && (t.text(k - 1).equals("=") || t.text(k - 1).equals("@"));
  }

  private static String upper(Tokens t, int k) {
    return t.text(k).toUpperCase(Locale.ROOT);
  }
}

package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which of a database's routines may write what they reach, read from their bodies, and where a statement calls
 * one. A branch binds the names a statement's text shows; a routine's statements run as the routine names them, on
 * trunk's tables and sequences, so a statement calling a routine that writes would change trunk.
 *
 * <p>What may write: a body holding, as a word (not in a string or comment), one that begins a writing statement,
 * moves a sequence, runs text it does not show ({@code EXECUTE}, {@code PREPARE}, {@code CALL}) or locks rows; a
 * body in a language whose text is not SQL; a body the catalog would not show; and a body calling a routine that
 * may write. The words are read from tokens, so a write cannot hide from them in a string of the routine's own
 * text: a string run as text needs {@code EXECUTE} or {@code PREPARE}.
 */
public final class RoutineBodies {
  /** Words of a body that may write, move a sequence, run unseen text or lock, in any dialect. */
  private static final Set<String> WRITING_WORDS = Set.of("INSERT", "UPDATE", "DELETE", "MERGE", "UPSERT", "TRUNCATE",
      "COPY", "LOAD", "CREATE", "ALTER", "DROP", "RENAME", "COMMENT", "GRANT", "REVOKE", "EXECUTE", "PREPARE", "CALL",
      "LOCK", "NEXTVAL", "SETVAL", "LASTVAL", "REFRESH", "CLUSTER", "REINDEX", "VACUUM", "ANALYZE", "IMPORT", "HANDLER",
      "DBLINK", "DBLINK_EXEC", "LO_IMPORT", "LO_EXPORT", "LO_UNLINK", "LO_CREATE", "LO_PUT", "LO_FROM_BYTEA",
      "PG_TERMINATE_BACKEND", "PG_CANCEL_BACKEND", "PG_RELOAD_CONF", "KILL", "FLUSH", "PURGE", "RESET");

  /** Languages whose bodies are SQL text this class can read; any other body may write. */
  private static final Set<String> SQL_LANGUAGES = Set.of("sql", "plpgsql");

  private RoutineBodies() {
  }

  /**
   * A routine of the database: its name (unqualified: a call may name it along the search path), its body as the
   * catalog gives it (null where the catalog would not show it) and the language the body is in (null: SQL, as
   * every MySQL routine is).
   */
  public record Routine(String schema, String name, String body, String language) {}

  /**
   * The lower-cased names of the routines of {@code routines} that may write: a body holding a word that may write,
   * one not shown or not in SQL, and, until nothing changes, one calling a routine already found to write. Routines
   * of one name are taken together: a call of that name may reach any of them.
   */
  public static Set<String> writing(Collection<Routine> routines, Dialect dialect) {
    Set<String> writing = new HashSet<>();
    List<Routine> reading = new ArrayList<>();
    List<Set<String>> calls = new ArrayList<>();
    for (Routine r : routines) {
      String name = r.name().toLowerCase(Locale.ROOT);
      if (r.body() == null || r.language() != null && !SQL_LANGUAGES.contains(r.language().toLowerCase(Locale.ROOT))) {
        writing.add(name);
        continue;
      }
      Tokens t = Lexer.tokenize(r.body(), dialect);
      if (holdsWritingWord(t, dialect)) {
        writing.add(name);
      } else {
        reading.add(r);
        calls.add(calledNames(t));
      }
    }
    boolean grew = true;
    while (grew) {
      grew = false;
      for (int k = 0; k < reading.size(); k++) {
        String name = reading.get(k).name().toLowerCase(Locale.ROOT);
        if (!writing.contains(name) && calls.get(k).stream().anyMatch(writing::contains)) {
          writing.add(name);
          grew = true;
        }
      }
    }
    return writing;
  }

  /**
   * The first routine of {@code routines} that {@code t} calls, as written, or null: a name followed by {@code (},
   * where it does not name a table being declared or written into ({@code INSERT INTO f (a)}, {@code CREATE TABLE
   * f (a)}, {@code REFERENCES f (a)}) or a routine being declared or dropped.
   */
  public static String firstCall(Tokens t, NameSet routines) {
    for (int i = 0; i + 1 < t.size(); i++) {
      if (t.kind(i).isIdentifier() && t.isPunct(i + 1, '(')
          && routines.contains(t.sql(), t.kind(i) == TokenKind.QUOTED_IDENTIFIER ? t.start(i) + 1 : t.start(i),
          t.kind(i) == TokenKind.QUOTED_IDENTIFIER ? t.end(i) - 1 : t.end(i))
          && !namesTableOrDeclaration(t, NameChains.continuesName(t, i) ? chainStart(t, i) - 1 : i - 1)) {
        return t.identifier(i);
      }
    }
    return null;
  }

  /** As {@link #firstCall(Tokens, NameSet)}, of {@code sql} read in {@code dialect}; null at once where none may. */
  public static String firstCall(String sql, Dialect dialect, NameSet routines) {
    return routines.isEmpty() ? null : firstCall(Lexer.tokenize(sql, dialect), routines);
  }

  /** The first token of the name chain that ends at {@code i}. */
  private static int chainStart(Tokens t, int i) {
    int first = i;
    while (NameChains.continuesName(t, first) && NameChains.isName(t, first - 2)) {
      first -= 2;
    }
    return first;
  }

  /** Whether the word before a name followed by {@code (} makes the name a table's or a declared routine's. */
  private static boolean namesTableOrDeclaration(Tokens t, int before) {
    return t.isWord(before, "INTO") || t.isWord(before, "TABLE") || t.isWord(before, "REFERENCES")
        || t.isWord(before, "ON") || t.isWord(before, "VIEW") || t.isWord(before, "EXISTS")
        || t.isWord(before, "FUNCTION") || t.isWord(before, "PROCEDURE") || t.isWord(before, "ROUTINE");
  }

  private static boolean holdsWritingWord(Tokens t, Dialect dialect) {
    for (int i = 0; i < t.size(); i++) {
      if (t.kind(i) == TokenKind.WORD && WRITING_WORDS.contains(t.text(i).toUpperCase(Locale.ROOT))) {
        return true;
      }
      // MySQL's REPLACE INTO writes; REPLACE(s, a, b) is a string function.
      if (dialect == Dialect.MYSQL && t.isWord(i, "REPLACE") && !t.isPunct(i + 1, '(')) {
        return true;
      }
      // SELECT ... FOR SHARE, LOCK IN SHARE MODE: a lock on trunk's rows (FOR UPDATE holds UPDATE already).
      if (t.isWord(i, "FOR") && (t.isWord(i + 1, "SHARE") || t.isWord(i + 1, "NO") || t.isWord(i + 1, "KEY"))) {
        return true;
      }
    }
    return false;
  }

  /** The lower-cased names a body calls: a word or quoted name followed by {@code (}. */
  private static Set<String> calledNames(Tokens t) {
    Set<String> names = new HashSet<>();
    for (int i = 0; i + 1 < t.size(); i++) {
      if (t.kind(i).isIdentifier() && t.isPunct(i + 1, '(')) {
        names.add(t.identifier(i).toLowerCase(Locale.ROOT));
      }
    }
    return names;
  }
}

package org.djbranch.rewriter;

import java.util.Locale;
import java.util.Set;

/**
 * PostgreSQL's and DuckDB's {@code nextval} and {@code setval} calls whose sequence the text does not name: the
 * argument is a parameter ({@code nextval(?)}), an expression ({@code nextval('s.' || 'seq')}, {@code
 * nextval(CAST('s.seq' AS regclass))}, {@code nextval(('s.seq'))}), a column, an OID, or a string of another form
 * ({@code E'...'}, {@code U&'...'}, {@code $$...$$}). Which sequence such a call moves is known only to the database,
 * so a branch cannot copy it first: a call the branch must judge and cannot is one it refuses, never one it passes.
 * Read: a plain string, bare or cast to {@code regclass} or {@code text} ({@link QualifiedObjectNames}), and {@code
 * pg_get_serial_sequence(...)}, whose table's string is read.
 */
public final class SequenceArguments {
  private static final Set<String> MOVING = Set.of("NEXTVAL", "SETVAL");
  private static final Set<String> CASTS = Set.of("REGCLASS", "TEXT");

  private SequenceArguments() {
  }

  /** The first such call's text up to its argument ({@code nextval(?}), or null where every call is read. */
  public static String unread(String sql, Dialect dialect) {
    if (dialect != Dialect.POSTGRESQL && dialect != Dialect.DUCKDB) {
      return null; // MariaDB names its sequences as names, read as such; SQLite has none
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    for (int i = 0; i + 2 < t.size(); i++) {
      boolean named = t.kind(i) == TokenKind.WORD
          ? MOVING.contains(t.text(i).toUpperCase(Locale.ROOT))
          : t.kind(i) == TokenKind.QUOTED_IDENTIFIER && MOVING.contains(t.identifier(i).toUpperCase(Locale.ROOT));
      if (!named || !t.isPunct(i + 1, '(') || t.isPunct(i - 1, '.') && !t.isWord(i - 2, "pg_catalog")) {
        continue;
      }
      if (!read(t, i + 2)) {
        return sql.substring(t.start(i), t.end(i + 2));
      }
    }
    return null;
  }

  /** Whether the argument starting at token {@code a} is a plain string, bare or cast, or pg_get_serial_sequence. */
  private static boolean read(Tokens t, int a) {
    if (t.isWord(a, "PG_GET_SERIAL_SEQUENCE") && t.isPunct(a + 1, '(')) {
      return true;
    }
    String text = t.text(a);
    if (t.kind(a) != TokenKind.STRING || text.length() < 2 || text.charAt(0) != '\'') {
      return false;
    }
    int next = a + 1;
    if (next < t.size() && t.text(next).equals("::") && t.kind(next + 1) == TokenKind.WORD
        && CASTS.contains(t.text(next + 1).toUpperCase(Locale.ROOT))) {
      next += 2;
    }
    return t.isPunct(next, ',') || t.isPunct(next, ')');
  }
}

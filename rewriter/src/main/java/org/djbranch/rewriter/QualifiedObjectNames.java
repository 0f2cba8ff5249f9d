package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of two parts ({@code s.mood}, {@code "s"."mood"}) that may name a type, domain, sequence or collation rather
 * than a table: written as names ({@code m s.mood}, {@code 'a'::s.mood}, {@code COLLATE s.c}), or as the whole of a
 * string that a sequence function or a {@code regclass} cast reads as a name ({@code nextval('s.seq')},
 * {@code 's.seq'::regclass}). Which of them an object of the branch's drafts answers to is the binder's to say; this
 * only finds where they are, and what each may be: a collation after {@code COLLATE}, a relation (a sequence, or a
 * table) in a string, else a type or domain. Names of three parts and functions' ({@code s.f(}) are left out; a
 * column qualified by its table ({@code t.col}) is found too, and answers to no object. In a string a sequence
 * function or a {@code regclass} cast reads, a name of one part is found too ({@code nextval('seq')}, {@code
 * pg_get_serial_sequence('t', 'id')}), its schema null: the session's path says where it is.
 */
public final class QualifiedObjectNames {
  /** The functions whose string argument is a relation's name. */
  private static final Set<String> NAME_TAKING = Set.of("NEXTVAL", "CURRVAL", "SETVAL", "PG_GET_SERIAL_SEQUENCE",
      "TO_REGCLASS");
  private static final String PART = "(\"(?:[^\"]|\"\")+\"|[A-Za-z_][A-Za-z0-9_$]*)";
  private static final Pattern IN_STRING = Pattern.compile(PART + "\\." + PART);
  private static final Pattern ALONE_IN_STRING = Pattern.compile(PART);

  /**
   * What a found name may be: a type or domain, a collation, a relation named in a string (a sequence, or a table),
   * or a sequence named by a MariaDB sequence function or {@code NEXT VALUE FOR} (a sequence, certainly).
   */
  public enum Kind { TYPE, COLLATION, RELATION, SEQUENCE }

  /** MariaDB's functions that name a sequence as their first argument, and those of them that move it. */
  private static final Set<String> NAMING_SEQUENCE = Set.of("NEXTVAL", "LASTVAL", "SETVAL");
  private static final Set<String> MOVING = Set.of("NEXTVAL", "SETVAL", "NEXT");

  /** The functions that move the sequence their string names: what a branch must not do to trunk's. */
  private static final Set<String> ADVANCING = Set.of("NEXTVAL", "SETVAL");

  /**
   * One such name: where its text is (inside the quotes, for a string), its parts as written, what it may be, and
   * whether it is the string of {@code nextval} or {@code setval}, which move the sequence it names, or the table's
   * string of a {@code pg_get_serial_sequence} given to one of them, which moves that table's sequence.
   */
  public record Found(int start, int end, String schema, boolean schemaQuoted, String name, boolean nameQuoted,
                      Kind kind, boolean advances) {
  }

  private QualifiedObjectNames() {
  }

  public static List<Found> find(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    List<Found> out = new ArrayList<>();
    if (dialect == Dialect.MYSQL) {
      return sequencesNamed(t, out);
    }
    for (int i = 0; i < t.size(); i++) {
      if (t.kind(i) == TokenKind.STRING) {
        Found s = inString(t, i);
        if (s != null) {
          out.add(s);
        }
        continue;
      }
      if (!NameChains.isName(t, i) || NameChains.continuesName(t, i)) {
        continue;
      }
      int last = NameChains.chainEnd(t, i);
      if (last == i + 2 && !t.isPunct(last + 1, '(')) {
        out.add(new Found(t.start(i), t.end(last), t.identifier(i), t.kind(i) == TokenKind.QUOTED_IDENTIFIER,
            t.identifier(last), t.kind(last) == TokenKind.QUOTED_IDENTIFIER,
            t.isWord(i - 1, "COLLATE") ? Kind.COLLATION : Kind.TYPE, false));
      }
      i = last;
    }
    return out;
  }

  /**
   * MariaDB's sequences, named (not in strings) by {@code NEXTVAL(s)}, {@code LASTVAL(s)}, {@code SETVAL(s, n)},
   * {@code NEXT VALUE FOR s} and {@code PREVIOUS VALUE FOR s}, of one part or two: the only objects besides tables
   * that a MySQL statement names.
   */
  private static List<Found> sequencesNamed(Tokens t, List<Found> out) {
    for (int i = 0; i < t.size(); i++) {
      if (!NameChains.isName(t, i) || NameChains.continuesName(t, i)) {
        continue;
      }
      int last = NameChains.chainEnd(t, i);
      String by = null;
      if (t.isPunct(i - 1, '(') && i >= 2 && t.kind(i - 2) == TokenKind.WORD
          && NAMING_SEQUENCE.contains(t.text(i - 2).toUpperCase(Locale.ROOT))) {
        by = t.text(i - 2).toUpperCase(Locale.ROOT);
      } else if (i >= 3 && t.isWord(i - 1, "FOR") && t.isWord(i - 2, "VALUE")
          && (t.isWord(i - 3, "NEXT") || t.isWord(i - 3, "PREVIOUS"))) {
        by = t.text(i - 3).toUpperCase(Locale.ROOT);
      }
      if (by != null && (last == i || last == i + 2)) {
        boolean two = last == i + 2;
        out.add(new Found(t.start(i), t.end(last), two ? t.identifier(i) : null,
            two && t.kind(i) == TokenKind.QUOTED_IDENTIFIER, t.identifier(last),
            t.kind(last) == TokenKind.QUOTED_IDENTIFIER, Kind.SEQUENCE, MOVING.contains(by)));
      }
      i = last;
    }
    return out;
  }

  /** A string read as a relation's name: the argument of a name-taking function, or cast to regclass. */
  private static Found inString(Tokens t, int i) {
    boolean argument = t.isPunct(i - 1, '(') && i >= 2 && t.kind(i - 2) == TokenKind.WORD
        && NAME_TAKING.contains(t.text(i - 2).toUpperCase(Locale.ROOT));
    boolean cast = i + 2 < t.size() && t.kind(i + 1) == TokenKind.OPERATOR && t.text(i + 1).equals("::")
        && t.isWord(i + 2, "REGCLASS");
    if (!argument && !cast) {
      return null;
    }
    boolean advances = argument && (ADVANCING.contains(t.text(i - 2).toUpperCase(Locale.ROOT))
        || movesTablesSequence(t, i - 2));
    String text = t.text(i);
    if (text.length() < 2 || text.charAt(0) != '\'' || text.charAt(text.length() - 1) != '\'') {
      return null; // E'...', $$...$$: not a plain name
    }
    Matcher m = IN_STRING.matcher(text.substring(1, text.length() - 1));
    if (!m.matches()) {
      Matcher alone = ALONE_IN_STRING.matcher(text.substring(1, text.length() - 1));
      return alone.matches() ? new Found(t.start(i) + 1, t.end(i) - 1, null, false, unquoted(alone.group(1)),
          alone.group(1).startsWith("\""), Kind.RELATION, advances) : null;
    }
    return new Found(t.start(i) + 1, t.end(i) - 1, unquoted(m.group(1)), m.group(1).startsWith("\""),
        unquoted(m.group(2)), m.group(2).startsWith("\""), Kind.RELATION, advances);
  }

  /**
   * Whether the call at {@code fn} is {@code pg_get_serial_sequence(...)} given as the sequence to {@code nextval} or
   * {@code setval} ({@code setval(pg_get_serial_sequence('t', 'id'), n)}, as Django resets a table's sequence): its
   * table's string then names what moves.
   */
  private static boolean movesTablesSequence(Tokens t, int fn) {
    return t.text(fn).equalsIgnoreCase("PG_GET_SERIAL_SEQUENCE") && t.isPunct(fn - 1, '(') && fn >= 2
        && t.kind(fn - 2) == TokenKind.WORD && ADVANCING.contains(t.text(fn - 2).toUpperCase(Locale.ROOT));
  }

  private static String unquoted(String part) {
    return part.startsWith("\"") ? part.substring(1, part.length() - 1).replace("\"\"", "\"") : part;
  }
}

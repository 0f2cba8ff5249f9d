package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every sample database script, statement by statement: CREATE TABLE structure is read, and with a seeded random
 * half of the tables declared draft, splicing the draft names changes exactly those spans (checked by re-lexing).
 */
class SampleDatabaseCorpusTest {

  /** file, dialect, floor of statements analysed (parsed or read by the DDL fallback), expected CREATE TABLE count. */
  static Stream<Arguments> scripts() {
    return Stream.of(
        Arguments.of("sakila-mysql.sql", Dialect.MYSQL, 39, 16),
        Arguments.of("sakila-pg.sql", Dialect.POSTGRESQL, 217, 21),
        Arguments.of("sakila-sqlite.sql", Dialect.SQLITE, 45, 16),
        Arguments.of("pagila.sql", Dialect.POSTGRESQL, 386, 71),
        Arguments.of("chinook-mysql.sql", Dialect.MYSQL, 60, 11),
        Arguments.of("chinook-pg.sql", Dialect.POSTGRESQL, 59, 11),
        Arguments.of("chinook-sqlite.sql", Dialect.SQLITE, 57, 11),
        Arguments.of("northwind-mysql.sql", Dialect.MYSQL, 29, 20),
        Arguments.of("northwind-pg.sql", Dialect.POSTGRESQL, 3425, 14),
        Arguments.of("northwind-sqlite.sql", Dialect.SQLITE, 3396, 13));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scripts")
  void everyStatementIsAnalysedAndSplicedExactly(String file, Dialect dialect, int floor, int createTables) throws Exception {
    List<String> statements = Scripts.split(Fixtures.read(file), dialect);
    List<Analysis> analyses = new ArrayList<>();
    List<String> analysed = new ArrayList<>();
    int parsed = 0;
    int fallback = 0;
    List<String> fellBack = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    for (String sql : statements) {
      try {
        Analysis analysis = Analyzer.analyze(sql, dialect);
        if (analysis.fromFallback()) {
          fallback++;
          fellBack.add(firstWords(sql));
        } else {
          parsed++;
        }
        analyses.add(analysis);
        analysed.add(sql);
      } catch (UnparsableStatementException e) {
        failed.add(firstWords(sql));
      }
    }

    Set<String> tableNames = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    int creates = 0;
    int foreignKeys = 0;
    for (int s = 0; s < analyses.size(); s++) {
      Analysis analysis = analyses.get(s);
      foreignKeys += analysis.addedForeignKeys().size();
      if (analysis.kind() != StatementKind.CREATE_TABLE) continue;
      CreateTable table = analysis.createTable();
      assertNotNull(table, () -> "no structure for " + firstWords(analysed.get(analyses.indexOf(analysis))));
      creates++;
      tableNames.add(table.table().name());
      String sql = analysed.get(s);
      boolean partition = sql.toUpperCase(Locale.ROOT).contains("PARTITION OF") || sql.toUpperCase(Locale.ROOT).contains("INHERITS");
      if (!partition) assertFalse(table.columns().isEmpty(), () -> "no columns read from " + firstWords(sql));
      for (String pk : table.primaryKey()) {
        assertTrue(table.columns().stream().anyMatch(c -> c.equalsIgnoreCase(pk)), () -> "primary key column " + pk + " is not a column of " + firstWords(sql));
      }
      List<Edit> cuts = new ArrayList<>();
      for (ForeignKey fk : table.foreignKeys()) {
        foreignKeys++;
        assertFalse(fk.columns().isEmpty());
        cuts.add(new Edit(fk.start(), fk.end(), ""));
      }
      String cut = Splicer.apply(sql, cuts);
      assertFalse(Lexer.tokenize(cut, dialect).shape().toUpperCase(Locale.ROOT).contains("REFERENCES"), () -> "cutting the foreign keys left a clause: " + cut);
      if (!cuts.isEmpty() && !analyses.get(s).fromFallback()) {
        assertTrue(parses(cut, dialect), () -> "cutting the foreign keys left an unparsable statement: " + cut);
      }
    }
    assertEquals(createTables, creates, "CREATE TABLE statements read in " + file);

    Random random = new Random(file.hashCode());
    Set<String> draft = new HashSet<>();
    for (String name : tableNames) if (random.nextBoolean()) draft.add(name.toLowerCase(Locale.ROOT));
    int spliced = 0;
    for (int s = 0; s < analyses.size(); s++) {
      spliced += checkSplice(analysed.get(s), analyses.get(s), dialect, draft);
    }

    System.out.printf(Locale.ROOT, "corpus %-22s %-10s statements=%d parsed=%d fallback=%d unparsable=%d createTables=%d foreignKeys=%d splicedRefs=%d%n",
        file, dialect, statements.size(), parsed, fallback, failed.size(), creates, foreignKeys, spliced);
    if (!fellBack.isEmpty()) System.out.println("  read by the DDL fallback in " + file + ": " + fellBack);
    if (!failed.isEmpty()) System.out.println("  unparsable in " + file + ": " + summarize(failed));
    assertTrue(parsed + fallback >= floor, file + ": analysed " + (parsed + fallback) + " statements, below the floor of " + floor);
  }

  /** Splices the draft tables of one statement and checks that exactly those tokens changed. */
  private static int checkSplice(String sql, Analysis analysis, Dialect dialect, Set<String> draft) {
    List<Edit> edits = new ArrayList<>();
    Set<Integer> starts = new HashSet<>();
    for (TableRef ref : analysis.tables()) {
      if (!draft.contains(ref.name().toLowerCase(Locale.ROOT))) continue;
      if (ref.role() == TableRef.Role.COLUMN_QUALIFIER && ref.schema() == null) continue;
      if (!starts.add(ref.start())) continue;
      String schema = ref.schema() != null ? ref.schema() : "main";
      edits.add(new Edit(ref.start(), ref.end(), dialect.quote("br_x_" + schema) + "." + dialect.quote(ref.name())));
    }
    if (edits.isEmpty()) return 0;
    String out = Splicer.apply(sql, edits);
    Tokens before = Lexer.tokenize(sql, dialect);
    assertEquals(out, SplicePlan.of(before, edits).apply(sql, before), "the plan and the splicer disagree");
    assertEquals(expectedTokens(sql, before, edits, dialect), texts(Lexer.tokenize(out, dialect)), () -> "splice changed more than the draft names:\n" + sql + "\n->\n" + out);
    return edits.size();
  }

  /** The original token texts with each edited span replaced by the tokens of its replacement. */
  private static List<String> expectedTokens(String sql, Tokens tokens, List<Edit> edits, Dialect dialect) {
    List<String> expected = new ArrayList<>();
    List<Edit> ordered = new ArrayList<>(edits);
    ordered.sort((a, b) -> Integer.compare(a.start(), b.start()));
    int e = 0;
    for (int i = 0; i < tokens.size(); i++) {
      if (e < ordered.size() && tokens.start(i) == ordered.get(e).start()) {
        expected.addAll(texts(Lexer.tokenize(ordered.get(e).replacement(), dialect)));
        while (i + 1 < tokens.size() && tokens.end(i) < ordered.get(e).end()) i++;
        assertEquals(ordered.get(e).end(), tokens.end(i), "an edit does not end on a token boundary");
        e++;
      } else {
        expected.add(tokens.text(i));
      }
    }
    assertEquals(ordered.size(), e, "an edit does not start on a token boundary");
    return expected;
  }

  private static boolean parses(String sql, Dialect dialect) {
    try {
      return !Analyzer.analyze(sql, dialect).fromFallback();
    } catch (UnparsableStatementException e) {
      return false;
    }
  }

  private static List<String> texts(Tokens tokens) {
    List<String> texts = new ArrayList<>(tokens.size());
    for (int i = 0; i < tokens.size(); i++) texts.add(tokens.text(i));
    return texts;
  }

  private static String firstWords(String sql) {
    String flat = sql.replaceAll("\\s+", " ");
    return flat.length() > 80 ? flat.substring(0, 80) + "..." : flat;
  }

  private static String summarize(List<String> failed) {
    java.util.Map<String, Integer> byStart = new java.util.TreeMap<>();
    for (String f : failed) {
      String[] w = f.split(" ");
      String key = String.join(" ", java.util.Arrays.copyOf(w, Math.min(3, w.length)));
      byStart.merge(key, 1, Integer::sum);
    }
    return byStart.toString();
  }
}

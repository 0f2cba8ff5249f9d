package org.djbranch.rewriter;

import org.djbranch.rewriter.QualifiedObjectNames.Found;
import org.djbranch.rewriter.QualifiedObjectNames.Kind;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class QualifiedObjectNamesTest {
  private static List<String> found(String sql) {
    return QualifiedObjectNames.find(sql, Dialect.POSTGRESQL).stream()
        .map(f -> sql.substring(f.start(), f.end()) + "=" + f.schema() + "|" + f.name() + "|" + f.kind()).toList();
  }

  @Test
  void namesOfTwoPartsInTheTextAndNamesInStringsThatSequenceFunctionsRead() {
    assertEquals(List.of("s.mood=s|mood|TYPE", "s.seq=s|seq|RELATION"),
        found("CREATE TABLE t (m s.mood, id int DEFAULT nextval('s.seq'))"));
    assertEquals(List.of("\"S\".\"Mood\"=S|Mood|TYPE", "s.c=s|c|COLLATION"),
        found("SELECT 'a'::\"S\".\"Mood\", v COLLATE s.c FROM x"));
    assertEquals(List.of("s.t=s|t|RELATION", "\"s\".\"q\"\"x\"=s|q\"x|RELATION", "s.r=s|r|RELATION"),
        found("SELECT pg_get_serial_sequence('s.t', 'id'), CURRVAL('\"s\".\"q\"\"x\"'), 's.r'::regclass"));
  }

  /**
   * MariaDB names its sequences, in the text: by NEXTVAL, LASTVAL and SETVAL, and NEXT or PREVIOUS VALUE FOR; of one
   * part or two, quoted or not. Nothing else of a MySQL statement is found (a column qualified by its table, a
   * string), and only NEXTVAL, SETVAL and NEXT VALUE FOR move the sequence.
   */
  @Test
  void mariaDbsSequenceFunctionsNameTheirSequence() {
    String sql = "SELECT NEXTVAL(s.seq), lastval(`S`.`q``x`), setval(seq, 5), t.col, 'a.b', NEXT VALUE FOR s.n,"
        + " previous value for p, nextval (s.c.d), f(s.x) FROM t";
    List<String> found = QualifiedObjectNames.find(sql, Dialect.MYSQL).stream()
        .map(f -> sql.substring(f.start(), f.end()) + "=" + f.schema() + "|" + f.name() + "|" + f.kind() + "|"
            + f.advances()).toList();
    assertEquals(List.of("s.seq=s|seq|SEQUENCE|true", "`S`.`q``x`=S|q`x|SEQUENCE|false",
        "seq=null|seq|SEQUENCE|true", "s.n=s|n|SEQUENCE|true", "p=null|p|SEQUENCE|false"), found);
    assertEquals(Lexer.SEQUENCE_CALL, Lexer.scan("SELECT NEXT VALUE FOR s", Dialect.MYSQL, NameSet.EMPTY, NameSet.EMPTY)
        & Lexer.SEQUENCE_CALL);
    assertEquals(0, Lexer.scan("INSERT INTO t VALUE (1)", Dialect.MYSQL, NameSet.EMPTY, NameSet.EMPTY) & Lexer.SEQUENCE_CALL);
  }

  @Test
  void aNameOfOnePartInAStringASequenceFunctionReadsIsFoundWithoutSchema() {
    assertEquals(List.of("seq=null|seq|RELATION", "t=null|t|RELATION", "\"Odd\"=null|Odd|RELATION"),
        found("SELECT nextval('seq'), setval(pg_get_serial_sequence('t', 'id'), 5), 'x'::text, '\"Odd\"'::regclass"));
  }

  @Test
  void leavesOutWhatCannotNameSuchAnObject() {
    assertEquals(List.of(), found("SELECT a.b.c, s.f(1), 's.seq', lower('s.seq'), lower('seq'), nextval(E's.q')"));
    assertEquals(List.of("t.col=t|col|TYPE"), found("SELECT t.col FROM t"), "the binder finds no object for it");
  }

  /** One select item: its text, and the name it holds where a string is read as one (else null). */
  private record Item(String text, String named) {
  }

  /**
   * A string is data unless a sequence function or a regclass cast reads it as a name: whatever the mix of items,
   * the strings found are exactly those, so that binding them can never change a value the application stores.
   */
  @Property(tries = 1000)
  void aStringIsReadAsANameOnlyWhereASequenceFunctionOrARegclassCastReadsIt(@ForAll("items") List<Item> items) {
    StringBuilder sql = new StringBuilder("SELECT ");
    List<String> expected = new ArrayList<>();
    for (int k = 0; k < items.size(); k++) {
      sql.append(k == 0 ? "" : ", ").append(items.get(k).text());
      if (items.get(k).named() != null) {
        expected.add(items.get(k).named());
      }
    }
    String text = sql.toString();
    List<String> inStrings = QualifiedObjectNames.find(text, Dialect.POSTGRESQL).stream()
        .filter(f -> f.kind() == Kind.RELATION).map(f -> text.substring(f.start(), f.end())).toList();
    assertEquals(expected, inStrings, text);
  }

  @Provide
  Arbitrary<List<Item>> items() {
    Arbitrary<String> name = Combinators.combine(Arbitraries.of("s", "public", "\"S\"", "br_x_s"),
        Arbitraries.of("seq", "t_id_seq", "\"Q\"", "mood")).as((a, b) -> a + "." + b);
    Arbitrary<Item> named = Combinators.combine(Arbitraries.of("nextval(%s)", "CURRVAL(%s)", "setval(%s, 5)",
        "pg_get_serial_sequence(%s, 'id')", "to_regclass(%s)", "%s::regclass", "%s :: REGCLASS"), name)
        .as((form, n) -> new Item(String.format(form, "'" + n + "'"), n));
    Arbitrary<Item> data = Combinators.combine(Arbitraries.of("%s", "lower(%s)", "%s::text", "%s || 'x'",
        "coalesce(%s, 'a.b')", "nextval(1) + length(%s)", "(SELECT %s)", "CASE WHEN x = %s THEN 1 END",
        "E%s", "regclass(%s)", "nextval"), name)
        .as((form, n) -> new Item(form.contains("%s") ? String.format(form, "'" + n + "'") : form, null));
    return Arbitraries.oneOf(named, data).list().ofMinSize(1).ofMaxSize(6);
  }

  /** nextval and setval move the sequence their string names; currval, lookups and casts only read it. */
  @Test
  void theStringsOfNextvalAndSetvalAreMarkedAsMovingTheirSequence() {
    String sql = "SELECT nextval('s.a'), NEXTVAL('b'), setval('\"S\".c', 5), currval('s.d'), 's.e'::regclass,"
        + " pg_get_serial_sequence('s.t', 'id'), to_regclass('s.f') FROM x";
    assertEquals(List.of("a=true", "b=true", "c=true", "d=false", "e=false", "t=false", "f=false"),
        QualifiedObjectNames.find(sql, Dialect.POSTGRESQL).stream().map(f -> f.name() + "=" + f.advances()).toList());
    // Django's reset of a table's sequence: the table's string names what moves; a lookup alone moves nothing
    String reset = "SELECT setval(pg_get_serial_sequence('\"app_t\"', 'id'), coalesce(max(\"id\"), 1), true),"
        + " currval(pg_get_serial_sequence('s.u', 'id')) FROM \"app_t\"";
    assertEquals(List.of("app_t=true", "u=false"),
        QualifiedObjectNames.find(reset, Dialect.POSTGRESQL).stream().map(f -> f.name() + "=" + f.advances()).toList());
  }

  @Test
  void spansAreTheNameAloneInsideTheQuotes() {
    String sql = "SELECT setval('s.seq', 5)";
    Found f = QualifiedObjectNames.find(sql, Dialect.POSTGRESQL).get(0);
    assertEquals("s.seq", sql.substring(f.start(), f.end()));
    assertEquals(Kind.RELATION, f.kind());
  }
}

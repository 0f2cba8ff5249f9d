package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Statements split where the database splits them, and nowhere else. */
class StatementSplitterTest {
  private static List<String> split(String text, Dialect d) {
    List<String> out = new ArrayList<>();
    for (StatementSplitter.Piece p : StatementSplitter.split(text, d)) {
      out.add(p.of(text).strip());
    }
    return out;
  }

  @Test
  void splitsAtTopLevelSemicolonsOnly() {
    assertEquals(List.of("SELECT 1", "DROP TABLE s.t"), split("SELECT 1; DROP TABLE s.t", Dialect.POSTGRESQL));
    assertEquals(List.of("SELECT 'a;b'", "SELECT 2"), split("SELECT 'a;b';SELECT 2;", Dialect.POSTGRESQL));
    assertEquals(List.of("SELECT $x$ ; $$ ; $x$"), split("SELECT $x$ ; $$ ; $x$", Dialect.POSTGRESQL));
    assertEquals(List.of("SELECT E'\\'; x'"), split("SELECT E'\\'; x'", Dialect.POSTGRESQL));
    assertEquals(List.of("SELECT 1 /* a /* ; */ ; */"), split("SELECT 1 /* a /* ; */ ; */", Dialect.POSTGRESQL));
    assertEquals(List.of("SELECT 1 -- ;\n"), split("SELECT 1 -- ;\n", Dialect.POSTGRESQL).stream()
        .map(s -> s + "\n").toList());
    assertEquals(List.of("SELECT 1 # ; x", "SELECT 2"), split("SELECT 1 # ; x\n; SELECT 2", Dialect.MYSQL).stream()
        .map(String::strip).toList());
    assertEquals(List.of("SELECT \"a;b\"", "SELECT 'it\\'s;'"), split("SELECT \"a;b\"; SELECT 'it\\'s;'", Dialect.MYSQL));
    assertEquals(List.of("SELECT [a;b]", "SELECT `c;d`"), split("SELECT [a;b]; SELECT `c;d`", Dialect.SQLITE));
    // Only white space and comments after the last semicolon: one statement.
    assertEquals(1, split("SELECT 1; -- done\n /* */ ;", Dialect.POSTGRESQL).size());
  }

  @Test
  void keepsRoutineBodiesWhole() {
    String procedure = "CREATE PROCEDURE p() BEGIN DECLARE x INT; IF x > 0 THEN SELECT 1; END IF;"
        + " CASE x WHEN 1 THEN SELECT 2; END CASE; WHILE x < 3 DO SET x = x + 1; END WHILE; END";
    assertEquals(List.of(procedure, "DROP TABLE s.t"), split(procedure + "; DROP TABLE s.t", Dialect.MYSQL));
    String block = "BEGIN NOT ATOMIC SELECT 1; SELECT 2; END";
    assertEquals(List.of(block, "SELECT 3"), split(block + "; SELECT 3", Dialect.MYSQL));
    // A plain BEGIN starts a transaction: its statement ends at the semicolon.
    assertEquals(List.of("BEGIN", "SELECT 1", "COMMIT"), split("BEGIN; SELECT 1; COMMIT", Dialect.MYSQL));
    String atomic = "CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; SELECT CASE WHEN true"
        + " THEN 1 END; END";
    assertEquals(List.of(atomic, "SELECT 2"), split(atomic + ";SELECT 2", Dialect.POSTGRESQL));
    String trigger = "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE u SET n = n + 1; DELETE FROM v; END";
    assertEquals(List.of(trigger, "SELECT 1"), split(trigger + "; SELECT 1", Dialect.SQLITE));
    String dollar = "CREATE FUNCTION g() RETURNS void AS $$ BEGIN PERFORM 1; END $$ LANGUAGE plpgsql";
    assertEquals(List.of(dollar, "SELECT 1"), split(dollar + "; SELECT 1", Dialect.POSTGRESQL));
  }

  @Test
  void theLexerSaysWhenATextMayHoldSeveralStatements() {
    NameSet none = NameSet.of(java.util.Set.of());
    assertNotEquals(0, Lexer.scan("SELECT 1; SELECT 2", Dialect.POSTGRESQL, none, none) & Lexer.MULTIPLE);
    assertEquals(0, Lexer.scan("SELECT 1; -- end\n", Dialect.POSTGRESQL, none, none) & Lexer.MULTIPLE);
    assertEquals(0, Lexer.scan("SELECT ';x'", Dialect.POSTGRESQL, none, none) & Lexer.MULTIPLE);
    assertEquals(0, Lexer.scan("SELECT 1 # ; DROP TABLE x", Dialect.MYSQL, none, none) & Lexer.MULTIPLE);
  }

  @Test
  void mySqlExecutableCommentsAreReadAsTheServerReadsThem() {
    NameSet draft = NameSet.of(java.util.Set.of("draft"));
    NameSet none = NameSet.of(java.util.Set.of());
    // The server runs what /*! ... */ holds: to the lexer it is code, names and statements alike.
    assertEquals(Lexer.DDL, Lexer.scan("/*!40101 DROP TABLE x */", Dialect.MYSQL, none, none) & Lexer.DDL);
    assertNotEquals(0, Lexer.scan("SELECT 1 /*M!100100 FROM draft */", Dialect.MYSQL, draft, none) & Lexer.DRAFT_NAME);
    assertEquals(List.of("/*! SELECT 1 */", "DROP TABLE s.t */"), split("/*! SELECT 1 */; DROP TABLE s.t */",
        Dialect.MYSQL));
    // Elsewhere it is an ordinary comment.
    assertEquals(0, Lexer.scan("SELECT 1 /*! FROM draft */", Dialect.POSTGRESQL, draft, none) & Lexer.DRAFT_NAME);
  }

  /** Statements made of literals, quoted names and comments full of semicolons split back into themselves. */
  @Property
  void splitsGeneratedTextsBackIntoTheirStatements(@ForAll("statements") List<String> statements,
      @ForAll Dialect dialect) {
    List<String> rendered = statements.stream().map(s -> s.replace("\u0001", "")).toList();
    List<String> forDialect = new ArrayList<>();
    for (String s : rendered) {
      forDialect.add(forDialect(s, dialect));
    }
    String text = String.join(";", forDialect);
    assertEquals(forDialect.stream().map(String::strip).toList(), split(text, dialect), text);
  }

  @Provide
  Arbitrary<List<String>> statements() {
    Arbitrary<String> piece = Arbitraries.of("'a;b'", "'it''s; x'", "/* ; */", "-- ; x\n", "\"q;x\"", "x", "1",
        "$$ ; $$", "$t$ ; ' $t$", "E'\\'; '", "#;\n", "[a;b]", "`c;d`", "/* a /* ; */ ; */", "(", ")", ",");
    Arbitrary<String> statement = Combinators.combine(Arbitraries.of("SELECT", "INSERT INTO t VALUES", "CREATE TABLE"),
        piece.list().ofMinSize(1).ofMaxSize(6)).as((head, rest) -> head + " " + String.join(" ", rest));
    return statement.list().ofMinSize(1).ofMaxSize(4);
  }

  /** Drops the forms a dialect does not have, so every statement is one statement there. */
  private static String forDialect(String s, Dialect d) {
    boolean dollar = d == Dialect.POSTGRESQL || d == Dialect.DUCKDB;
    if (!dollar) {
      s = s.replace("$$ ; $$", "x").replace("$t$ ; ' $t$", "x").replace("E'\\'; '", "x");
    }
    if (d != Dialect.POSTGRESQL) {
      s = s.replace("/* a /* ; */ ; */", "x");
    }
    if (d != Dialect.MYSQL) {
      s = s.replace("#;\n", "x");
    }
    if (d == Dialect.MYSQL) {
      s = s.replace("\"q;x\"", "'q;x'").replace("-- ; x\n", "-- ; x\n");
    }
    if (d != Dialect.SQLITE) {
      s = s.replace("[a;b]", "x");
    }
    if (d != Dialect.SQLITE && d != Dialect.MYSQL) {
      s = s.replace("`c;d`", "x");
    }
    return s;
  }
}

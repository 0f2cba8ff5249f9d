package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * A select item holding a spliced name keeps the label the database gives the text as written: the labels expected
 * here are the ones MariaDB 10.11 and SQLite 3.51 give the unspliced texts (compat-tests' LabelsAsOnTrunkTest
 * compares them with the databases themselves).
 */
class SelectLabelsTest {

  /** The text as a branch sends it: every reference to {@code t1} (a draft table) named {@code br_b_s.t1}. */
  private static String spliced(String sql, Dialect dialect) throws UnparsableStatementException {
    Tokens tokens = Lexer.tokenize(sql, dialect);
    Analysis analysis = Analyzer.analyze(sql, dialect);
    return SplicePlan.of(tokens, draftNames(analysis, dialect), analysis, dialect).apply(sql, tokens);
  }

  private static List<Edit> draftNames(Analysis analysis, Dialect dialect) {
    List<Edit> edits = new ArrayList<>();
    for (TableRef ref : analysis.tables()) {
      if (ref.name().equalsIgnoreCase("t1") && !(ref.role() == TableRef.Role.COLUMN_QUALIFIER && ref.schema() == null)) {
        edits.add(new Edit(ref.start(), ref.end(), dialect.quote("br_b_s", "t1")));
      }
    }
    return edits;
  }

  @Test
  void mysqlLabelsAnItemByItsTokensAsWritten() throws Exception {
    Dialect my = Dialect.MYSQL;
    assertEquals("SELECT 1 IN (SELECT * FROM `br_b_s`.`t1`) AS `1 IN (SELECT * FROM t1)`",
        spliced("SELECT 1 IN (SELECT * FROM t1)", my));
    // spacing, comments inside and case are the label's; a comment after the item, the DISTINCT before it are not
    assertEquals("SELECT DISTINCT 1  in /* c */ (select * FROM `br_b_s`.`t1`) AS `1  in /* c */ (select * FROM t1)`"
        + " /* after */, 2", spliced("SELECT DISTINCT 1  in /* c */ (select * FROM t1) /* after */, 2", my));
    assertEquals("SELECT EXISTS (SELECT * FROM `br_b_s`.`t1`) AS `EXISTS (SELECT * FROM t1)`,"
        + " (SELECT x FROM `br_b_s`.`t1`) AS `(SELECT x FROM t1)` -- c",
        spliced("SELECT EXISTS (SELECT * FROM t1), (SELECT x FROM t1) -- c", my));
  }

  @Test
  void columnsStarsAndAliasedItemsKeepTheirLabelsAlone() throws Exception {
    Dialect my = Dialect.MYSQL;
    assertEquals("SELECT t1.x, (t1.x), `br_b_s`.`t1`.x, ((`br_b_s`.`t1`.x)), * FROM `br_b_s`.`t1`",
        spliced("SELECT t1.x, (t1.x), s.t1.x, ((s.t1.x)), * FROM s.t1", my));
    assertEquals("SELECT 1 IN (SELECT * FROM `br_b_s`.`t1`) AS a, 2 IN (SELECT * FROM `br_b_s`.`t1`) b",
        spliced("SELECT 1 IN (SELECT * FROM t1) AS a, 2 IN (SELECT * FROM t1) b", my));
    // an item naming no draft table keeps its text: nothing changes its label
    assertEquals("SELECT x + 1 FROM `br_b_s`.`t1`", spliced("SELECT x + 1 FROM t1", my));
  }

  @Test
  void qualifiedColumnsInAnExpressionAreTheLabelsText() throws Exception {
    assertEquals("SELECT `br_b_s`.`t1`.x + 1 AS `s.t1.x + 1` FROM `br_b_s`.`t1`",
        spliced("SELECT s.t1.x + 1 FROM s.t1", Dialect.MYSQL));
    assertEquals("SELECT \"br_b_s\".\"t1\".x IS NULL AS \"s.t1.x IS NULL\" FROM \"br_b_s\".\"t1\"",
        spliced("SELECT s.t1.x IS NULL FROM s.t1", Dialect.SQLITE));
  }

  @Test
  void nestedSelectListsAreAliasedToo() throws Exception {
    // a derived table's and a CTE's columns, and a union's, are named by the inner items
    assertEquals("SELECT * FROM (SELECT 1 IN (SELECT x FROM `br_b_s`.`t1`) AS `1 IN (SELECT x FROM t1)`) d",
        spliced("SELECT * FROM (SELECT 1 IN (SELECT x FROM t1)) d", Dialect.MYSQL));
    assertEquals("SELECT (SELECT x FROM `br_b_s`.`t1`) AS `(SELECT x FROM t1)` UNION"
        + " SELECT (SELECT x + 0 FROM `br_b_s`.`t1`) AS `(SELECT x + 0 FROM t1)`",
        spliced("SELECT (SELECT x FROM t1) UNION SELECT (SELECT x + 0 FROM t1)", Dialect.MYSQL));
    // inner and outer item: each alias holds its own text as written
    assertEquals("SELECT (SELECT `br_b_s`.`t1`.x + 1 AS `s.t1.x + 1` FROM `br_b_s`.`t1`)"
        + " AS `(SELECT s.t1.x + 1 FROM s.t1)`",
        spliced("SELECT (SELECT s.t1.x + 1 FROM s.t1)", Dialect.MYSQL));
  }

  @Test
  void sqliteLabelsUpToTheNextTokenTrimmed() throws Exception {
    Dialect lite = Dialect.SQLITE;
    assertEquals("SELECT 1 IN (SELECT * FROM \"br_b_s\".\"t1\") AS \"1 IN (SELECT * FROM t1)\"",
        spliced("SELECT 1 IN (SELECT * FROM t1)", lite));
    // a comment after the item belongs to its label; the alias goes before it, so a line comment cannot hide it
    assertEquals("SELECT 1 IN (SELECT * FROM \"br_b_s\".\"t1\") AS \"1 IN (SELECT * FROM t1) /* c */\" /* c */, 2",
        spliced("SELECT 1 IN (SELECT * FROM t1) /* c */, 2", lite));
    assertEquals("SELECT 1 IN (SELECT * FROM \"br_b_s\".\"t1\") AS \"1 IN (SELECT * FROM t1) -- c\" -- c\n",
        spliced("SELECT 1 IN (SELECT * FROM t1) -- c\n", lite));
    assertEquals("SELECT 'a\"b' IN (SELECT * FROM \"br_b_s\".\"t1\") AS \"'a\"\"b' IN (SELECT * FROM t1)\";",
        spliced("SELECT 'a\"b' IN (SELECT * FROM t1);", lite));
  }

  @Test
  void quotesInTheLabelAreDoubled() throws Exception {
    assertEquals("SELECT 'a`b' IN (SELECT * FROM `br_b_s`.`t1`) AS `'a``b' IN (SELECT * FROM t1)`",
        spliced("SELECT 'a`b' IN (SELECT * FROM t1)", Dialect.MYSQL));
  }

  @Test
  void postgresqlLabelsAreNotTheText() throws Exception {
    assertEquals("SELECT 1 IN (SELECT * FROM \"br_b_s\".\"t1\")", spliced("SELECT 1 IN (SELECT * FROM t1)",
        Dialect.POSTGRESQL));
  }

  @Test
  void duckdbLabelsAreWhatTheDatabasePrintsOfTheItemAsWritten() throws Exception {
    String sql = "SELECT 1 IN (SELECT * FROM t1), 'a\"' || (SELECT y FROM t1), (SELECT x FROM t1 WHERE x = ?) FROM t1";
    Tokens tokens = Lexer.tokenize(sql, Dialect.DUCKDB);
    Analysis analysis = Analyzer.analyze(sql, Dialect.DUCKDB);
    SplicePlan plan = SplicePlan.of(tokens, draftNames(analysis, Dialect.DUCKDB), analysis, Dialect.DUCKDB);
    List<String> asked = new ArrayList<>();
    RenderedLabels printer = item -> {
      asked.add(item);
      return item.startsWith("1") ? "(1 = ANY(SELECT * FROM t1))" : "('a\"' || (SELECT y FROM t1))";
    };
    // the item with a parameter is left alone: DuckDB prints the marker by its number in the whole statement
    assertEquals("SELECT 1 IN (SELECT * FROM \"br_b_s\".\"t1\") AS \"(1 = ANY(SELECT * FROM t1))\","
        + " 'a\"' || (SELECT y FROM \"br_b_s\".\"t1\") AS \"('a\"\"' || (SELECT y FROM t1))\","
        + " (SELECT x FROM \"br_b_s\".\"t1\" WHERE x = ?) FROM \"br_b_s\".\"t1\"", plan.apply(sql, tokens, printer));
    assertEquals(List.of("1 IN (SELECT * FROM t1)", "'a\"' || (SELECT y FROM t1)"), asked);
    // without an answer (no printer, or the database cannot say) the item goes without an alias
    String bare = "SELECT 1 IN (SELECT * FROM \"br_b_s\".\"t1\"), 'a\"' || (SELECT y FROM \"br_b_s\".\"t1\"),"
        + " (SELECT x FROM \"br_b_s\".\"t1\" WHERE x = ?) FROM \"br_b_s\".\"t1\"";
    assertEquals(bare, plan.apply(sql, tokens));
    assertEquals(bare, plan.apply(sql, tokens, item -> null));
  }

  @Test
  void mysqlLeavesAnItemWithAParameterAlone() throws Exception {
    // the driver writes the value into the text, and the server labels the item by it
    assertEquals("SELECT ? IN (SELECT * FROM `br_b_s`.`t1`)", spliced("SELECT ? IN (SELECT * FROM t1)", Dialect.MYSQL));
    assertEquals("SELECT ? IN (SELECT * FROM \"br_b_s\".\"t1\") AS \"? IN (SELECT * FROM t1)\"",
        spliced("SELECT ? IN (SELECT * FROM t1)", Dialect.SQLITE));
  }

  @Test
  void mysqlAliasIsCutWhereTheServerCutsLabels() throws Exception {
    StringBuilder or = new StringBuilder("x = 0");
    for (int i = 1; i < 40; i++) or.append(" OR x = ").append(i);
    String item = "1 IN (SELECT x FROM t1 WHERE " + or + ")";
    String out = spliced("SELECT " + item, Dialect.MYSQL);
    assertEquals(" AS `" + item.substring(0, 256) + "`", out.substring(out.indexOf(" AS `")));
  }

  @Test
  void onePlanServesEveryTextOfItsShapeWithThatTextsLabel() throws Exception {
    Dialect my = Dialect.MYSQL;
    String first = "SELECT 1 IN (SELECT * FROM t1 WHERE x > 5)";
    Tokens tokens = Lexer.tokenize(first, my);
    Analysis analysis = Analyzer.analyze(first, my);
    SplicePlan plan = SplicePlan.of(tokens, draftNames(analysis, my), analysis, my);
    String second = "SELECT 22 IN  (SELECT * FROM t1 WHERE x > 'abc')";
    assertEquals("SELECT 22 IN  (SELECT * FROM `br_b_s`.`t1` WHERE x > 'abc') AS `22 IN  (SELECT * FROM t1 WHERE x > 'abc')`",
        plan.apply(second, Lexer.tokenize(second, my)));

    // through a connection's buffer, read on from the last text's first literal: each text its own label
    Tokens.Buffer buffer = new Tokens.Buffer();
    NameSet drafts = NameSet.of(Set.of("t1"));
    SplicePlan repeated = null;
    for (String value : List.of("5", "6", "777", "8")) {
      String sql = "SELECT x, (SELECT max(x) FROM t1 WHERE x < " + value + ") FROM t1 WHERE x = " + value;
      Lexer.scan(sql, my, drafts, NameSet.EMPTY, buffer);
      Tokens read = buffer.tokens(sql);
      if (repeated == null) {
        Analysis a = Analyzer.analyze(sql, my);
        repeated = SplicePlan.of(read, draftNames(a, my), a, my);
      }
      assertEquals("SELECT x, (SELECT max(x) FROM `br_b_s`.`t1` WHERE x < " + value + ") AS `(SELECT max(x) FROM t1"
          + " WHERE x < " + value + ")` FROM `br_b_s`.`t1` WHERE x = " + value, repeated.apply(sql, read));
    }
  }
}

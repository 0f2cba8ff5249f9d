package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class AnalyzerTest {

  /** Each reference as "ROLE text-of-span". */
  private static List<String> refs(String sql, Dialect dialect) throws UnparsableStatementException {
    Analysis analysis = Analyzer.analyze(sql, dialect);
    List<String> out = new ArrayList<>();
    for (TableRef ref : analysis.tables()) out.add(ref.role() + " " + sql.substring(ref.start(), ref.end()));
    return out;
  }

  private static List<String> refs(String sql) throws UnparsableStatementException {
    return refs(sql, Dialect.POSTGRESQL);
  }

  /** Names as the database stores them: PostgreSQL folds an unquoted name, keeps a quoted one. */
  @Test
  void aDroppedSchemaIsNamedAsTheDatabaseStoresIt() throws Exception {
    assertEquals("s_upper", Analyzer.analyze("DROP SCHEMA S_UPPER CASCADE", Dialect.POSTGRESQL).droppedSchema());
    assertEquals("S_UPPER", Analyzer.analyze("DROP SCHEMA \"S_UPPER\" CASCADE", Dialect.POSTGRESQL).droppedSchema());
    assertEquals("S_Upper", Analyzer.analyze("DROP DATABASE S_Upper", Dialect.MYSQL).droppedSchema());
  }

  @Test
  void aReferenceSaysWhetherItsSchemaIsQuoted() throws Exception {
    TableRef ref = Analyzer.analyze("DROP TABLE S_UPPER.\"subject\"", Dialect.POSTGRESQL).tables().get(0);
    assertTrue(ref.quoted());
    assertFalse(ref.schemaQuoted());
    TableRef other = Analyzer.analyze("SELECT * FROM \"S\".t", Dialect.POSTGRESQL).tables().get(0);
    assertFalse(other.quoted());
    assertTrue(other.schemaQuoted());
  }

  /** MySQL's own comment forms: {@code #} is a comment, what {@code /*! ... *}{@code /} holds is code. */
  @Test
  void mySqlCommentsAreReadAsTheServerReadsThem() throws Exception {
    Analysis hash = Analyzer.analyze("SELECT count(*) FROM s.subject # s.draft_t\n", Dialect.MYSQL);
    assertEquals(List.of("subject"), hash.tables().stream().map(TableRef::name).toList());
    Analysis hidden = Analyzer.analyze("CREATE TABLE s.t (a INT NOT NULL, PRIMARY KEY (a) /*!, CONSTRAINT fk"
        + " FOREIGN KEY (a) REFERENCES s.p (a) */)", Dialect.MYSQL);
    assertEquals(1, hidden.createTable().foreignKeys().size());
    assertEquals("fk", hidden.createTable().foreignKeys().get(0).name());
  }

  /** Column names as PostgreSQL stores them: a quoted one exactly, an unquoted one folded. */
  @Test
  void columnsAreNamedAsTheDatabaseStoresThem() throws Exception {
    CreateTable ct = Analyzer.analyze("CREATE TABLE s.t (\"AnimalID\" INT NOT NULL, Other INT, PRIMARY KEY"
        + " (\"AnimalID\"), FOREIGN KEY (\"AnimalID\") REFERENCES s.p (\"AnimalID\"))", Dialect.POSTGRESQL).createTable();
    assertEquals(List.of("AnimalID", "other"), ct.columns());
    assertEquals(List.of("AnimalID"), ct.primaryKey());
    assertEquals(List.of("AnimalID"), ct.foreignKeys().get(0).columns());
    assertEquals(List.of("AnimalID"), ct.foreignKeys().get(0).parentColumns());
  }

  /** A text holding several statements is never analysed as its first one, whatever its words. */
  @Test
  void severalStatementsAreNeverReadAsOne() {
    assertThrows(UnparsableStatementException.class, () -> Analyzer.analyze(
        "CREATE TABLE s.t (begin INT); DROP TABLE s.subject", Dialect.POSTGRESQL));
  }

  @Test
  void joinsAndAliasesGiveSpansWithoutTheAlias() throws Exception {
    String sql = "SELECT f.title FROM public.film AS f JOIN actor a ON a.id = f.id LEFT JOIN \"Film Actor\" fa USING (id)";
    assertEquals(List.of("READ public.film", "READ actor", "READ \"Film Actor\""), refs(sql));
    TableRef quoted = Analyzer.analyze(sql, Dialect.POSTGRESQL).tables().get(2);
    assertEquals("Film Actor", quoted.name());
    assertTrue(quoted.quoted());
    assertNull(quoted.schema());
  }

  @Test
  void spansAreExactAcrossLinesAndTabs() throws Exception {
    String sql = "SELECT *\n\tFROM\n  -- comment\n  s.t x\r\n  JOIN `u` ON 1 = 1";
    assertEquals(List.of("READ s.t", "READ `u`"), refs(sql, Dialect.MYSQL));
  }

  @Test
  void subqueriesAndSetOperations() throws Exception {
    assertEquals(List.of("READ a", "READ b", "READ c"),
        refs("SELECT * FROM a WHERE x IN (SELECT x FROM b) UNION ALL SELECT * FROM (SELECT * FROM c) sub"));
    assertEquals(List.of("READ a", "READ b"), refs("SELECT * FROM a EXCEPT SELECT * FROM b"));
  }

  @Test
  void cteNamesAreNotTables() throws Exception {
    assertEquals(List.of("READ t", "READ s.x"), refs("WITH x AS (SELECT * FROM t) SELECT * FROM x, s.x"));
    assertEquals(List.of("READ base"), refs("WITH RECURSIVE r(n) AS (SELECT n FROM base UNION ALL SELECT n + 1 FROM r) SELECT * FROM r"));
  }

  @Test
  void columnQualifiersNameTablesNotAliases() throws Exception {
    assertEquals(List.of("COLUMN_QUALIFIER s.film", "COLUMN_QUALIFIER film", "READ s.film", "READ actor"),
        refs("SELECT s.film.title, film.id, a.name FROM s.film JOIN actor a ON a.id = 1"));
    assertEquals(List.of("COLUMN_QUALIFIER \"s\".\"t\"", "READ \"s\".\"t\""), refs("SELECT \"s\".\"t\".* FROM \"s\".\"t\""));
  }

  /** A data-modifying WITH writes the tables of its inner statements: a branch must see them as written. */
  @Test
  void aWithThatChangesRowsWritesItsTables() throws Exception {
    List<String> refs = refs("WITH gone AS (DELETE FROM t WHERE a = 1 RETURNING *) SELECT * FROM gone");
    assertTrue(refs.contains("WRITE t"), refs.toString());
    List<String> moved = refs("WITH x AS (UPDATE t SET a = 2 RETURNING a) INSERT INTO u SELECT a FROM x");
    assertTrue(moved.contains("WRITE t") && moved.contains("WRITE u"), moved.toString());
  }

  /** Runs of unary signs, which every database takes and JSqlParser refuses, still give the tables they name. */
  @Test
  void unarySignRunsDoNotHideTheTables() throws Exception {
    for (Dialect d : Dialect.values()) {
      assertEquals(List.of("READ tab0"), refs("SELECT DISTINCT - + 26 AS col2 FROM tab0 AS cor0 WHERE 95 < - col0", d)
          .subList(0, 1), d.name());
      assertEquals("READ tab1", refs("SELECT - COUNT ( ALL + + col1 ) AS col2, COUNT ( ALL - - col1 ) FROM tab1", d)
          .get(0), d.name());
      assertEquals("READ tab1", refs("SELECT * FROM tab1 cor0 WHERE NOT NULL BETWEEN 66 AND + + col0", d).get(0));
    }
    // a sign inside a string or a comment is no sign
    assertEquals("SELECT '- +' FROM t -- - +", ParserText.withoutSignRuns("SELECT '- +' FROM t -- - +",
        Dialect.POSTGRESQL));
    assertEquals("SELECT -   x, a - (-1) FROM t", ParserText.withoutSignRuns("SELECT - + x, a - (-1) FROM t",
        Dialect.POSTGRESQL));
  }

  @Test
  void insertSelectAndUpserts() throws Exception {
    assertEquals(List.of("WRITE t", "READ u"), refs("INSERT INTO t (a) SELECT a FROM u ON CONFLICT (a) DO UPDATE SET a = excluded.a"));
    assertEquals(List.of("WRITE `s`.`t`"), refs("INSERT INTO `s`.`t` (a) VALUES (1) ON DUPLICATE KEY UPDATE a = VALUES(a)", Dialect.MYSQL));
    assertEquals(StatementKind.INSERT, Analyzer.analyze("INSERT INTO t VALUES (1)", Dialect.SQLITE).kind());
  }

  @Test
  void updateAndDeleteWithJoins() throws Exception {
    assertEquals(List.of("WRITE t", "READ u", "COLUMN_QUALIFIER t", "COLUMN_QUALIFIER u", "COLUMN_QUALIFIER t", "COLUMN_QUALIFIER u"),
        refs("UPDATE t JOIN u ON t.id = u.id SET t.a = u.a", Dialect.MYSQL));
    assertEquals(List.of("WRITE t", "WRITE t", "READ u"), refs("DELETE t FROM t JOIN u ON x.id = u.id", Dialect.MYSQL).subList(0, 3));
    assertEquals(List.of("WRITE t", "READ u", "COLUMN_QUALIFIER t", "COLUMN_QUALIFIER u"), refs("DELETE FROM t USING u WHERE t.id = u.id"));
    List<String> update = refs("UPDATE s.t AS x SET a = u.a FROM u WHERE x.id = u.id");
    assertEquals("WRITE s.t", update.get(0));
    assertTrue(update.contains("READ u"));
  }

  @Test
  void merge() throws Exception {
    Analysis merge = Analyzer.analyze("MERGE INTO t USING s.u AS src ON t.id = src.id WHEN MATCHED THEN UPDATE SET a = src.a", Dialect.POSTGRESQL);
    assertEquals(StatementKind.MERGE, merge.kind());
    assertEquals(TableRef.Role.WRITE, merge.tables().get(0).role());
    assertEquals("u", merge.tables().get(1).name());
  }

  @Test
  void viewsIndexesCommentsTruncateDrop() throws Exception {
    Analysis view = Analyzer.analyze("CREATE VIEW s.v AS SELECT * FROM t JOIN u USING (id)", Dialect.POSTGRESQL);
    assertEquals(StatementKind.CREATE_VIEW, view.kind());
    assertEquals("v", view.target().name());
    assertEquals(List.of("CREATE s.v", "READ t", "READ u"), refs("CREATE VIEW s.v AS SELECT * FROM t JOIN u USING (id)"));

    Analysis index = Analyzer.analyze("CREATE UNIQUE INDEX i ON s.t (a)", Dialect.POSTGRESQL);
    assertEquals(StatementKind.CREATE_INDEX, index.kind());
    assertEquals("t", index.target().name());

    String column = "COMMENT ON COLUMN \"s\".\"t\".\"c\" IS 'x'";
    assertEquals(List.of("ALTER \"s\".\"t\""), refs(column));
    assertEquals(StatementKind.COMMENT, Analyzer.analyze(column, Dialect.POSTGRESQL).kind());
    assertEquals(List.of("ALTER s.t"), refs("COMMENT ON TABLE s.t IS 'x'"));

    assertEquals(StatementKind.TRUNCATE, Analyzer.analyze("TRUNCATE s.t", Dialect.POSTGRESQL).kind());
    assertEquals(List.of("WRITE s.t"), refs("TRUNCATE s.t"));

    assertEquals(List.of("DROP s.t", "DROP u"), refs("DROP TABLE IF EXISTS s.t, u"));
    assertEquals(StatementKind.DROP_TABLE, Analyzer.analyze("DROP TABLE s.t", Dialect.POSTGRESQL).kind());
    assertEquals(StatementKind.DROP_VIEW, Analyzer.analyze("DROP VIEW v", Dialect.POSTGRESQL).kind());
    Analysis schema = Analyzer.analyze("DROP SCHEMA \"proj\" CASCADE", Dialect.POSTGRESQL);
    assertEquals(StatementKind.DROP_SCHEMA, schema.kind());
    assertEquals("proj", schema.droppedSchema());
    assertTrue(schema.tables().isEmpty());
    assertEquals("proj", Analyzer.analyze("DROP DATABASE `proj`", Dialect.MYSQL).droppedSchema());
  }

  @Test
  void renames() throws Exception {
    Analysis alter = Analyzer.analyze("ALTER TABLE s.t RENAME TO u", Dialect.POSTGRESQL);
    assertEquals(StatementKind.ALTER_TABLE, alter.kind());
    assertEquals("u", alter.renamedTo().name());
    assertEquals("t", alter.target().name());
    Analysis rename = Analyzer.analyze("RENAME TABLE `s`.`a` TO `s`.`b`", Dialect.MYSQL);
    assertEquals(StatementKind.RENAME, rename.kind());
    assertEquals("a", rename.target().name());
    assertEquals("b", rename.renamedTo().name());
    assertNull(Analyzer.analyze("ALTER TABLE t RENAME COLUMN a TO b", Dialect.POSTGRESQL).renamedTo());
  }

  @Test
  void alterTableOnlyAddForeignKey() throws Exception {
    String sql = "ALTER TABLE ONLY public.film\n    ADD CONSTRAINT film_language_id_fkey FOREIGN KEY (language_id) REFERENCES public.language(language_id) ON UPDATE CASCADE ON DELETE RESTRICT";
    Analysis analysis = Analyzer.analyze(sql, Dialect.POSTGRESQL);
    assertEquals(StatementKind.ALTER_TABLE, analysis.kind());
    assertEquals("film", analysis.target().name());
    ForeignKey fk = analysis.addedForeignKeys().get(0);
    assertEquals("film_language_id_fkey", fk.name());
    assertEquals(List.of("language_id"), fk.columns());
    assertEquals("public", fk.parent().schema());
    assertEquals("language", fk.parent().name());
    assertEquals(List.of("language_id"), fk.parentColumns());
    assertEquals("RESTRICT", fk.onDelete());
    assertEquals("CASCADE", fk.onUpdate());
    assertTrue(sql.substring(fk.start(), fk.end()).startsWith("ADD CONSTRAINT"));
    assertEquals(List.of("ALTER public.film", "REFERENCE public.language"), refs(sql));
    assertTrue(Analyzer.analyze("ALTER TABLE t ADD b int", Dialect.POSTGRESQL).addedForeignKeys().isEmpty());
  }

  @Test
  void alterTheParserRejectsIsReadFromTokens() throws Exception {
    Analysis notValid = Analyzer.analyze("ALTER TABLE t ADD CONSTRAINT fk FOREIGN KEY (a) REFERENCES p (a) NOT VALID", Dialect.POSTGRESQL);
    assertEquals(1, notValid.addedForeignKeys().size());
    assertEquals("p", notValid.addedForeignKeys().get(0).parent().name());
    Analysis two = Analyzer.analyze("ALTER TABLE t ADD c int, ADD FOREIGN KEY (a) REFERENCES p (a) ON DELETE SET NULL", Dialect.MYSQL);
    ForeignKey fk = two.addedForeignKeys().get(0);
    assertEquals("SET NULL", fk.onDelete());
    assertEquals("ALTER TABLE t ADD c int", Splicer.apply("ALTER TABLE t ADD c int, ADD FOREIGN KEY (a) REFERENCES p (a) ON DELETE SET NULL",
        List.of(new Edit(fk.start(), fk.end(), ""))));
  }

  @Test
  void dataJointMySqlCreateTable() throws Exception {
    String sql = "CREATE TABLE IF NOT EXISTS `s`.`t` (`a` int NOT NULL, `b` varchar(8) NOT NULL COMMENT \"x\", PRIMARY KEY (`a`), "
        + "FOREIGN KEY (`a`) REFERENCES `s`.`p` (`a`) ON UPDATE CASCADE ON DELETE RESTRICT, INDEX (`b`)) ENGINE=InnoDB, COMMENT \"table comment\"";
    Analysis analysis = Analyzer.analyze(sql, Dialect.MYSQL);
    assertEquals(StatementKind.CREATE_TABLE, analysis.kind());
    CreateTable table = analysis.createTable();
    assertEquals("s", table.table().schema());
    assertEquals("t", table.table().name());
    assertTrue(table.ifNotExists());
    assertEquals(List.of("a", "b"), table.columns());
    assertEquals(List.of("a"), table.primaryKey());
    ForeignKey fk = table.foreignKeys().get(0);
    assertEquals("p", fk.parent().name());
    assertEquals("s", fk.parent().schema());
    assertEquals(List.of("a"), fk.columns());
    assertEquals(List.of("a"), fk.parentColumns());
    assertEquals("RESTRICT", fk.onDelete());
    assertEquals("CASCADE", fk.onUpdate());
    assertEquals(List.of("CREATE `s`.`t`", "REFERENCE `s`.`p`"), refs(sql, Dialect.MYSQL));
    String stripped = Splicer.apply(sql, List.of(new Edit(fk.start(), fk.end(), "")));
    assertEquals("CREATE TABLE IF NOT EXISTS `s`.`t` (`a` int NOT NULL, `b` varchar(8) NOT NULL COMMENT \"x\", PRIMARY KEY (`a`), "
        + "INDEX (`b`)) ENGINE=InnoDB, COMMENT \"table comment\"", stripped);
  }

  @Test
  void dataJointPostgresForms() throws Exception {
    String create = "CREATE TABLE IF NOT EXISTS \"s\".\"t\" (\n\"a\" integer NOT NULL,\n\"b\" varchar(8) NOT NULL,\nPRIMARY KEY (\"a\"),\n"
        + "FOREIGN KEY (\"a\") REFERENCES \"s\".\"p\" (\"a\") ON UPDATE CASCADE ON DELETE RESTRICT\n)";
    Analysis analysis = Analyzer.analyze(create, Dialect.POSTGRESQL);
    assertFalse(analysis.fromFallback());
    CreateTable table = analysis.createTable();
    assertEquals(List.of("a", "b"), table.columns());
    ForeignKey fk = table.foreignKeys().get(0);
    String stripped = Splicer.apply(create, List.of(new Edit(fk.start(), fk.end(), "")));
    assertEquals("CREATE TABLE IF NOT EXISTS \"s\".\"t\" (\n\"a\" integer NOT NULL,\n\"b\" varchar(8) NOT NULL,\nPRIMARY KEY (\"a\")\n)", stripped);
    assertFalse(Analyzer.analyze(stripped, Dialect.POSTGRESQL).fromFallback());
    assertEquals(List.of("ALTER \"s\".\"t\""), refs("CREATE INDEX \"t_b_idx\" ON \"s\".\"t\" (\"b\")"));
    assertEquals(List.of("ALTER \"s\".\"t\""), refs("COMMENT ON TABLE \"s\".\"t\" IS 'the table'"));
    assertEquals(List.of("ALTER \"s\".\"t\""), refs("COMMENT ON COLUMN \"s\".\"t\".\"b\" IS ':varchar: x'"));
  }

  @Test
  void columnLevelReferences() throws Exception {
    String sql = "CREATE TABLE t (a int CONSTRAINT fk REFERENCES p(a) ON DELETE CASCADE, b int REFERENCES q, c int PRIMARY KEY)";
    CreateTable table = Analyzer.analyze(sql, Dialect.POSTGRESQL).createTable();
    assertEquals(List.of("a", "b", "c"), table.columns());
    assertEquals(List.of("c"), table.primaryKey());
    assertEquals(2, table.foreignKeys().size());
    ForeignKey first = table.foreignKeys().get(0);
    assertEquals("fk", first.name());
    assertEquals("CASCADE", first.onDelete());
    assertNull(first.onUpdate());
    ForeignKey second = table.foreignKeys().get(1);
    assertEquals("REFERENCES q", sql.substring(second.start(), second.end()));
    assertTrue(second.parentColumns().isEmpty());
    List<Edit> cuts = List.of(new Edit(first.start(), first.end(), ""), new Edit(second.start(), second.end(), ""));
    assertEquals("CREATE TABLE t (a int , b int , c int PRIMARY KEY)", Splicer.apply(sql, cuts));
  }

  @Test
  void createSequenceNamesItsTarget() throws Exception {
    Analysis sequence = Analyzer.analyze("CREATE SEQUENCE s.film_id_seq START WITH 1", Dialect.POSTGRESQL);
    assertEquals(StatementKind.CREATE_SEQUENCE, sequence.kind());
    assertEquals("film_id_seq", sequence.target().name());
  }

  @Test
  void unparsableStatementsThrowWithTheParsersMessage() {
    UnparsableStatementException e = assertThrows(UnparsableStatementException.class, () -> Analyzer.analyze("SELEKT * FROM t", Dialect.POSTGRESQL));
    assertFalse(e.getMessage().isBlank());
    assertThrows(UnparsableStatementException.class, () -> Analyzer.analyze("SET search_path TO a, b", Dialect.POSTGRESQL));
    assertThrows(UnparsableStatementException.class, () -> Analyzer.analyze("SELECT 1; DROP TABLE t", Dialect.MYSQL));
  }

  @Test
  void parsesOncePerShapeThroughThePlanCache() throws Exception {
    PlanCache<ShapeKey, SplicePlan> cache = new PlanCache<>(16);
    long before = Analyzer.parseCount();
    List<String> outputs = new ArrayList<>();
    for (String sql : List.of("SELECT * FROM d WHERE id = 1", "SELECT * FROM d  WHERE id = 22", "SELECT * FROM d WHERE id = 333")) {
      Tokens tokens = Lexer.tokenize(sql, Dialect.POSTGRESQL);
      SplicePlan plan = cache.computeIfAbsent(new ShapeKey(tokens.shape(), 7L), key -> {
        Analysis analysis = Analyzer.analyze(sql, Dialect.POSTGRESQL);
        TableRef d = analysis.tables().get(0);
        return SplicePlan.of(tokens, List.of(new Edit(d.start(), d.end(), "\"br_x_public\".d")));
      });
      outputs.add(plan.apply(sql, tokens));
    }
    assertEquals(1, Analyzer.parseCount() - before);
    assertEquals(List.of("SELECT * FROM \"br_x_public\".d WHERE id = 1", "SELECT * FROM \"br_x_public\".d  WHERE id = 22",
        "SELECT * FROM \"br_x_public\".d WHERE id = 333"), outputs);
  }
}

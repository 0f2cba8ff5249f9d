package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The statements that reached trunk unseen: rows from a file (COPY ... FROM, LOAD DATA) and PostgreSQL's SELECT
 * ... INTO, which creates a table. The lexer flags them, the analysis names their tables, SELECT INTO reads as the
 * CREATE TABLE AS it amounts to.
 */
class FileRowsAndSelectIntoTest {
  private static int flags(String sql, Dialect d) {
    return Lexer.scan(sql, d, NameSet.EMPTY, NameSet.EMPTY);
  }

  private static String refs(String sql, Dialect d) throws Exception {
    Analysis a = Analyzer.analyze(sql, d);
    StringBuilder s = new StringBuilder(a.kind().name());
    for (TableRef r : a.tables()) {
      s.append(' ').append(r.role()).append(':').append(r.schema() == null ? "" : r.schema() + ".").append(r.name())
          .append('@').append(sql, r.start(), r.end());
    }
    return s.toString();
  }

  @Test
  void rowsFromAFileAreFlaggedAndNameTheTableTheyWrite() throws Exception {
    assertTrue((flags("COPY s.t FROM STDIN", Dialect.POSTGRESQL) & Lexer.ROWS) != 0);
    assertTrue((flags("load data local infile 'f' into table t", Dialect.MYSQL) & Lexer.ROWS) != 0);
    assertEquals("INSERT WRITE:s.t@s.t", refs("COPY s.t (a, b) FROM PROGRAM 'cat f' WITH (FORMAT csv)",
        Dialect.POSTGRESQL));
    assertEquals("INSERT WRITE:t@\"t\"", refs("COPY \"t\" FROM 'rows.csv' (FORMAT csv)", Dialect.DUCKDB));
    assertEquals("SELECT READ:s.t@s.t", refs("COPY s.t TO STDOUT", Dialect.POSTGRESQL));
    assertEquals("INSERT WRITE:s.t@`s`.`t`", refs("LOAD DATA LOW_PRIORITY LOCAL INFILE 'f.tsv' REPLACE INTO TABLE"
        + " `s`.`t` FIELDS TERMINATED BY ','", Dialect.MYSQL));
    assertEquals("INSERT WRITE:t@t", refs("LOAD XML INFILE 'x.xml' INTO TABLE t ROWS IDENTIFIED BY '<r>'",
        Dialect.MYSQL));
    assertEquals("OTHER", refs("LOAD httpfs", Dialect.DUCKDB));
  }

  @Test
  void aQueryCopiedToAFileNamesWhatItReadsWhereItStands() throws Exception {
    String sql = "COPY (SELECT a FROM s.t JOIN s.u USING (id)) TO PROGRAM 'cat'";
    assertEquals("SELECT READ:s.t@s.t READ:s.u@s.u", refs(sql, Dialect.POSTGRESQL));
  }

  @Test
  void selectIntoIsFlaggedOnPostgresqlOnly() {
    assertTrue((flags("SELECT * INTO n FROM t", Dialect.POSTGRESQL) & Lexer.INTO) != 0);
    assertTrue((flags("WITH x AS (SELECT 1) SELECT * INTO n FROM x", Dialect.POSTGRESQL) & Lexer.INTO) != 0);
    assertEquals(0, flags("SELECT * FROM t", Dialect.POSTGRESQL), "a plain query keeps the fast path");
    assertEquals(0, flags("SELECT * INTO @v FROM t", Dialect.MYSQL) & Lexer.INTO);
    // read on from a cached prefix: the first word is read again to know the statement is a query
    Tokens.Buffer buffer = new Tokens.Buffer(16);
    Lexer.scan("SELECT 1 INTO n FROM t", Dialect.POSTGRESQL, NameSet.EMPTY, NameSet.EMPTY, buffer);
    assertTrue((Lexer.scan("SELECT 2 INTO n FROM t", Dialect.POSTGRESQL, NameSet.EMPTY, NameSet.EMPTY, buffer)
        & Lexer.INTO) != 0);
  }

  @Test
  void selectIntoIsTheCreateTableAsItAmountsTo() {
    assertEquals("CREATE TABLE s.n AS SELECT a, b FROM s.t WHERE a > 1",
        SelectInto.asCreateTable("SELECT a, b INTO s.n FROM s.t WHERE a > 1", Dialect.POSTGRESQL));
    assertEquals("CREATE UNLOGGED TABLE \"N\" AS SELECT *",
        SelectInto.asCreateTable("SELECT * INTO UNLOGGED TABLE \"N\"", Dialect.POSTGRESQL));
    assertEquals("CREATE TEMP TABLE n AS SELECT * FROM t",
        SelectInto.asCreateTable("SELECT * INTO TEMP n FROM t", Dialect.POSTGRESQL));
    assertEquals("CREATE TABLE n AS WITH x AS (SELECT 1 AS a) SELECT a FROM x",
        SelectInto.asCreateTable("WITH x AS (SELECT 1 AS a) SELECT a INTO n FROM x", Dialect.POSTGRESQL));
    for (String none : List.of("SELECT * FROM t WHERE a IN (SELECT b FROM u)", "INSERT INTO t SELECT 1",
        "WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x", "SELECT 'INTO' FROM t")) {
      assertNull(SelectInto.asCreateTable(none, Dialect.POSTGRESQL), none);
    }
    assertNull(SelectInto.asCreateTable("SELECT a INTO @v FROM t", Dialect.MYSQL));
  }
}

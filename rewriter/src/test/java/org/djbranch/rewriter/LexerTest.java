package org.djbranch.rewriter;

import static org.djbranch.rewriter.Lexer.DDL;
import static org.djbranch.rewriter.Lexer.DRAFT_NAME;
import static org.djbranch.rewriter.Lexer.UNKNOWN_QUALIFIER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class LexerTest {
  private static final NameSet DRAFT = NameSet.of(Set.of("draft"));
  private static final NameSet KNOWN = NameSet.of(Set.of("s", "public"));

  private static int scan(String sql, Dialect dialect) {
    return Lexer.scan(sql, dialect, DRAFT, KNOWN);
  }

  private static boolean namesDraft(String sql, Dialect dialect) {
    return (scan(sql, dialect) & DRAFT_NAME) != 0;
  }

  @Test
  void findsDraftNamesQuotedOrNotInAnyCase() {
    for (Dialect d : Dialect.values()) {
      assertTrue(namesDraft("SELECT * FROM draft", d), d.name());
      assertTrue(namesDraft("SELECT * FROM s.DRAFT WHERE x = 1", d), d.name());
      assertEquals(0, scan("SELECT * FROM drafts", d), d.name());
    }
    assertTrue(namesDraft("SELECT * FROM \"Draft\"", Dialect.POSTGRESQL));
    assertTrue(namesDraft("SELECT * FROM `s`.`draft`", Dialect.MYSQL));
    assertTrue(namesDraft("SELECT * FROM [draft]", Dialect.SQLITE));
    assertTrue(namesDraft("SELECT * FROM `draft`", Dialect.SQLITE));
  }

  /**
   * The statement just sent again with another literal is read on from the literal, keeping the tokens and flags
   * before it; another start, other rules or a name before the literal read it from its start.
   */
  @Test
  void readsOnFromTheFirstLiteralOfTheStatementJustRead() {
    Tokens.Buffer buffer = new Tokens.Buffer();
    String first = "select name from draft where id = 17";
    Lexer.scan(first, Dialect.SQLITE, DRAFT, KNOWN, buffer);
    String next = "select name from draft where id = 18";
    assertEquals(first.indexOf("17"), buffer.resume(next, Dialect.SQLITE, DRAFT, KNOWN));
    Lexer.scan(first, Dialect.SQLITE, DRAFT, KNOWN, buffer);
    int flags = Lexer.scan(next, Dialect.SQLITE, DRAFT, KNOWN, buffer);
    assertEquals(DRAFT_NAME, flags);
    assertEquals("select name from draft where id = ?", buffer.tokens(next).shape());
    // The tokens are asked for with the text: another text is refused, not read with the wrong spans.
    assertThrows(IllegalArgumentException.class, () -> buffer.tokens(next + " "));
    assertEquals(-1, buffer.resume("select name from other where id = 18", Dialect.SQLITE, DRAFT, KNOWN));
    assertEquals(-1, buffer.resume(next, Dialect.POSTGRESQL, DRAFT, KNOWN));
    assertEquals(-1, buffer.resume(next, Dialect.SQLITE, NameSet.EMPTY, KNOWN));
    Lexer.scan("select x 5", Dialect.SQLITE, DRAFT, KNOWN, buffer);
    assertEquals(-1, buffer.resume("select x .y", Dialect.SQLITE, DRAFT, KNOWN));
  }

  @Test
  void skipsCommentsInEveryDialect() {
    for (Dialect d : Dialect.values()) {
      assertEquals(0, scan("SELECT 1 -- from draft\n", d), d.name());
      assertEquals(0, scan("SELECT /* draft */ 1", d), d.name());
    }
    assertEquals(0, scan("SELECT 1 /* outer /* draft */ still comment draft */", Dialect.POSTGRESQL));
    assertEquals(0, scan("SELECT 1 # draft", Dialect.MYSQL));
    assertTrue(namesDraft("SELECT 1 # draft", Dialect.POSTGRESQL), "# is an operator outside MySQL");
  }

  @Test
  void skipsStringsWithEmbeddedQuotes() {
    for (Dialect d : Dialect.values()) {
      assertEquals(0, scan("SELECT 'it''s the draft' FROM t", d), d.name());
    }
    assertEquals(0, scan("SELECT 'it\\'s the draft' FROM t", Dialect.MYSQL));
    assertEquals(0, scan("SELECT \"a \\\" draft\" FROM t", Dialect.MYSQL), "MySQL double quotes are strings with escapes");
    assertEquals(0, scan("SELECT E'it\\'s draft' FROM t", Dialect.POSTGRESQL));
    assertTrue(namesDraft("SELECT \"draft\" FROM t", Dialect.POSTGRESQL), "double quotes are identifiers outside MySQL");
    assertTrue(namesDraft("SELECT \"x\"\"y\", draft FROM t", Dialect.DUCKDB));
  }

  @Test
  void skipsDollarQuotesInPostgresAndDuckDb() {
    for (Dialect d : List.of(Dialect.POSTGRESQL, Dialect.DUCKDB)) {
      assertEquals(0, scan("SELECT $$ draft ' $$ FROM t", d), d.name());
      assertEquals(0, scan("SELECT $fn$ draft $$ draft $fn$ FROM t", d), d.name());
      assertEquals(0, scan("SELECT * FROM t WHERE a = $1", d), d.name());
    }
  }

  @Test
  void flagsQualifiersThatAreNotKnown() {
    for (Dialect d : Dialect.values()) {
      assertEquals(0, scan("SELECT x FROM s.t", d), d.name());
      assertEquals(UNKNOWN_QUALIFIER, scan("SELECT a.x FROM s.t a", d), d.name());
      assertEquals(0, scan("SELECT 1.5, .5 FROM t", d), d.name());
    }
    assertEquals(0, scan("SELECT x FROM \"public\".t", Dialect.POSTGRESQL));
    assertEquals(UNKNOWN_QUALIFIER, scan("SELECT x FROM `other`.t", Dialect.MYSQL));
  }

  @Test
  void flagsDdlByItsFirstWord() {
    for (String sql : List.of("CREATE TABLE t (a int)", "  /* c */ alter table t add b int", "DROP VIEW v", "TRUNCATE t", "RENAME TABLE a TO b", "COMMENT ON TABLE t IS 'x'")) {
      assertEquals(DDL, scan(sql, Dialect.MYSQL) & DDL, sql);
    }
    for (String sql : List.of("SELECT 1", "WITH x AS (SELECT 1) SELECT * FROM x", "INSERT INTO t VALUES (1)", "SELECT create FROM t")) {
      assertEquals(0, scan(sql, Dialect.POSTGRESQL) & DDL, sql);
    }
    assertEquals(DDL | DRAFT_NAME, scan("DROP TABLE draft", Dialect.SQLITE));
  }

  @Test
  void flagsACallOfASequenceFunction() {
    for (Dialect d : List.of(Dialect.POSTGRESQL, Dialect.DUCKDB)) {
      for (String sql : List.of("select nextval('s.seq')", "SELECT CURRVAL('x'), 1", "SELECT setval('s.q', 5)",
          "INSERT INTO t VALUES (nextval('s.seq'))")) {
        assertEquals(Lexer.SEQUENCE_CALL, scan(sql, d) & Lexer.SEQUENCE_CALL, sql + " " + d);
      }
    }
    for (String sql : List.of("SELECT nextvalue FROM t", "SELECT 'nextval' FROM t", "SELECT setvals, nextva FROM t")) {
      assertEquals(0, scan(sql, Dialect.POSTGRESQL) & Lexer.SEQUENCE_CALL, sql);
    }
    for (String sql : List.of("SELECT NEXTVAL(s.seq)", "SELECT next value for s", "SELECT PREVIOUS VALUE /* c */ FOR s",
        "SELECT lastval(s)")) {
      assertEquals(Lexer.SEQUENCE_CALL, scan(sql, Dialect.MYSQL) & Lexer.SEQUENCE_CALL, "MariaDB names it: " + sql);
    }
    assertEquals(0, scan("INSERT INTO t VALUE (1)", Dialect.MYSQL) & Lexer.SEQUENCE_CALL, "a row's VALUE is none");
    assertEquals(0, scan("SELECT NEXTVAL(s.seq)", Dialect.SQLITE) & Lexer.SEQUENCE_CALL, "SQLite has no sequences");
  }

  @Test
  void flagsACallOfSetConfigWhichMaySetThePathOnPostgres() {
    for (String sql : List.of("SELECT set_config('search_path', ?, false)",
        "select pg_catalog.SET_CONFIG('search_path', 's', false)", "SELECT 1, set_config($1, $2, true)")) {
      assertEquals(Lexer.PATH_CALL, scan(sql, Dialect.POSTGRESQL) & Lexer.PATH_CALL, sql);
    }
    for (String sql : List.of("SELECT 'set_config' FROM t", "SELECT set_configs FROM t", "set_config")) {
      assertEquals(0, scan(sql, Dialect.POSTGRESQL) & Lexer.PATH_CALL, sql);
    }
    assertEquals(0, scan("SELECT set_config('search_path', 's', false)", Dialect.DUCKDB) & Lexer.PATH_CALL);
  }

  @Test
  void flagsTransactionStatementsByTheirFirstWordOnly() {
    for (String sql : List.of("BEGIN", "start transaction", "/* c */ Commit", "END", "ROLLBACK TO sp", "abort",
        "SAVEPOINT sp", "release savepoint sp", "PREPARE TRANSACTION 'x'")) {
      for (Dialect d : Dialect.values()) {
        assertEquals(Lexer.TRANSACTION, scan(sql, d), sql + " " + d);
      }
    }
    for (String sql : List.of("SELECT 1", "SELECT begin FROM t", "INSERT INTO t VALUES (1)", "UPDATE t SET a = 1",
        "DELETE FROM t", "SET x = 1", "USE s", "CREATE TABLE commit (a int)", "BEGINS", "COMMITTED", "ends")) {
      assertEquals(0, scan(sql, Dialect.POSTGRESQL) & Lexer.TRANSACTION, sql);
    }
    assertEquals(Lexer.SESSION, scan("set x = 1", Dialect.MYSQL));
    assertEquals(Lexer.SESSION, scan("Use s", Dialect.MYSQL));
  }

  @Test
  void tokenizesWithKindsAndExactSpans() {
    String sql = "SELECT \"a\"\"b\", 'x''y', 42, $1, t.* FROM [s] -- c";
    Tokens pg = Lexer.tokenize(sql.replace("[s]", "s"), Dialect.POSTGRESQL);
    List<TokenKind> kinds = new ArrayList<>();
    for (int i = 0; i < pg.size(); i++) kinds.add(pg.kind(i));
    assertEquals(List.of(TokenKind.WORD, TokenKind.QUOTED_IDENTIFIER, TokenKind.PUNCT, TokenKind.STRING, TokenKind.PUNCT,
        TokenKind.NUMBER, TokenKind.PUNCT, TokenKind.PARAMETER, TokenKind.PUNCT, TokenKind.WORD, TokenKind.PUNCT,
        TokenKind.OPERATOR, TokenKind.WORD, TokenKind.WORD), kinds);
    assertEquals("a\"b", pg.identifier(1));
    Tokens sqlite = Lexer.tokenize(sql.replace("$1", "?"), Dialect.SQLITE);
    assertEquals(TokenKind.QUOTED_IDENTIFIER, sqlite.kind(sqlite.size() - 1));
    assertEquals("s", sqlite.identifier(sqlite.size() - 1));
    assertEquals(sql.indexOf("FROM"), pg.start(pg.indexAt(sql.indexOf("FROM"))));
    assertEquals(-1, pg.indexAt(sql.indexOf("FROM") + 1));
  }

  @Test
  void shapeAbstractsLiteralsAndSpacingOnly() {
    Tokens a = Lexer.tokenize("SELECT * FROM t WHERE a = 'x' AND b = 42", Dialect.POSTGRESQL);
    Tokens b = Lexer.tokenize("SELECT *\n FROM t  WHERE a = 'other' AND b = 7.5", Dialect.POSTGRESQL);
    Tokens c = Lexer.tokenize("SELECT * FROM u WHERE a = 'x' AND b = 42", Dialect.POSTGRESQL);
    assertEquals(a.shape(), b.shape());
    assertNotEquals(a.shape(), c.shape());
    assertEquals("SELECT * FROM t WHERE a = ? AND b = ?", a.shape());
    assertEquals("SELECT * FROM t WHERE a = ?", Lexer.tokenize("SELECT * FROM t WHERE a = ?", Dialect.MYSQL).shape());
  }

  @Test
  void mysqlDoubleDashNeedsASpaceToBeAComment() {
    assertTrue(namesDraft("SELECT 1--1, draft", Dialect.MYSQL));
    assertEquals(0, scan("SELECT 1 -- draft", Dialect.MYSQL));
  }

  /** Not a timing test: the scan must allocate nothing, however many identifiers it hashes. */
  @Test
  void scanAllocatesNothing() {
    assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
    NameSet draft = NameSet.of(Set.of("film_text", "draft", "br_table"));
    NameSet known = NameSet.of(Set.of("public", "f", "a"));
    String sql = "SELECT f.title, a.first_name FROM public.film f JOIN actor a ON a.id = f.actor_id WHERE f.title = 'x''y' AND a.id > 10 /* c */";
    int flags = 0;
    for (int i = 0; i < 50_000; i++) flags |= Lexer.scan(sql, Dialect.POSTGRESQL, draft, known);   // warm up and compile
    long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
    for (int i = 0; i < 100_000; i++) flags |= Lexer.scan(sql, Dialect.POSTGRESQL, draft, known);
    long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    assertEquals(0, flags);
    assertTrue(allocated < 10_000, "100000 scans allocated " + allocated + " bytes");
  }

  /** Not a timing test: one pass into a connection's buffer allocates nothing once its arrays have grown. */
  @Test
  void scanIntoABufferAllocatesNothing() {
    assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
    NameSet draft = NameSet.of(Set.of("film_text", "draft", "br_table"));
    NameSet known = NameSet.of(Set.of("public", "f", "a"));
    String sql = "SELECT f.title, a.first_name FROM public.film f JOIN draft a ON a.id = f.actor_id WHERE f.title = 'x''y' AND a.id > 10 /* c */";
    Tokens.Buffer buffer = new Tokens.Buffer();
    int flags = 0;
    for (int i = 0; i < 50_000; i++) flags |= Lexer.scan(sql, Dialect.POSTGRESQL, draft, known, buffer);
    long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
    for (int i = 0; i < 100_000; i++) flags |= Lexer.scan(sql, Dialect.POSTGRESQL, draft, known, buffer);
    long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    assertEquals(DRAFT_NAME, flags);
    assertEquals(Lexer.tokenize(sql, Dialect.POSTGRESQL).shape(), buffer.tokens(sql).shape());
    assertTrue(allocated < 10_000, "100000 scans into a buffer allocated " + allocated + " bytes");
  }
}

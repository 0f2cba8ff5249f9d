package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class JoinedParentsAndSpellingTest {
  private static List<String> parents(String sql) {
    return JoinedParents.of(sql, Dialect.POSTGRESQL).stream().map(r -> r.schema() + "." + r.name()).toList();
  }

  @Test
  void theTablesADeclarationJoinsItsTableTo() {
    assertEquals(List.of("s.t"), parents("CREATE TABLE s.kid (x int) INHERITS (s.t)"));
    assertEquals(List.of("s.a", "null.b"), parents("CREATE TABLE kid (x int) INHERITS (s.a, b)"));
    assertEquals(List.of("s.p"), parents("CREATE TABLE s.p2 PARTITION OF s.p FOR VALUES FROM (1) TO (2)"));
    assertEquals(List.of("s.t"), parents("ALTER TABLE s.own INHERIT s.t"));
    assertEquals(List.of(), parents("ALTER TABLE s.own NO INHERIT s.t"));
    assertEquals(List.of(), parents("CREATE TABLE s.c (LIKE s.t INCLUDING ALL)"));
    assertEquals(List.of(), parents("ALTER TABLE s.p ATTACH PARTITION s.p3 FOR VALUES FROM (3) TO (4)"));
    assertEquals(List.of(), JoinedParents.of("CREATE TABLE kid (x int) INHERITS (t)", Dialect.MYSQL));
  }

  @Test
  void mysqlsCreateTableSelectIsGivenItsAs() {
    assertEquals("CREATE TABLE t2 AS SELECT * FROM t", DdlSpelling.withAs("CREATE TABLE t2 SELECT * FROM t",
        Dialect.MYSQL));
    assertEquals("CREATE TABLE t2 (id INT) ENGINE=InnoDB AS SELECT id FROM t", DdlSpelling.withAs(
        "CREATE TABLE t2 (id INT) ENGINE=InnoDB SELECT id FROM t", Dialect.MYSQL));
    assertEquals("CREATE TEMPORARY TABLE x AS (SELECT 1)", DdlSpelling.withAs("CREATE TEMPORARY TABLE x AS (SELECT 1)",
        Dialect.MYSQL));
    for (String same : List.of("CREATE TABLE t2 AS SELECT * FROM t", "CREATE TABLE t (a INT CHECK (a IN (SELECT 1)))",
        "CREATE TABLE t (id INT)", "CREATE INDEX i ON t (a)")) {
      assertEquals(same, DdlSpelling.withAs(same, Dialect.MYSQL));
    }
    assertEquals("CREATE TABLE t2 SELECT 1", DdlSpelling.withAs("CREATE TABLE t2 SELECT 1", Dialect.POSTGRESQL));
  }

  @Test
  void concurrentlyIsLeftOutOfIndexStatementsOnly() {
    assertEquals("CREATE INDEX i ON t (v)", DdlSpelling.withoutConcurrently("CREATE INDEX CONCURRENTLY i ON t (v)",
        Dialect.POSTGRESQL));
    assertEquals("create unique index i ON t (v)", DdlSpelling.withoutConcurrently(
        "create unique index concurrently i ON t (v)", Dialect.POSTGRESQL));
    assertEquals("DROP INDEX IF EXISTS s.i", DdlSpelling.withoutConcurrently("DROP INDEX CONCURRENTLY IF EXISTS s.i",
        Dialect.POSTGRESQL));
    for (String same : List.of("CREATE INDEX i ON t (v)", "REINDEX INDEX CONCURRENTLY i", "SELECT 'CONCURRENTLY'")) {
      assertEquals(same, DdlSpelling.withoutConcurrently(same, Dialect.POSTGRESQL));
    }
    assertEquals("CREATE INDEX CONCURRENTLY i ON t (v)", DdlSpelling.withoutConcurrently(
        "CREATE INDEX CONCURRENTLY i ON t (v)", Dialect.DUCKDB));
  }
}

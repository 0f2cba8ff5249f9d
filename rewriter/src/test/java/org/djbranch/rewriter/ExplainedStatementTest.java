package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExplainedStatementTest {
  private static String inner(String sql, Dialect d) {
    ExplainedStatement e = ExplainedStatement.read(sql, d);
    return e == null ? null : sql.substring(e.innerStart());
  }

  @Test
  void anExplanationThatRunsItsStatementSaysWhereTheStatementBegins() {
    for (String sql : List.of("EXPLAIN ANALYZE INSERT INTO t VALUES (1)",
        "explain analyse verbose INSERT INTO t VALUES (1)", "EXPLAIN (ANALYZE, BUFFERS) INSERT INTO t VALUES (1)",
        "EXPLAIN (FORMAT JSON, ANALYZE false) INSERT INTO t VALUES (1)",
        "EXPLAIN (ANALYZE) INSERT INTO t VALUES (1)")) {
      ExplainedStatement e = ExplainedStatement.read(sql, Dialect.POSTGRESQL);
      assertTrue(e.runs(), sql);
      assertEquals("INSERT INTO t VALUES (1)", sql.substring(e.innerStart()), sql);
    }
    assertEquals("DELETE FROM t", inner("EXPLAIN ANALYZE DELETE FROM t", Dialect.DUCKDB));
    assertEquals("DELETE FROM t WHERE a = 1", inner("ANALYZE DELETE FROM t WHERE a = 1", Dialect.MYSQL));
    assertEquals("UPDATE t SET a = 1", inner("ANALYZE FORMAT=JSON UPDATE t SET a = 1", Dialect.MYSQL));
    assertTrue(ExplainedStatement.read("ANALYZE SELECT 1", Dialect.MYSQL).runs());
    assertEquals("WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x",
        inner("EXPLAIN ANALYZE WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x", Dialect.POSTGRESQL));
  }

  @Test
  void anExplanationThatDoesNotRunItsStatementSaysSo() {
    assertFalse(ExplainedStatement.read("EXPLAIN INSERT INTO t VALUES (1)", Dialect.POSTGRESQL).runs());
    assertFalse(ExplainedStatement.read("EXPLAIN VERBOSE SELECT 1", Dialect.POSTGRESQL).runs());
    assertFalse(ExplainedStatement.read("EXPLAIN FORMAT=JSON DELETE FROM t", Dialect.MYSQL).runs());
    assertFalse(ExplainedStatement.read("EXPLAIN QUERY PLAN DELETE FROM t", Dialect.SQLITE).runs());
    assertFalse(ExplainedStatement.read("EXPLAIN DELETE FROM t", Dialect.SQLITE).runs());
    assertFalse(ExplainedStatement.read("DESCRIBE SELECT * FROM t", Dialect.MYSQL).runs());
  }

  @Test
  void whatExplainsNoStatementIsNotOne() {
    assertNull(ExplainedStatement.read("ANALYZE TABLE t", Dialect.MYSQL), "MariaDB's statistics");
    assertNull(ExplainedStatement.read("ANALYZE t", Dialect.POSTGRESQL));
    assertNull(ExplainedStatement.read("ANALYZE VERBOSE t", Dialect.POSTGRESQL));
    assertNull(ExplainedStatement.read("DESC t", Dialect.MYSQL));
    assertNull(ExplainedStatement.read("DESCRIBE t", Dialect.MYSQL));
    assertNull(ExplainedStatement.read("SELECT 1", Dialect.POSTGRESQL));
    assertNull(ExplainedStatement.read("EXPLAIN", Dialect.POSTGRESQL));
  }

  @Test
  void maintenanceThatRewritesOrLocksIsTold() {
    for (String sql : List.of("CLUSTER s.t USING i", "REINDEX TABLE s.t", "REFRESH MATERIALIZED VIEW s.v",
        "VACUUM FULL s.t", "VACUUM (FULL, ANALYZE) s.t", "vacuum (verbose, full) t",
        "IMPORT FOREIGN SCHEMA r FROM SERVER x INTO s")) {
      assertTrue(TableMaintenance.rewritesOrLocks(sql, Dialect.POSTGRESQL), sql);
    }
    for (String sql : List.of("VACUUM s.t", "VACUUM ANALYZE s.t", "VACUUM (VERBOSE) s.t", "VACUUM", "ANALYZE s.t")) {
      assertFalse(TableMaintenance.rewritesOrLocks(sql, Dialect.POSTGRESQL), sql);
    }
    assertTrue(TableMaintenance.rewritesOrLocks("VACUUM", Dialect.SQLITE));
    assertFalse(TableMaintenance.rewritesOrLocks("VACUUM INTO 'copy.db'", Dialect.SQLITE));
    for (String sql : List.of("PRAGMA user_version = 7", "pragma main.application_id=3",
        "PRAGMA \"main\".schema_version(1)", "PRAGMA incremental_vacuum")) {
      assertTrue(TableMaintenance.rewritesOrLocks(sql, Dialect.SQLITE), sql);
    }
    for (String sql : List.of("PRAGMA user_version", "PRAGMA other.user_version = 7", "PRAGMA journal_mode = WAL",
        "PRAGMA foreign_keys = ON", "PRAGMA table_info(t)")) {
      assertFalse(TableMaintenance.rewritesOrLocks(sql, Dialect.SQLITE), sql);
    }
    assertFalse(TableMaintenance.rewritesOrLocks("PRAGMA user_version = 7", Dialect.DUCKDB));
    assertFalse(TableMaintenance.rewritesOrLocks("VACUUM", Dialect.DUCKDB));
    assertTrue(TableMaintenance.rewritesOrLocks("OPTIMIZE TABLE t", Dialect.MYSQL));
    assertFalse(TableMaintenance.rewritesOrLocks("OPTIMIZE TABLE t", Dialect.POSTGRESQL));
  }
}

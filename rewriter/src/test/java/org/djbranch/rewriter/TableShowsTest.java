package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Which table MySQL's SHOW statements of one table name, and the span a branch's name replaces. */
class TableShowsTest {
  private static TableRef shown(String sql) {
    Analysis a = TableShows.analyze(Lexer.tokenize(sql, Dialect.MYSQL), Dialect.MYSQL);
    return a == null ? null : a.tables().get(0);
  }

  @Test
  void theTableShownAndItsSpan() {
    String[][] cases = {
        {"SHOW COLUMNS FROM s.t", "s", "t", "s.t"},
        {"show full fields in `t` in `s` like 'a%'", "s", "t", "`t` in `s`"},
        {"SHOW EXTENDED INDEXES FROM t", null, "t", "t"},
        {"SHOW KEYS IN s.t WHERE Key_name = 'PRIMARY'", "s", "t", "s.t"},
        {"SHOW CREATE TABLE `s`.`t`", "s", "t", "`s`.`t`"},
        {"SHOW CREATE VIEW v", null, "v", "v"}};
    for (String[] c : cases) {
      TableRef r = shown(c[0]);
      assertEquals(c[1], r.schema(), c[0]);
      assertEquals(c[2], r.name(), c[0]);
      assertEquals(c[3], c[0].substring(r.start(), r.end()), c[0]);
      assertEquals(TableRef.Role.READ, r.role());
    }
    for (String other : new String[] {"SHOW TABLES", "SHOW COLUMNS FROM s.t FROM s2", "SHOW CREATE DATABASE s",
        "SHOW TABLE STATUS LIKE 't'", "SELECT 1"}) {
      assertNull(shown(other), other);
    }
    assertNull(TableShows.analyze(Lexer.tokenize("SHOW COLUMNS FROM t", Dialect.POSTGRESQL), Dialect.POSTGRESQL));
    for (String[] c : new String[][] {{"SUMMARIZE s.t", "s.t"}, {"summarize table \"s\".\"t\";", "\"s\".\"t\""}}) {
      Analysis a = TableShows.analyze(Lexer.tokenize(c[0], Dialect.DUCKDB), Dialect.DUCKDB);
      TableRef r = a.tables().get(0);
      assertEquals(c[1], c[0].substring(r.start(), r.end()), c[0]);
    }
    assertNull(TableShows.analyze(Lexer.tokenize("SUMMARIZE SELECT * FROM t", Dialect.DUCKDB), Dialect.DUCKDB));
  }
}

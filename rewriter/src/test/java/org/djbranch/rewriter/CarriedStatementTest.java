package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Where a statement that carries another puts it, whatever comes before. */
class CarriedStatementTest {
  @Test
  void theStatementBeginsAfterTheFirstForOutsideTheSettingsValues() {
    List<String> settings = List.of("max_statement_time = 5", "sql_mode = 'NO_ZERO_DATE,STRICT_ALL_TABLES'",
        "x = (SELECT 1 FOR UPDATE)", "y = IF(1, 'for', \"FOR\")", "z = /* for */ 2", "optimizer_switch = 'mrr=on'");
    List<String> statements = List.of("DELETE FROM s.t", "select * from t for update", "ANALYZE UPDATE t SET a = 1",
        "INSERT INTO t VALUES ('FOR')");
    for (int n = 1; n <= settings.size(); n++) {
      String all = String.join(", ", settings.subList(0, n));
      for (String statement : statements) {
        for (String spelling : List.of("SET STATEMENT ", "set  statement\n", "Set Statement /* c */ ")) {
          String sql = spelling + all + " FOR " + statement;
          assertEquals(statement, sql.substring(CarriedStatement.innerStart(sql, Dialect.MYSQL)), sql);
        }
      }
    }
  }

  @Test
  void otherSetsCarryNoStatement() {
    for (String sql : List.of("SET STATEMENT max_statement_time = 5", "SET max_statement_time = 5",
        "SET @statement = 1", "SET STATEMENT x = 1 FOR", "SELECT 1")) {
      assertEquals(-1, CarriedStatement.innerStart(sql, Dialect.MYSQL), sql);
    }
    assertEquals(-1, CarriedStatement.innerStart("SET STATEMENT x = 1 FOR DELETE FROM t", Dialect.POSTGRESQL));
  }

  @Test
  void aPreparedOrCursorStatementBeginsAfterItsAsOrFor() {
    String[][] cases = {
        {"PREPARE pd AS DELETE FROM s.t WHERE id = $1", "DELETE FROM s.t WHERE id = $1"},
        {"prepare pd (int, text) as update t set a = $2 where id = $1", "update t set a = $2 where id = $1"},
        {"PREPARE \"as\" (numeric(10, 2)) AS SELECT 1 AS a", "SELECT 1 AS a"},
        {"DECLARE c CURSOR FOR SELECT * FROM t FOR UPDATE", "SELECT * FROM t FOR UPDATE"},
        {"declare c binary no scroll cursor with hold for select 1", "select 1"}};
    for (String[] c : cases) {
      assertEquals(c[1], c[0].substring(CarriedStatement.innerStart(c[0], Dialect.POSTGRESQL)), c[0]);
    }
    assertEquals("SELECT 1", "PREPARE p AS SELECT 1".substring(CarriedStatement.innerStart("PREPARE p AS SELECT 1",
        Dialect.DUCKDB)));
    for (String other : List.of("PREPARE TRANSACTION 'x'", "DECLARE x int", "PREPARE p", "EXECUTE p(1)")) {
      assertEquals(-1, CarriedStatement.innerStart(other, Dialect.POSTGRESQL), other);
    }
    assertEquals(-1, CarriedStatement.innerStart("PREPARE st FROM 'SELECT 1'", Dialect.MYSQL));
    for (String query : List.of("SELECT * FROM t", "FROM t", "WITH x AS (SELECT 1) SELECT * FROM x")) {
      String sql = "SUMMARIZE " + query;
      assertEquals(query, sql.substring(CarriedStatement.innerStart(sql, Dialect.DUCKDB)), sql);
    }
    assertEquals(-1, CarriedStatement.innerStart("SUMMARIZE t", Dialect.DUCKDB), "a table: TableShows reads it");
  }
}

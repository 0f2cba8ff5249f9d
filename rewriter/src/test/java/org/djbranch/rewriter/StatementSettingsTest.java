package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Where MariaDB's SET STATEMENT ... FOR puts the statement it runs, whatever its settings hold. */
class StatementSettingsTest {
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
          assertEquals(statement, sql.substring(StatementSettings.innerStart(sql, Dialect.MYSQL)), sql);
        }
      }
    }
  }

  @Test
  void otherSetsCarryNoStatement() {
    for (String sql : List.of("SET STATEMENT max_statement_time = 5", "SET max_statement_time = 5",
        "SET @statement = 1", "SET STATEMENT x = 1 FOR", "SELECT 1")) {
      assertEquals(-1, StatementSettings.innerStart(sql, Dialect.MYSQL), sql);
    }
    assertEquals(-1, StatementSettings.innerStart("SET STATEMENT x = 1 FOR DELETE FROM t", Dialect.POSTGRESQL));
  }
}

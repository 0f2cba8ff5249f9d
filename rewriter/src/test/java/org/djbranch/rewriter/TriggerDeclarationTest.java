package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** SQLite's triggers read from tokens: the name, the table, and every table the condition and statements name. */
class TriggerDeclarationTest {
  private static String text(String sql, TableRef ref) {
    return sql.substring(ref.start(), ref.end());
  }

  @Test
  void everyTableATriggerNamesIsFound() throws Exception {
    String sql = "CREATE TRIGGER IF NOT EXISTS main.tr AFTER UPDATE OF a, b ON s.t1 FOR EACH ROW"
        + " WHEN EXISTS (SELECT 1 FROM t2 WHERE t2.x = new.a) BEGIN"
        + " INSERT INTO log SELECT CASE WHEN old.a IS NULL THEN 'n' END FROM \"T3\";"
        + " UPDATE t4 SET x = 1; DELETE FROM t5 WHERE x IN (SELECT x FROM t6); SELECT 1; END;";
    TriggerDeclaration t = TriggerDeclaration.read(sql, Dialect.SQLITE);
    assertEquals("main.tr", text(sql, t.name()));
    assertEquals("s.t1", text(sql, t.table()));
    assertTrue(t.conditional());
    assertFalse(t.temporary());
    List<String> named = t.body().stream().filter(r -> r.role() != TableRef.Role.COLUMN_QUALIFIER)
        .map(r -> text(sql, r)).toList();
    assertEquals(List.of("t2", "log", "\"T3\"", "t4", "t5", "t6"), named);
    Analysis a = Analyzer.analyze(sql, Dialect.SQLITE);
    assertEquals(StatementKind.CREATE_TRIGGER, a.kind());
    assertEquals("s.t1", text(sql, a.target()));
  }

  @Test
  void dropAndTemporaryTriggers() throws Exception {
    String drop = "DROP TRIGGER IF EXISTS s.tr";
    TriggerDeclaration d = TriggerDeclaration.read(drop, Dialect.SQLITE);
    assertEquals("s.tr", text(drop, d.name()));
    assertNull(d.table());
    assertTrue(d.conditional());
    assertEquals(StatementKind.DROP_TRIGGER, Analyzer.analyze(drop, Dialect.SQLITE).kind());
    assertTrue(TriggerDeclaration.read("CREATE TEMP TRIGGER tr INSERT ON t BEGIN SELECT 1; END", Dialect.SQLITE)
        .temporary());
    assertNull(TriggerDeclaration.read("CREATE TABLE t (a INT)", Dialect.SQLITE));
  }

  @Test
  void aStatementThatCannotBeReadMakesTheTriggerUnreadable() {
    assertThrows(UnparsableStatementException.class, () -> TriggerDeclaration.read(
        "CREATE TRIGGER tr INSERT ON t BEGIN SELEC x FROM t2; END", Dialect.SQLITE));
  }
}

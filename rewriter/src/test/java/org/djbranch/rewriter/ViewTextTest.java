package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** A view's declaration as a database keeps it, split for a merge, and its query moved from one schema to another. */
class ViewTextTest {
  @Test
  void splitsADeclarationIntoItsColumnsAndQuery() {
    assertEquals(new ViewText("(x, \"Y\")", "SELECT (a + 1), b FROM br_t_s.t"),
        ViewText.of("CREATE VIEW br_t_s.v (x, \"Y\") AS SELECT (a + 1), b FROM br_t_s.t;", Dialect.DUCKDB));
    assertEquals(new ViewText(null, "SELECT id FROM d WHERE x IN (SELECT 1)"),
        ViewText.of("CREATE TEMP VIEW IF NOT EXISTS v AS SELECT id FROM d WHERE x IN (SELECT 1)", Dialect.SQLITE));
    assertNull(ViewText.of("CREATE TABLE t (a INT)", Dialect.SQLITE));
  }

  @Test
  void movesTheNamesOfOneSchemaToAnother() {
    assertEquals("SELECT o.name FROM \"s\".owner o JOIN lab.pet p ON p.o = o.id WHERE 'br_t_s.x' <> \"s\".f(1)",
        ViewText.requalified("SELECT o.name FROM br_t_s.owner o JOIN lab.pet p ON p.o = o.id WHERE 'br_t_s.x'"
            + " <> \"br_t_s\".f(1)", Dialect.POSTGRESQL, "br_t_s", "s"));
    assertEquals("select `lab`.`t`.`a` AS `a` from `lab`.`t`", ViewText.requalified(
        "select `br_t_lab`.`t`.`a` AS `a` from `br_t_lab`.`t`", Dialect.MYSQL, "br_t_lab", "lab"));
  }
}

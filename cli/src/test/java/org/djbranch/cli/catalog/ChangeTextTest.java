package org.djbranch.cli.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.UnaryOperator;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.Backends;
import org.junit.jupiter.api.Test;

/** A recorded change written for the schema it runs in: verify's throwaway one, never trunk's by a name left open. */
class ChangeTextTest {
  private static final Backend PG = backend("jdbc:postgresql://h/d");
  private static final Backend MYSQL = backend("jdbc:mysql://h/d");
  private static final Backend SQLITE = backend("jdbc:sqlite:x.db");
  private static final Backend DUCKDB = backend("jdbc:duckdb:");
  private static final UnaryOperator<String> SCRATCH = s -> "djbv_" + s;

  private static Backend backend(String url) {
    try {
      return Backends.forUrl(url);
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String scratch(Backend b, String sql, String logical) throws Exception {
    return ChangeText.retargeted(sql, b, logical, SCRATCH, true);
  }

  @Test
  void everySchemaTheChangeNamesBecomesItsTarget() throws Exception {
    assertEquals("ALTER TABLE \"djbv_s\".\"item\" ADD COLUMN extra int REFERENCES \"djbv_s\".\"p\" (id)",
        scratch(PG, "ALTER TABLE \"s\".\"item\" ADD COLUMN extra int REFERENCES \"s\".\"p\" (id)", "s"));
    assertEquals("COMMENT ON TABLE \"djbv_s\".\"item\" IS 's.item'",
        scratch(PG, "COMMENT ON TABLE \"s\".\"item\" IS 's.item'", "s"));
    assertEquals("DROP TABLE \"djbv_s\".\"a\", \"djbv_t\".\"b\"", scratch(PG, "DROP TABLE \"s\".\"a\", \"t\".\"b\"", "s"));
  }

  @Test
  void anIndexDroppedByNameAloneIsTheTargetSchemas() throws Exception {
    assertEquals("DROP INDEX \"djbv_s\".\"item_name\"", scratch(PG, "DROP INDEX item_name", "s"));
    assertEquals("DROP INDEX \"djbv_s\".\"Item_Name\"", scratch(PG, "DROP INDEX \"Item_Name\"", "s"));
    assertEquals("DROP INDEX \"djbv_main\".\"i\"", scratch(SQLITE, "DROP INDEX i", "main"));
    assertEquals("DROP INDEX \"djbv_s\".\"i\"", scratch(DUCKDB, "DROP INDEX i", "s"));
    // MySQL's index belongs to the table it is dropped ON.
    assertEquals("DROP INDEX i ON `djbv_s`.`item`", scratch(MYSQL, "DROP INDEX i ON `s`.`item`", "s"));
  }

  @Test
  void aRenamesNewNameStaysWhereTheDatabasePutsIt() throws Exception {
    assertEquals("ALTER TABLE \"djbv_s\".\"a\" RENAME TO b", scratch(PG, "ALTER TABLE \"s\".\"a\" RENAME TO b", "s"));
    // MySQL puts an unqualified new name in the current database: it is the table's schema's target instead.
    assertEquals("RENAME TABLE `djbv_s`.`a` TO `djbv_s`.`b`", scratch(MYSQL, "RENAME TABLE `s`.`a` TO b", "s"));
  }

  @Test
  void sqliteQualifiesTheIndexNotTheTable() throws Exception {
    assertEquals("CREATE INDEX \"djbv_main\".\"i\" ON \"item\" (name)",
        scratch(SQLITE, "CREATE INDEX \"main\".\"i\" ON \"item\" (name)", "main"));
  }

  @Test
  void aNameThatCouldReachAnotherSchemaStopsVerifyButNotPromote() throws Exception {
    String open = "ALTER TABLE \"s\".\"item\" ADD CONSTRAINT fk FOREIGN KEY (p_id) REFERENCES p (id)";
    ChangeText.Unconfined u = assertThrows(ChangeText.Unconfined.class, () -> scratch(PG, open, "s"));
    assertTrue(u.getMessage().contains("names p without a schema"), u.getMessage());
    assertEquals("ALTER TABLE \"s\".\"item\" ADD CONSTRAINT fk FOREIGN KEY (p_id) REFERENCES p (id)",
        ChangeText.retargeted(open, PG, "s", s -> s, false));
  }
}

package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** MySQL's {@code SHOW [FULL] TABLES [FROM db] [LIKE 'p' | WHERE ...]} is read; any other SHOW, and other dialects, not. */
class TableListingTest {
  private static TableListing read(String sql) {
    return TableListing.read(sql, Dialect.MYSQL);
  }

  @Test
  void readsEveryFormOfATableListing() {
    assertEquals(new TableListing(false, false, null, false, null, null), read("SHOW TABLES"));
    assertEquals(new TableListing(true, false, "Lab", true, null, null), read("show full tables in `Lab`;"));
    assertEquals(new TableListing(false, false, "lab", false, "'a%'", null), read("SHOW TABLES FROM lab LIKE 'a%'"));
    assertEquals(new TableListing(true, false, null, false, null, "Table_type = 'VIEW' AND `Tables_in_lab` LIKE 'x%'"),
        read("SHOW FULL TABLES WHERE Table_type = 'VIEW' AND `Tables_in_lab` LIKE 'x%'"));
  }

  @Test
  void readsATableStatus() {
    assertEquals(new TableListing(false, true, null, false, null, null), read("SHOW TABLE STATUS"));
    assertEquals(new TableListing(false, true, "lab", false, null, "Engine = 'InnoDB'"),
        read("SHOW TABLE STATUS IN lab WHERE Engine = 'InnoDB'"));
  }

  @Test
  void anythingElseIsNoListing() {
    assertNull(read("SHOW FULL TABLE STATUS"));
    assertNull(read("SHOW COLUMNS FROM t"));
    assertNull(read("SHOW TABLES FROM a.b"), "no such form");
    assertNull(read("SHOW TABLES LIKE"), "no pattern");
    assertNull(read("SHOW TABLES WHERE"), "no condition");
    assertNull(TableListing.read("SHOW TABLES", Dialect.DUCKDB), "DuckDB's SHOW TABLES is another statement");
    assertNull(TableListing.read("SHOW search_path", Dialect.POSTGRESQL));
  }
}

package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** PostgreSQL's names written with Unicode escapes are found wherever they stand; strings and look-alikes are not. */
class UnicodeNamesTest {
  private static String first(String sql) {
    return UnicodeNames.mayHold(sql, Dialect.POSTGRESQL) ? UnicodeNames.first(sql, Lexer.tokenize(sql,
        Dialect.POSTGRESQL)) : null;
  }

  @Test
  void escapedNamesAreFoundAndOthersAreNot() {
    assertEquals("U&\"zp\"", first("ALTER TABLE U&\"zp\".w ADD COLUMN x int"));
    assertEquals("u&\"\\0074\"", first("delete from s.u&\"\\0074\" where 1 = 1"));
    assertEquals("U&\"!0074\"", first("INSERT INTO U&\"!0074\" UESCAPE '!' VALUES (1)"));
    assertNull(first("SELECT 'U&\"x\"'"), "in a string");
    assertNull(first("SELECT U&'\\0041'"), "a string so written");
    assertNull(first("SELECT u & \"x\" FROM t"), "an operator between a column and a name");
    assertNull(first("SELECT \"U&\"\"x\"\"\" FROM t"), "a quoted name holding the characters");
    assertFalse(UnicodeNames.mayHold("ALTER TABLE U&\"zp\".w", Dialect.MYSQL));
  }
}

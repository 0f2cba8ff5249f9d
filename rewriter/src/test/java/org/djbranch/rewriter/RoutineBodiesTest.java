package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which routines may write, read from their bodies, and where a statement calls one. */
class RoutineBodiesTest {
  private static RoutineBodies.Routine sql(String name, String body) {
    return new RoutineBodies.Routine("s", name, body, "plpgsql");
  }

  private static boolean writes(String body, Dialect dialect) {
    return RoutineBodies.writing(List.of(sql("f", body)), dialect).contains("f");
  }

  /** Every statement word that writes makes a body writing, in any case; the same word in a string or comment does not. */
  @Test
  void aWordThatWritesMakesABodyWritingWhereverItStandsAsAWord() {
    for (String word : List.of("INSERT", "update", "Delete", "MERGE", "TRUNCATE", "COPY", "CREATE", "ALTER", "DROP",
        "EXECUTE", "PREPARE", "CALL", "LOCK", "nextval", "SETVAL", "GRANT", "REVOKE", "REFRESH", "dblink_exec")) {
      for (Dialect d : List.of(Dialect.POSTGRESQL, Dialect.MYSQL)) {
        assertEquals(true, writes("BEGIN " + word + " x; END", d), word + " " + d);
        assertEquals(true, writes("SELECT 1; " + word + "(x)", d), word + " " + d);
        assertEquals(false, writes("SELECT '" + word + " x' FROM t -- " + word + "\n", d), word + " " + d);
        assertEquals(false, writes("SELECT a FROM t /* " + word + " */ WHERE b = '" + word + "'", d), word + " " + d);
      }
    }
    assertEquals(false, writes("SELECT count(*) FROM s.item WHERE name = $1", Dialect.POSTGRESQL));
    assertEquals(true, writes("SELECT * FROM t FOR SHARE", Dialect.POSTGRESQL), "a lock on trunk's rows");
    assertEquals(true, writes("SELECT * FROM t FOR UPDATE", Dialect.POSTGRESQL));
  }

  @Test
  void mysqlsReplaceWritesWhereItIsAStatementNotTheStringFunction() {
    assertEquals(false, writes("RETURN REPLACE(name, 'a', 'b')", Dialect.MYSQL));
    assertEquals(true, writes("BEGIN REPLACE INTO t VALUES (1); RETURN 1; END", Dialect.MYSQL));
  }

  /** A body the catalog hides, or in a language that is not SQL, may write: nothing says it does not. */
  @Test
  void aHiddenBodyOrOneNotInSqlMayWrite() {
    Set<String> w = RoutineBodies.writing(List.of(new RoutineBodies.Routine("s", "hidden", null, null),
        new RoutineBodies.Routine("s", "py", "return 1", "plpython3u"),
        new RoutineBodies.Routine("s", "c_fn", "c_fn_symbol", "c"),
        new RoutineBodies.Routine("s", "plain", "RETURN 1", null),
        new RoutineBodies.Routine("s", "sqlfn", "SELECT 1", "SQL")), Dialect.MYSQL);
    assertEquals(Set.of("hidden", "py", "c_fn"), w);
  }

  /** A routine calling one that writes writes, through any number of calls, named with any case or quotes. */
  @Test
  void aCallOfAWritingRoutineWritesThroughAnyChain() {
    for (int length = 1; length <= 6; length++) {
      List<RoutineBodies.Routine> chain = new java.util.ArrayList<>();
      chain.add(sql("r0", "BEGIN INSERT INTO t VALUES (1); RETURN 1; END"));
      for (int k = 1; k < length; k++) {
        String callee = k % 2 == 0 ? "s.R" + (k - 1) : "\"r" + (k - 1) + "\"";
        chain.add(sql("r" + k, "SELECT " + callee + "(x)"));
      }
      chain.add(sql("reads", "SELECT count(*) FROM t"));
      chain.add(sql("names_without_call", "SELECT r0 FROM t"));
      java.util.Collections.reverse(chain); // callers before callees
      Set<String> w = RoutineBodies.writing(chain, Dialect.POSTGRESQL);
      assertEquals(length, w.size(), w.toString());
      for (int k = 0; k < length; k++) {
        assertEquals(true, w.contains("r" + k), "r" + k);
      }
    }
  }

  @Test
  void aCallIsANameFollowedByAParenthesisThatIsNoTableOrDeclaration() {
    NameSet routines = NameSet.of(List.of("add_item"));
    assertEquals("add_item", call("SELECT s.add_item(1)", routines));
    assertEquals("ADD_ITEM", call("SELECT * FROM t WHERE id = ADD_ITEM (2)", routines));
    assertEquals("add_item", call("SELECT \"add_item\"(3)", routines));
    assertEquals("add_item", call("SELECT * FROM s.add_item(3)", routines));
    assertNull(call("SELECT add_item FROM t", routines), "a column of that name");
    assertNull(call("INSERT INTO add_item (a) VALUES (1)", routines), "a table of that name");
    assertNull(call("INSERT INTO s.add_item (a) VALUES (1)", routines));
    assertNull(call("CREATE TABLE IF NOT EXISTS add_item (a int)", routines));
    assertNull(call("ALTER TABLE t ADD FOREIGN KEY (a) REFERENCES add_item (a)", routines));
    assertNull(call("DROP FUNCTION s.add_item(int)", routines));
    assertNull(call("SELECT 'add_item(1)'", routines));
  }

  private static String call(String sql, NameSet routines) {
    return RoutineBodies.firstCall(Lexer.tokenize(sql, Dialect.POSTGRESQL), routines);
  }
}

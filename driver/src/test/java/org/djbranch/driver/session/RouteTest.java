package org.djbranch.driver.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.Lexer;
import org.djbranch.rewriter.NameSet;
import org.junit.jupiter.api.Test;

/** The one route decision: each kind of statement is told apart, in every dialect, from the lexer's flags. */
class RouteTest {
  /** A draft table {@code note} and a known qualifier {@code s}, as a branch's layout would give them. */
  private static final NameSet DRAFTS = NameSet.of(Set.of("note"));
  private static final NameSet QUALIFIERS = NameSet.of(Set.of("s"));

  /** One text per kind, as an application sends it; a new kind without a text here fails {@link #everyKindIsReached}. */
  private static final Map<String, Route.Kind> SAMPLES = Map.ofEntries(
      Map.entry("SELECT 1", Route.Kind.AS_SENT),
      Map.entry("SELECT * FROM s.other WHERE id = 4", Route.Kind.AS_SENT),
      Map.entry("SELECT v FROM note WHERE id = 7", Route.Kind.SPLICE),
      Map.entry("DELETE FROM s.note WHERE id = ?", Route.Kind.SPLICE),
      Map.entry("CREATE TABLE s.t (id INT PRIMARY KEY)", Route.Kind.DDL),
      Map.entry("drop table note", Route.Kind.DDL),
      Map.entry("ALTER TABLE s.t ADD COLUMN c INT", Route.Kind.DDL),
      Map.entry("COMMIT", Route.Kind.TRANSACTION),
      Map.entry("rollback to savepoint a", Route.Kind.TRANSACTION),
      Map.entry("SET search_path TO s", Route.Kind.SESSION),
      Map.entry("USE s", Route.Kind.SESSION),
      Map.entry("SELECT 1; SELECT 2", Route.Kind.SEVERAL),
      Map.entry("INSERT INTO note VALUES (1); COMMIT", Route.Kind.SEVERAL),
      Map.entry("DO 1", Route.Kind.UNSEEN),
      Map.entry("CALL refresh_all()", Route.Kind.UNSEEN),
      Map.entry("GRANT SELECT ON s.item TO PUBLIC", Route.Kind.UNSEEN),
      Map.entry("revoke all on s.item from bob", Route.Kind.UNSEEN),
      Map.entry("CLUSTER s.item USING item_pkey", Route.Kind.MAINTENANCE),
      Map.entry("reindex table s.item", Route.Kind.MAINTENANCE),
      Map.entry("EXPLAIN SELECT * FROM s.item", Route.Kind.AS_SENT));

  /**
   * MySQL's own: a PREPARE or EXECUTE IMMEDIATE of a text held elsewhere (or only the server can read), a block, and
   * MariaDB's ANALYZE of a statement, which runs it.
   */
  private static final Map<String, Route.Kind> MYSQL_SAMPLES = Map.ofEntries(
      Map.entry("PREPARE st FROM @q", Route.Kind.FOLLOW),
      Map.entry("PREPARE st FROM 'SELECT * FROM note'", Route.Kind.FOLLOW),
      Map.entry("EXECUTE IMMEDIATE 'DELETE FROM s.item' USING 1", Route.Kind.FOLLOW),
      Map.entry("EXECUTE IMMEDIATE CONCAT('DELETE FROM ', 's.item')", Route.Kind.UNSEEN),
      Map.entry("BEGIN NOT ATOMIC DELETE FROM s.item; END", Route.Kind.UNSEEN),
      Map.entry("ANALYZE DELETE FROM s.item", Route.Kind.EXPLAINED),
      Map.entry("ANALYZE TABLE s.item", Route.Kind.AS_SENT),
      // MariaDB's statement under settings of its own runs it
      Map.entry("SET STATEMENT max_statement_time = 5 FOR DELETE FROM s.item", Route.Kind.EXPLAINED),
      Map.entry("set statement sql_mode = concat('A', 'NSI'), x = (1) for update s.item set a = 1",
          Route.Kind.EXPLAINED),
      Map.entry("SET STATEMENT max_statement_time = 5", Route.Kind.SESSION),
      Map.entry("BEGIN", Route.Kind.TRANSACTION),
      // the server's settings, which every session meets, and the session's own
      Map.entry("SET SESSION sql_mode = DEFAULT, GLOBAL wait_timeout = 100", Route.Kind.SERVER),
      Map.entry("RESET QUERY CACHE", Route.Kind.SERVER),
      Map.entry("SET @global = 1", Route.Kind.SESSION),
      // a listing of a database's tables, answered with the branch's and the pipeline's merged; other SHOWs as sent
      Map.entry("SHOW FULL TABLES FROM s LIKE 'n%'", Route.Kind.LISTING),
      Map.entry("SHOW TABLE STATUS LIKE 'n%'", Route.Kind.LISTING),
      Map.entry("SHOW VARIABLES LIKE 'sql_mode'", Route.Kind.AS_SENT));

  /** PostgreSQL's anonymous block, whose body is one dollar-quoted string. */
  private static final String DO_BLOCK = "DO $$ BEGIN ALTER TABLE item ADD COLUMN extra int; END $$";

  @Test
  void everyKindIsReached() {
    Set<Route.Kind> reached = EnumSet.noneOf(Route.Kind.class);
    reached.addAll(SAMPLES.values());
    reached.addAll(MYSQL_SAMPLES.values());
    assertEquals(EnumSet.allOf(Route.Kind.class), reached, "a kind of statement no sample text routes to");
  }

  @Test
  void eachTextTakesItsRouteInEveryDialect() {
    for (Dialect dialect : Dialect.values()) {
      for (Map.Entry<String, Route.Kind> sample : SAMPLES.entrySet()) {
        String sql = sample.getKey();
        if (dialect != Dialect.MYSQL && sql.startsWith("USE")) {
          continue; // USE is MySQL's; elsewhere it is still a session word, checked once below
        }
        Route route = Route.of(sql, Lexer.scan(sql, dialect, DRAFTS, QUALIFIERS), dialect);
        assertEquals(sample.getValue(), route.kind, dialect + ": " + sql);
      }
    }
  }

  @Test
  void eachDatabasesOwnStatementsTakeTheirRoutes() {
    for (Map.Entry<String, Route.Kind> sample : MYSQL_SAMPLES.entrySet()) {
      String sql = sample.getKey();
      Route route = Route.of(sql, Lexer.scan(sql, Dialect.MYSQL, DRAFTS, QUALIFIERS), Dialect.MYSQL);
      assertEquals(sample.getValue(), route.kind, sql);
    }
    Route block = Route.of(DO_BLOCK, Lexer.scan(DO_BLOCK, Dialect.POSTGRESQL, DRAFTS, QUALIFIERS), Dialect.POSTGRESQL);
    assertEquals(Route.Kind.UNSEEN, block.kind, DO_BLOCK);
  }

  @Test
  void payloadsSayWhichStatements() {
    String sql = "INSERT INTO note VALUES (1); COMMIT";
    Route several = Route.of(sql, Lexer.scan(sql, Dialect.POSTGRESQL, DRAFTS, QUALIFIERS), Dialect.POSTGRESQL);
    assertEquals(List.of("INSERT INTO note VALUES (1)", "COMMIT"),
        several.pieces.stream().map(p -> p.of(sql).strip()).toList());
    Route commit = Route.of("COMMIT", Lexer.scan("COMMIT", Dialect.MYSQL, DRAFTS, QUALIFIERS), Dialect.MYSQL);
    assertTrue(commit.control != null, "a transaction route carries its statement");
  }

  @Test
  void postgresqlsPrepareIsRoutedAsTheStatementItCarries() {
    // PREPARE is a transaction word (PREPARE TRANSACTION); PostgreSQL's PREPARE x AS holds its statement inline,
    // which EXECUTE runs: a DELETE prepared so must delete the branch's rows, copied first, as it would on its own
    for (String carried : List.of("SELECT * FROM note WHERE id = $1", "DELETE FROM s.item WHERE id = $1")) {
      String sql = "PREPARE st (int) AS " + carried;
      Route route = Route.of(sql, Lexer.scan(sql, Dialect.POSTGRESQL, DRAFTS, QUALIFIERS), Dialect.POSTGRESQL);
      assertEquals(Route.Kind.EXPLAINED, route.kind, sql);
      assertEquals(carried, sql.substring(route.explainedStart), sql);
    }
    String transaction = "PREPARE TRANSACTION 'x'";
    assertEquals(Route.Kind.TRANSACTION, Route.of(transaction, Lexer.scan(transaction, Dialect.POSTGRESQL, DRAFTS,
        QUALIFIERS), Dialect.POSTGRESQL).kind);
  }
}

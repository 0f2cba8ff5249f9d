package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Statements JSqlParser cannot parse, read from tokens where that reading accounts for every draft name they hold
 * ({@code note}, {@code tm}, {@code t2} here), refused as unparsable where it does not.
 */
class TokenReferencesTest {
  private static final NameSet DRAFTS = NameSet.of(List.of("note", "ThreadMemberships", "t2", "log"));

  private static List<String> refs(String sql, Dialect dialect) throws Exception {
    Analysis a = Analyzer.analyze(sql, dialect, DRAFTS);
    return a.tables().stream().filter(r -> r.role() != TableRef.Role.COLUMN_QUALIFIER)
        .map(r -> sql.substring(r.start(), r.end()) + ":" + r.role()).toList();
  }

  @Test
  void referencesAtTheLevelOfAQueryAreFound() throws Exception {
    assertEquals(List.of("t2:READ"), refs("SELECT x FROM t2 NOT INDEXED WHERE x > 0", Dialect.SQLITE));
    assertEquals(List.of("note:ALTER"), refs("CREATE INDEX note_fts ON note USING gin"
        + " (to_tsvector('english', a || ' ' || b))", Dialect.POSTGRESQL));
    // MySQL's multi-table DELETE lists the tables it deletes from before its FROM, as t.* too
    assertEquals(List.of("t:WRITE", "s.u:WRITE", "t:WRITE", "s.u:WRITE"), refs("DELETE t.*, s.u.* FROM t JOIN s.u ON"
        + " s.u.a = t.a", Dialect.MYSQL));
    assertEquals(List.of("x:WRITE", "t:WRITE"), refs("DELETE QUICK x.* FROM t AS x WHERE x.a = 1", Dialect.MYSQL));
    // a multi-table DELETE: every table it names may be the one it changes
    assertEquals(List.of("tm:WRITE", "ThreadMemberships:WRITE", "Threads:WRITE"), refs("DELETE FROM tm USING"
        + " ThreadMemberships AS tm JOIN Threads t ON t.id = tm.thread WHERE t.closed = 0", Dialect.MYSQL));
  }

  /**
   * A row change whose table the text does not show as a name is not read: SQLite reads a string as a table's name
   * ({@code DELETE FROM 't'}, {@code main.'t'}), and MySQL takes {@code UPDATE (t)}; read as naming no table, or the
   * schema alone, each went to trunk's table as written.
   */
  @Test
  void aRowChangeWhoseTableIsNoNameIsNotRead() {
    for (String sql : List.of("DELETE FROM 't'", "DELETE FROM main.'t' WHERE id = 1", "INSERT INTO 't' VALUES (1)",
        "UPDATE 't' SET v = 1", "REPLACE INTO main.'t' VALUES (1)", "UPDATE main.'t' SET v = 'x'",
        "ALTER TABLE main.'t' ADD COLUMN d int", "CREATE INDEX i ON main . 't' (v)", "DROP TABLE 'main'.t")) {
      assertThrows(UnparsableStatementException.class, () -> refs(sql, Dialect.SQLITE), sql);
    }
    for (String sql : List.of("UPDATE (t) SET v = 1", "DELETE FROM (t) WHERE id = 1", "UPDATE (t) JOIN u SET v = 1")) {
      assertThrows(UnparsableStatementException.class, () -> refs(sql, Dialect.MYSQL), sql);
    }
  }

  /** SQLite's REINDEX of a table names it without a kind; PostgreSQL's kinds other than TABLE name no table. */
  @Test
  void sqlitesReindexOfATableIsRead() throws Exception {
    assertEquals(List.of("note:READ"), refs("REINDEX note", Dialect.SQLITE));
    assertEquals(List.of("main.note:READ"), refs("REINDEX main.note", Dialect.SQLITE));
    assertThrows(UnparsableStatementException.class, () -> refs("REINDEX INDEX note", Dialect.POSTGRESQL));
  }

  /** DuckDB's FROM-first queries ({@code FROM t}, {@code FROM t SELECT x}), which the parser does not know. */
  @Test
  void duckDbsFromFirstQueriesAreRead() throws Exception {
    assertEquals(List.of("s.note:READ"), refs("FROM s.note ORDER BY id", Dialect.DUCKDB));
    assertEquals(List.of("note:READ"), refs("FROM note SELECT a WHERE id = 1", Dialect.DUCKDB));
    assertEquals(List.of("note:READ", "log:READ"), refs("FROM note WHERE a IN (FROM log SELECT a)", Dialect.DUCKDB));
    assertEquals(List.of("note:READ"), refs("FROM (FROM note WHERE id = 1) SELECT a", Dialect.DUCKDB));
    assertEquals(List.of("log:READ", "note:READ"), refs("SELECT * FROM log, (FROM note) AS n", Dialect.DUCKDB));
    // an alias named like a table of the branch's names no table
    assertEquals(List.of("s.note:READ", "log:READ"), refs("FROM s.note note JOIN log AS t2 USING (id) SELECT note.a,"
        + " t2.b", Dialect.DUCKDB));
    // DuckDB's PIVOT and UNPIVOT statements name their table right after the word
    assertEquals(List.of("s.note:READ"), refs("UNPIVOT s.note ON a, b INTO NAME k VALUE w", Dialect.DUCKDB));
    assertEquals(List.of("note:READ", "log:READ"), refs("UNPIVOT note ON COLUMNS(* EXCLUDE (id)) INTO NAME k VALUE w"
        + " WHERE id IN (FROM log SELECT id)", Dialect.DUCKDB));
  }

  /**
   * A query that locks the rows it reads, and a lock of whole tables, write what they lock as far as a branch is
   * concerned: the parser's reading takes the tables of a locking query's FROM (those of its OF list, where it has
   * one); the tokens' reading, every table named; LOCK TABLE(S) every table it lists, whatever the lock's mode.
   */
  @Test
  void locksAreWrites() throws Exception {
    assertEquals(List.of("note:WRITE", "s.t:WRITE"), refs("SELECT * FROM note JOIN s.t ON s.t.a = note.a FOR UPDATE",
        Dialect.POSTGRESQL));
    assertEquals(List.of("note:READ", "s.t:WRITE", "log:READ"), refs("SELECT * FROM note n JOIN s.t AS x ON x.a = n.a"
        + " WHERE n.a IN (SELECT a FROM log) FOR NO KEY UPDATE OF x SKIP LOCKED", Dialect.POSTGRESQL));
    assertEquals(List.of("note:READ"), refs("SELECT * FROM note", Dialect.POSTGRESQL));
    // a lock in a nested query: every table is taken as written
    assertEquals(List.of("note:WRITE", "s.t:WRITE"), refs("SELECT * FROM note WHERE a IN (SELECT a FROM s.t FOR UPDATE)",
        Dialect.POSTGRESQL));
    assertEquals(List.of("s.t:WRITE", "note:WRITE"), refs("WITH w AS (SELECT a FROM s.t FOR SHARE) SELECT * FROM w, note",
        Dialect.POSTGRESQL));
    assertEquals(List.of("note:WRITE"), refs("SELECT a FROM note WHERE a = 1 LOCK IN SHARE MODE", Dialect.MYSQL));
    assertEquals(List.of("note:WRITE", "s.t:WRITE"), refs("LOCK TABLE ONLY note, s.t * IN ACCESS EXCLUSIVE MODE NOWAIT",
        Dialect.POSTGRESQL));
    assertEquals(List.of("note:WRITE", "s.t:WRITE", "log:WRITE"), refs("LOCK TABLES note AS n READ LOCAL, s.t"
        + " LOW_PRIORITY WRITE, log WRITE", Dialect.MYSQL));
    assertEquals(List.of("t2:WRITE"), refs("LOCK t2", Dialect.POSTGRESQL));
    assertEquals(List.of("t2:WRITE", "s.t:WRITE"), refs("LOCK t2, ONLY s.t IN SHARE MODE", Dialect.POSTGRESQL));
  }

  /**
   * The table an UPDATE changes stands after SQLite's conflict clause and MySQL's modifiers: before, {@code UPDATE OR
   * IGNORE t} was read as changing a table named OR, and ran on trunk's t.
   */
  @Test
  void anUpdatesTableStandsAfterItsConflictClauseAndModifiers() throws Exception {
    for (String conflict : List.of("ROLLBACK", "ABORT", "REPLACE", "FAIL", "IGNORE")) {
      assertEquals(List.of("t2:WRITE"), refs("UPDATE OR " + conflict + " t2 SET v = 7", Dialect.SQLITE));
    }
    // MySQL's modifiers, which a table may be named as too: both taken as written, so the table is either way
    assertEquals(List.of("LOW_PRIORITY:WRITE", "IGNORE:WRITE", "t2:WRITE"),
        refs("UPDATE LOW_PRIORITY IGNORE t2 NOT INDEXED SET v = 7", Dialect.SQLITE));
    assertEquals(List.of("ignore:WRITE"), refs("UPDATE ignore NOT INDEXED SET v = 7", Dialect.SQLITE));
    assertEquals(List.of("ignore:WRITE", "a:WRITE"), refs("UPDATE ignore a NOT INDEXED SET v = 7", Dialect.SQLITE));
  }

  @Test
  void functionsCommonTableExpressionsAndColumnQualifiersAreNoTables() throws Exception {
    assertEquals(List.of("note:READ", "s.t:READ", "log:READ"), refs("WITH w AS (SELECT 1) SELECT EXTRACT(YEAR FROM d),"
        + " note.a FROM note, s.t AS x, w, generate_series(1, 2) WHERE a IN (SELECT b FROM log) NOT INDEXED",
        Dialect.SQLITE));
  }

  @Test
  void aDraftNameTheReadingCannotPlaceIsRefused() {
    // "note" as a column named after a draft table, in a text the parser cannot read
    assertThrows(UnparsableStatementException.class,
        () -> Analyzer.analyze("SELECT note FROM t2 NOT INDEXED", Dialect.SQLITE, DRAFTS));
    // and without the names to account for there is no reading at all
    assertThrows(UnparsableStatementException.class,
        () -> Analyzer.analyze("SELECT x FROM t2 NOT INDEXED", Dialect.SQLITE));
  }
}

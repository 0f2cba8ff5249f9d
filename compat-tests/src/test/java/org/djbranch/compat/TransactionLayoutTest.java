package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The layout cache shows what committed. A declaration inside a transaction is its connection's at once and the
 * other connections' of the process only once it commits; a rollback takes it away, a rollback to a savepoint what
 * came after the savepoint — whether the transaction is ended by a JDBC call or by a statement text. Where DDL
 * commits by itself (MySQL/MariaDB), a declaration is committed when it runs, and the branch shows that too.
 */
class TransactionLayoutTest {
  @TempDir
  Path dir;

  /** How the test begins and ends its transactions. */
  enum By {
    /** setAutoCommit(false), commit(), rollback(), setSavepoint() ... */
    CALL,
    /** As CALL, but committing by setAutoCommit(true). */
    AUTOCOMMIT_ON,
    /** BEGIN, COMMIT, ROLLBACK, SAVEPOINT ... as statement texts, in odd case and with comments. */
    TEXT
  }

  static Stream<Arguments> everyDatabaseEveryWay() {
    List<Arguments> all = new ArrayList<>();
    for (Db db : Db.values()) {
      for (By by : By.values()) {
        all.add(Arguments.of(db, by));
      }
    }
    return all.stream();
  }

  /** DuckDB has no savepoints. */
  static Stream<Arguments> savepointDatabasesEveryWay() {
    return everyDatabaseEveryWay().filter(a -> a.get()[0] != Db.DUCKDB && a.get()[1] != By.AUTOCOMMIT_ON);
  }

  private static void pipeline(TestDatabase p) throws SQLException {
    try (Connection raw = p.raw()) {
      exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id))",
          "INSERT INTO " + p.table("subject") + " VALUES (1), (2)");
    }
  }

  private static String child(TestDatabase p, String name) {
    return "CREATE TABLE " + p.table(name) + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id), FOREIGN KEY"
        + " (subject_id) REFERENCES " + p.parent("subject") + " (subject_id) ON DELETE CASCADE)";
  }

  private static Connection branch(TestDatabase p, String branch) throws SQLException {
    return DriverManager.getConnection(p.branchUrl(branch) + (p.db == Db.MARIADB ? "&allowMultiQueries=true" : ""));
  }

  private static void begin(Connection c, Db db, By by) throws SQLException {
    if (by != By.TEXT) {
      c.setAutoCommit(false);
      return;
    }
    exec(c, switch (db) {
      case POSTGRESQL -> "/* migration 1 */ BEGIN";
      case MARIADB -> "START TRANSACTION -- migration 1";
      case DUCKDB -> "begin transaction";
      case SQLITE -> "Begin Deferred Transaction";
    });
  }

  private static void commit(Connection c, Db db, By by) throws SQLException {
    switch (by) {
      case CALL -> {
        c.commit();
        c.setAutoCommit(true);
      }
      case AUTOCOMMIT_ON -> c.setAutoCommit(true);
      case TEXT -> exec(c, switch (db) {
        case POSTGRESQL -> "end /* done */";
        case MARIADB -> "commit work";
        case DUCKDB -> "COMMIT";
        case SQLITE -> "END TRANSACTION";
      });
    }
  }

  private static void rollback(Connection c, Db db, By by) throws SQLException {
    if (by != By.TEXT) {
      c.rollback();
      c.setAutoCommit(true);
      return;
    }
    exec(c, switch (db) {
      case POSTGRESQL -> "-- undo\nRollBack";
      case MARIADB -> "ROLLBACK WORK";
      case DUCKDB -> "ABORT";
      case SQLITE -> "ROLLBACK TRANSACTION";
    });
  }

  /** The rows of {@code table} this connection can read, or the error that says it cannot. */
  private static int count(Connection c, TestDatabase p, String table) throws SQLException {
    return Integer.parseInt(rows(c, "SELECT count(*) FROM " + p.table(table)).get(0).get(0));
  }

  /**
   * {@code table} does not exist for this connection, and the connection says so as the database does: the
   * statement reached it as written (the error is the wrapped driver's for a missing table and names no draft).
   */
  private static void missing(Connection c, TestDatabase p, String draft, String table) throws SQLException {
    SQLException e = assertThrows(SQLException.class, () -> count(c, p, table), table + " must not exist here");
    assertEquals(missingTableState(p), e.getSQLState(), e.getMessage());
    assertFalse(BranchFixture.namesDraftTable(e.getMessage(), draft, table),
        "bound to the draft, though nothing committed it there: " + e);
  }

  /**
   * As {@link #missing}, inside a transaction, where a failed statement would end it (PostgreSQL): the wrapped
   * connection puts a savepoint of its own around the statement, which the branch's layout never hears of.
   */
  private static void missingInTransaction(Connection c, TestDatabase p, String draft, String table)
      throws SQLException {
    Connection raw = c.unwrap(org.djbranch.driver.BranchConnection.class).delegate();
    exec(raw, "SAVEPOINT guard");
    try {
      missing(c, p, draft, table);
    } finally {
      exec(raw, "ROLLBACK TO SAVEPOINT guard", "RELEASE SAVEPOINT guard");
    }
  }

  /** The SQLState the raw driver gives for a SELECT of a table that does not exist. */
  private static String missingTableState(TestDatabase p) throws SQLException {
    try (Connection raw = p.raw()) {
      return assertThrows(SQLException.class, () -> count(raw, p, "no_such_table")).getSQLState();
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("everyDatabaseEveryWay")
  void aDeclarationIsItsTransactionsUntilItCommits(Db db, By by) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection a = branch(p, branch); Connection b = branch(p, branch)) {
        begin(a, db, by);
        exec(a, child(p, "drafted"), "INSERT INTO " + p.table("drafted") + " VALUES (1)");
        assertEquals(1, count(a, p, "drafted"), "the declaring connection binds its new table at once");
        if (db == Db.MARIADB) {
          // The CREATE TABLE committed as it ran: the table is there for all. After a START TRANSACTION that
          // commit also ended the transaction, so the row, written after it, committed too.
          assertEquals(by == By.TEXT ? 1 : 0, count(b, p, "drafted"));
        } else {
          missing(b, p, draft, "drafted"); // in autocommit: listed again, still not there
          assertEquals(1, count(a, p, "drafted"), "another connection's listing lost nothing of this one's");
        }
        commit(a, db, by);
        assertEquals(1, count(b, p, "drafted"));
        assertEquals(1, count(a, p, "drafted"));
        try (Connection c = branch(p, branch)) {
          assertEquals(1, count(c, p, "drafted"));
          exec(c, "DELETE FROM " + p.table("subject") + " WHERE subject_id = 1"); // the committed edge cascades
          assertEquals(0, count(c, p, "drafted"));
        }
      }
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("everyDatabaseEveryWay")
  void aRollbackTakesTheDeclarationAway(Db db, By by) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection a = branch(p, branch); Connection b = branch(p, branch)) {
        begin(a, db, by);
        exec(a, child(p, "undone"), "INSERT INTO " + p.table("undone") + " VALUES (1)");
        if (by == By.AUTOCOMMIT_ON) {
          a.rollback();
          a.setAutoCommit(true);
        } else {
          rollback(a, db, by);
        }
        if (db == Db.MARIADB) {
          // The table committed as it was declared; the row, written after it, rolled back — unless the
          // transaction was begun by START TRANSACTION, which that commit ended.
          assertEquals(by == By.TEXT ? 1 : 0, count(a, p, "undone"));
          assertEquals(by == By.TEXT ? 1 : 0, count(b, p, "undone"));
        } else {
          missing(a, p, draft, "undone");
          missing(b, p, draft, "undone");
          exec(a, child(p, "undone")); // declared again: nothing of the first is left to collide with
        }
        exec(a, child(p, "after"), "INSERT INTO " + p.table("after") + " VALUES (2)");
        assertEquals(1, count(b, p, "after"));
        assertEquals(List.of("after", "undone"), List.copyOf(new java.util.TreeSet<>(new CatalogReader(p).draftTablesWithEdges(draft).keySet())));
      }
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("savepointDatabasesEveryWay")
  void aRollbackToASavepointKeepsWhatCameBeforeIt(Db db, By by) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection a = branch(p, branch); Connection b = branch(p, branch)) {
        begin(a, db, by);
        exec(a, child(p, "first"));
        Savepoint sp = by == By.TEXT ? null : a.setSavepoint();
        if (by == By.TEXT) {
          exec(a, "SAVEPOINT Before_Second");
        }
        exec(a, child(p, "second"));
        if (db == Db.MARIADB) {
          // The CREATE TABLE committed, and so ended the savepoint: going back to it fails, as MySQL says, and
          // both tables stay.
          assertThrows(SQLException.class, () -> {
            if (by == By.TEXT) {
              exec(a, "ROLLBACK WORK TO SAVEPOINT before_second");
            } else {
              a.rollback(sp);
            }
          });
          a.setAutoCommit(true);
          assertEquals(0, count(b, p, "first"));
          assertEquals(0, count(b, p, "second"));
          return;
        }
        if (by == By.TEXT) {
          exec(a, db == Db.SQLITE ? "rollback transaction to savepoint BEFORE_SECOND"
              : "/* back */ ROLLBACK TO before_second");
        } else {
          a.rollback(sp);
        }
        assertEquals(0, count(a, p, "first"));
        missingInTransaction(a, p, draft, "second");
        Savepoint sp2 = by == By.TEXT ? null : a.setSavepoint("sp2");
        if (by == By.TEXT) {
          exec(a, "savepoint sp2");
        }
        exec(a, child(p, "third"));
        if (by == By.TEXT) {
          exec(a, "RELEASE sp2");
        } else {
          a.releaseSavepoint(sp2);
        }
        assertEquals(0, count(a, p, "third"));
        missing(b, p, draft, "first");
        missing(b, p, draft, "third");
        commit(a, db, by);
        assertEquals(0, count(b, p, "first"));
        assertEquals(0, count(b, p, "third"));
        missing(b, p, draft, "second");
        missing(a, p, draft, "second");
      }
    }
  }

  /** SQLite: a SAVEPOINT outside a transaction begins one, and releasing it commits. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"SQLITE"})
  void releasingTheSavepointThatBeganTheTransactionCommits(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection a = branch(p, branch); Connection b = branch(p, branch)) {
        exec(a, "SAVEPOINT migration", child(p, "saved"));
        missing(b, p, draft, "saved");
        exec(a, "RELEASE migration");
        assertEquals(0, count(b, p, "saved"));
      }
    }
  }

  /** A COMMIT among several statements of one text, or in a batch, ends the transaction as a COMMIT alone does. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB"})
  void aCommitInATextOfSeveralStatements(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection a = branch(p, branch); Connection b = branch(p, branch)) {
        exec(a, "BEGIN", child(p, "together"));
        missing(b, p, draft, "together");
        exec(a, "INSERT INTO " + p.table("together") + " VALUES (1); COMMIT");
        assertEquals(1, count(b, p, "together"));
        // In a batch, as one statement after the other.
        exec(a, "BEGIN", child(p, "batched"));
        try (java.sql.Statement batch = a.createStatement()) {
          batch.addBatch("INSERT INTO " + p.table("batched") + " VALUES (1)");
          batch.addBatch("COMMIT");
          batch.executeBatch();
        }
        assertEquals(1, count(b, p, "batched"));
      }
    }
  }

  /**
   * While one connection's declaration is uncommitted, another connection declaring the same name meets what the
   * database gives two sessions creating one table: it waits for the first (PostgreSQL) or fails at once (a
   * conflict, a lock) — and once the first has ended, the second's outcome is the database's: refused if the first
   * committed, declared if it rolled back. The same steps on raw connections say what the database gives.
   */
  @ParameterizedTest(name = "{0} first commits: {1}")
  @MethodSource("everyDatabaseCommitOrNot")
  void aSecondDeclarationOfAnUncommittedNameMeetsWhatTheDatabaseGives(Db db, boolean firstCommits)
      throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String rawOutcome;
      try (Connection a = p.raw(); Connection b = p.raw()) {
        rawOutcome = twoDeclarations(a, b, "CREATE TABLE " + p.table("raw_same") + " (id INT PRIMARY KEY)",
            firstCommits);
      }
      String branch = newBranch();
      p.draftFor(branch);
      String branchOutcome;
      try (Connection a = branch(p, branch); Connection b = branch(p, branch)) {
        branchOutcome = twoDeclarations(a, b, child(p, "same"), firstCommits);
        // Whoever declared it, the table is there for the second connection, unless neither's declaration stayed
        // (on MySQL the first's did: its DDL committed as it ran).
        boolean stayed = firstCommits || branchOutcome.equals("declared") || db == Db.MARIADB;
        assertEquals(stayed ? 0 : -1, exists(b, p, "same"));
      }
      assertEquals(rawOutcome, branchOutcome);
    }
  }

  static Stream<Arguments> everyDatabaseCommitOrNot() {
    return Stream.of(Db.values()).flatMap(db -> Stream.of(Arguments.of(db, true), Arguments.of(db, false)));
  }

  /** 0 rows or -1 when the table is not there for {@code c}. */
  private static int exists(Connection c, TestDatabase p, String table) {
    try {
      return count(c, p, table);
    } catch (SQLException e) {
      return -1;
    }
  }

  /**
   * {@code a} declares in a transaction; {@code b}, in autocommit, declares the same; then {@code a} ends. Whether
   * b's declaration succeeded, once both are done.
   */
  private static String twoDeclarations(Connection a, Connection b, String ddl, boolean firstCommits)
      throws Exception {
    a.setAutoCommit(false);
    exec(a, ddl);
    CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> {
      try {
        exec(b, ddl);
        return "declared";
      } catch (SQLException e) {
        return "refused";
      }
    });
    try {
      second.get(300, TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.TimeoutException waiting) {
      // PostgreSQL: the second waits for the first to end
    }
    if (firstCommits) {
      a.commit();
    } else {
      a.rollback();
    }
    a.setAutoCommit(true);
    return second.get(60, TimeUnit.SECONDS);
  }

  /**
   * A connection that lists a schema inside its own transaction (a declaration binds against the live catalog)
   * sees the database as its transaction does — in REPEATABLE READ, as it was when the transaction began. That
   * listing must not replace what another connection committed meanwhile: a third connection, inside a transaction
   * (where nothing is listed again on a miss), still binds the other's table.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB"})
  void aListingInsideATransactionLosesNoCommittedUpdate(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection a = branch(p, branch); Connection b = branch(p, branch); Connection c = branch(p, branch)) {
        exec(b, child(p, "early")); // the draft exists, and everyone has listed the schema
        a.setAutoCommit(false);
        if (db == Db.POSTGRESQL) {
          a.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        }
        assertEquals(0, count(a, p, "early")); // the snapshot of a's transaction is taken here
        exec(b, child(p, "meanwhile"));
        exec(a, child(p, "late")); // lists the schema inside a's transaction, which cannot see "meanwhile"
        a.commit();
        a.setAutoCommit(true);
        c.setAutoCommit(false);
        assertEquals(0, count(c, p, "meanwhile"));
        assertEquals(0, count(c, p, "late"));
        c.commit();
        c.setAutoCommit(true);
      }
    }
  }

  /**
   * Inside a transaction begun by text, the branch's own steps — here the cascade a symbolic key asks for — run in
   * it and end with it, as the application's statements do; a statement the branch refuses (MySQL: a DDL, which
   * would have committed) leaves the transaction open.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB", "SQLITE"})
  void aTransactionBegunByTextHoldsTheBranchsOwnSteps(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir).inSpecificationMode()) {
      pipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection a = branch(p, branch)) {
        exec(a, child(p, "kid"), "INSERT INTO " + p.table("kid") + " VALUES (1)");
        begin(a, db, By.TEXT);
        SQLException refused = assertThrows(SQLException.class, () -> exec(a, "DROP TABLE " + p.table("subject")));
        assertEquals("55000", refused.getSQLState(), refused.getMessage());
        exec(a, "DELETE FROM " + p.table("subject") + " WHERE subject_id = 1");
        assertEquals(0, count(a, p, "kid"));
        rollback(a, db, By.TEXT);
        assertEquals(1, count(a, p, "kid"));
        assertEquals(List.of(List.of("2")), rows(a, "SELECT count(*) FROM " + p.table("subject")));
      }
    }
  }

  /** The statement texts are recognised whatever their case and comments; the pipeline is untouched by all this. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB", "SQLITE"})
  void transactionTextsLeaveThePipelineAsItWas(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      List<String> before = new CatalogReader(p).pipelineStructure();
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection a = branch(p, branch)) {
        begin(a, db, By.TEXT);
        exec(a, child(p, "kept"));
        commit(a, db, By.TEXT);
        begin(a, db, By.TEXT);
        exec(a, child(p, "dropped"));
        rollback(a, db, By.TEXT);
      }
      assertEquals(before, new CatalogReader(p).pipelineStructure());
      assertTrue(new CatalogReader(p).draftTablesWithEdges(draft).containsKey("kept"));
      assertEquals(db == Db.MARIADB, new CatalogReader(p).draftTablesWithEdges(draft).containsKey("dropped"));
    }
  }
}

package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import org.djbranch.driver.BranchConnection;

/**
 * Two connections of one process on one branch take generated steps — declare a table, begin, commit, roll back,
 * set a savepoint, roll back to it, by JDBC call or by statement text — and after every step, for each connection
 * and each table name, what the connection can SELECT through the branch equals what the database really holds
 * for it: the same SELECT of the draft table, sent by the wrapped connection inside the same transaction, runs or
 * fails alike, and a table the catalog does not hold for the connection fails for the name as written (the
 * statement was never bound to the draft).
 * Inside a DuckDB transaction only tables that are there are read: a failed statement would abort it, and DuckDB
 * has no savepoints to guard one with.
 *
 * <p>SQLite is left out: it lets one connection write at a time, so two connections' transactions would mostly
 * measure its busy timeout; {@link TransactionLayoutTest} covers it step by step.
 */
class TransactionVisibilityTest {
  private static final int TABLES = 3;
  private static final Map<Db, AtomicInteger> CHECKS = new EnumMap<>(Db.class);

  enum Action { DECLARE, BEGIN, COMMIT, ROLLBACK, SAVEPOINT, ROLLBACK_TO }

  /** One step: which connection, what, by text or by call, and which table (or way) it names. */
  record Step(int connection, Action action, boolean byText, int table) {
    @Override
    public String toString() {
      return (connection == 0 ? "a " : "b ") + action + (byText ? " (text)" : "") + " t" + table;
    }
  }

  @Provide
  Arbitrary<List<Step>> steps() {
    Arbitrary<Action> actions = Arbitraries.frequency(Tuple.of(4, Action.DECLARE), Tuple.of(3, Action.BEGIN),
        Tuple.of(2, Action.COMMIT), Tuple.of(2, Action.ROLLBACK), Tuple.of(2, Action.SAVEPOINT),
        Tuple.of(2, Action.ROLLBACK_TO));
    return Combinators.combine(Arbitraries.integers().between(0, 1), actions, Arbitraries.of(true, false),
        Arbitraries.integers().between(0, TABLES - 1)).as(Step::new).list().ofMinSize(4).ofMaxSize(16);
  }

  @Property(shrinking = ShrinkingMode.FULL)
  void postgresql(@ForAll("steps") List<Step> steps) throws Exception {
    check(Db.POSTGRESQL, steps);
  }

  @Property(shrinking = ShrinkingMode.FULL)
  void mariadb(@ForAll("steps") List<Step> steps) throws Exception {
    check(Db.MARIADB, steps);
  }

  @Property(shrinking = ShrinkingMode.FULL)
  void duckdb(@ForAll("steps") List<Step> steps) throws Exception {
    check(Db.DUCKDB, steps);
  }

  @AfterContainer
  static void report() {
    System.out.println("Visibility checks after generated transaction steps: " + CHECKS);
  }

  private void check(Db db, List<Step> steps) throws Exception {
    Path dir = Files.createTempDirectory("djb-visibility");
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      new Run(p, steps).run();
    } finally {
      BranchFixture.deleteTree(dir);
    }
  }

  /** One connection and what the test knows of its transaction. */
  private static final class Session {
    final String name;
    final Connection c;
    /** The wrapped connection: the database's own answers, in the same transaction. */
    final Connection raw;
    boolean inTransaction;
    boolean byText;
    /** Savepoints of the open transaction: a name set by text, or the JDBC object. */
    final Deque<Object> savepoints = new ArrayDeque<>();
    int named;

    Session(String name, Connection c) throws SQLException {
      this.name = name;
      this.c = c;
      this.raw = c.unwrap(BranchConnection.class).delegate();
    }
  }

  private static final class Run {
    private final TestDatabase p;
    private final Db db;
    private final List<Step> steps;
    private final String branch = newBranch();
    private final String draft;
    private final List<String> log = new ArrayList<>();

    Run(TestDatabase p, List<Step> steps) {
      this.p = p;
      this.db = p.db;
      this.steps = steps;
      this.draft = p.draftFor(branch);
    }

    void run() throws Exception {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id))");
      }
      try (Connection a = DriverManager.getConnection(p.branchUrl(branch));
          Connection b = DriverManager.getConnection(p.branchUrl(branch))) {
        Session[] sessions = {new Session("a", a), new Session("b", b)};
        for (Session s : sessions) {
          shortWaits(s);
        }
        for (Step step : steps) {
          take(step, sessions[step.connection()]);
          for (Session s : sessions) {
            for (int t = 0; t < TABLES; t++) {
              visible(s, "t" + t, step);
            }
          }
        }
        for (Session s : sessions) {
          if (s.inTransaction) {
            end(s, false, false);
          }
        }
      }
    }

    /** A connection waiting for another's uncommitted declaration gives up soon, as the step's failure. */
    private void shortWaits(Session s) throws SQLException {
      switch (db) {
        case POSTGRESQL -> exec(s.c, "SET lock_timeout = '150ms'");
        case MARIADB -> exec(s.c, "SET SESSION lock_wait_timeout = 1", "SET SESSION innodb_lock_wait_timeout = 1");
        default -> { }
      }
    }

    private void take(Step step, Session s) throws SQLException {
      switch (step.action()) {
        case BEGIN -> {
          if (s.inTransaction) {
            return;
          }
          if (step.byText()) {
            exec(s.c, db == Db.MARIADB ? "start transaction" : step.table() == 0 ? "BEGIN" : "Begin Transaction");
          } else {
            s.c.setAutoCommit(false);
          }
          s.inTransaction = true;
          s.byText = step.byText();
          log.add(step + ": begun");
        }
        case DECLARE -> {
          String ddl = "CREATE TABLE " + p.table("t" + step.table()) + " (subject_id INT NOT NULL PRIMARY KEY"
              + " REFERENCES " + p.parent("subject") + " (subject_id))";
          try {
            exec(s.c, ddl);
            log.add(step + ": declared");
          } catch (SQLException e) {
            log.add(step + ": refused, " + e.getSQLState() + " " + e.getMessage());
            if (s.inTransaction && db != Db.MARIADB) {
              end(s, false, step.byText()); // the failure ended the transaction's usefulness: roll it back
            }
          }
          if (db == Db.MARIADB) {
            s.savepoints.clear(); // the DDL committed, ending the savepoints (and a START TRANSACTION)
            if (s.byText) {
              s.inTransaction = false;
            }
          }
        }
        case COMMIT -> {
          if (s.inTransaction) {
            end(s, true, step.byText());
            log.add(step + ": committed");
          }
        }
        case ROLLBACK -> {
          if (s.inTransaction) {
            end(s, false, step.byText());
            log.add(step + ": rolled back");
          }
        }
        case SAVEPOINT -> {
          if (!s.inTransaction || db == Db.DUCKDB) {
            return;
          }
          if (step.byText() || s.byText) { // a transaction begun by text has no JDBC savepoints
            String name = "Sp_" + s.named++;
            exec(s.c, "SAVEPOINT " + name);
            s.savepoints.push(name);
          } else {
            s.savepoints.push(s.c.setSavepoint());
          }
          log.add(step + ": savepoint " + s.savepoints.peek());
        }
        case ROLLBACK_TO -> {
          if (!s.inTransaction || s.savepoints.isEmpty()) {
            return;
          }
          Object sp = s.savepoints.peek();
          try {
            if (sp instanceof Savepoint jdbc) {
              s.c.rollback(jdbc);
            } else {
              exec(s.c, (step.table() == 0 ? "rollback to " : "ROLLBACK TO SAVEPOINT ") + sp);
            }
            log.add(step + ": back to " + sp);
          } catch (SQLException e) {
            log.add(step + ": back to " + sp + " failed, " + e.getMessage());
            s.savepoints.clear();
          }
        }
      }
    }

    /**
     * Ends the transaction: by text (COMMIT / END / ROLLBACK / ABORT), by call, or by setAutoCommit(true). One begun
     * by text ends by text; one begun by call ends by call, or on PostgreSQL by text too (its driver follows; others'
     * drivers then try to end a transaction that is gone).
     */
    private void end(Session s, boolean commit, boolean byText) throws SQLException {
      if (s.byText || (byText && db == Db.POSTGRESQL)) {
        String text = commit ? (db == Db.POSTGRESQL && byText ? "/* end */ END" : "COMMIT")
            : (db == Db.POSTGRESQL && byText ? "abort" : "-- undo\nROLLBACK");
        exec(s.c, text);
        if (!s.byText) {
          s.c.setAutoCommit(true); // begun by call: nothing left to commit, autocommit as before
        }
      } else if (commit) {
        s.c.setAutoCommit(true); // commits, as JDBC says
      } else {
        s.c.rollback();
        s.c.setAutoCommit(true);
      }
      s.inTransaction = false;
      s.byText = false;
      s.savepoints.clear();
    }

    /**
     * Whether the connection's SELECT of {@code table} through the branch agrees with the database: with the same
     * SELECT of the draft table sent by the wrapped connection inside the same transaction (on MySQL a table made
     * after a transaction's snapshot exists and still cannot be read in it), and, where the catalog holds no such
     * table for the connection, failing for the name as written.
     */
    private void visible(Session s, String table, Step after) throws SQLException {
      boolean there = exists(s, table);
      if (!there && s.inTransaction && db == Db.DUCKDB) {
        return; // a failed statement would abort the transaction, and DuckDB has no savepoint to guard it with
      }
      CHECKS.computeIfAbsent(db, d -> new AtomicInteger()).incrementAndGet();
      String database = select(s, s.raw, "\"" + draft + "\".\"" + table + "\"");
      String branched = select(s, s.c, p.table(table));
      if (database == null && branched != null) {
        throw disagreement(s, table, after, "the database lets this connection read it, but through the branch"
            + " the SELECT failed: " + branched);
      }
      if (database != null && branched == null) {
        throw disagreement(s, table, after, "the database does not let this connection read it (" + database
            + "), but through the branch the SELECT ran");
      }
      if (!there && branched != null && BranchFixture.namesDraftTable(branched, draft, table)) {
        throw disagreement(s, table, after, "the SELECT was bound to the draft, where the database holds no such"
            + " table for this connection: " + branched);
      }
    }

    /**
     * The error of {@code SELECT count(*) FROM name} on {@code c}, or null when it ran. Inside a PostgreSQL
     * transaction the wrapped connection guards it with a savepoint of its own, which the branch never hears of.
     */
    private String select(Session s, Connection c, String name) throws SQLException {
      String guard = s.inTransaction && db == Db.POSTGRESQL ? "guard" : null;
      if (guard != null) {
        exec(s.raw, "SAVEPOINT " + guard);
      }
      try {
        rows(c, "SELECT count(*) FROM " + (db == Db.MARIADB ? name.replace('"', '`') : name));
        return null;
      } catch (SQLException e) {
        return e.getMessage();
      } finally {
        if (guard != null) {
          exec(s.raw, "ROLLBACK TO SAVEPOINT " + guard, "RELEASE SAVEPOINT " + guard);
        }
      }
    }

    /** The catalog's answer, read through the wrapped connection inside the connection's own transaction. */
    private boolean exists(Session s, String table) throws SQLException {
      String sql = switch (db) {
        case POSTGRESQL -> "SELECT count(*) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
            + " ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relname = ?";
        case MARIADB -> "SELECT count(*) FROM information_schema.tables WHERE table_schema = ? AND table_name = ?";
        default -> "SELECT count(*) FROM duckdb_tables() WHERE schema_name = ? AND table_name = ?";
      };
      try (PreparedStatement ps = s.raw.prepareStatement(sql)) {
        ps.setString(1, draft);
        ps.setString(2, table);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          return rs.getInt(1) > 0;
        }
      }
    }

    private AssertionError disagreement(Session s, String table, Step after, String what) {
      return new AssertionError("After " + after + ", connection " + s.name + " on " + table + ": " + what
          + "\nsteps:\n  " + String.join("\n  ", log));
    }
  }
}

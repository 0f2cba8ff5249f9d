package org.djbranch.driver.session;

import java.sql.BatchUpdateException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.djbranch.driver.jdbc.ServerCalls.SqlAction;

/**
 * What a statement on a branch does with the texts handed to it, once for the three kinds of statement
 * ({@link BranchStatement}, {@link BranchPreparedStatement}, {@link BranchCallableStatement}, each of which
 * forwards its text methods here with the statement it wraps now): every text runs through the session's
 * {@link BranchSession#execute}; the warning djbranch gave the execution itself (a declaration answered without
 * DDL) is kept and reported before the database's own; texts added to a batch are rewritten as they are added, and
 * a batch holding a declaration, which takes steps one batch cannot carry, runs one statement at a time.
 */
final class StatementTexts {
  private static final SqlAction<Statement, Boolean> EXECUTE = Statement::execute;
  private static final SqlAction<Statement, ResultSet> EXECUTE_QUERY = Statement::executeQuery;
  private static final SqlAction<Statement, Integer> EXECUTE_UPDATE = Statement::executeUpdate;
  private static final SqlAction<Statement, Long> EXECUTE_LARGE_UPDATE = Statement::executeLargeUpdate;
  /**
   * Loads {@link SQLWarning} with this class. The JIT compiler inlines no call whose signature names a class not
   * loaded yet, and nothing else loads this one until some warning exists; {@link BranchSession#takeWarning()},
   * asked after every statement, then stayed a call of its own.
   */
  @SuppressWarnings("unused")
  private static final Class<?> WARNING_LOADED = SQLWarning.class;

  private final BranchSession session;
  /** The warning djbranch gave the last execution itself; reported before the database's own. */
  private SQLWarning answered;
  /** The texts of the open batch as added, else null. */
  private List<String> batchTexts;
  /** Whether the open batch holds a statement that takes steps of its own, so it runs one statement at a time. */
  private boolean stepwise;

  /** Whether the statement's result sets may change rows ({@code CONCUR_UPDATABLE}). */
  private final boolean updatable;

  StatementTexts(BranchSession session) {
    this(session, false);
  }

  StatementTexts(BranchSession session, boolean updatable) {
    this.session = session;
    this.updatable = updatable;
  }

  /** One execution of a statement text through the session, keeping the warning it gave. */
  private <T> T run(Statement target, String sql, SqlAction<Statement, T> action) throws SQLException {
    answered = null;
    if (updatable) {
      session.updatableQuery(sql); // its result set's changes go to the tables it reads: the branch's copies
    }
    T result = session.execute(target, sql, action);
    answered = session.takeWarning();
    return result;
  }

  // ---- the text executions of java.sql.Statement, in its order ----

  boolean execute(Statement target, String sql) throws SQLException {
    return run(target, sql, EXECUTE);
  }

  boolean execute(Statement target, String sql, int keys) throws SQLException {
    return run(target, sql, (t, text) -> t.execute(text, keys));
  }

  boolean execute(Statement target, String sql, int[] columns) throws SQLException {
    return run(target, sql, (t, text) -> t.execute(text, columns));
  }

  boolean execute(Statement target, String sql, String[] columns) throws SQLException {
    return run(target, sql, (t, text) -> t.execute(text, columns));
  }

  ResultSet executeQuery(Statement target, String sql) throws SQLException {
    return run(target, sql, EXECUTE_QUERY);
  }

  int executeUpdate(Statement target, String sql) throws SQLException {
    return run(target, sql, EXECUTE_UPDATE);
  }

  int executeUpdate(Statement target, String sql, int keys) throws SQLException {
    return run(target, sql, (t, text) -> t.executeUpdate(text, keys));
  }

  int executeUpdate(Statement target, String sql, int[] columns) throws SQLException {
    return run(target, sql, (t, text) -> t.executeUpdate(text, columns));
  }

  int executeUpdate(Statement target, String sql, String[] columns) throws SQLException {
    return run(target, sql, (t, text) -> t.executeUpdate(text, columns));
  }

  long executeLargeUpdate(Statement target, String sql) throws SQLException {
    return run(target, sql, EXECUTE_LARGE_UPDATE);
  }

  long executeLargeUpdate(Statement target, String sql, int keys) throws SQLException {
    return run(target, sql, (t, text) -> t.executeLargeUpdate(text, keys));
  }

  long executeLargeUpdate(Statement target, String sql, int[] columns) throws SQLException {
    return run(target, sql, (t, text) -> t.executeLargeUpdate(text, columns));
  }

  long executeLargeUpdate(Statement target, String sql, String[] columns) throws SQLException {
    return run(target, sql, (t, text) -> t.executeLargeUpdate(text, columns));
  }

  // ---- batches of texts ----

  /**
   * Adds a text to the batch, rewritten as it is added (a refusal fails here already); adding reaches no server.
   * A declaration (no text to batch) makes the batch run one statement at a time when it is executed.
   */
  void addBatch(Statement target, String sql) throws SQLException {
    String text = session.prepare(sql);
    if (batchTexts == null) {
      batchTexts = new ArrayList<>();
    }
    batchTexts.add(sql);
    stepwise |= text == null;
    if (!stepwise) {
      target.addBatch(text);
    } // else the statements run one at a time when the batch executes; the wrapped batch is discarded then
  }

  void clearBatch(Statement target) throws SQLException {
    batchTexts = null;
    stepwise = false;
    target.clearBatch();
  }

  int[] executeBatch(Statement target) throws SQLException {
    if (stepwise) {
      return narrow(executeStepwise(target, false));
    }
    batchTexts = null;
    session.reached();
    return target.executeBatch();
  }

  long[] executeLargeBatch(Statement target) throws SQLException {
    if (stepwise) {
      return executeStepwise(target, true);
    }
    batchTexts = null;
    session.reached();
    return target.executeLargeBatch();
  }

  /**
   * Runs the open batch one statement at a time, in order, each through the session as {@code executeUpdate} runs
   * it (one round trip each), so that a declaration takes its steps and the statements after it see what it
   * declared. Answers as a batch does: the update counts in order, or at the first failure a
   * {@link BatchUpdateException} with the counts of the statements before it. What ran stays, as it would where the
   * session runs each statement of a batch in autocommit; inside a transaction it is the transaction's. The
   * warnings djbranch gave the statements are chained, in order.
   */
  private long[] executeStepwise(Statement target, boolean large) throws SQLException {
    List<String> texts = batchTexts;
    batchTexts = null;
    stepwise = false;
    target.clearBatch();
    long[] counts = new long[texts.size()];
    SQLWarning warnings = null;
    for (int i = 0; i < texts.size(); i++) {
      try {
        counts[i] = run(target, texts.get(i), EXECUTE_UPDATE);
      } catch (SQLException e) {
        answered = warnings;
        long[] done = Arrays.copyOf(counts, i);
        String reason = "Statement " + (i + 1) + " of the batch failed: " + e.getMessage();
        throw large ? new BatchUpdateException(reason, e.getSQLState(), e.getErrorCode(), done, e)
            : new BatchUpdateException(reason, e.getSQLState(), e.getErrorCode(), narrow(done), e);
      }
      if (answered != null) {
        if (warnings == null) {
          warnings = answered;
        } else {
          warnings.setNextWarning(answered);
        }
      }
    }
    answered = warnings;
    return counts;
  }

  /** Counts as {@code executeBatch} answers them; one past the range of an int is reported as the largest int. */
  private static int[] narrow(long[] counts) {
    int[] out = new int[counts.length];
    for (int i = 0; i < counts.length; i++) {
      out[i] = (int) Math.min(counts[i], Integer.MAX_VALUE);
    }
    return out;
  }

  // ---- warnings ----

  /** The warnings of the statement: djbranch's own for its last execution first, then the database's. */
  SQLWarning warnings(Statement target) throws SQLException {
    SQLWarning inner = target.getWarnings();
    if (answered == null) {
      return inner;
    }
    SQLWarning first = new SQLWarning(answered.getMessage(), answered.getSQLState());
    if (inner != null) {
      first.setNextWarning(inner);
    }
    return first;
  }

  void clearWarnings(Statement target) throws SQLException {
    answered = null;
    target.clearWarnings();
  }
}

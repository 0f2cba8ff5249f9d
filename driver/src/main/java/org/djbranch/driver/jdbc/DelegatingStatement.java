package org.djbranch.driver.jdbc;

import java.sql.SQLException;

/**
 * Plain delegates for every {@link java.sql.Statement} method. Every execution goes through the connection's
 * {@link ServerCalls} hook (which counts it, and on a branch routes its text); child objects come from
 * {@link Wrappers}. Behaviour lives in subclasses, which override only the methods that carry it. Written once
 * from the interface, kept by hand since.
 */
@SuppressWarnings({"deprecation", "removal"})
public class DelegatingStatement<S extends java.sql.Statement> implements java.sql.Statement {
  private static final ServerCalls.SqlAction<java.sql.Statement, Boolean> EXECUTE = java.sql.Statement::execute;
  private static final ServerCalls.SqlAction<java.sql.Statement, java.sql.ResultSet> EXECUTE_QUERY =
      java.sql.Statement::executeQuery;
  private static final ServerCalls.SqlAction<java.sql.Statement, Integer> EXECUTE_UPDATE =
      java.sql.Statement::executeUpdate;
  private static final ServerCalls.SqlAction<java.sql.Statement, Long> EXECUTE_LARGE_UPDATE =
      java.sql.Statement::executeLargeUpdate;
  /**
   * Loads {@link java.sql.SQLWarning} with this class. The JIT compiler inlines no call whose signature names a class
   * not loaded yet, and nothing else loads this one until some warning exists; {@link ServerCalls#takeWarning()},
   * asked after every statement, then stayed a call of its own.
   */
  @SuppressWarnings("unused")
  private static final Class<?> WARNING_LOADED = java.sql.SQLWarning.class;

  /**
   * The wrapped statement. Not final for one case: a branch's prepared statement that met a stale listing is
   * prepared anew, and the new one replaces it (the session's {@code ReplayablePreparedStatement}).
   */
  protected S delegate;
  /** The connection that made this statement: {@link #getConnection()} answers with it, never the wrapped one. */
  protected final java.sql.Connection owner;
  /** Where a call of this statement reaches the server. */
  protected final ServerCalls calls;
  /** The warning djbranch gave the last execution itself; reported before the database's own. */
  private java.sql.SQLWarning answered;
  /** Where the hook keeps batch texts (a branch): the texts of the open batch as added, else null. */
  private java.util.List<String> batchTexts;
  /** Whether the open batch holds a statement that takes steps of its own, so it runs one statement at a time. */
  private boolean batchStepwise;

  protected DelegatingStatement(java.sql.Connection owner, S delegate, ServerCalls calls) {
    this.owner = owner;
    this.delegate = delegate;
    this.calls = calls;
  }

  /** The wrapped result set, answering {@link java.sql.ResultSet#getStatement()} with this statement. */
  protected final java.sql.ResultSet wrap(java.sql.ResultSet rs) {
    return Wrappers.resultSet(rs, this);
  }

  /** The wrapped object itself. */
  public final S delegate() {
    return delegate;
  }

  @Override
  public final <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    if (iface.isInstance(delegate)) {
      return iface.cast(delegate);
    }
    return delegate.unwrap(iface);
  }

  @Override
  public final boolean isWrapperFor(Class<?> iface) throws SQLException {
    return iface.isInstance(this) || iface.isInstance(delegate) || delegate.isWrapperFor(iface);
  }

  @Override
  public void addBatch(String sql) throws SQLException {
    String text = calls.batched(sql);
    if (calls.keepsBatchTexts()) {
      if (batchTexts == null) {
        batchTexts = new java.util.ArrayList<>();
      }
      batchTexts.add(sql);
      batchStepwise |= text == null;
      if (batchStepwise) {
        return; // the statements run one at a time when the batch executes; the wrapped batch is discarded then
      }
    }
    delegate.addBatch(text);
  }

  @Override
  public void cancel() throws SQLException {
    delegate.cancel();
  }

  @Override
  public void clearBatch() throws SQLException {
    batchTexts = null;
    batchStepwise = false;
    delegate.clearBatch();
  }

  /** One execution of a statement text through the hook, keeping the warning the hook gave it. */
  private <T> T run(String sql, ServerCalls.SqlAction<java.sql.Statement, T> action) throws SQLException {
    answered = null;
    T result = calls.execute((java.sql.Statement) delegate, sql, action);
    answered = calls.takeWarning();
    return result;
  }

  @Override
  public void clearWarnings() throws SQLException {
    answered = null;
    delegate.clearWarnings();
  }

  @Override
  public void close() throws SQLException {
    delegate.close();
  }

  @Override
  public void closeOnCompletion() throws SQLException {
    delegate.closeOnCompletion();
  }

  @Override
  public String enquoteIdentifier(String a0, boolean a1) throws SQLException {
    return delegate.enquoteIdentifier(a0, a1);
  }

  @Override
  public String enquoteLiteral(String a0) throws SQLException {
    return delegate.enquoteLiteral(a0);
  }

  @Override
  public String enquoteNCharLiteral(String a0) throws SQLException {
    return delegate.enquoteNCharLiteral(a0);
  }

  @Override
  public boolean execute(String sql, int[] a1) throws SQLException {
    return run(sql, (t, text) -> t.execute(text, a1));
  }

  @Override
  public boolean execute(String sql, String[] names) throws SQLException {
    return run(sql, (t, text) -> t.execute(text, names));
  }

  @Override
  public boolean execute(String sql, int a1) throws SQLException {
    return run(sql, (t, text) -> t.execute(text, a1));
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    return run(sql, EXECUTE);
  }

  @Override
  public int[] executeBatch() throws SQLException {
    if (batchStepwise) {
      return narrow(executeStepwise(false));
    }
    batchTexts = null;
    calls.reached();
    return delegate.executeBatch();
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    if (batchStepwise) {
      return executeStepwise(true);
    }
    batchTexts = null;
    calls.reached();
    return delegate.executeLargeBatch();
  }

  /**
   * Runs the open batch one statement at a time, in order, each through the hook as {@link #executeUpdate} runs it
   * (one round trip each), so that a declaration takes its steps and the statements after it see what it declared.
   * Answers as a batch does: the update counts in order, or at the first failure a {@link java.sql.BatchUpdateException}
   * with the counts of the statements before it. What ran stays, as it would where the session runs each statement
   * of a batch in autocommit; inside a transaction it is the transaction's. The warnings djbranch gave the
   * statements are chained, in order.
   */
  private long[] executeStepwise(boolean large) throws SQLException {
    java.util.List<String> texts = batchTexts;
    batchTexts = null;
    batchStepwise = false;
    delegate.clearBatch();
    long[] counts = new long[texts.size()];
    java.sql.SQLWarning warnings = null;
    for (int i = 0; i < texts.size(); i++) {
      try {
        counts[i] = run(texts.get(i), EXECUTE_UPDATE);
      } catch (SQLException e) {
        answered = warnings;
        long[] done = java.util.Arrays.copyOf(counts, i);
        String reason = "Statement " + (i + 1) + " of the batch failed: " + e.getMessage();
        throw large ? new java.sql.BatchUpdateException(reason, e.getSQLState(), e.getErrorCode(), done, e)
            : new java.sql.BatchUpdateException(reason, e.getSQLState(), e.getErrorCode(), narrow(done), e);
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

  /** Counts as {@link #executeBatch} answers them; one past the range of an int is reported as the largest int. */
  private static int[] narrow(long[] counts) {
    int[] out = new int[counts.length];
    for (int i = 0; i < counts.length; i++) {
      out[i] = (int) Math.min(counts[i], Integer.MAX_VALUE);
    }
    return out;
  }

  @Override
  public long executeLargeUpdate(String sql, int[] a1) throws SQLException {
    return run(sql, (t, text) -> t.executeLargeUpdate(text, a1));
  }

  @Override
  public long executeLargeUpdate(String sql, String[] names) throws SQLException {
    return run(sql, (t, text) -> t.executeLargeUpdate(text, names));
  }

  @Override
  public long executeLargeUpdate(String sql, int a1) throws SQLException {
    return run(sql, (t, text) -> t.executeLargeUpdate(text, a1));
  }

  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    return run(sql, EXECUTE_LARGE_UPDATE);
  }

  @Override
  public java.sql.ResultSet executeQuery(String sql) throws SQLException {
    return wrap(run(sql, EXECUTE_QUERY));
  }

  @Override
  public int executeUpdate(String sql, int[] a1) throws SQLException {
    return run(sql, (t, text) -> t.executeUpdate(text, a1));
  }

  @Override
  public int executeUpdate(String sql, String[] names) throws SQLException {
    return run(sql, (t, text) -> t.executeUpdate(text, names));
  }

  @Override
  public int executeUpdate(String sql, int a1) throws SQLException {
    return run(sql, (t, text) -> t.executeUpdate(text, a1));
  }

  @Override
  public int executeUpdate(String sql) throws SQLException {
    return run(sql, EXECUTE_UPDATE);
  }

  @Override
  public final java.sql.Connection getConnection() {
    return owner;
  }

  @Override
  public int getFetchDirection() throws SQLException {
    return delegate.getFetchDirection();
  }

  @Override
  public int getFetchSize() throws SQLException {
    return delegate.getFetchSize();
  }

  @Override
  public java.sql.ResultSet getGeneratedKeys() throws SQLException {
    return wrap(delegate.getGeneratedKeys());
  }

  @Override
  public long getLargeMaxRows() throws SQLException {
    return delegate.getLargeMaxRows();
  }

  @Override
  public long getLargeUpdateCount() throws SQLException {
    return delegate.getLargeUpdateCount();
  }

  @Override
  public int getMaxFieldSize() throws SQLException {
    return delegate.getMaxFieldSize();
  }

  @Override
  public int getMaxRows() throws SQLException {
    return delegate.getMaxRows();
  }

  @Override
  public boolean getMoreResults() throws SQLException {
    return delegate.getMoreResults();
  }

  @Override
  public boolean getMoreResults(int a0) throws SQLException {
    return delegate.getMoreResults(a0);
  }

  @Override
  public int getQueryTimeout() throws SQLException {
    return delegate.getQueryTimeout();
  }

  @Override
  public java.sql.ResultSet getResultSet() throws SQLException {
    return wrap(delegate.getResultSet());
  }

  @Override
  public int getResultSetConcurrency() throws SQLException {
    return delegate.getResultSetConcurrency();
  }

  @Override
  public int getResultSetHoldability() throws SQLException {
    return delegate.getResultSetHoldability();
  }

  @Override
  public int getResultSetType() throws SQLException {
    return delegate.getResultSetType();
  }

  @Override
  public int getUpdateCount() throws SQLException {
    return delegate.getUpdateCount();
  }

  @Override
  public java.sql.SQLWarning getWarnings() throws SQLException {
    java.sql.SQLWarning inner = delegate.getWarnings();
    if (answered == null) {
      return inner;
    }
    java.sql.SQLWarning first = new java.sql.SQLWarning(answered.getMessage(), answered.getSQLState());
    if (inner != null) {
      first.setNextWarning(inner);
    }
    return first;
  }

  @Override
  public boolean isCloseOnCompletion() throws SQLException {
    return delegate.isCloseOnCompletion();
  }

  @Override
  public boolean isClosed() throws SQLException {
    return delegate.isClosed();
  }

  @Override
  public boolean isPoolable() throws SQLException {
    return delegate.isPoolable();
  }

  @Override
  public boolean isSimpleIdentifier(String a0) throws SQLException {
    return delegate.isSimpleIdentifier(a0);
  }

  @Override
  public void setCursorName(String a0) throws SQLException {
    delegate.setCursorName(a0);
  }

  @Override
  public void setEscapeProcessing(boolean a0) throws SQLException {
    delegate.setEscapeProcessing(a0);
  }

  @Override
  public void setFetchDirection(int a0) throws SQLException {
    delegate.setFetchDirection(a0);
  }

  @Override
  public void setFetchSize(int a0) throws SQLException {
    delegate.setFetchSize(a0);
  }

  @Override
  public void setLargeMaxRows(long a0) throws SQLException {
    delegate.setLargeMaxRows(a0);
  }

  @Override
  public void setMaxFieldSize(int a0) throws SQLException {
    delegate.setMaxFieldSize(a0);
  }

  @Override
  public void setMaxRows(int a0) throws SQLException {
    delegate.setMaxRows(a0);
  }

  @Override
  public void setPoolable(boolean a0) throws SQLException {
    delegate.setPoolable(a0);
  }

  @Override
  public void setQueryTimeout(int a0) throws SQLException {
    delegate.setQueryTimeout(a0);
  }
}

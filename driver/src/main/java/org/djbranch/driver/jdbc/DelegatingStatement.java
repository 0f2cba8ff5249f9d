package org.djbranch.driver.jdbc;

import java.sql.SQLException;

/**
 * Plain delegates for every {@link java.sql.Statement} method: each calls the same method of the wrapped statement
 * with the same arguments and returns its answer. An execution first tells the connection's {@link ServerCalls}
 * hook that it reaches the server; child objects come from {@link Wrappers}. Nothing else: no state, no routing.
 * A branch's statements (the session's) are subclasses that override the methods a branch changes. Written once
 * from the interface, kept by hand since; {@code DelegatesForwardTest} checks every method.
 */
@SuppressWarnings({"deprecation", "removal"})
public class DelegatingStatement<S extends java.sql.Statement> implements java.sql.Statement {
  /**
   * The wrapped statement. Not final for one case: a branch's prepared statement that met a stale listing is
   * prepared anew, and the new one replaces it (the session's {@code ReplayablePreparedStatement}).
   */
  protected S delegate;
  /** The connection that made this statement: {@link #getConnection()} answers with it, never the wrapped one. */
  protected final java.sql.Connection owner;
  /** Where a call of this statement reaches the server. */
  protected final ServerCalls calls;

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
    return iface.cast(Wrappers.exposedBy(owner, iface.isInstance(delegate) ? delegate : delegate.unwrap(iface),
        iface));
  }

  @Override
  public final boolean isWrapperFor(Class<?> iface) throws SQLException {
    return iface.isInstance(this)
        || (iface.isInstance(delegate) || delegate.isWrapperFor(iface)) && Wrappers.exposesChildren(owner);
  }

  @Override
  public void addBatch(String sql) throws SQLException {
    delegate.addBatch(sql);
  }

  @Override
  public void cancel() throws SQLException {
    delegate.cancel();
  }

  @Override
  public void clearBatch() throws SQLException {
    delegate.clearBatch();
  }

  @Override
  public void clearWarnings() throws SQLException {
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
    calls.reached();
    return delegate.execute(sql, a1);
  }

  @Override
  public boolean execute(String sql, String[] names) throws SQLException {
    calls.reached();
    return delegate.execute(sql, names);
  }

  @Override
  public boolean execute(String sql, int a1) throws SQLException {
    calls.reached();
    return delegate.execute(sql, a1);
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    calls.reached();
    return delegate.execute(sql);
  }

  @Override
  public int[] executeBatch() throws SQLException {
    calls.reached();
    return delegate.executeBatch();
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    calls.reached();
    return delegate.executeLargeBatch();
  }

  @Override
  public long executeLargeUpdate(String sql, int[] a1) throws SQLException {
    calls.reached();
    return delegate.executeLargeUpdate(sql, a1);
  }

  @Override
  public long executeLargeUpdate(String sql, String[] names) throws SQLException {
    calls.reached();
    return delegate.executeLargeUpdate(sql, names);
  }

  @Override
  public long executeLargeUpdate(String sql, int a1) throws SQLException {
    calls.reached();
    return delegate.executeLargeUpdate(sql, a1);
  }

  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    calls.reached();
    return delegate.executeLargeUpdate(sql);
  }

  @Override
  public java.sql.ResultSet executeQuery(String sql) throws SQLException {
    calls.reached();
    return wrap(delegate.executeQuery(sql));
  }

  @Override
  public int executeUpdate(String sql, int[] a1) throws SQLException {
    calls.reached();
    return delegate.executeUpdate(sql, a1);
  }

  @Override
  public int executeUpdate(String sql, String[] names) throws SQLException {
    calls.reached();
    return delegate.executeUpdate(sql, names);
  }

  @Override
  public int executeUpdate(String sql, int a1) throws SQLException {
    calls.reached();
    return delegate.executeUpdate(sql, a1);
  }

  @Override
  public int executeUpdate(String sql) throws SQLException {
    calls.reached();
    return delegate.executeUpdate(sql);
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
    return delegate.getWarnings();
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

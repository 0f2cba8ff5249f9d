package org.djbranch.driver.jdbc;

import java.sql.SQLException;

/**
 * Plain delegates for every {@link java.sql.Connection} method. The calls that reach the server tell the
 * {@link ServerCalls} hook; statements and metadata are made by {@link Wrappers}, holding this connection and the
 * same hook. Behaviour lives in subclasses, which override only the methods that carry it. Written once from the
 * interface, kept by hand since.
 */
@SuppressWarnings({"deprecation", "removal"})
public class DelegatingConnection implements java.sql.Connection {

  protected final java.sql.Connection delegate;
  /** Where a call of this connection, or of anything it made, reaches the server. */
  protected final ServerCalls calls;
  private DelegatingDatabaseMetaData metaData;

  protected DelegatingConnection(java.sql.Connection delegate, ServerCalls calls) {
    this.delegate = delegate;
    this.calls = calls;
  }

  /** The wrapped object itself. */
  public final java.sql.Connection delegate() {
    return delegate;
  }

  @Override
  public final <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    return iface.cast(exposed(iface.isInstance(delegate) ? delegate : delegate.unwrap(iface), iface));
  }

  /**
   * What {@link #unwrap} hands out of the wrapped driver's own objects ({@code inner}, asked for as {@code iface}):
   * the object itself.
   */
  protected Object exposed(Object inner, Class<?> iface) throws SQLException {
    return inner;
  }

  /** Whether {@link #isWrapperFor} answers for the wrapped driver's own {@code iface}: as the wrapped one does. */
  protected boolean exposes(Class<?> iface) throws SQLException {
    return true;
  }

  /**
   * What {@code unwrap} of one of this connection's objects (a statement, a result set, the metadata) hands out of
   * the wrapped driver's own objects ({@code inner}, asked for as {@code iface}): the object itself.
   */
  protected Object exposedOfChild(Object inner, Class<?> iface) throws SQLException {
    return inner;
  }

  /** Whether {@code isWrapperFor} of this connection's objects answers for the wrapped driver's own: it does. */
  protected boolean exposesChildren() {
    return true;
  }

  @Override
  public final boolean isWrapperFor(Class<?> iface) throws SQLException {
    return iface.isInstance(this) || (iface.isInstance(delegate) || delegate.isWrapperFor(iface)) && exposes(iface);
  }

  @Override
  public void abort(java.util.concurrent.Executor a0) throws SQLException {
    delegate.abort(a0);
  }

  @Override
  public void beginRequest() throws SQLException {
    delegate.beginRequest();
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
  public void commit() throws SQLException {
    calls.reached();
    delegate.commit();
  }

  @Override
  public java.sql.Array createArrayOf(String a0, Object[] a1) throws SQLException {
    return delegate.createArrayOf(a0, a1);
  }

  @Override
  public java.sql.Blob createBlob() throws SQLException {
    return delegate.createBlob();
  }

  @Override
  public java.sql.Clob createClob() throws SQLException {
    return delegate.createClob();
  }

  @Override
  public java.sql.NClob createNClob() throws SQLException {
    return delegate.createNClob();
  }

  @Override
  public java.sql.SQLXML createSQLXML() throws SQLException {
    return delegate.createSQLXML();
  }

  @Override
  public java.sql.Statement createStatement() throws SQLException {
    return Wrappers.statement(this, delegate.createStatement(), calls);
  }

  @Override
  public java.sql.Statement createStatement(int a0, int a1, int a2) throws SQLException {
    return Wrappers.statement(this, delegate.createStatement(a0, a1, a2), calls);
  }

  @Override
  public java.sql.Statement createStatement(int a0, int a1) throws SQLException {
    return Wrappers.statement(this, delegate.createStatement(a0, a1), calls);
  }

  @Override
  public java.sql.Struct createStruct(String a0, Object[] a1) throws SQLException {
    return delegate.createStruct(a0, a1);
  }

  @Override
  public void endRequest() throws SQLException {
    delegate.endRequest();
  }

  @Override
  public boolean getAutoCommit() throws SQLException {
    return delegate.getAutoCommit();
  }

  @Override
  public String getCatalog() throws SQLException {
    return delegate.getCatalog();
  }

  @Override
  public java.util.Properties getClientInfo() throws SQLException {
    return delegate.getClientInfo();
  }

  @Override
  public String getClientInfo(String a0) throws SQLException {
    return delegate.getClientInfo(a0);
  }

  @Override
  public int getHoldability() throws SQLException {
    return delegate.getHoldability();
  }

  @Override
  public java.sql.DatabaseMetaData getMetaData() throws SQLException {
    // One wrapper per connection and no I/O: tools such as SchemaCrawler ask for it dozens of times.
    DelegatingDatabaseMetaData m = metaData;
    if (m == null) {
      m = new DelegatingDatabaseMetaData(this, delegate.getMetaData(), calls);
      metaData = m;
    }
    return m;
  }

  @Override
  public int getNetworkTimeout() throws SQLException {
    return delegate.getNetworkTimeout();
  }

  @Override
  public String getSchema() throws SQLException {
    return delegate.getSchema();
  }

  @Override
  public int getTransactionIsolation() throws SQLException {
    return delegate.getTransactionIsolation();
  }

  @Override
  public java.util.Map<String, Class<?>> getTypeMap() throws SQLException {
    return delegate.getTypeMap();
  }

  @Override
  public java.sql.SQLWarning getWarnings() throws SQLException {
    return delegate.getWarnings();
  }

  @Override
  public boolean isClosed() throws SQLException {
    return delegate.isClosed();
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    return delegate.isReadOnly();
  }

  @Override
  public boolean isValid(int a0) throws SQLException {
    calls.reached();
    return delegate.isValid(a0);
  }

  @Override
  public String nativeSQL(String sql) throws SQLException {
    return delegate.nativeSQL(sql);
  }

  @Override
  public java.sql.CallableStatement prepareCall(String sql, int a1, int a2, int a3) throws SQLException {
    return Wrappers.callable(this, delegate.prepareCall(sql, a1, a2, a3), calls);
  }

  @Override
  public java.sql.CallableStatement prepareCall(String sql, int a1, int a2) throws SQLException {
    return Wrappers.callable(this, delegate.prepareCall(sql, a1, a2), calls);
  }

  @Override
  public java.sql.CallableStatement prepareCall(String sql) throws SQLException {
    return Wrappers.callable(this, delegate.prepareCall(sql), calls);
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String sql, int[] a1) throws SQLException {
    return Wrappers.prepared(this, delegate.prepareStatement(sql, a1), calls);
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String sql, String[] names) throws SQLException {
    return Wrappers.prepared(this, delegate.prepareStatement(sql, names), calls);
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String sql, int a1, int a2, int a3) throws SQLException {
    return Wrappers.prepared(this, delegate.prepareStatement(sql, a1, a2, a3), calls);
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String sql, int a1, int a2) throws SQLException {
    return Wrappers.prepared(this, delegate.prepareStatement(sql, a1, a2), calls);
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String sql, int a1) throws SQLException {
    return Wrappers.prepared(this, delegate.prepareStatement(sql, a1), calls);
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String sql) throws SQLException {
    return Wrappers.prepared(this, delegate.prepareStatement(sql), calls);
  }

  @Override
  public void releaseSavepoint(java.sql.Savepoint a0) throws SQLException {
    calls.reached();
    delegate.releaseSavepoint(a0);
  }

  @Override
  public void rollback() throws SQLException {
    calls.reached();
    delegate.rollback();
  }

  @Override
  public void rollback(java.sql.Savepoint a0) throws SQLException {
    calls.reached();
    delegate.rollback(a0);
  }

  @Override
  public void setAutoCommit(boolean a0) throws SQLException {
    calls.reached();
    delegate.setAutoCommit(a0);
  }

  @Override
  public void setCatalog(String a0) throws SQLException {
    calls.reached();
    delegate.setCatalog(a0);
  }

  @Override
  public void setClientInfo(String a0, String a1) throws java.sql.SQLClientInfoException {
    delegate.setClientInfo(a0, a1);
  }

  @Override
  public void setClientInfo(java.util.Properties a0) throws java.sql.SQLClientInfoException {
    delegate.setClientInfo(a0);
  }

  @Override
  public void setHoldability(int a0) throws SQLException {
    delegate.setHoldability(a0);
  }

  @Override
  public void setNetworkTimeout(java.util.concurrent.Executor a0, int a1) throws SQLException {
    delegate.setNetworkTimeout(a0, a1);
  }

  @Override
  public void setReadOnly(boolean a0) throws SQLException {
    calls.reached();
    delegate.setReadOnly(a0);
  }

  @Override
  public java.sql.Savepoint setSavepoint() throws SQLException {
    calls.reached();
    return delegate.setSavepoint();
  }

  @Override
  public java.sql.Savepoint setSavepoint(String a0) throws SQLException {
    calls.reached();
    return delegate.setSavepoint(a0);
  }

  @Override
  public void setSchema(String a0) throws SQLException {
    calls.reached();
    delegate.setSchema(a0);
  }

  @Override
  public void setShardingKey(java.sql.ShardingKey a0, java.sql.ShardingKey a1) throws SQLException {
    delegate.setShardingKey(a0, a1);
  }

  @Override
  public void setShardingKey(java.sql.ShardingKey a0) throws SQLException {
    delegate.setShardingKey(a0);
  }

  @Override
  public boolean setShardingKeyIfValid(java.sql.ShardingKey a0, int a1) throws SQLException {
    return delegate.setShardingKeyIfValid(a0, a1);
  }

  @Override
  public boolean setShardingKeyIfValid(java.sql.ShardingKey a0, java.sql.ShardingKey a1, int a2) throws SQLException {
    return delegate.setShardingKeyIfValid(a0, a1, a2);
  }

  @Override
  public void setTransactionIsolation(int a0) throws SQLException {
    calls.reached();
    delegate.setTransactionIsolation(a0);
  }

  @Override
  public void setTypeMap(java.util.Map<String, Class<?>> map) throws SQLException {
    delegate.setTypeMap(map);
  }
}

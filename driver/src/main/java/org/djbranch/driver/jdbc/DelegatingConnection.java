package org.djbranch.driver.jdbc;

import java.sql.SQLException;

/**
 * Plain delegates for every {@link java.sql.Connection} method; behaviour lives in subclasses,
 * which override only the methods that carry it. Written once from the interface, kept by hand since.
 */
@SuppressWarnings({"deprecation", "removal"})
public abstract class DelegatingConnection implements java.sql.Connection {

  protected final java.sql.Connection delegate;

  protected DelegatingConnection(java.sql.Connection delegate) {
    this.delegate = delegate;
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
    return delegate.createStatement();
  }

  @Override
  public java.sql.Statement createStatement(int a0, int a1, int a2) throws SQLException {
    return delegate.createStatement(a0, a1, a2);
  }

  @Override
  public java.sql.Statement createStatement(int a0, int a1) throws SQLException {
    return delegate.createStatement(a0, a1);
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
    return delegate.getMetaData();
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
    return delegate.isValid(a0);
  }

  @Override
  public String nativeSQL(String sql) throws SQLException {
    return delegate.nativeSQL(sql);
  }

  @Override
  public java.sql.CallableStatement prepareCall(String sql, int a1, int a2, int a3) throws SQLException {
    return delegate.prepareCall(sql, a1, a2, a3);
  }

  @Override
  public java.sql.CallableStatement prepareCall(String sql, int a1, int a2) throws SQLException {
    return delegate.prepareCall(sql, a1, a2);
  }

  @Override
  public java.sql.CallableStatement prepareCall(String sql) throws SQLException {
    return delegate.prepareCall(sql);
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String sql, int[] a1) throws SQLException {
    return delegate.prepareStatement(sql, a1);
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String sql, String[] names) throws SQLException {
    return delegate.prepareStatement(sql, names);
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String sql, int a1, int a2, int a3) throws SQLException {
    return delegate.prepareStatement(sql, a1, a2, a3);
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String sql, int a1, int a2) throws SQLException {
    return delegate.prepareStatement(sql, a1, a2);
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String sql, int a1) throws SQLException {
    return delegate.prepareStatement(sql, a1);
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String sql) throws SQLException {
    return delegate.prepareStatement(sql);
  }

  @Override
  public void releaseSavepoint(java.sql.Savepoint a0) throws SQLException {
    delegate.releaseSavepoint(a0);
  }

  @Override
  public void rollback() throws SQLException {
    delegate.rollback();
  }

  @Override
  public void rollback(java.sql.Savepoint a0) throws SQLException {
    delegate.rollback(a0);
  }

  @Override
  public void setAutoCommit(boolean a0) throws SQLException {
    delegate.setAutoCommit(a0);
  }

  @Override
  public void setCatalog(String a0) throws SQLException {
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
    delegate.setReadOnly(a0);
  }

  @Override
  public java.sql.Savepoint setSavepoint() throws SQLException {
    return delegate.setSavepoint();
  }

  @Override
  public java.sql.Savepoint setSavepoint(String a0) throws SQLException {
    return delegate.setSavepoint(a0);
  }

  @Override
  public void setSchema(String a0) throws SQLException {
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
    delegate.setTransactionIsolation(a0);
  }

  @Override
  public void setTypeMap(java.util.Map<String, Class<?>> map) throws SQLException {
    delegate.setTypeMap(map);
  }
}

package org.djbranch.driver.jdbc;

import java.sql.SQLException;

/**
 * Plain delegates for every {@link java.sql.PreparedStatement} method; behaviour lives in subclasses,
 * which override only the methods that carry it. Its text was decided once, when it was prepared, so an
 * execution only tells the {@link ServerCalls} hook that it reaches the server. Written once from the interface,
 * kept by hand since.
 */
@SuppressWarnings({"deprecation", "removal"})
public class DelegatingPreparedStatement<S extends java.sql.PreparedStatement> extends DelegatingStatement<S> implements java.sql.PreparedStatement {

  protected DelegatingPreparedStatement(java.sql.Connection owner, S delegate, ServerCalls calls) {
    super(owner, delegate, calls);
  }

  @Override
  public void addBatch() throws SQLException {
    delegate.addBatch();
  }

  @Override
  public void clearParameters() throws SQLException {
    delegate.clearParameters();
  }

  @Override
  public boolean execute() throws SQLException {
    calls.reached();
    return delegate.execute();
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    calls.reached();
    return delegate.executeLargeUpdate();
  }

  @Override
  public java.sql.ResultSet executeQuery() throws SQLException {
    calls.reached();
    return wrap(delegate.executeQuery());
  }

  @Override
  public int executeUpdate() throws SQLException {
    calls.reached();
    return delegate.executeUpdate();
  }

  @Override
  public java.sql.ResultSetMetaData getMetaData() throws SQLException {
    return delegate.getMetaData();
  }

  @Override
  public java.sql.ParameterMetaData getParameterMetaData() throws SQLException {
    return delegate.getParameterMetaData();
  }

  @Override
  public void setArray(int parameterIndex, java.sql.Array a1) throws SQLException {
    delegate.setArray(parameterIndex, a1);
  }

  @Override
  public void setAsciiStream(int parameterIndex, java.io.InputStream a1, int a2) throws SQLException {
    delegate.setAsciiStream(parameterIndex, a1, a2);
  }

  @Override
  public void setAsciiStream(int parameterIndex, java.io.InputStream a1, long a2) throws SQLException {
    delegate.setAsciiStream(parameterIndex, a1, a2);
  }

  @Override
  public void setAsciiStream(int parameterIndex, java.io.InputStream a1) throws SQLException {
    delegate.setAsciiStream(parameterIndex, a1);
  }

  @Override
  public void setBigDecimal(int parameterIndex, java.math.BigDecimal a1) throws SQLException {
    delegate.setBigDecimal(parameterIndex, a1);
  }

  @Override
  public void setBinaryStream(int parameterIndex, java.io.InputStream a1, int a2) throws SQLException {
    delegate.setBinaryStream(parameterIndex, a1, a2);
  }

  @Override
  public void setBinaryStream(int parameterIndex, java.io.InputStream a1, long a2) throws SQLException {
    delegate.setBinaryStream(parameterIndex, a1, a2);
  }

  @Override
  public void setBinaryStream(int parameterIndex, java.io.InputStream a1) throws SQLException {
    delegate.setBinaryStream(parameterIndex, a1);
  }

  @Override
  public void setBlob(int parameterIndex, java.io.InputStream a1, long a2) throws SQLException {
    delegate.setBlob(parameterIndex, a1, a2);
  }

  @Override
  public void setBlob(int parameterIndex, java.io.InputStream a1) throws SQLException {
    delegate.setBlob(parameterIndex, a1);
  }

  @Override
  public void setBlob(int parameterIndex, java.sql.Blob a1) throws SQLException {
    delegate.setBlob(parameterIndex, a1);
  }

  @Override
  public void setBoolean(int parameterIndex, boolean a1) throws SQLException {
    delegate.setBoolean(parameterIndex, a1);
  }

  @Override
  public void setByte(int parameterIndex, byte a1) throws SQLException {
    delegate.setByte(parameterIndex, a1);
  }

  @Override
  public void setBytes(int parameterIndex, byte[] a1) throws SQLException {
    delegate.setBytes(parameterIndex, a1);
  }

  @Override
  public void setCharacterStream(int parameterIndex, java.io.Reader a1, int a2) throws SQLException {
    delegate.setCharacterStream(parameterIndex, a1, a2);
  }

  @Override
  public void setCharacterStream(int parameterIndex, java.io.Reader a1, long a2) throws SQLException {
    delegate.setCharacterStream(parameterIndex, a1, a2);
  }

  @Override
  public void setCharacterStream(int parameterIndex, java.io.Reader a1) throws SQLException {
    delegate.setCharacterStream(parameterIndex, a1);
  }

  @Override
  public void setClob(int parameterIndex, java.io.Reader a1, long a2) throws SQLException {
    delegate.setClob(parameterIndex, a1, a2);
  }

  @Override
  public void setClob(int parameterIndex, java.io.Reader a1) throws SQLException {
    delegate.setClob(parameterIndex, a1);
  }

  @Override
  public void setClob(int parameterIndex, java.sql.Clob a1) throws SQLException {
    delegate.setClob(parameterIndex, a1);
  }

  @Override
  public void setDate(int parameterIndex, java.sql.Date a1, java.util.Calendar cal) throws SQLException {
    delegate.setDate(parameterIndex, a1, cal);
  }

  @Override
  public void setDate(int parameterIndex, java.sql.Date a1) throws SQLException {
    delegate.setDate(parameterIndex, a1);
  }

  @Override
  public void setDouble(int parameterIndex, double a1) throws SQLException {
    delegate.setDouble(parameterIndex, a1);
  }

  @Override
  public void setFloat(int parameterIndex, float a1) throws SQLException {
    delegate.setFloat(parameterIndex, a1);
  }

  @Override
  public void setInt(int parameterIndex, int a1) throws SQLException {
    delegate.setInt(parameterIndex, a1);
  }

  @Override
  public void setLong(int parameterIndex, long a1) throws SQLException {
    delegate.setLong(parameterIndex, a1);
  }

  @Override
  public void setNCharacterStream(int parameterIndex, java.io.Reader a1, long a2) throws SQLException {
    delegate.setNCharacterStream(parameterIndex, a1, a2);
  }

  @Override
  public void setNCharacterStream(int parameterIndex, java.io.Reader a1) throws SQLException {
    delegate.setNCharacterStream(parameterIndex, a1);
  }

  @Override
  public void setNClob(int parameterIndex, java.io.Reader a1, long a2) throws SQLException {
    delegate.setNClob(parameterIndex, a1, a2);
  }

  @Override
  public void setNClob(int parameterIndex, java.io.Reader a1) throws SQLException {
    delegate.setNClob(parameterIndex, a1);
  }

  @Override
  public void setNClob(int parameterIndex, java.sql.NClob a1) throws SQLException {
    delegate.setNClob(parameterIndex, a1);
  }

  @Override
  public void setNString(int parameterIndex, String a1) throws SQLException {
    delegate.setNString(parameterIndex, a1);
  }

  @Override
  public void setNull(int parameterIndex, int a1, String a2) throws SQLException {
    delegate.setNull(parameterIndex, a1, a2);
  }

  @Override
  public void setNull(int parameterIndex, int a1) throws SQLException {
    delegate.setNull(parameterIndex, a1);
  }

  @Override
  public void setObject(int parameterIndex, Object a1, int a2, int a3) throws SQLException {
    delegate.setObject(parameterIndex, a1, a2, a3);
  }

  @Override
  public void setObject(int parameterIndex, Object a1, int a2) throws SQLException {
    delegate.setObject(parameterIndex, a1, a2);
  }

  @Override
  public void setObject(int parameterIndex, Object a1, java.sql.SQLType a2, int a3) throws SQLException {
    delegate.setObject(parameterIndex, a1, a2, a3);
  }

  @Override
  public void setObject(int parameterIndex, Object a1, java.sql.SQLType a2) throws SQLException {
    delegate.setObject(parameterIndex, a1, a2);
  }

  @Override
  public void setObject(int parameterIndex, Object a1) throws SQLException {
    delegate.setObject(parameterIndex, a1);
  }

  @Override
  public void setRef(int parameterIndex, java.sql.Ref a1) throws SQLException {
    delegate.setRef(parameterIndex, a1);
  }

  @Override
  public void setRowId(int parameterIndex, java.sql.RowId a1) throws SQLException {
    delegate.setRowId(parameterIndex, a1);
  }

  @Override
  public void setSQLXML(int parameterIndex, java.sql.SQLXML a1) throws SQLException {
    delegate.setSQLXML(parameterIndex, a1);
  }

  @Override
  public void setShort(int parameterIndex, short a1) throws SQLException {
    delegate.setShort(parameterIndex, a1);
  }

  @Override
  public void setString(int parameterIndex, String a1) throws SQLException {
    delegate.setString(parameterIndex, a1);
  }

  @Override
  public void setTime(int parameterIndex, java.sql.Time a1, java.util.Calendar cal) throws SQLException {
    delegate.setTime(parameterIndex, a1, cal);
  }

  @Override
  public void setTime(int parameterIndex, java.sql.Time a1) throws SQLException {
    delegate.setTime(parameterIndex, a1);
  }

  @Override
  public void setTimestamp(int parameterIndex, java.sql.Timestamp a1, java.util.Calendar cal) throws SQLException {
    delegate.setTimestamp(parameterIndex, a1, cal);
  }

  @Override
  public void setTimestamp(int parameterIndex, java.sql.Timestamp a1) throws SQLException {
    delegate.setTimestamp(parameterIndex, a1);
  }

  @Override
  public void setURL(int parameterIndex, java.net.URL a1) throws SQLException {
    delegate.setURL(parameterIndex, a1);
  }

  @Override
  public void setUnicodeStream(int parameterIndex, java.io.InputStream a1, int a2) throws SQLException {
    delegate.setUnicodeStream(parameterIndex, a1, a2);
  }
}

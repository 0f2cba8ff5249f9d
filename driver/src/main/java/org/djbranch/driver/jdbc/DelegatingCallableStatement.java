package org.djbranch.driver.jdbc;

import java.sql.SQLException;

/**
 * Plain delegates for every {@link java.sql.CallableStatement} method; behaviour lives in subclasses,
 * which override only the methods that carry it; executions are the prepared statement's. Written once from the
 * interface, kept by hand since.
 */
@SuppressWarnings({"deprecation", "removal"})
public class DelegatingCallableStatement<S extends java.sql.CallableStatement> extends DelegatingPreparedStatement<S> implements java.sql.CallableStatement {

  protected DelegatingCallableStatement(java.sql.Connection owner, S delegate, ServerCalls calls) {
    super(owner, delegate, calls);
  }

  @Override
  public java.sql.Array getArray(String parameterName) throws SQLException {
    return delegate.getArray(parameterName);
  }

  @Override
  public java.sql.Array getArray(int parameterIndex) throws SQLException {
    return delegate.getArray(parameterIndex);
  }

  @Override
  public java.math.BigDecimal getBigDecimal(String parameterName) throws SQLException {
    return delegate.getBigDecimal(parameterName);
  }

  @Override
  public java.math.BigDecimal getBigDecimal(int parameterIndex, int a1) throws SQLException {
    return delegate.getBigDecimal(parameterIndex, a1);
  }

  @Override
  public java.math.BigDecimal getBigDecimal(int parameterIndex) throws SQLException {
    return delegate.getBigDecimal(parameterIndex);
  }

  @Override
  public java.sql.Blob getBlob(String parameterName) throws SQLException {
    return delegate.getBlob(parameterName);
  }

  @Override
  public java.sql.Blob getBlob(int parameterIndex) throws SQLException {
    return delegate.getBlob(parameterIndex);
  }

  @Override
  public boolean getBoolean(String parameterName) throws SQLException {
    return delegate.getBoolean(parameterName);
  }

  @Override
  public boolean getBoolean(int parameterIndex) throws SQLException {
    return delegate.getBoolean(parameterIndex);
  }

  @Override
  public byte getByte(String parameterName) throws SQLException {
    return delegate.getByte(parameterName);
  }

  @Override
  public byte getByte(int parameterIndex) throws SQLException {
    return delegate.getByte(parameterIndex);
  }

  @Override
  public byte[] getBytes(String parameterName) throws SQLException {
    return delegate.getBytes(parameterName);
  }

  @Override
  public byte[] getBytes(int parameterIndex) throws SQLException {
    return delegate.getBytes(parameterIndex);
  }

  @Override
  public java.io.Reader getCharacterStream(String parameterName) throws SQLException {
    return delegate.getCharacterStream(parameterName);
  }

  @Override
  public java.io.Reader getCharacterStream(int parameterIndex) throws SQLException {
    return delegate.getCharacterStream(parameterIndex);
  }

  @Override
  public java.sql.Clob getClob(String parameterName) throws SQLException {
    return delegate.getClob(parameterName);
  }

  @Override
  public java.sql.Clob getClob(int parameterIndex) throws SQLException {
    return delegate.getClob(parameterIndex);
  }

  @Override
  public java.sql.Date getDate(String parameterName, java.util.Calendar cal) throws SQLException {
    return delegate.getDate(parameterName, cal);
  }

  @Override
  public java.sql.Date getDate(String parameterName) throws SQLException {
    return delegate.getDate(parameterName);
  }

  @Override
  public java.sql.Date getDate(int parameterIndex, java.util.Calendar cal) throws SQLException {
    return delegate.getDate(parameterIndex, cal);
  }

  @Override
  public java.sql.Date getDate(int parameterIndex) throws SQLException {
    return delegate.getDate(parameterIndex);
  }

  @Override
  public double getDouble(String parameterName) throws SQLException {
    return delegate.getDouble(parameterName);
  }

  @Override
  public double getDouble(int parameterIndex) throws SQLException {
    return delegate.getDouble(parameterIndex);
  }

  @Override
  public float getFloat(String parameterName) throws SQLException {
    return delegate.getFloat(parameterName);
  }

  @Override
  public float getFloat(int parameterIndex) throws SQLException {
    return delegate.getFloat(parameterIndex);
  }

  @Override
  public int getInt(String parameterName) throws SQLException {
    return delegate.getInt(parameterName);
  }

  @Override
  public int getInt(int parameterIndex) throws SQLException {
    return delegate.getInt(parameterIndex);
  }

  @Override
  public long getLong(String parameterName) throws SQLException {
    return delegate.getLong(parameterName);
  }

  @Override
  public long getLong(int parameterIndex) throws SQLException {
    return delegate.getLong(parameterIndex);
  }

  @Override
  public java.io.Reader getNCharacterStream(String parameterName) throws SQLException {
    return delegate.getNCharacterStream(parameterName);
  }

  @Override
  public java.io.Reader getNCharacterStream(int parameterIndex) throws SQLException {
    return delegate.getNCharacterStream(parameterIndex);
  }

  @Override
  public java.sql.NClob getNClob(String parameterName) throws SQLException {
    return delegate.getNClob(parameterName);
  }

  @Override
  public java.sql.NClob getNClob(int parameterIndex) throws SQLException {
    return delegate.getNClob(parameterIndex);
  }

  @Override
  public String getNString(String parameterName) throws SQLException {
    return delegate.getNString(parameterName);
  }

  @Override
  public String getNString(int parameterIndex) throws SQLException {
    return delegate.getNString(parameterIndex);
  }

  @Override
  public <T> T getObject(String parameterName, Class<T> type) throws SQLException {
    return delegate.getObject(parameterName, type);
  }

  @Override
  public Object getObject(String parameterName, java.util.Map<String, Class<?>> map) throws SQLException {
    return delegate.getObject(parameterName, map);
  }

  @Override
  public Object getObject(String parameterName) throws SQLException {
    return delegate.getObject(parameterName);
  }

  @Override
  public <T> T getObject(int parameterIndex, Class<T> type) throws SQLException {
    return delegate.getObject(parameterIndex, type);
  }

  @Override
  public Object getObject(int parameterIndex, java.util.Map<String, Class<?>> map) throws SQLException {
    return delegate.getObject(parameterIndex, map);
  }

  @Override
  public Object getObject(int parameterIndex) throws SQLException {
    return delegate.getObject(parameterIndex);
  }

  @Override
  public java.sql.Ref getRef(String parameterName) throws SQLException {
    return delegate.getRef(parameterName);
  }

  @Override
  public java.sql.Ref getRef(int parameterIndex) throws SQLException {
    return delegate.getRef(parameterIndex);
  }

  @Override
  public java.sql.RowId getRowId(String parameterName) throws SQLException {
    return delegate.getRowId(parameterName);
  }

  @Override
  public java.sql.RowId getRowId(int parameterIndex) throws SQLException {
    return delegate.getRowId(parameterIndex);
  }

  @Override
  public java.sql.SQLXML getSQLXML(String parameterName) throws SQLException {
    return delegate.getSQLXML(parameterName);
  }

  @Override
  public java.sql.SQLXML getSQLXML(int parameterIndex) throws SQLException {
    return delegate.getSQLXML(parameterIndex);
  }

  @Override
  public short getShort(String parameterName) throws SQLException {
    return delegate.getShort(parameterName);
  }

  @Override
  public short getShort(int parameterIndex) throws SQLException {
    return delegate.getShort(parameterIndex);
  }

  @Override
  public String getString(String parameterName) throws SQLException {
    return delegate.getString(parameterName);
  }

  @Override
  public String getString(int parameterIndex) throws SQLException {
    return delegate.getString(parameterIndex);
  }

  @Override
  public java.sql.Time getTime(String parameterName, java.util.Calendar cal) throws SQLException {
    return delegate.getTime(parameterName, cal);
  }

  @Override
  public java.sql.Time getTime(String parameterName) throws SQLException {
    return delegate.getTime(parameterName);
  }

  @Override
  public java.sql.Time getTime(int parameterIndex, java.util.Calendar cal) throws SQLException {
    return delegate.getTime(parameterIndex, cal);
  }

  @Override
  public java.sql.Time getTime(int parameterIndex) throws SQLException {
    return delegate.getTime(parameterIndex);
  }

  @Override
  public java.sql.Timestamp getTimestamp(String parameterName, java.util.Calendar cal) throws SQLException {
    return delegate.getTimestamp(parameterName, cal);
  }

  @Override
  public java.sql.Timestamp getTimestamp(String parameterName) throws SQLException {
    return delegate.getTimestamp(parameterName);
  }

  @Override
  public java.sql.Timestamp getTimestamp(int parameterIndex, java.util.Calendar cal) throws SQLException {
    return delegate.getTimestamp(parameterIndex, cal);
  }

  @Override
  public java.sql.Timestamp getTimestamp(int parameterIndex) throws SQLException {
    return delegate.getTimestamp(parameterIndex);
  }

  @Override
  public java.net.URL getURL(String parameterName) throws SQLException {
    return delegate.getURL(parameterName);
  }

  @Override
  public java.net.URL getURL(int parameterIndex) throws SQLException {
    return delegate.getURL(parameterIndex);
  }

  @Override
  public void registerOutParameter(String parameterName, int a1, String a2) throws SQLException {
    delegate.registerOutParameter(parameterName, a1, a2);
  }

  @Override
  public void registerOutParameter(String parameterName, int a1, int a2) throws SQLException {
    delegate.registerOutParameter(parameterName, a1, a2);
  }

  @Override
  public void registerOutParameter(String parameterName, int a1) throws SQLException {
    delegate.registerOutParameter(parameterName, a1);
  }

  @Override
  public void registerOutParameter(String parameterName, java.sql.SQLType a1, String a2) throws SQLException {
    delegate.registerOutParameter(parameterName, a1, a2);
  }

  @Override
  public void registerOutParameter(String parameterName, java.sql.SQLType a1, int a2) throws SQLException {
    delegate.registerOutParameter(parameterName, a1, a2);
  }

  @Override
  public void registerOutParameter(String parameterName, java.sql.SQLType a1) throws SQLException {
    delegate.registerOutParameter(parameterName, a1);
  }

  @Override
  public void registerOutParameter(int parameterIndex, int a1, String a2) throws SQLException {
    delegate.registerOutParameter(parameterIndex, a1, a2);
  }

  @Override
  public void registerOutParameter(int parameterIndex, int a1, int a2) throws SQLException {
    delegate.registerOutParameter(parameterIndex, a1, a2);
  }

  @Override
  public void registerOutParameter(int parameterIndex, int a1) throws SQLException {
    delegate.registerOutParameter(parameterIndex, a1);
  }

  @Override
  public void registerOutParameter(int parameterIndex, java.sql.SQLType a1, String a2) throws SQLException {
    delegate.registerOutParameter(parameterIndex, a1, a2);
  }

  @Override
  public void registerOutParameter(int parameterIndex, java.sql.SQLType a1, int a2) throws SQLException {
    delegate.registerOutParameter(parameterIndex, a1, a2);
  }

  @Override
  public void registerOutParameter(int parameterIndex, java.sql.SQLType a1) throws SQLException {
    delegate.registerOutParameter(parameterIndex, a1);
  }

  @Override
  public void setAsciiStream(String parameterName, java.io.InputStream a1, int a2) throws SQLException {
    delegate.setAsciiStream(parameterName, a1, a2);
  }

  @Override
  public void setAsciiStream(String parameterName, java.io.InputStream a1, long a2) throws SQLException {
    delegate.setAsciiStream(parameterName, a1, a2);
  }

  @Override
  public void setAsciiStream(String parameterName, java.io.InputStream a1) throws SQLException {
    delegate.setAsciiStream(parameterName, a1);
  }

  @Override
  public void setBigDecimal(String parameterName, java.math.BigDecimal a1) throws SQLException {
    delegate.setBigDecimal(parameterName, a1);
  }

  @Override
  public void setBinaryStream(String parameterName, java.io.InputStream a1, int a2) throws SQLException {
    delegate.setBinaryStream(parameterName, a1, a2);
  }

  @Override
  public void setBinaryStream(String parameterName, java.io.InputStream a1, long a2) throws SQLException {
    delegate.setBinaryStream(parameterName, a1, a2);
  }

  @Override
  public void setBinaryStream(String parameterName, java.io.InputStream a1) throws SQLException {
    delegate.setBinaryStream(parameterName, a1);
  }

  @Override
  public void setBlob(String parameterName, java.io.InputStream a1, long a2) throws SQLException {
    delegate.setBlob(parameterName, a1, a2);
  }

  @Override
  public void setBlob(String parameterName, java.io.InputStream a1) throws SQLException {
    delegate.setBlob(parameterName, a1);
  }

  @Override
  public void setBlob(String parameterName, java.sql.Blob a1) throws SQLException {
    delegate.setBlob(parameterName, a1);
  }

  @Override
  public void setBoolean(String parameterName, boolean a1) throws SQLException {
    delegate.setBoolean(parameterName, a1);
  }

  @Override
  public void setByte(String parameterName, byte a1) throws SQLException {
    delegate.setByte(parameterName, a1);
  }

  @Override
  public void setBytes(String parameterName, byte[] a1) throws SQLException {
    delegate.setBytes(parameterName, a1);
  }

  @Override
  public void setCharacterStream(String parameterName, java.io.Reader a1, int a2) throws SQLException {
    delegate.setCharacterStream(parameterName, a1, a2);
  }

  @Override
  public void setCharacterStream(String parameterName, java.io.Reader a1, long a2) throws SQLException {
    delegate.setCharacterStream(parameterName, a1, a2);
  }

  @Override
  public void setCharacterStream(String parameterName, java.io.Reader a1) throws SQLException {
    delegate.setCharacterStream(parameterName, a1);
  }

  @Override
  public void setClob(String parameterName, java.io.Reader a1, long a2) throws SQLException {
    delegate.setClob(parameterName, a1, a2);
  }

  @Override
  public void setClob(String parameterName, java.io.Reader a1) throws SQLException {
    delegate.setClob(parameterName, a1);
  }

  @Override
  public void setClob(String parameterName, java.sql.Clob a1) throws SQLException {
    delegate.setClob(parameterName, a1);
  }

  @Override
  public void setDate(String parameterName, java.sql.Date a1, java.util.Calendar cal) throws SQLException {
    delegate.setDate(parameterName, a1, cal);
  }

  @Override
  public void setDate(String parameterName, java.sql.Date a1) throws SQLException {
    delegate.setDate(parameterName, a1);
  }

  @Override
  public void setDouble(String parameterName, double a1) throws SQLException {
    delegate.setDouble(parameterName, a1);
  }

  @Override
  public void setFloat(String parameterName, float a1) throws SQLException {
    delegate.setFloat(parameterName, a1);
  }

  @Override
  public void setInt(String parameterName, int a1) throws SQLException {
    delegate.setInt(parameterName, a1);
  }

  @Override
  public void setLong(String parameterName, long a1) throws SQLException {
    delegate.setLong(parameterName, a1);
  }

  @Override
  public void setNCharacterStream(String parameterName, java.io.Reader a1, long a2) throws SQLException {
    delegate.setNCharacterStream(parameterName, a1, a2);
  }

  @Override
  public void setNCharacterStream(String parameterName, java.io.Reader a1) throws SQLException {
    delegate.setNCharacterStream(parameterName, a1);
  }

  @Override
  public void setNClob(String parameterName, java.io.Reader a1, long a2) throws SQLException {
    delegate.setNClob(parameterName, a1, a2);
  }

  @Override
  public void setNClob(String parameterName, java.io.Reader a1) throws SQLException {
    delegate.setNClob(parameterName, a1);
  }

  @Override
  public void setNClob(String parameterName, java.sql.NClob a1) throws SQLException {
    delegate.setNClob(parameterName, a1);
  }

  @Override
  public void setNString(String parameterName, String a1) throws SQLException {
    delegate.setNString(parameterName, a1);
  }

  @Override
  public void setNull(String parameterName, int a1, String a2) throws SQLException {
    delegate.setNull(parameterName, a1, a2);
  }

  @Override
  public void setNull(String parameterName, int a1) throws SQLException {
    delegate.setNull(parameterName, a1);
  }

  @Override
  public void setObject(String parameterName, Object a1, int a2, int a3) throws SQLException {
    delegate.setObject(parameterName, a1, a2, a3);
  }

  @Override
  public void setObject(String parameterName, Object a1, int a2) throws SQLException {
    delegate.setObject(parameterName, a1, a2);
  }

  @Override
  public void setObject(String parameterName, Object a1, java.sql.SQLType a2, int a3) throws SQLException {
    delegate.setObject(parameterName, a1, a2, a3);
  }

  @Override
  public void setObject(String parameterName, Object a1, java.sql.SQLType a2) throws SQLException {
    delegate.setObject(parameterName, a1, a2);
  }

  @Override
  public void setObject(String parameterName, Object a1) throws SQLException {
    delegate.setObject(parameterName, a1);
  }

  @Override
  public void setRowId(String parameterName, java.sql.RowId a1) throws SQLException {
    delegate.setRowId(parameterName, a1);
  }

  @Override
  public void setSQLXML(String parameterName, java.sql.SQLXML a1) throws SQLException {
    delegate.setSQLXML(parameterName, a1);
  }

  @Override
  public void setShort(String parameterName, short a1) throws SQLException {
    delegate.setShort(parameterName, a1);
  }

  @Override
  public void setString(String parameterName, String a1) throws SQLException {
    delegate.setString(parameterName, a1);
  }

  @Override
  public void setTime(String parameterName, java.sql.Time a1, java.util.Calendar cal) throws SQLException {
    delegate.setTime(parameterName, a1, cal);
  }

  @Override
  public void setTime(String parameterName, java.sql.Time a1) throws SQLException {
    delegate.setTime(parameterName, a1);
  }

  @Override
  public void setTimestamp(String parameterName, java.sql.Timestamp a1, java.util.Calendar cal) throws SQLException {
    delegate.setTimestamp(parameterName, a1, cal);
  }

  @Override
  public void setTimestamp(String parameterName, java.sql.Timestamp a1) throws SQLException {
    delegate.setTimestamp(parameterName, a1);
  }

  @Override
  public void setURL(String parameterName, java.net.URL a1) throws SQLException {
    delegate.setURL(parameterName, a1);
  }

  @Override
  public boolean wasNull() throws SQLException {
    return delegate.wasNull();
  }
}

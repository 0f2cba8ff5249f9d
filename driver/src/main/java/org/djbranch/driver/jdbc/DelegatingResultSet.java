package org.djbranch.driver.jdbc;

import java.sql.SQLException;

/**
 * Plain delegates for every {@link java.sql.ResultSet} method; behaviour lives in subclasses,
 * which override only the methods that carry it. Written once from the interface, kept by hand since.
 */
@SuppressWarnings({"deprecation", "removal"})
public class DelegatingResultSet implements java.sql.ResultSet {

  protected final java.sql.ResultSet delegate;
  /** The statement that produced it, or null for the result sets of {@link java.sql.DatabaseMetaData}. */
  private final java.sql.Statement owner;
  /** The connection of a metadata's result set (one of a statement's is its statement's). */
  private final java.sql.Connection connection;

  protected DelegatingResultSet(java.sql.ResultSet delegate, java.sql.Statement owner) {
    this(delegate, owner, null);
  }

  DelegatingResultSet(java.sql.ResultSet delegate, java.sql.Statement owner, java.sql.Connection connection) {
    this.delegate = delegate;
    this.owner = owner;
    this.connection = connection;
  }

  private java.sql.Connection connection() throws SQLException {
    return owner != null ? owner.getConnection() : connection;
  }

  /** The wrapped object itself. */
  public final java.sql.ResultSet delegate() {
    return delegate;
  }

  @Override
  public final <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    return iface.cast(Wrappers.exposedBy(connection(), iface.isInstance(delegate) ? delegate
        : delegate.unwrap(iface), iface));
  }

  @Override
  public final boolean isWrapperFor(Class<?> iface) throws SQLException {
    return iface.isInstance(this)
        || (iface.isInstance(delegate) || delegate.isWrapperFor(iface)) && Wrappers.exposesChildren(connection());
  }

  @Override
  public boolean absolute(int a0) throws SQLException {
    return delegate.absolute(a0);
  }

  @Override
  public void afterLast() throws SQLException {
    delegate.afterLast();
  }

  @Override
  public void beforeFirst() throws SQLException {
    delegate.beforeFirst();
  }

  @Override
  public void cancelRowUpdates() throws SQLException {
    delegate.cancelRowUpdates();
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
  public void deleteRow() throws SQLException {
    delegate.deleteRow();
  }

  @Override
  public int findColumn(String a0) throws SQLException {
    return delegate.findColumn(a0);
  }

  @Override
  public boolean first() throws SQLException {
    return delegate.first();
  }

  @Override
  public java.sql.Array getArray(String columnLabel) throws SQLException {
    return delegate.getArray(columnLabel);
  }

  @Override
  public java.sql.Array getArray(int columnIndex) throws SQLException {
    return delegate.getArray(columnIndex);
  }

  @Override
  public java.io.InputStream getAsciiStream(String columnLabel) throws SQLException {
    return delegate.getAsciiStream(columnLabel);
  }

  @Override
  public java.io.InputStream getAsciiStream(int columnIndex) throws SQLException {
    return delegate.getAsciiStream(columnIndex);
  }

  @Override
  public java.math.BigDecimal getBigDecimal(String columnLabel, int a1) throws SQLException {
    return delegate.getBigDecimal(columnLabel, a1);
  }

  @Override
  public java.math.BigDecimal getBigDecimal(String columnLabel) throws SQLException {
    return delegate.getBigDecimal(columnLabel);
  }

  @Override
  public java.math.BigDecimal getBigDecimal(int columnIndex, int a1) throws SQLException {
    return delegate.getBigDecimal(columnIndex, a1);
  }

  @Override
  public java.math.BigDecimal getBigDecimal(int columnIndex) throws SQLException {
    return delegate.getBigDecimal(columnIndex);
  }

  @Override
  public java.io.InputStream getBinaryStream(String columnLabel) throws SQLException {
    return delegate.getBinaryStream(columnLabel);
  }

  @Override
  public java.io.InputStream getBinaryStream(int columnIndex) throws SQLException {
    return delegate.getBinaryStream(columnIndex);
  }

  @Override
  public java.sql.Blob getBlob(String columnLabel) throws SQLException {
    return delegate.getBlob(columnLabel);
  }

  @Override
  public java.sql.Blob getBlob(int columnIndex) throws SQLException {
    return delegate.getBlob(columnIndex);
  }

  @Override
  public boolean getBoolean(String columnLabel) throws SQLException {
    return delegate.getBoolean(columnLabel);
  }

  @Override
  public boolean getBoolean(int columnIndex) throws SQLException {
    return delegate.getBoolean(columnIndex);
  }

  @Override
  public byte getByte(String columnLabel) throws SQLException {
    return delegate.getByte(columnLabel);
  }

  @Override
  public byte getByte(int columnIndex) throws SQLException {
    return delegate.getByte(columnIndex);
  }

  @Override
  public byte[] getBytes(String columnLabel) throws SQLException {
    return delegate.getBytes(columnLabel);
  }

  @Override
  public byte[] getBytes(int columnIndex) throws SQLException {
    return delegate.getBytes(columnIndex);
  }

  @Override
  public java.io.Reader getCharacterStream(String columnLabel) throws SQLException {
    return delegate.getCharacterStream(columnLabel);
  }

  @Override
  public java.io.Reader getCharacterStream(int columnIndex) throws SQLException {
    return delegate.getCharacterStream(columnIndex);
  }

  @Override
  public java.sql.Clob getClob(String columnLabel) throws SQLException {
    return delegate.getClob(columnLabel);
  }

  @Override
  public java.sql.Clob getClob(int columnIndex) throws SQLException {
    return delegate.getClob(columnIndex);
  }

  @Override
  public int getConcurrency() throws SQLException {
    return delegate.getConcurrency();
  }

  @Override
  public String getCursorName() throws SQLException {
    return delegate.getCursorName();
  }

  @Override
  public java.sql.Date getDate(String columnLabel, java.util.Calendar cal) throws SQLException {
    return delegate.getDate(columnLabel, cal);
  }

  @Override
  public java.sql.Date getDate(String columnLabel) throws SQLException {
    return delegate.getDate(columnLabel);
  }

  @Override
  public java.sql.Date getDate(int columnIndex, java.util.Calendar cal) throws SQLException {
    return delegate.getDate(columnIndex, cal);
  }

  @Override
  public java.sql.Date getDate(int columnIndex) throws SQLException {
    return delegate.getDate(columnIndex);
  }

  @Override
  public double getDouble(String columnLabel) throws SQLException {
    return delegate.getDouble(columnLabel);
  }

  @Override
  public double getDouble(int columnIndex) throws SQLException {
    return delegate.getDouble(columnIndex);
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
  public float getFloat(String columnLabel) throws SQLException {
    return delegate.getFloat(columnLabel);
  }

  @Override
  public float getFloat(int columnIndex) throws SQLException {
    return delegate.getFloat(columnIndex);
  }

  @Override
  public int getHoldability() throws SQLException {
    return delegate.getHoldability();
  }

  @Override
  public int getInt(String columnLabel) throws SQLException {
    return delegate.getInt(columnLabel);
  }

  @Override
  public int getInt(int columnIndex) throws SQLException {
    return delegate.getInt(columnIndex);
  }

  @Override
  public long getLong(String columnLabel) throws SQLException {
    return delegate.getLong(columnLabel);
  }

  @Override
  public long getLong(int columnIndex) throws SQLException {
    return delegate.getLong(columnIndex);
  }

  @Override
  public java.sql.ResultSetMetaData getMetaData() throws SQLException {
    return delegate.getMetaData();
  }

  @Override
  public java.io.Reader getNCharacterStream(String columnLabel) throws SQLException {
    return delegate.getNCharacterStream(columnLabel);
  }

  @Override
  public java.io.Reader getNCharacterStream(int columnIndex) throws SQLException {
    return delegate.getNCharacterStream(columnIndex);
  }

  @Override
  public java.sql.NClob getNClob(String columnLabel) throws SQLException {
    return delegate.getNClob(columnLabel);
  }

  @Override
  public java.sql.NClob getNClob(int columnIndex) throws SQLException {
    return delegate.getNClob(columnIndex);
  }

  @Override
  public String getNString(String columnLabel) throws SQLException {
    return delegate.getNString(columnLabel);
  }

  @Override
  public String getNString(int columnIndex) throws SQLException {
    return delegate.getNString(columnIndex);
  }

  @Override
  public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
    return delegate.getObject(columnLabel, type);
  }

  @Override
  public Object getObject(String columnLabel, java.util.Map<String, Class<?>> map) throws SQLException {
    return delegate.getObject(columnLabel, map);
  }

  @Override
  public Object getObject(String columnLabel) throws SQLException {
    return delegate.getObject(columnLabel);
  }

  @Override
  public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
    return delegate.getObject(columnIndex, type);
  }

  @Override
  public Object getObject(int columnIndex, java.util.Map<String, Class<?>> map) throws SQLException {
    return delegate.getObject(columnIndex, map);
  }

  @Override
  public Object getObject(int columnIndex) throws SQLException {
    return delegate.getObject(columnIndex);
  }

  @Override
  public java.sql.Ref getRef(String columnLabel) throws SQLException {
    return delegate.getRef(columnLabel);
  }

  @Override
  public java.sql.Ref getRef(int columnIndex) throws SQLException {
    return delegate.getRef(columnIndex);
  }

  @Override
  public int getRow() throws SQLException {
    return delegate.getRow();
  }

  @Override
  public java.sql.RowId getRowId(String columnLabel) throws SQLException {
    return delegate.getRowId(columnLabel);
  }

  @Override
  public java.sql.RowId getRowId(int columnIndex) throws SQLException {
    return delegate.getRowId(columnIndex);
  }

  @Override
  public java.sql.SQLXML getSQLXML(String columnLabel) throws SQLException {
    return delegate.getSQLXML(columnLabel);
  }

  @Override
  public java.sql.SQLXML getSQLXML(int columnIndex) throws SQLException {
    return delegate.getSQLXML(columnIndex);
  }

  @Override
  public short getShort(String columnLabel) throws SQLException {
    return delegate.getShort(columnLabel);
  }

  @Override
  public short getShort(int columnIndex) throws SQLException {
    return delegate.getShort(columnIndex);
  }

  @Override
  public final java.sql.Statement getStatement() {
    return owner;
  }

  @Override
  public String getString(String columnLabel) throws SQLException {
    return delegate.getString(columnLabel);
  }

  @Override
  public String getString(int columnIndex) throws SQLException {
    return delegate.getString(columnIndex);
  }

  @Override
  public java.sql.Time getTime(String columnLabel, java.util.Calendar cal) throws SQLException {
    return delegate.getTime(columnLabel, cal);
  }

  @Override
  public java.sql.Time getTime(String columnLabel) throws SQLException {
    return delegate.getTime(columnLabel);
  }

  @Override
  public java.sql.Time getTime(int columnIndex, java.util.Calendar cal) throws SQLException {
    return delegate.getTime(columnIndex, cal);
  }

  @Override
  public java.sql.Time getTime(int columnIndex) throws SQLException {
    return delegate.getTime(columnIndex);
  }

  @Override
  public java.sql.Timestamp getTimestamp(String columnLabel, java.util.Calendar cal) throws SQLException {
    return delegate.getTimestamp(columnLabel, cal);
  }

  @Override
  public java.sql.Timestamp getTimestamp(String columnLabel) throws SQLException {
    return delegate.getTimestamp(columnLabel);
  }

  @Override
  public java.sql.Timestamp getTimestamp(int columnIndex, java.util.Calendar cal) throws SQLException {
    return delegate.getTimestamp(columnIndex, cal);
  }

  @Override
  public java.sql.Timestamp getTimestamp(int columnIndex) throws SQLException {
    return delegate.getTimestamp(columnIndex);
  }

  @Override
  public int getType() throws SQLException {
    return delegate.getType();
  }

  @Override
  public java.net.URL getURL(String columnLabel) throws SQLException {
    return delegate.getURL(columnLabel);
  }

  @Override
  public java.net.URL getURL(int columnIndex) throws SQLException {
    return delegate.getURL(columnIndex);
  }

  @Override
  public java.io.InputStream getUnicodeStream(String columnLabel) throws SQLException {
    return delegate.getUnicodeStream(columnLabel);
  }

  @Override
  public java.io.InputStream getUnicodeStream(int columnIndex) throws SQLException {
    return delegate.getUnicodeStream(columnIndex);
  }

  @Override
  public java.sql.SQLWarning getWarnings() throws SQLException {
    return delegate.getWarnings();
  }

  @Override
  public void insertRow() throws SQLException {
    delegate.insertRow();
  }

  @Override
  public boolean isAfterLast() throws SQLException {
    return delegate.isAfterLast();
  }

  @Override
  public boolean isBeforeFirst() throws SQLException {
    return delegate.isBeforeFirst();
  }

  @Override
  public boolean isClosed() throws SQLException {
    return delegate.isClosed();
  }

  @Override
  public boolean isFirst() throws SQLException {
    return delegate.isFirst();
  }

  @Override
  public boolean isLast() throws SQLException {
    return delegate.isLast();
  }

  @Override
  public boolean last() throws SQLException {
    return delegate.last();
  }

  @Override
  public void moveToCurrentRow() throws SQLException {
    delegate.moveToCurrentRow();
  }

  @Override
  public void moveToInsertRow() throws SQLException {
    delegate.moveToInsertRow();
  }

  @Override
  public boolean next() throws SQLException {
    return delegate.next();
  }

  @Override
  public boolean previous() throws SQLException {
    return delegate.previous();
  }

  @Override
  public void refreshRow() throws SQLException {
    delegate.refreshRow();
  }

  @Override
  public boolean relative(int a0) throws SQLException {
    return delegate.relative(a0);
  }

  @Override
  public boolean rowDeleted() throws SQLException {
    return delegate.rowDeleted();
  }

  @Override
  public boolean rowInserted() throws SQLException {
    return delegate.rowInserted();
  }

  @Override
  public boolean rowUpdated() throws SQLException {
    return delegate.rowUpdated();
  }

  @Override
  public void setFetchDirection(int columnIndex) throws SQLException {
    delegate.setFetchDirection(columnIndex);
  }

  @Override
  public void setFetchSize(int columnIndex) throws SQLException {
    delegate.setFetchSize(columnIndex);
  }

  @Override
  public void updateArray(String columnLabel, java.sql.Array a1) throws SQLException {
    delegate.updateArray(columnLabel, a1);
  }

  @Override
  public void updateArray(int columnIndex, java.sql.Array a1) throws SQLException {
    delegate.updateArray(columnIndex, a1);
  }

  @Override
  public void updateAsciiStream(String columnLabel, java.io.InputStream a1, int a2) throws SQLException {
    delegate.updateAsciiStream(columnLabel, a1, a2);
  }

  @Override
  public void updateAsciiStream(String columnLabel, java.io.InputStream a1, long a2) throws SQLException {
    delegate.updateAsciiStream(columnLabel, a1, a2);
  }

  @Override
  public void updateAsciiStream(String columnLabel, java.io.InputStream a1) throws SQLException {
    delegate.updateAsciiStream(columnLabel, a1);
  }

  @Override
  public void updateAsciiStream(int columnIndex, java.io.InputStream a1, int a2) throws SQLException {
    delegate.updateAsciiStream(columnIndex, a1, a2);
  }

  @Override
  public void updateAsciiStream(int columnIndex, java.io.InputStream a1, long a2) throws SQLException {
    delegate.updateAsciiStream(columnIndex, a1, a2);
  }

  @Override
  public void updateAsciiStream(int columnIndex, java.io.InputStream a1) throws SQLException {
    delegate.updateAsciiStream(columnIndex, a1);
  }

  @Override
  public void updateBigDecimal(String columnLabel, java.math.BigDecimal a1) throws SQLException {
    delegate.updateBigDecimal(columnLabel, a1);
  }

  @Override
  public void updateBigDecimal(int columnIndex, java.math.BigDecimal a1) throws SQLException {
    delegate.updateBigDecimal(columnIndex, a1);
  }

  @Override
  public void updateBinaryStream(String columnLabel, java.io.InputStream a1, int a2) throws SQLException {
    delegate.updateBinaryStream(columnLabel, a1, a2);
  }

  @Override
  public void updateBinaryStream(String columnLabel, java.io.InputStream a1, long a2) throws SQLException {
    delegate.updateBinaryStream(columnLabel, a1, a2);
  }

  @Override
  public void updateBinaryStream(String columnLabel, java.io.InputStream a1) throws SQLException {
    delegate.updateBinaryStream(columnLabel, a1);
  }

  @Override
  public void updateBinaryStream(int columnIndex, java.io.InputStream a1, int a2) throws SQLException {
    delegate.updateBinaryStream(columnIndex, a1, a2);
  }

  @Override
  public void updateBinaryStream(int columnIndex, java.io.InputStream a1, long a2) throws SQLException {
    delegate.updateBinaryStream(columnIndex, a1, a2);
  }

  @Override
  public void updateBinaryStream(int columnIndex, java.io.InputStream a1) throws SQLException {
    delegate.updateBinaryStream(columnIndex, a1);
  }

  @Override
  public void updateBlob(String columnLabel, java.io.InputStream a1, long a2) throws SQLException {
    delegate.updateBlob(columnLabel, a1, a2);
  }

  @Override
  public void updateBlob(String columnLabel, java.io.InputStream a1) throws SQLException {
    delegate.updateBlob(columnLabel, a1);
  }

  @Override
  public void updateBlob(String columnLabel, java.sql.Blob a1) throws SQLException {
    delegate.updateBlob(columnLabel, a1);
  }

  @Override
  public void updateBlob(int columnIndex, java.io.InputStream a1, long a2) throws SQLException {
    delegate.updateBlob(columnIndex, a1, a2);
  }

  @Override
  public void updateBlob(int columnIndex, java.io.InputStream a1) throws SQLException {
    delegate.updateBlob(columnIndex, a1);
  }

  @Override
  public void updateBlob(int columnIndex, java.sql.Blob a1) throws SQLException {
    delegate.updateBlob(columnIndex, a1);
  }

  @Override
  public void updateBoolean(String columnLabel, boolean a1) throws SQLException {
    delegate.updateBoolean(columnLabel, a1);
  }

  @Override
  public void updateBoolean(int columnIndex, boolean a1) throws SQLException {
    delegate.updateBoolean(columnIndex, a1);
  }

  @Override
  public void updateByte(String columnLabel, byte a1) throws SQLException {
    delegate.updateByte(columnLabel, a1);
  }

  @Override
  public void updateByte(int columnIndex, byte a1) throws SQLException {
    delegate.updateByte(columnIndex, a1);
  }

  @Override
  public void updateBytes(String columnLabel, byte[] a1) throws SQLException {
    delegate.updateBytes(columnLabel, a1);
  }

  @Override
  public void updateBytes(int columnIndex, byte[] a1) throws SQLException {
    delegate.updateBytes(columnIndex, a1);
  }

  @Override
  public void updateCharacterStream(String columnLabel, java.io.Reader a1, int a2) throws SQLException {
    delegate.updateCharacterStream(columnLabel, a1, a2);
  }

  @Override
  public void updateCharacterStream(String columnLabel, java.io.Reader a1, long a2) throws SQLException {
    delegate.updateCharacterStream(columnLabel, a1, a2);
  }

  @Override
  public void updateCharacterStream(String columnLabel, java.io.Reader a1) throws SQLException {
    delegate.updateCharacterStream(columnLabel, a1);
  }

  @Override
  public void updateCharacterStream(int columnIndex, java.io.Reader a1, int a2) throws SQLException {
    delegate.updateCharacterStream(columnIndex, a1, a2);
  }

  @Override
  public void updateCharacterStream(int columnIndex, java.io.Reader a1, long a2) throws SQLException {
    delegate.updateCharacterStream(columnIndex, a1, a2);
  }

  @Override
  public void updateCharacterStream(int columnIndex, java.io.Reader a1) throws SQLException {
    delegate.updateCharacterStream(columnIndex, a1);
  }

  @Override
  public void updateClob(String columnLabel, java.io.Reader a1, long a2) throws SQLException {
    delegate.updateClob(columnLabel, a1, a2);
  }

  @Override
  public void updateClob(String columnLabel, java.io.Reader a1) throws SQLException {
    delegate.updateClob(columnLabel, a1);
  }

  @Override
  public void updateClob(String columnLabel, java.sql.Clob a1) throws SQLException {
    delegate.updateClob(columnLabel, a1);
  }

  @Override
  public void updateClob(int columnIndex, java.io.Reader a1, long a2) throws SQLException {
    delegate.updateClob(columnIndex, a1, a2);
  }

  @Override
  public void updateClob(int columnIndex, java.io.Reader a1) throws SQLException {
    delegate.updateClob(columnIndex, a1);
  }

  @Override
  public void updateClob(int columnIndex, java.sql.Clob a1) throws SQLException {
    delegate.updateClob(columnIndex, a1);
  }

  @Override
  public void updateDate(String columnLabel, java.sql.Date a1) throws SQLException {
    delegate.updateDate(columnLabel, a1);
  }

  @Override
  public void updateDate(int columnIndex, java.sql.Date a1) throws SQLException {
    delegate.updateDate(columnIndex, a1);
  }

  @Override
  public void updateDouble(String columnLabel, double a1) throws SQLException {
    delegate.updateDouble(columnLabel, a1);
  }

  @Override
  public void updateDouble(int columnIndex, double a1) throws SQLException {
    delegate.updateDouble(columnIndex, a1);
  }

  @Override
  public void updateFloat(String columnLabel, float a1) throws SQLException {
    delegate.updateFloat(columnLabel, a1);
  }

  @Override
  public void updateFloat(int columnIndex, float a1) throws SQLException {
    delegate.updateFloat(columnIndex, a1);
  }

  @Override
  public void updateInt(String columnLabel, int a1) throws SQLException {
    delegate.updateInt(columnLabel, a1);
  }

  @Override
  public void updateInt(int columnIndex, int a1) throws SQLException {
    delegate.updateInt(columnIndex, a1);
  }

  @Override
  public void updateLong(String columnLabel, long a1) throws SQLException {
    delegate.updateLong(columnLabel, a1);
  }

  @Override
  public void updateLong(int columnIndex, long a1) throws SQLException {
    delegate.updateLong(columnIndex, a1);
  }

  @Override
  public void updateNCharacterStream(String columnLabel, java.io.Reader a1, long a2) throws SQLException {
    delegate.updateNCharacterStream(columnLabel, a1, a2);
  }

  @Override
  public void updateNCharacterStream(String columnLabel, java.io.Reader a1) throws SQLException {
    delegate.updateNCharacterStream(columnLabel, a1);
  }

  @Override
  public void updateNCharacterStream(int columnIndex, java.io.Reader a1, long a2) throws SQLException {
    delegate.updateNCharacterStream(columnIndex, a1, a2);
  }

  @Override
  public void updateNCharacterStream(int columnIndex, java.io.Reader a1) throws SQLException {
    delegate.updateNCharacterStream(columnIndex, a1);
  }

  @Override
  public void updateNClob(String columnLabel, java.io.Reader a1, long a2) throws SQLException {
    delegate.updateNClob(columnLabel, a1, a2);
  }

  @Override
  public void updateNClob(String columnLabel, java.io.Reader a1) throws SQLException {
    delegate.updateNClob(columnLabel, a1);
  }

  @Override
  public void updateNClob(String columnLabel, java.sql.NClob a1) throws SQLException {
    delegate.updateNClob(columnLabel, a1);
  }

  @Override
  public void updateNClob(int columnIndex, java.io.Reader a1, long a2) throws SQLException {
    delegate.updateNClob(columnIndex, a1, a2);
  }

  @Override
  public void updateNClob(int columnIndex, java.io.Reader a1) throws SQLException {
    delegate.updateNClob(columnIndex, a1);
  }

  @Override
  public void updateNClob(int columnIndex, java.sql.NClob a1) throws SQLException {
    delegate.updateNClob(columnIndex, a1);
  }

  @Override
  public void updateNString(String columnLabel, String a1) throws SQLException {
    delegate.updateNString(columnLabel, a1);
  }

  @Override
  public void updateNString(int columnIndex, String a1) throws SQLException {
    delegate.updateNString(columnIndex, a1);
  }

  @Override
  public void updateNull(String columnLabel) throws SQLException {
    delegate.updateNull(columnLabel);
  }

  @Override
  public void updateNull(int columnIndex) throws SQLException {
    delegate.updateNull(columnIndex);
  }

  @Override
  public void updateObject(String columnLabel, Object a1, int a2) throws SQLException {
    delegate.updateObject(columnLabel, a1, a2);
  }

  @Override
  public void updateObject(String columnLabel, Object a1, java.sql.SQLType a2, int a3) throws SQLException {
    delegate.updateObject(columnLabel, a1, a2, a3);
  }

  @Override
  public void updateObject(String columnLabel, Object a1, java.sql.SQLType a2) throws SQLException {
    delegate.updateObject(columnLabel, a1, a2);
  }

  @Override
  public void updateObject(String columnLabel, Object a1) throws SQLException {
    delegate.updateObject(columnLabel, a1);
  }

  @Override
  public void updateObject(int columnIndex, Object a1, int a2) throws SQLException {
    delegate.updateObject(columnIndex, a1, a2);
  }

  @Override
  public void updateObject(int columnIndex, Object a1, java.sql.SQLType a2, int a3) throws SQLException {
    delegate.updateObject(columnIndex, a1, a2, a3);
  }

  @Override
  public void updateObject(int columnIndex, Object a1, java.sql.SQLType a2) throws SQLException {
    delegate.updateObject(columnIndex, a1, a2);
  }

  @Override
  public void updateObject(int columnIndex, Object a1) throws SQLException {
    delegate.updateObject(columnIndex, a1);
  }

  @Override
  public void updateRef(String columnLabel, java.sql.Ref a1) throws SQLException {
    delegate.updateRef(columnLabel, a1);
  }

  @Override
  public void updateRef(int columnIndex, java.sql.Ref a1) throws SQLException {
    delegate.updateRef(columnIndex, a1);
  }

  @Override
  public void updateRow() throws SQLException {
    delegate.updateRow();
  }

  @Override
  public void updateRowId(String columnLabel, java.sql.RowId a1) throws SQLException {
    delegate.updateRowId(columnLabel, a1);
  }

  @Override
  public void updateRowId(int columnIndex, java.sql.RowId a1) throws SQLException {
    delegate.updateRowId(columnIndex, a1);
  }

  @Override
  public void updateSQLXML(String columnLabel, java.sql.SQLXML a1) throws SQLException {
    delegate.updateSQLXML(columnLabel, a1);
  }

  @Override
  public void updateSQLXML(int columnIndex, java.sql.SQLXML a1) throws SQLException {
    delegate.updateSQLXML(columnIndex, a1);
  }

  @Override
  public void updateShort(String columnLabel, short a1) throws SQLException {
    delegate.updateShort(columnLabel, a1);
  }

  @Override
  public void updateShort(int columnIndex, short a1) throws SQLException {
    delegate.updateShort(columnIndex, a1);
  }

  @Override
  public void updateString(String columnLabel, String a1) throws SQLException {
    delegate.updateString(columnLabel, a1);
  }

  @Override
  public void updateString(int columnIndex, String a1) throws SQLException {
    delegate.updateString(columnIndex, a1);
  }

  @Override
  public void updateTime(String columnLabel, java.sql.Time a1) throws SQLException {
    delegate.updateTime(columnLabel, a1);
  }

  @Override
  public void updateTime(int columnIndex, java.sql.Time a1) throws SQLException {
    delegate.updateTime(columnIndex, a1);
  }

  @Override
  public void updateTimestamp(String columnLabel, java.sql.Timestamp a1) throws SQLException {
    delegate.updateTimestamp(columnLabel, a1);
  }

  @Override
  public void updateTimestamp(int columnIndex, java.sql.Timestamp a1) throws SQLException {
    delegate.updateTimestamp(columnIndex, a1);
  }

  @Override
  public boolean wasNull() throws SQLException {
    return delegate.wasNull();
  }
}

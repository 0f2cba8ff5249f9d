package org.djbranch.driver.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * The mechanical part of a read-only result set that djbranch answers itself: every update and row change refused,
 * each getter by label answered by the getter by index ({@link #findColumn}), calendars and type maps ignored, the
 * national-character getters answered by the plain ones, and the kinds of value it never holds (Ref, Blob, Clob,
 * Array, URL, RowId, NClob, SQLXML) refused. A subclass reads its values by index and moves its cursor.
 */
public abstract class ReadOnlyResultSet implements ResultSet {
  private final String what;

  /** {@code what} names the result set in messages: "A metadata result set". */
  protected ReadOnlyResultSet(String what) {
    this.what = what;
  }

  /** The refusal of every change: the result set is read-only. */
  protected final SQLException readOnly() {
    return new SQLFeatureNotSupportedException(what + " is read-only.");
  }

  /** The refusal of a kind of value the result set never holds. */
  protected final SQLException unsupported(String type) {
    return new SQLFeatureNotSupportedException(what + " holds no " + type + " values.");
  }

  // ---- by label: the column found, then read by index ----

  @Override
  public String getString(String label) throws SQLException {
    return getString(findColumn(label));
  }

  @Override
  public boolean getBoolean(String label) throws SQLException {
    return getBoolean(findColumn(label));
  }

  @Override
  public byte getByte(String label) throws SQLException {
    return getByte(findColumn(label));
  }

  @Override
  public short getShort(String label) throws SQLException {
    return getShort(findColumn(label));
  }

  @Override
  public int getInt(String label) throws SQLException {
    return getInt(findColumn(label));
  }

  @Override
  public long getLong(String label) throws SQLException {
    return getLong(findColumn(label));
  }

  @Override
  public float getFloat(String label) throws SQLException {
    return getFloat(findColumn(label));
  }

  @Override
  public double getDouble(String label) throws SQLException {
    return getDouble(findColumn(label));
  }

  @Override
  public BigDecimal getBigDecimal(String label) throws SQLException {
    return getBigDecimal(findColumn(label));
  }

  @Override
  public byte[] getBytes(String label) throws SQLException {
    return getBytes(findColumn(label));
  }

  @Override
  public Date getDate(String label) throws SQLException {
    return getDate(findColumn(label));
  }

  @Override
  public Time getTime(String label) throws SQLException {
    return getTime(findColumn(label));
  }

  @Override
  public Timestamp getTimestamp(String label) throws SQLException {
    return getTimestamp(findColumn(label));
  }

  @Override
  public InputStream getAsciiStream(String label) throws SQLException {
    return getAsciiStream(findColumn(label));
  }

  @Override
  public InputStream getBinaryStream(String label) throws SQLException {
    return getBinaryStream(findColumn(label));
  }

  @Override
  public Object getObject(String label) throws SQLException {
    return getObject(findColumn(label));
  }

  @Override
  public Reader getCharacterStream(String label) throws SQLException {
    return getCharacterStream(findColumn(label));
  }

  @Override
  @Deprecated
  public BigDecimal getBigDecimal(String label, int scale) throws SQLException {
    return getBigDecimal(findColumn(label), scale);
  }

  @Override
  @Deprecated
  public InputStream getUnicodeStream(String label) throws SQLException {
    return getUnicodeStream(findColumn(label));
  }

  @Override
  public <T> T getObject(String label, Class<T> type) throws SQLException {
    return getObject(findColumn(label), type);
  }

  @Override
  public String getNString(String label) throws SQLException {
    return getNString(findColumn(label));
  }

  @Override
  public Reader getNCharacterStream(String label) throws SQLException {
    return getNCharacterStream(findColumn(label));
  }

  @Override
  public Object getObject(String label, Map<String, Class<?>> map) throws SQLException {
    return getObject(findColumn(label), map);
  }

  @Override
  public Date getDate(String label, Calendar cal) throws SQLException {
    return getDate(findColumn(label), cal);
  }

  @Override
  public Time getTime(String label, Calendar cal) throws SQLException {
    return getTime(findColumn(label), cal);
  }

  @Override
  public Timestamp getTimestamp(String label, Calendar cal) throws SQLException {
    return getTimestamp(findColumn(label), cal);
  }

  // ---- by index, with what a value held in memory ignores ----

  @Override
  public Date getDate(int column, Calendar cal) throws SQLException {
    return getDate(column);
  }

  @Override
  public Time getTime(int column, Calendar cal) throws SQLException {
    return getTime(column);
  }

  @Override
  public Timestamp getTimestamp(int column, Calendar cal) throws SQLException {
    return getTimestamp(column);
  }

  @Override
  public Object getObject(int column, Map<String, Class<?>> map) throws SQLException {
    return getObject(column);
  }

  @Override
  public String getNString(int column) throws SQLException {
    return getString(column);
  }

  @Override
  public Reader getNCharacterStream(int column) throws SQLException {
    return getCharacterStream(column);
  }

  // ---- kinds of value never held ----

  @Override
  public Ref getRef(int column) throws SQLException {
    throw unsupported("Ref");
  }

  @Override
  public Ref getRef(String label) throws SQLException {
    throw unsupported("Ref");
  }

  @Override
  public Blob getBlob(int column) throws SQLException {
    throw unsupported("Blob");
  }

  @Override
  public Blob getBlob(String label) throws SQLException {
    throw unsupported("Blob");
  }

  @Override
  public Clob getClob(int column) throws SQLException {
    throw unsupported("Clob");
  }

  @Override
  public Clob getClob(String label) throws SQLException {
    throw unsupported("Clob");
  }

  @Override
  public Array getArray(int column) throws SQLException {
    throw unsupported("Array");
  }

  @Override
  public Array getArray(String label) throws SQLException {
    throw unsupported("Array");
  }

  @Override
  public URL getURL(int column) throws SQLException {
    throw unsupported("URL");
  }

  @Override
  public URL getURL(String label) throws SQLException {
    throw unsupported("URL");
  }

  @Override
  public RowId getRowId(int column) throws SQLException {
    throw unsupported("RowId");
  }

  @Override
  public RowId getRowId(String label) throws SQLException {
    throw unsupported("RowId");
  }

  @Override
  public NClob getNClob(int column) throws SQLException {
    throw unsupported("NClob");
  }

  @Override
  public NClob getNClob(String label) throws SQLException {
    throw unsupported("NClob");
  }

  @Override
  public SQLXML getSQLXML(int column) throws SQLException {
    throw unsupported("SQLXML");
  }

  @Override
  public SQLXML getSQLXML(String label) throws SQLException {
    throw unsupported("SQLXML");
  }

  // ---- rows: read only ----

  @Override
  public String getCursorName() throws SQLException {
    throw new SQLFeatureNotSupportedException(what + " has no cursor name.");
  }

  @Override
  public int getConcurrency() {
    return CONCUR_READ_ONLY;
  }

  @Override
  public boolean rowUpdated() {
    return false;
  }

  @Override
  public boolean rowInserted() {
    return false;
  }

  @Override
  public boolean rowDeleted() {
    return false;
  }

  @Override
  public void insertRow() throws SQLException {
    throw readOnly();
  }

  @Override
  public void deleteRow() throws SQLException {
    throw readOnly();
  }

  @Override
  public void refreshRow() {
  }

  @Override
  public void cancelRowUpdates() {
  }

  @Override
  public void moveToInsertRow() throws SQLException {
    throw readOnly();
  }

  @Override
  public void moveToCurrentRow() {
  }

  // ---- updates: refused ----

  @Override
  public void updateNull(int a0) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBoolean(int a0, boolean a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateByte(int a0, byte a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateShort(int a0, short a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateInt(int a0, int a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateLong(int a0, long a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateFloat(int a0, float a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateDouble(int a0, double a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBigDecimal(int a0, BigDecimal a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateString(int a0, String a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBytes(int a0, byte[] a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateDate(int a0, Date a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateTime(int a0, Time a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateTimestamp(int a0, Timestamp a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateAsciiStream(int a0, InputStream a1, int a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBinaryStream(int a0, InputStream a1, int a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateCharacterStream(int a0, Reader a1, int a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateObject(int a0, Object a1, int a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateObject(int a0, Object a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateNull(String a0) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBoolean(String a0, boolean a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateByte(String a0, byte a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateShort(String a0, short a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateInt(String a0, int a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateLong(String a0, long a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateFloat(String a0, float a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateDouble(String a0, double a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBigDecimal(String a0, BigDecimal a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateString(String a0, String a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBytes(String a0, byte[] a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateDate(String a0, Date a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateTime(String a0, Time a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateTimestamp(String a0, Timestamp a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateAsciiStream(String a0, InputStream a1, int a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBinaryStream(String a0, InputStream a1, int a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateCharacterStream(String a0, Reader a1, int a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateObject(String a0, Object a1, int a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateObject(String a0, Object a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateRow() throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateRef(int a0, Ref a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateRef(String a0, Ref a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBlob(int a0, Blob a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBlob(String a0, Blob a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateClob(int a0, Clob a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateClob(String a0, Clob a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateArray(int a0, Array a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateArray(String a0, Array a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateRowId(int a0, RowId a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateRowId(String a0, RowId a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateNString(int a0, String a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateNString(String a0, String a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateNClob(int a0, NClob a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateNClob(String a0, NClob a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateSQLXML(int a0, SQLXML a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateSQLXML(String a0, SQLXML a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateNCharacterStream(int a0, Reader a1, long a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateNCharacterStream(String a0, Reader a1, long a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateAsciiStream(int a0, InputStream a1, long a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBinaryStream(int a0, InputStream a1, long a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateCharacterStream(int a0, Reader a1, long a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateAsciiStream(String a0, InputStream a1, long a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBinaryStream(String a0, InputStream a1, long a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateCharacterStream(String a0, Reader a1, long a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBlob(int a0, InputStream a1, long a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBlob(String a0, InputStream a1, long a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateClob(int a0, Reader a1, long a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateClob(String a0, Reader a1, long a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateNClob(int a0, Reader a1, long a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateNClob(String a0, Reader a1, long a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateNCharacterStream(int a0, Reader a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateNCharacterStream(String a0, Reader a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateAsciiStream(int a0, InputStream a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBinaryStream(int a0, InputStream a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateCharacterStream(int a0, Reader a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateAsciiStream(String a0, InputStream a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBinaryStream(String a0, InputStream a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateCharacterStream(String a0, Reader a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBlob(int a0, InputStream a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateBlob(String a0, InputStream a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateClob(int a0, Reader a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateClob(String a0, Reader a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateNClob(int a0, Reader a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateNClob(String a0, Reader a1) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateObject(int a0, Object a1, SQLType a2, int a3) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateObject(String a0, Object a1, SQLType a2, int a3) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateObject(int a0, Object a1, SQLType a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateObject(String a0, Object a1, SQLType a2) throws SQLException {
    throw readOnly();
  }
}

package org.djbranch.driver.metadata;

import org.djbranch.driver.error.SqlState;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Locale;
import java.util.Map;

/**
 * A metadata answer merged in memory (a branch's listing of a logical schema): read-only and scrollable, with
 * the wrapped driver's column descriptions. Getters convert as the drivers do for the types metadata uses
 * (strings, small integers, booleans); getString answers the wrapped driver's own text for the rows it gave.
 */
final class MetadataResultSet implements ResultSet {
  private final MetadataTable table;
  private SQLWarning warnings;
  private int row = -1;
  private boolean lastWasNull;
  private boolean closed;

  MetadataResultSet(MetadataTable table, SQLWarning warnings) {
    this.table = table;
    this.warnings = warnings;
  }

  private MetadataTable.Cell cell(int column) throws SQLException {
    if (closed) {
      throw SqlState.GENERAL_ERROR.exception("This metadata result set is closed.");
    }
    if (row < 0 || row >= table.rows.size()) {
      throw SqlState.GENERAL_ERROR.exception("This metadata result set is not on a row: call next() first.");
    }
    if (column < 1 || column > table.columns.count()) {
      throw SqlState.GENERAL_ERROR.exception("Column index " + column + " is out of range: this metadata result set"
          + " has " + table.columns.count() + " columns.");
    }
    MetadataTable.Cell c = table.rows.get(row)[column - 1];
    lastWasNull = c.value() == null;
    return c;
  }

  private Object value(int column) throws SQLException {
    return cell(column).value();
  }

  private Number number(int column) throws SQLException {
    Object v = value(column);
    if (v == null) {
      return 0;
    }
    if (v instanceof Number n) {
      return n;
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    String s = v.toString().trim();
    try {
      return s.contains(".") || s.contains("e") || s.contains("E") ? (Number) Double.parseDouble(s) : Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw SqlState.GENERAL_ERROR.exception("Column " + table.columns.getColumnLabel(column) + " must be a number"
          + " but was: " + s, e);
    }
  }

  @Override
  public boolean next() throws SQLException {
    if (closed) {
      throw SqlState.GENERAL_ERROR.exception("This metadata result set is closed.");
    }
    return relative(1);
  }

  @Override
  public void close() {
    closed = true;
  }

  @Override
  public boolean wasNull() {
    return lastWasNull;
  }

  @Override
  public String getString(int column) throws SQLException {
    return cell(column).text();
  }

  @Override
  public boolean getBoolean(int column) throws SQLException {
    Object v = value(column);
    if (v == null) {
      return false;
    }
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof Number n) {
      return n.doubleValue() != 0;
    }
    String s = v.toString().trim().toLowerCase(Locale.ROOT);
    return s.equals("1") || s.equals("true") || s.equals("t") || s.equals("y") || s.equals("yes");
  }

  @Override
  public byte getByte(int column) throws SQLException {
    return number(column).byteValue();
  }

  @Override
  public short getShort(int column) throws SQLException {
    return number(column).shortValue();
  }

  @Override
  public int getInt(int column) throws SQLException {
    return number(column).intValue();
  }

  @Override
  public long getLong(int column) throws SQLException {
    return number(column).longValue();
  }

  @Override
  public float getFloat(int column) throws SQLException {
    return number(column).floatValue();
  }

  @Override
  public double getDouble(int column) throws SQLException {
    return number(column).doubleValue();
  }

  @Override
  @Deprecated
  public BigDecimal getBigDecimal(int column, int scale) throws SQLException {
    BigDecimal d = getBigDecimal(column);
    return d == null ? null : d.setScale(scale, java.math.RoundingMode.HALF_UP);
  }

  @Override
  public BigDecimal getBigDecimal(int column) throws SQLException {
    Object v = value(column);
    if (v == null) {
      return null;
    }
    return v instanceof BigDecimal d ? d : new BigDecimal(number(column).toString());
  }

  @Override
  public byte[] getBytes(int column) throws SQLException {
    Object v = value(column);
    if (v == null) {
      return null;
    }
    return v instanceof byte[] b ? b : v.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public Date getDate(int column) throws SQLException {
    return (Date) typed(column, Date.class);
  }

  @Override
  public Time getTime(int column) throws SQLException {
    return (Time) typed(column, Time.class);
  }

  @Override
  public Timestamp getTimestamp(int column) throws SQLException {
    return (Timestamp) typed(column, Timestamp.class);
  }

  private Object typed(int column, Class<?> type) throws SQLException {
    Object v = value(column);
    if (v == null || type.isInstance(v)) {
      return v;
    }
    throw SqlState.GENERAL_ERROR.exception("Column " + table.columns.getColumnLabel(column) + " holds a "
        + v.getClass().getSimpleName() + ", which cannot be read as " + type.getSimpleName() + ".");
  }

  @Override
  public InputStream getAsciiStream(int column) throws SQLException {
    byte[] b = getBytes(column);
    return b == null ? null : new java.io.ByteArrayInputStream(b);
  }

  @Override
  @Deprecated
  public InputStream getUnicodeStream(int column) throws SQLException {
    return getAsciiStream(column);
  }

  @Override
  public InputStream getBinaryStream(int column) throws SQLException {
    return getAsciiStream(column);
  }

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
  @Deprecated
  public BigDecimal getBigDecimal(String label, int scale) throws SQLException {
    return getBigDecimal(findColumn(label), scale);
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
  @Deprecated
  public InputStream getUnicodeStream(String label) throws SQLException {
    return getUnicodeStream(findColumn(label));
  }

  @Override
  public InputStream getBinaryStream(String label) throws SQLException {
    return getBinaryStream(findColumn(label));
  }

  @Override
  public SQLWarning getWarnings() {
    return warnings;
  }

  @Override
  public void clearWarnings() {
    warnings = null;
  }

  @Override
  public String getCursorName() throws SQLException {
    throw new SQLFeatureNotSupportedException("A metadata result set has no cursor name.");
  }

  @Override
  public ResultSetMetaData getMetaData() {
    return table.columns;
  }

  @Override
  public Object getObject(int column) throws SQLException {
    return value(column);
  }

  @Override
  public Object getObject(String label) throws SQLException {
    return getObject(findColumn(label));
  }

  @Override
  public int findColumn(String label) throws SQLException {
    int i = table.index(label);
    if (i < 0) {
      throw SqlState.GENERAL_ERROR.exception("This metadata result set has no column named " + label + ".");
    }
    return i + 1;
  }

  @Override
  public Reader getCharacterStream(int column) throws SQLException {
    String s = getString(column);
    return s == null ? null : new StringReader(s);
  }

  @Override
  public Reader getCharacterStream(String label) throws SQLException {
    return getCharacterStream(findColumn(label));
  }

  @Override
  public BigDecimal getBigDecimal(String label) throws SQLException {
    return getBigDecimal(findColumn(label));
  }

  @Override
  public boolean isBeforeFirst() {
    return row < 0 && !table.rows.isEmpty();
  }

  @Override
  public boolean isAfterLast() {
    return row >= table.rows.size() && !table.rows.isEmpty();
  }

  @Override
  public boolean isFirst() {
    return row == 0 && !table.rows.isEmpty();
  }

  @Override
  public boolean isLast() {
    return row == table.rows.size() - 1 && row >= 0;
  }

  @Override
  public void beforeFirst() {
    row = -1;
  }

  @Override
  public void afterLast() {
    row = table.rows.size();
  }

  @Override
  public boolean first() throws SQLException {
    return absolute(1);
  }

  @Override
  public boolean last() throws SQLException {
    return absolute(-1);
  }

  @Override
  public int getRow() {
    return row >= 0 && row < table.rows.size() ? row + 1 : 0;
  }

  @Override
  public boolean absolute(int position) throws SQLException {
    if (closed) {
      throw SqlState.GENERAL_ERROR.exception("This metadata result set is closed.");
    }
    int size = table.rows.size();
    int target = position > 0 ? position - 1 : size + position;
    row = Math.max(-1, Math.min(size, target));
    return row >= 0 && row < size;
  }

  @Override
  public boolean relative(int rows) {
    row = Math.max(-1, Math.min(table.rows.size(), row + rows));
    return row >= 0 && row < table.rows.size();
  }

  @Override
  public boolean previous() throws SQLException {
    if (row <= 0) {
      row = -1;
      return false;
    }
    row--;
    return true;
  }

  @Override
  public void setFetchDirection(int direction) {
  }

  @Override
  public int getFetchDirection() {
    return FETCH_FORWARD;
  }

  @Override
  public void setFetchSize(int rows) {
  }

  @Override
  public int getFetchSize() {
    return 0;
  }

  @Override
  public int getType() {
    return TYPE_SCROLL_INSENSITIVE;
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

  /** JDBC: a result set of DatabaseMetaData may have no statement. */
  @Override
  public Statement getStatement() {
    return null;
  }

  @Override
  public Object getObject(int column, Map<String, Class<?>> map) throws SQLException {
    return getObject(column);
  }

  @Override
  public Ref getRef(int column) throws SQLException {
    throw unsupported("Ref");
  }

  @Override
  public Blob getBlob(int column) throws SQLException {
    throw unsupported("Blob");
  }

  @Override
  public Clob getClob(int column) throws SQLException {
    throw unsupported("Clob");
  }

  @Override
  public Array getArray(int column) throws SQLException {
    throw unsupported("Array");
  }

  @Override
  public Object getObject(String label, Map<String, Class<?>> map) throws SQLException {
    return getObject(findColumn(label));
  }

  @Override
  public Ref getRef(String label) throws SQLException {
    throw unsupported("Ref");
  }

  @Override
  public Blob getBlob(String label) throws SQLException {
    throw unsupported("Blob");
  }

  @Override
  public Clob getClob(String label) throws SQLException {
    throw unsupported("Clob");
  }

  @Override
  public Array getArray(String label) throws SQLException {
    throw unsupported("Array");
  }

  @Override
  public Date getDate(int column, Calendar cal) throws SQLException {
    return getDate(column);
  }

  @Override
  public Date getDate(String label, Calendar cal) throws SQLException {
    return getDate(findColumn(label));
  }

  @Override
  public Time getTime(int column, Calendar cal) throws SQLException {
    return getTime(column);
  }

  @Override
  public Time getTime(String label, Calendar cal) throws SQLException {
    return getTime(findColumn(label));
  }

  @Override
  public Timestamp getTimestamp(int column, Calendar cal) throws SQLException {
    return getTimestamp(column);
  }

  @Override
  public Timestamp getTimestamp(String label, Calendar cal) throws SQLException {
    return getTimestamp(findColumn(label));
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
  public int getHoldability() {
    return HOLD_CURSORS_OVER_COMMIT;
  }

  @Override
  public boolean isClosed() {
    return closed;
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

  @Override
  public String getNString(int column) throws SQLException {
    return getString(column);
  }

  @Override
  public String getNString(String label) throws SQLException {
    return getString(label);
  }

  @Override
  public Reader getNCharacterStream(int column) throws SQLException {
    return getCharacterStream(column);
  }

  @Override
  public Reader getNCharacterStream(String label) throws SQLException {
    return getCharacterStream(label);
  }

  @Override
  public <T> T getObject(int column, Class<T> type) throws SQLException {
    Object v = value(column);
    if (v == null || type.isInstance(v)) {
      return type.cast(v);
    }
    if (type == String.class) {
      return type.cast(getString(column));
    }
    if (type == Integer.class) {
      return type.cast(getInt(column));
    }
    if (type == Short.class) {
      return type.cast(getShort(column));
    }
    if (type == Long.class) {
      return type.cast(getLong(column));
    }
    if (type == Boolean.class) {
      return type.cast(getBoolean(column));
    }
    if (type == Double.class) {
      return type.cast(getDouble(column));
    }
    if (type == Float.class) {
      return type.cast(getFloat(column));
    }
    if (type == BigDecimal.class) {
      return type.cast(getBigDecimal(column));
    }
    throw SqlState.GENERAL_ERROR.exception("Column " + table.columns.getColumnLabel(column) + " holds a "
        + v.getClass().getSimpleName() + ", which cannot be read as " + type.getName() + ".");
  }

  @Override
  public <T> T getObject(String label, Class<T> type) throws SQLException {
    return getObject(findColumn(label), type);
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw SqlState.GENERAL_ERROR.exception("A merged metadata result set wraps no " + iface.getName() + ".");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }

  private static SQLException readOnly() {
    return new SQLFeatureNotSupportedException("A metadata result set is read-only.");
  }

  private static SQLException unsupported(String type) {
    return new SQLFeatureNotSupportedException("A metadata result set holds no " + type + " values.");
  }

  // ---- updates: a metadata answer is read-only ----

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
  public void updateObject(int a0, Object a1, java.sql.SQLType a2, int a3) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateObject(String a0, Object a1, java.sql.SQLType a2, int a3) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateObject(int a0, Object a1, java.sql.SQLType a2) throws SQLException {
    throw readOnly();
  }

  @Override
  public void updateObject(String a0, Object a1, java.sql.SQLType a2) throws SQLException {
    throw readOnly();
  }

}

package org.djbranch.driver.metadata;

import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.jdbc.ReadOnlyResultSet;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Locale;

/**
 * A metadata answer merged in memory (a branch's listing of a logical schema): read-only and scrollable, with
 * the wrapped driver's column descriptions. Getters convert as the drivers do for the types metadata uses
 * (strings, small integers, booleans); getString answers the wrapped driver's own text for the rows it gave.
 */
final class MetadataResultSet extends ReadOnlyResultSet {
  private final MetadataTable table;
  private SQLWarning warnings;
  private int row = -1;
  private boolean lastWasNull;
  private boolean closed;

  MetadataResultSet(MetadataTable table, SQLWarning warnings) {
    super("A metadata result set");
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
  public SQLWarning getWarnings() {
    return warnings;
  }

  @Override
  public void clearWarnings() {
    warnings = null;
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

  /** JDBC: a result set of DatabaseMetaData may have no statement. */
  @Override
  public Statement getStatement() {
    return null;
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

}

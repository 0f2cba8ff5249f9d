package org.djbranch.driver.session;

import java.io.InputStream;
import java.io.Reader;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import org.djbranch.driver.error.SqlState;

/**
 * A declaration handed to {@code prepareStatement} or {@code prepareCall} on a branch, as jOOQ, MyBatis and other
 * frameworks hand every statement. Declaring into a draft takes several steps (schemas, {@code ~edge} rows), so
 * nothing is prepared: the text is kept and runs through the branch's declarations, on a plain statement of the
 * wrapped connection, when the prepared statement executes. Preparing has no effect, as on the wrapped driver. A
 * declaration takes no parameters: setting one fails as a parameter index out of range does ({@code 07009}), a
 * failed statement, never an unsupported feature (on which pools drop the connection).
 */
final class PreparedDeclaration extends BranchStatement implements PreparedStatement {
  private final BranchSession session;
  private final String sql;
  /** How many times {@link #addBatch()} added the declaration since the last batch ran. */
  private int batched;

  PreparedDeclaration(Connection owner, Statement delegate, BranchSession session, String sql) {
    super(owner, delegate, session, false);
    this.session = session;
    this.sql = sql;
  }

  /**
   * The declaration as a {@link CallableStatement}: what {@code prepareCall} hands out. It runs as this prepared
   * one runs; the methods only a call has all concern parameters, and fail as setting one here does.
   */
  static CallableStatement callable(PreparedDeclaration declaration) {
    InvocationHandler handler = (proxy, method, args) -> {
      if (method.getDeclaringClass() == CallableStatement.class) {
        throw declaration.noParameters();
      }
      switch (method.getName()) {
        case "unwrap":
        case "isWrapperFor":
          if (((Class<?>) args[0]).isInstance(proxy)) {
            return method.getName().equals("unwrap") ? proxy : Boolean.TRUE;
          }
          break;
        case "equals":
          return proxy == args[0];
        case "hashCode":
          return System.identityHashCode(proxy);
        default:
          break;
      }
      try {
        return method.invoke(declaration, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    };
    return (CallableStatement) Proxy.newProxyInstance(CallableStatement.class.getClassLoader(),
        new Class<?>[] {CallableStatement.class}, handler);
  }

  @Override
  public boolean execute() throws SQLException {
    return execute(sql);
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    return executeQuery(sql);
  }

  @Override
  public int executeUpdate() throws SQLException {
    return executeUpdate(sql);
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    return executeLargeUpdate(sql);
  }

  /** Adds the declaration once more to the batch: having no parameters, each entry runs it as written. */
  @Override
  public void addBatch() {
    batched++;
  }

  @Override
  public void clearBatch() throws SQLException {
    batched = 0;
    super.clearBatch();
  }

  /** Each entry of the batch, in order, through the branch's declarations: one at a time, as a batch of texts. */
  @Override
  public int[] executeBatch() throws SQLException {
    addEntries();
    return super.executeBatch();
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    addEntries();
    return super.executeLargeBatch();
  }

  private void addEntries() throws SQLException {
    for (; batched > 0; batched--) {
      addBatch(sql);
    }
  }

  @Override
  public void clearParameters() {
    // A declaration has none.
  }

  /** Null, as the interface allows: a declaration returns no rows. */
  @Override
  public ResultSetMetaData getMetaData() {
    return null;
  }

  /** No parameters: what a framework asks before it sets any. */
  @Override
  public ParameterMetaData getParameterMetaData() {
    return NoParameters.INSTANCE;
  }

  private SQLException noParameters() {
    return SqlState.INVALID_DESCRIPTOR_INDEX.exception("On branch " + session.branch() + " a declaration takes no"
        + " parameters: the text is declared as written. Statement: " + sql);
  }

  // ---- parameters: a declaration has none ----

  @Override public void setNull(int i, int t) throws SQLException { throw noParameters(); }
  @Override public void setNull(int i, int t, String n) throws SQLException { throw noParameters(); }
  @Override public void setBoolean(int i, boolean x) throws SQLException { throw noParameters(); }
  @Override public void setByte(int i, byte x) throws SQLException { throw noParameters(); }
  @Override public void setShort(int i, short x) throws SQLException { throw noParameters(); }
  @Override public void setInt(int i, int x) throws SQLException { throw noParameters(); }
  @Override public void setLong(int i, long x) throws SQLException { throw noParameters(); }
  @Override public void setFloat(int i, float x) throws SQLException { throw noParameters(); }
  @Override public void setDouble(int i, double x) throws SQLException { throw noParameters(); }
  @Override public void setBigDecimal(int i, BigDecimal x) throws SQLException { throw noParameters(); }
  @Override public void setString(int i, String x) throws SQLException { throw noParameters(); }
  @Override public void setNString(int i, String x) throws SQLException { throw noParameters(); }
  @Override public void setBytes(int i, byte[] x) throws SQLException { throw noParameters(); }
  @Override public void setDate(int i, Date x) throws SQLException { throw noParameters(); }
  @Override public void setDate(int i, Date x, Calendar c) throws SQLException { throw noParameters(); }
  @Override public void setTime(int i, Time x) throws SQLException { throw noParameters(); }
  @Override public void setTime(int i, Time x, Calendar c) throws SQLException { throw noParameters(); }
  @Override public void setTimestamp(int i, Timestamp x) throws SQLException { throw noParameters(); }
  @Override public void setTimestamp(int i, Timestamp x, Calendar c) throws SQLException { throw noParameters(); }
  @Override public void setAsciiStream(int i, InputStream x) throws SQLException { throw noParameters(); }
  @Override public void setAsciiStream(int i, InputStream x, int n) throws SQLException { throw noParameters(); }
  @Override public void setAsciiStream(int i, InputStream x, long n) throws SQLException { throw noParameters(); }
  @Deprecated
  @Override public void setUnicodeStream(int i, InputStream x, int n) throws SQLException { throw noParameters(); }
  @Override public void setBinaryStream(int i, InputStream x) throws SQLException { throw noParameters(); }
  @Override public void setBinaryStream(int i, InputStream x, int n) throws SQLException { throw noParameters(); }
  @Override public void setBinaryStream(int i, InputStream x, long n) throws SQLException { throw noParameters(); }
  @Override public void setCharacterStream(int i, Reader x) throws SQLException { throw noParameters(); }
  @Override public void setCharacterStream(int i, Reader x, int n) throws SQLException { throw noParameters(); }
  @Override public void setCharacterStream(int i, Reader x, long n) throws SQLException { throw noParameters(); }
  @Override public void setNCharacterStream(int i, Reader x) throws SQLException { throw noParameters(); }
  @Override public void setNCharacterStream(int i, Reader x, long n) throws SQLException { throw noParameters(); }
  @Override public void setObject(int i, Object x) throws SQLException { throw noParameters(); }
  @Override public void setObject(int i, Object x, int t) throws SQLException { throw noParameters(); }
  @Override public void setObject(int i, Object x, int t, int s) throws SQLException { throw noParameters(); }
  @Override public void setRef(int i, Ref x) throws SQLException { throw noParameters(); }
  @Override public void setBlob(int i, Blob x) throws SQLException { throw noParameters(); }
  @Override public void setBlob(int i, InputStream x) throws SQLException { throw noParameters(); }
  @Override public void setBlob(int i, InputStream x, long n) throws SQLException { throw noParameters(); }
  @Override public void setClob(int i, Clob x) throws SQLException { throw noParameters(); }
  @Override public void setClob(int i, Reader x) throws SQLException { throw noParameters(); }
  @Override public void setClob(int i, Reader x, long n) throws SQLException { throw noParameters(); }
  @Override public void setNClob(int i, NClob x) throws SQLException { throw noParameters(); }
  @Override public void setNClob(int i, Reader x) throws SQLException { throw noParameters(); }
  @Override public void setNClob(int i, Reader x, long n) throws SQLException { throw noParameters(); }
  @Override public void setArray(int i, Array x) throws SQLException { throw noParameters(); }
  @Override public void setURL(int i, URL x) throws SQLException { throw noParameters(); }
  @Override public void setRowId(int i, RowId x) throws SQLException { throw noParameters(); }
  @Override public void setSQLXML(int i, SQLXML x) throws SQLException { throw noParameters(); }

  /** The parameter metadata of a statement with none. */
  private enum NoParameters implements ParameterMetaData {
    INSTANCE;

    @Override
    public int getParameterCount() {
      return 0;
    }

    private static SQLException none(int index) {
      return SqlState.INVALID_DESCRIPTOR_INDEX.exception("A declaration has no parameter " + index + ": it takes none.");
    }

    @Override public int isNullable(int i) throws SQLException { throw none(i); }
    @Override public boolean isSigned(int i) throws SQLException { throw none(i); }
    @Override public int getPrecision(int i) throws SQLException { throw none(i); }
    @Override public int getScale(int i) throws SQLException { throw none(i); }
    @Override public int getParameterType(int i) throws SQLException { throw none(i); }
    @Override public String getParameterTypeName(int i) throws SQLException { throw none(i); }
    @Override public String getParameterClassName(int i) throws SQLException { throw none(i); }
    @Override public int getParameterMode(int i) throws SQLException { throw none(i); }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
      if (iface.isInstance(this)) {
        return iface.cast(this);
      }
      throw new SQLException("Not a wrapper of " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
      return iface.isInstance(this);
    }
  }
}

package org.djbranch.driver.session;

import org.djbranch.driver.jdbc.DelegatingStatement;
import org.djbranch.driver.error.SqlState;
import java.sql.Connection;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
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

/**
 * A declaration handed to {@code prepareStatement} on a branch, as jOOQ, MyBatis and other frameworks hand every
 * statement. Declaring into a draft takes several steps (schemas, {@code ~edge} rows), so nothing is prepared: the
 * text is kept and runs through the branch's declarations, on a plain statement of the wrapped connection, when the
 * prepared statement executes. Preparing has no effect, as on the wrapped driver. A declaration takes no parameters.
 */
final class PreparedDeclaration extends DelegatingStatement<Statement> implements PreparedStatement {
  private final BranchSession session;
  private final String sql;

  PreparedDeclaration(Connection owner, Statement delegate, BranchSession session, String sql) {
    super(owner, delegate, session);
    this.session = session;
    this.sql = sql;
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

  @Override
  public void addBatch() throws SQLException {
    throw SqlState.notSupported("On branch " + session.branch() + ", run a declaration with"
        + " execute, not in a batch: declaring into a draft takes several steps. Statement: " + sql);
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

  @Override
  public ParameterMetaData getParameterMetaData() throws SQLException {
    throw noParameters();
  }

  private SQLException noParameters() {
    return SqlState.notSupported("On branch " + session.branch() + " a declaration takes no"
        + " parameters. Statement: " + sql);
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
}

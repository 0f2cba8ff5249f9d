package org.djbranch.driver.session;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.Date;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.jdbc.DelegatingPreparedStatement;
import org.djbranch.rewriter.Dialect;

/**
 * A prepared DELETE or UPDATE on a branch. It remembers how each parameter was set, and at each execution asks
 * whether its target (where it changes one table) is now the parent of symbolic foreign keys — a comparison, unless
 * the layout changed since it last asked; its text is read for that the first time the branch has a symbolic key —
 * so a child declared after the statement was prepared is honoured. When it is a
 * parent, the referential actions run first, in one transaction with the statement, taking every parameter with the
 * setter the application used (Branch Resolution §5.2); when not, the statement runs as it would unwrapped.
 */
@SuppressWarnings("deprecation")
final class GuardedPreparedStatement extends DelegatingPreparedStatement<PreparedStatement> {
  /** A stream setter: streams are read once, so one the actions may read is kept in memory and handed out anew. */
  @FunctionalInterface
  private interface StreamSetter<T> {
    void set(PreparedStatement ps, int index, T stream) throws SQLException;
  }

  private final BranchSession session;
  private final String text;
  private final Dialect dialect;
  /**
   * The statement as a row change, read the first time it is asked for on a branch with a symbolic key (until then
   * no action can apply, and a statement prepared is not read for nothing); null before, and where it is a DELETE or
   * UPDATE of several tables.
   */
  private RowChange change;
  private boolean read;
  /** The parameters as set, by index from 0; as long as the highest index set so far. */
  private Parameter[] values = new Parameter[0];
  private final List<Parameter[]> batch = new ArrayList<>();

  GuardedPreparedStatement(Connection owner, PreparedStatement delegate, BranchSession session, String text,
      Dialect dialect) {
    super(owner, delegate, session);
    this.session = session;
    this.text = text;
    this.dialect = dialect;
  }

  /** {@link #change}, read now if this is the first time the branch has a symbolic key. */
  private RowChange change() {
    if (!read && session.hasSymbolicKeys()) {
      change = RowChange.prepared(text, dialect);
      read = true;
    }
    return change;
  }

  /** Sets the parameter on the statement, then remembers it: a value the statement refuses is never replayed. */
  private void put(int index, Parameter p) throws SQLException {
    p.setOn(delegate, index);
    remember(index, p);
  }

  /** After the wrapped statement took parameter {@code index}: the index is one it has. */
  private void remember(int index, Parameter p) {
    if (index < 1) {
      return;
    }
    if (index > values.length) {
      int had = values.length;
      values = Arrays.copyOf(values, Math.max(index, 2 * had));
      Arrays.fill(values, had, values.length, Parameter.UNSET);
    }
    values[index - 1] = p;
  }

  /** The parameters of the single execution about to run. */
  private List<Parameter[]> once() {
    return List.<Parameter[]>of(values.clone());
  }

  @Override
  public int executeUpdate() throws SQLException {
    RowChange change = change();
    RowChange.Target target = session.parentTarget(change);
    return target.referenced() ? session.changingParentRows(change, target, once(), super::executeUpdate)
        : super.executeUpdate();
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    RowChange change = change();
    RowChange.Target target = session.parentTarget(change);
    return target.referenced() ? session.changingParentRows(change, target, once(), super::executeLargeUpdate)
        : super.executeLargeUpdate();
  }

  @Override
  public boolean execute() throws SQLException {
    RowChange change = change();
    RowChange.Target target = session.parentTarget(change);
    return target.referenced() ? session.changingParentRows(change, target, once(), super::execute)
        : super.execute();
  }

  /** {@code DELETE ... RETURNING} on PostgreSQL. */
  @Override
  public ResultSet executeQuery() throws SQLException {
    RowChange change = change();
    RowChange.Target target = session.parentTarget(change);
    return target.referenced() ? session.changingParentRows(change, target, once(), super::executeQuery)
        : super.executeQuery();
  }

  @Override
  public void addBatch() throws SQLException {
    delegate.addBatch();
    batch.add(values.clone());
  }

  @Override
  public void clearBatch() throws SQLException {
    batch.clear();
    delegate.clearBatch();
  }

  @Override
  public int[] executeBatch() throws SQLException {
    List<Parameter[]> entries = new ArrayList<>(batch);
    batch.clear();
    RowChange change = change();
    RowChange.Target target = session.parentTarget(change);
    return target.referenced() ? session.changingParentRows(change, target, entries, super::executeBatch)
        : super.executeBatch();
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    List<Parameter[]> entries = new ArrayList<>(batch);
    batch.clear();
    RowChange change = change();
    RowChange.Target target = session.parentTarget(change);
    return target.referenced() ? session.changingParentRows(change, target, entries, super::executeLargeBatch)
        : super.executeLargeBatch();
  }

  @Override
  public void clearParameters() throws SQLException {
    delegate.clearParameters();
    Arrays.fill(values, Parameter.UNSET);
  }

  // ---- streams: kept in memory where the actions may read them, else passed on and never replayed ----

  private void bytes(int index, InputStream x, long length, StreamSetter<InputStream> setter) throws SQLException {
    RowChange change = change();
    if (x == null || change == null || !change.mayRead(index - 1, session.parentTarget(change))) {
      setter.set(delegate, index, x);
      remember(index, x == null ? (ps, k) -> setter.set(ps, k, null) : notKept(index));
      return;
    }
    byte[] kept;
    try {
      kept = length < 0 ? x.readAllBytes() : x.readNBytes((int) Math.min(length, Integer.MAX_VALUE));
    } catch (IOException e) {
      throw SqlState.GENERAL_ERROR.exception("Could not read the stream of parameter " + index + ": " + e, e);
    }
    put(index, (ps, k) -> setter.set(ps, k, new ByteArrayInputStream(kept)));
  }

  private void chars(int index, Reader x, long length, StreamSetter<Reader> setter) throws SQLException {
    RowChange change = change();
    if (x == null || change == null || !change.mayRead(index - 1, session.parentTarget(change))) {
      setter.set(delegate, index, x);
      remember(index, x == null ? (ps, k) -> setter.set(ps, k, null) : notKept(index));
      return;
    }
    StringBuilder text = new StringBuilder();
    char[] buffer = new char[8192];
    try {
      long left = length < 0 ? Long.MAX_VALUE : length;
      int n;
      while (left > 0 && (n = x.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0) {
        text.append(buffer, 0, n);
        left -= n;
      }
    } catch (IOException e) {
      throw SqlState.GENERAL_ERROR.exception("Could not read the stream of parameter " + index + ": " + e, e);
    }
    String kept = text.toString();
    put(index, (ps, k) -> setter.set(ps, k, new StringReader(kept)));
  }

  /**
   * A stream set while no symbolic foreign key needed it, and passed on unread: if one declared since needs it, the
   * statement is refused before anything ran, and setting the parameter again lets it run.
   */
  private Parameter notKept(int index) {
    return (ps, k) -> {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("Parameter " + index + " was set as a stream before a"
          + " symbolic foreign key of branch " + session.branch() + " needed its value, so it was not kept and cannot"
          + " be read twice. Set it again, then execute. Statement: " + text);
    };
  }

  @Override
  public void setAsciiStream(int i, InputStream x, int length) throws SQLException {
    bytes(i, x, length, (ps, k, in) -> ps.setAsciiStream(k, in, length));
  }

  @Override
  public void setAsciiStream(int i, InputStream x, long length) throws SQLException {
    bytes(i, x, length, (ps, k, in) -> ps.setAsciiStream(k, in, length));
  }

  @Override
  public void setAsciiStream(int i, InputStream x) throws SQLException {
    bytes(i, x, -1, (ps, k, in) -> ps.setAsciiStream(k, in));
  }

  @Override
  public void setBinaryStream(int i, InputStream x, int length) throws SQLException {
    bytes(i, x, length, (ps, k, in) -> ps.setBinaryStream(k, in, length));
  }

  @Override
  public void setBinaryStream(int i, InputStream x, long length) throws SQLException {
    bytes(i, x, length, (ps, k, in) -> ps.setBinaryStream(k, in, length));
  }

  @Override
  public void setBinaryStream(int i, InputStream x) throws SQLException {
    bytes(i, x, -1, (ps, k, in) -> ps.setBinaryStream(k, in));
  }

  @Override
  public void setUnicodeStream(int i, InputStream x, int length) throws SQLException {
    bytes(i, x, length, (ps, k, in) -> ps.setUnicodeStream(k, in, length));
  }

  @Override
  public void setBlob(int i, InputStream x, long length) throws SQLException {
    bytes(i, x, length, (ps, k, in) -> ps.setBlob(k, in, length));
  }

  @Override
  public void setBlob(int i, InputStream x) throws SQLException {
    bytes(i, x, -1, (ps, k, in) -> ps.setBlob(k, in));
  }

  @Override
  public void setCharacterStream(int i, Reader x, int length) throws SQLException {
    chars(i, x, length, (ps, k, in) -> ps.setCharacterStream(k, in, length));
  }

  @Override
  public void setCharacterStream(int i, Reader x, long length) throws SQLException {
    chars(i, x, length, (ps, k, in) -> ps.setCharacterStream(k, in, length));
  }

  @Override
  public void setCharacterStream(int i, Reader x) throws SQLException {
    chars(i, x, -1, (ps, k, in) -> ps.setCharacterStream(k, in));
  }

  @Override
  public void setNCharacterStream(int i, Reader x, long length) throws SQLException {
    chars(i, x, length, (ps, k, in) -> ps.setNCharacterStream(k, in, length));
  }

  @Override
  public void setNCharacterStream(int i, Reader x) throws SQLException {
    chars(i, x, -1, (ps, k, in) -> ps.setNCharacterStream(k, in));
  }

  @Override
  public void setClob(int i, Reader x, long length) throws SQLException {
    chars(i, x, length, (ps, k, in) -> ps.setClob(k, in, length));
  }

  @Override
  public void setClob(int i, Reader x) throws SQLException {
    chars(i, x, -1, (ps, k, in) -> ps.setClob(k, in));
  }

  @Override
  public void setNClob(int i, Reader x, long length) throws SQLException {
    chars(i, x, length, (ps, k, in) -> ps.setNClob(k, in, length));
  }

  @Override
  public void setNClob(int i, Reader x) throws SQLException {
    chars(i, x, -1, (ps, k, in) -> ps.setNClob(k, in));
  }

  // ---- every other setter: its value can be set again as it is ----

  @Override
  public void setNull(int i, int sqlType) throws SQLException {
    put(i, (ps, k) -> ps.setNull(k, sqlType));
  }

  @Override
  public void setNull(int i, int sqlType, String typeName) throws SQLException {
    put(i, (ps, k) -> ps.setNull(k, sqlType, typeName));
  }

  @Override
  public void setBoolean(int i, boolean x) throws SQLException {
    put(i, (ps, k) -> ps.setBoolean(k, x));
  }

  @Override
  public void setByte(int i, byte x) throws SQLException {
    put(i, (ps, k) -> ps.setByte(k, x));
  }

  @Override
  public void setShort(int i, short x) throws SQLException {
    put(i, (ps, k) -> ps.setShort(k, x));
  }

  @Override
  public void setInt(int i, int x) throws SQLException {
    put(i, (ps, k) -> ps.setInt(k, x));
  }

  @Override
  public void setLong(int i, long x) throws SQLException {
    put(i, (ps, k) -> ps.setLong(k, x));
  }

  @Override
  public void setFloat(int i, float x) throws SQLException {
    put(i, (ps, k) -> ps.setFloat(k, x));
  }

  @Override
  public void setDouble(int i, double x) throws SQLException {
    put(i, (ps, k) -> ps.setDouble(k, x));
  }

  @Override
  public void setBigDecimal(int i, BigDecimal x) throws SQLException {
    put(i, (ps, k) -> ps.setBigDecimal(k, x));
  }

  @Override
  public void setString(int i, String x) throws SQLException {
    put(i, (ps, k) -> ps.setString(k, x));
  }

  @Override
  public void setNString(int i, String x) throws SQLException {
    put(i, (ps, k) -> ps.setNString(k, x));
  }

  @Override
  public void setBytes(int i, byte[] x) throws SQLException {
    put(i, (ps, k) -> ps.setBytes(k, x));
  }

  @Override
  public void setDate(int i, Date x) throws SQLException {
    put(i, (ps, k) -> ps.setDate(k, x));
  }

  @Override
  public void setDate(int i, Date x, Calendar cal) throws SQLException {
    put(i, (ps, k) -> ps.setDate(k, x, cal));
  }

  @Override
  public void setTime(int i, Time x) throws SQLException {
    put(i, (ps, k) -> ps.setTime(k, x));
  }

  @Override
  public void setTime(int i, Time x, Calendar cal) throws SQLException {
    put(i, (ps, k) -> ps.setTime(k, x, cal));
  }

  @Override
  public void setTimestamp(int i, Timestamp x) throws SQLException {
    put(i, (ps, k) -> ps.setTimestamp(k, x));
  }

  @Override
  public void setTimestamp(int i, Timestamp x, Calendar cal) throws SQLException {
    put(i, (ps, k) -> ps.setTimestamp(k, x, cal));
  }

  @Override
  public void setObject(int i, Object x) throws SQLException {
    put(i, (ps, k) -> ps.setObject(k, x));
  }

  @Override
  public void setObject(int i, Object x, int targetSqlType) throws SQLException {
    put(i, (ps, k) -> ps.setObject(k, x, targetSqlType));
  }

  @Override
  public void setObject(int i, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
    put(i, (ps, k) -> ps.setObject(k, x, targetSqlType, scaleOrLength));
  }

  @Override
  public void setObject(int i, Object x, SQLType targetSqlType) throws SQLException {
    put(i, (ps, k) -> ps.setObject(k, x, targetSqlType));
  }

  @Override
  public void setObject(int i, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    put(i, (ps, k) -> ps.setObject(k, x, targetSqlType, scaleOrLength));
  }

  @Override
  public void setArray(int i, Array x) throws SQLException {
    put(i, (ps, k) -> ps.setArray(k, x));
  }

  @Override
  public void setBlob(int i, Blob x) throws SQLException {
    put(i, (ps, k) -> ps.setBlob(k, x));
  }

  @Override
  public void setClob(int i, Clob x) throws SQLException {
    put(i, (ps, k) -> ps.setClob(k, x));
  }

  @Override
  public void setNClob(int i, NClob x) throws SQLException {
    put(i, (ps, k) -> ps.setNClob(k, x));
  }

  @Override
  public void setRef(int i, Ref x) throws SQLException {
    put(i, (ps, k) -> ps.setRef(k, x));
  }

  @Override
  public void setRowId(int i, RowId x) throws SQLException {
    put(i, (ps, k) -> ps.setRowId(k, x));
  }

  @Override
  public void setSQLXML(int i, SQLXML x) throws SQLException {
    put(i, (ps, k) -> ps.setSQLXML(k, x));
  }

  @Override
  public void setURL(int i, URL x) throws SQLException {
    put(i, (ps, k) -> ps.setURL(k, x));
  }
}

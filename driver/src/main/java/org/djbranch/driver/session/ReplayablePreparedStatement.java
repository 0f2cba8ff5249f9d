package org.djbranch.driver.session;

import java.io.InputStream;
import java.io.Reader;
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
import java.util.Calendar;
import java.util.List;
import org.djbranch.driver.ddl.AutoTransaction;
import org.djbranch.driver.error.SqlState;

/**
 * A prepared statement on a branch, which is prepared anew when its text met a stale listing. Its text was routed
 * when it was prepared, by the layout this process had listed; a table another process declared in the draft since
 * was routed to the pipeline's schema, where the database does not find it. The first time the statement runs, in
 * autocommit, such a failure lists the statement's schemas again ({@link BranchSession#afterStaleLayout}), and
 * where the text now reads otherwise, the statement is prepared anew with the same options, takes the settings
 * and parameters the application gave this one, replaces it and runs: the application never sees the failure,
 * as with a plain statement. Inside a transaction the failure stands and the schemas are listed when the
 * transaction is over.
 *
 * <p>For that its {@link ParameterLog} records how each parameter was set, until the statement ran once: a text
 * that ran met the layout it was routed by, and from then on a setter only passes its value on. A subclass may keep
 * them for every execution ({@link GuardedPreparedStatement}: its referential actions replay them).
 */
@SuppressWarnings("deprecation")
class ReplayablePreparedStatement extends BranchPreparedStatement implements ParameterLog.Owner {
  protected final BranchSession session;
  /** The statement as the application wrote it. */
  private final String sql;
  /** The statement as routed, and prepared on {@link #delegate}. */
  private String text;
  private final Preparer preparer;
  /** The parameters as set, while they may be set again. */
  private final ParameterLog log;
  /** Whether the statement ran once: its text then met the layout it was routed by. */
  private boolean ranOnce;
  /** What {@code setEscapeProcessing} set, which no getter tells; null while never called. */
  private Boolean escapeProcessing;

  ReplayablePreparedStatement(Connection owner, PreparedStatement delegate, BranchSession session, String sql,
      String text, Preparer preparer, boolean keepsParameters) {
    super(owner, delegate, session);
    this.session = session;
    this.sql = sql;
    this.text = text;
    this.preparer = preparer;
    this.log = new ParameterLog(this, keepsParameters);
  }

  /** The statement as routed: the text the wrapped statement was prepared with. */
  protected final String text() {
    return text;
  }

  /** The wrapped statement was replaced by one prepared from another text ({@link #text()}). */
  protected void preparedAnew() {}

  @Override
  public final PreparedStatement current() {
    return delegate;
  }

  /** Whether a stream set as parameter {@code index} is read into memory, so that it can be set again. */
  @Override
  public boolean keepsStream(int index) throws SQLException {
    return false;
  }

  @Override
  public SQLException notKept(int index) {
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("Parameter " + index + " was set as a stream before"
        + " a symbolic foreign key of branch " + session.branch() + " needed its value, so it was not kept and"
        + " cannot be read twice. Set it again, then execute. Statement: " + text);
  }

  // ---- executions: the first one may prepare the statement anew; a subclass says what one execution does ----

  /** One {@code executeQuery} as this statement makes it. */
  protected ResultSet query() throws SQLException {
    return super.executeQuery();
  }

  /** One {@code executeUpdate} as this statement makes it. */
  protected int update() throws SQLException {
    return super.executeUpdate();
  }

  /** One {@code executeLargeUpdate} as this statement makes it. */
  protected long largeUpdate() throws SQLException {
    return super.executeLargeUpdate();
  }

  /** One {@code execute} as this statement makes it. */
  protected boolean anyResult() throws SQLException {
    return super.execute();
  }

  /** One {@code executeBatch} as this statement makes it. */
  protected int[] wholeBatch() throws SQLException {
    return super.executeBatch();
  }

  /** One {@code executeLargeBatch} as this statement makes it. */
  protected long[] wholeLargeBatch() throws SQLException {
    return super.executeLargeBatch();
  }

  @Override
  public final ResultSet executeQuery() throws SQLException {
    return ranOnce ? query() : firstRun(this::query, false);
  }

  @Override
  public final int executeUpdate() throws SQLException {
    return ranOnce ? update() : firstRun(this::update, false);
  }

  @Override
  public final long executeLargeUpdate() throws SQLException {
    return ranOnce ? largeUpdate() : firstRun(this::largeUpdate, false);
  }

  @Override
  public final boolean execute() throws SQLException {
    return ranOnce ? anyResult() : firstRun(this::anyResult, false);
  }

  @Override
  public final int[] executeBatch() throws SQLException {
    try {
      return ranOnce ? wholeBatch() : firstRun(this::wholeBatch, true);
    } finally {
      log.forgetBatch();
    }
  }

  @Override
  public final long[] executeLargeBatch() throws SQLException {
    try {
      return ranOnce ? wholeLargeBatch() : firstRun(this::wholeLargeBatch, true);
    } finally {
      log.forgetBatch();
    }
  }

  /** The first execution, once more on a statement prepared anew where a stale listing made it fail. */
  private <T> T firstRun(AutoTransaction.Work<T> execution, boolean ofBatch) throws SQLException {
    T result;
    try {
      result = execution.run();
    } catch (SQLException e) {
      if (!prepareAnew(e, ofBatch)) {
        throw e;
      }
      result = execution.run();
    }
    ranOnce = true;
    log.ranOnce();
    return result;
  }

  /**
   * After {@code failed}: where it says a table is missing that the layout, listed again, finds in the draft, and
   * every parameter can be set again, the statement is prepared from the text routed anew and replaces the wrapped
   * one. A failure on the way leaves the wrapped statement as it was; it is added to {@code failed}.
   */
  private boolean prepareAnew(SQLException failed, boolean ofBatch) throws SQLException {
    String routed = session.afterStaleLayout(sql, text, failed);
    if (routed == null || !log.repeatable(ofBatch)) {
      return false;
    }
    PreparedStatement fresh;
    try {
      fresh = preparer.prepare(routed);
    } catch (SQLException e) {
      failed.addSuppressed(e);
      return false;
    }
    try {
      settingsOnto(fresh);
      log.setOnto(fresh, ofBatch);
    } catch (SQLException e) {
      closeQuietly(fresh, e);
      failed.addSuppressed(e);
      return false;
    }
    PreparedStatement stale = delegate;
    delegate = fresh;
    text = routed;
    preparedAnew();
    closeQuietly(stale, failed);
    return true;
  }

  /** The settings the application gave this statement, onto the one that replaces it: those that differ. */
  private void settingsOnto(PreparedStatement fresh) throws SQLException {
    if (fresh.getMaxRows() != delegate.getMaxRows()) {
      fresh.setMaxRows(delegate.getMaxRows());
    }
    if (fresh.getFetchSize() != delegate.getFetchSize()) {
      fresh.setFetchSize(delegate.getFetchSize());
    }
    if (fresh.getFetchDirection() != delegate.getFetchDirection()) {
      fresh.setFetchDirection(delegate.getFetchDirection());
    }
    if (fresh.getQueryTimeout() != delegate.getQueryTimeout()) {
      fresh.setQueryTimeout(delegate.getQueryTimeout());
    }
    if (fresh.getMaxFieldSize() != delegate.getMaxFieldSize()) {
      fresh.setMaxFieldSize(delegate.getMaxFieldSize());
    }
    if (fresh.isPoolable() != delegate.isPoolable()) {
      fresh.setPoolable(delegate.isPoolable());
    }
    if (delegate.isCloseOnCompletion()) {
      fresh.closeOnCompletion();
    }
    if (escapeProcessing != null) {
      fresh.setEscapeProcessing(escapeProcessing);
    }
  }

  /** Closes a statement that is used no more; a failure to is added to {@code reported}, not thrown. */
  private static void closeQuietly(PreparedStatement ps, SQLException reported) {
    try {
      ps.close();
    } catch (SQLException e) {
      reported.addSuppressed(e);
    }
  }

  @Override
  public void setEscapeProcessing(boolean enable) throws SQLException {
    delegate.setEscapeProcessing(enable);
    escapeProcessing = enable;
  }

  // ---- parameters: recorded by the log while it records, else set on the wrapped statement ----

  /** Where a setter call goes: through the log while it records, else straight to the wrapped statement. */
  private PreparedStatement setter() {
    return log.recording() ? log.recorder() : delegate;
  }

  /** The parameters of the single execution about to run. */
  protected final List<Parameter[]> once() {
    return log.once();
  }

  /** The parameters of every entry of the batch about to run. */
  protected final List<Parameter[]> batchEntries() {
    return log.batchEntries();
  }

  @Override
  public void addBatch() throws SQLException {
    delegate.addBatch();
    log.addBatch();
  }

  @Override
  public void clearBatch() throws SQLException {
    log.forgetBatch();
    super.clearBatch();
  }

  @Override
  public void clearParameters() throws SQLException {
    delegate.clearParameters();
    log.clear();
  }

  @Override public void setNull(int i, int t) throws SQLException { setter().setNull(i, t); }
  @Override public void setNull(int i, int t, String n) throws SQLException { setter().setNull(i, t, n); }
  @Override public void setBoolean(int i, boolean x) throws SQLException { setter().setBoolean(i, x); }
  @Override public void setByte(int i, byte x) throws SQLException { setter().setByte(i, x); }
  @Override public void setShort(int i, short x) throws SQLException { setter().setShort(i, x); }
  @Override public void setInt(int i, int x) throws SQLException { setter().setInt(i, x); }
  @Override public void setLong(int i, long x) throws SQLException { setter().setLong(i, x); }
  @Override public void setFloat(int i, float x) throws SQLException { setter().setFloat(i, x); }
  @Override public void setDouble(int i, double x) throws SQLException { setter().setDouble(i, x); }
  @Override public void setBigDecimal(int i, BigDecimal x) throws SQLException { setter().setBigDecimal(i, x); }
  @Override public void setString(int i, String x) throws SQLException { setter().setString(i, x); }
  @Override public void setNString(int i, String x) throws SQLException { setter().setNString(i, x); }
  @Override public void setBytes(int i, byte[] x) throws SQLException { setter().setBytes(i, x); }
  @Override public void setDate(int i, Date x) throws SQLException { setter().setDate(i, x); }
  @Override public void setDate(int i, Date x, Calendar c) throws SQLException { setter().setDate(i, x, c); }
  @Override public void setTime(int i, Time x) throws SQLException { setter().setTime(i, x); }
  @Override public void setTime(int i, Time x, Calendar c) throws SQLException { setter().setTime(i, x, c); }
  @Override public void setTimestamp(int i, Timestamp x) throws SQLException { setter().setTimestamp(i, x); }
  @Override public void setTimestamp(int i, Timestamp x, Calendar c) throws SQLException { setter().setTimestamp(i, x, c); }
  @Override public void setAsciiStream(int i, InputStream x) throws SQLException { setter().setAsciiStream(i, x); }
  @Override public void setAsciiStream(int i, InputStream x, int n) throws SQLException { setter().setAsciiStream(i, x, n); }
  @Override public void setAsciiStream(int i, InputStream x, long n) throws SQLException { setter().setAsciiStream(i, x, n); }
  @Override public void setUnicodeStream(int i, InputStream x, int n) throws SQLException { setter().setUnicodeStream(i, x, n); }
  @Override public void setBinaryStream(int i, InputStream x) throws SQLException { setter().setBinaryStream(i, x); }
  @Override public void setBinaryStream(int i, InputStream x, int n) throws SQLException { setter().setBinaryStream(i, x, n); }
  @Override public void setBinaryStream(int i, InputStream x, long n) throws SQLException { setter().setBinaryStream(i, x, n); }
  @Override public void setCharacterStream(int i, Reader x) throws SQLException { setter().setCharacterStream(i, x); }
  @Override public void setCharacterStream(int i, Reader x, int n) throws SQLException { setter().setCharacterStream(i, x, n); }
  @Override public void setCharacterStream(int i, Reader x, long n) throws SQLException { setter().setCharacterStream(i, x, n); }
  @Override public void setNCharacterStream(int i, Reader x) throws SQLException { setter().setNCharacterStream(i, x); }
  @Override public void setNCharacterStream(int i, Reader x, long n) throws SQLException { setter().setNCharacterStream(i, x, n); }
  @Override public void setObject(int i, Object x) throws SQLException { setter().setObject(i, x); }
  @Override public void setObject(int i, Object x, int t) throws SQLException { setter().setObject(i, x, t); }
  @Override public void setObject(int i, Object x, int t, int s) throws SQLException { setter().setObject(i, x, t, s); }
  @Override public void setObject(int i, Object x, SQLType t) throws SQLException { setter().setObject(i, x, t); }
  @Override public void setObject(int i, Object x, SQLType t, int s) throws SQLException { setter().setObject(i, x, t, s); }
  @Override public void setRef(int i, Ref x) throws SQLException { setter().setRef(i, x); }
  @Override public void setBlob(int i, Blob x) throws SQLException { setter().setBlob(i, x); }
  @Override public void setBlob(int i, InputStream x) throws SQLException { setter().setBlob(i, x); }
  @Override public void setBlob(int i, InputStream x, long n) throws SQLException { setter().setBlob(i, x, n); }
  @Override public void setClob(int i, Clob x) throws SQLException { setter().setClob(i, x); }
  @Override public void setClob(int i, Reader x) throws SQLException { setter().setClob(i, x); }
  @Override public void setClob(int i, Reader x, long n) throws SQLException { setter().setClob(i, x, n); }
  @Override public void setNClob(int i, NClob x) throws SQLException { setter().setNClob(i, x); }
  @Override public void setNClob(int i, Reader x) throws SQLException { setter().setNClob(i, x); }
  @Override public void setNClob(int i, Reader x, long n) throws SQLException { setter().setNClob(i, x, n); }
  @Override public void setArray(int i, Array x) throws SQLException { setter().setArray(i, x); }
  @Override public void setURL(int i, URL x) throws SQLException { setter().setURL(i, x); }
  @Override public void setRowId(int i, RowId x) throws SQLException { setter().setRowId(i, x); }
  @Override public void setSQLXML(int i, SQLXML x) throws SQLException { setter().setSQLXML(i, x); }
}

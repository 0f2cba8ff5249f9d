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
import org.djbranch.driver.ddl.AutoTransaction;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.jdbc.DelegatingPreparedStatement;

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
 * <p>For that it remembers how each parameter was set, until the statement ran once: a text that ran met the
 * layout it was routed by, and from then on a setter only passes its value on. A subclass may keep them for every
 * execution ({@link GuardedPreparedStatement}: its referential actions replay them).
 */
@SuppressWarnings("deprecation")
class ReplayablePreparedStatement extends DelegatingPreparedStatement<PreparedStatement> {
  /** A stream setter: streams are read once, so one that is kept is kept in memory and handed out anew. */
  @FunctionalInterface
  private interface StreamSetter<T> {
    void set(PreparedStatement ps, int index, T stream) throws SQLException;
  }

  private static final Parameter[] NONE = new Parameter[0];
  /**
   * The most entries of a batch remembered to be set again, where nothing else needs them: a bulk load's first
   * batch is not held twice in memory; a larger one is not tried again (its schema is listed again all the same).
   */
  private static final int REMEMBERED_BATCH = 10_000;

  protected final BranchSession session;
  /** The statement as the application wrote it. */
  private final String sql;
  /** The statement as routed, and prepared on {@link #delegate}. */
  private String text;
  private final BranchSession.Preparer preparer;
  /** Whether every execution replays the parameters, so they are remembered for as long as the statement lives. */
  private final boolean keepsParameters;
  /** Whether the statement ran once: its text then met the layout it was routed by. */
  private boolean ranOnce;
  /** Whether setters remember what they set: before the first run, or always where parameters are kept. */
  private boolean remembering = true;
  /** The parameters as set, by index from 0; as long as the highest index set so far. */
  private Parameter[] values = NONE;
  /** The parameters of the batch added so far, while remembering; null before the first addBatch. */
  private List<Parameter[]> batch;
  /** Whether the open batch outgrew {@link #REMEMBERED_BATCH} and is no longer remembered. */
  private boolean batchForgotten;
  /** What {@code setEscapeProcessing} set, which no getter tells; null while never called. */
  private Boolean escapeProcessing;

  ReplayablePreparedStatement(Connection owner, PreparedStatement delegate, BranchSession session, String sql,
      String text, BranchSession.Preparer preparer, boolean keepsParameters) {
    super(owner, delegate, session);
    this.session = session;
    this.sql = sql;
    this.text = text;
    this.preparer = preparer;
    this.keepsParameters = keepsParameters;
  }

  /** The statement as routed: the text the wrapped statement was prepared with. */
  protected final String text() {
    return text;
  }

  /** The wrapped statement was replaced by one prepared from another text ({@link #text()}). */
  protected void preparedAnew() {}

  /** Whether a stream set as parameter {@code index} is read into memory, so that it can be set again. */
  protected boolean keepsStream(int index) throws SQLException {
    return false;
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
      forgetBatch();
    }
  }

  @Override
  public final long[] executeLargeBatch() throws SQLException {
    try {
      return ranOnce ? wholeLargeBatch() : firstRun(this::wholeLargeBatch, true);
    } finally {
      forgetBatch();
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
    if (!keepsParameters) {
      remembering = false;
      values = NONE;
      batch = null;
    }
    return result;
  }

  /**
   * After {@code failed}: where it says a table is missing that the layout, listed again, finds in the draft, and
   * every parameter can be set again, the statement is prepared from the text routed anew and replaces the wrapped
   * one. A failure on the way leaves the wrapped statement as it was; it is added to {@code failed}.
   */
  private boolean prepareAnew(SQLException failed, boolean ofBatch) throws SQLException {
    String routed = session.afterStaleLayout(sql, text, failed);
    if (routed == null || !repeatable(values) || (ofBatch && (batchForgotten || !repeatable(batch)))) {
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
      if (ofBatch && batch != null) {
        for (Parameter[] entry : batch) {
          setOnto(fresh, entry);
          fresh.addBatch();
        }
      }
      setOnto(fresh, values);
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

  private static boolean repeatable(Parameter[] parameters) {
    for (Parameter p : parameters) {
      if (!p.repeatable()) {
        return false;
      }
    }
    return true;
  }

  private static boolean repeatable(List<Parameter[]> entries) {
    if (entries != null) {
      for (Parameter[] entry : entries) {
        if (!repeatable(entry)) {
          return false;
        }
      }
    }
    return true;
  }

  private static void setOnto(PreparedStatement ps, Parameter[] parameters) throws SQLException {
    for (int i = 0; i < parameters.length; i++) {
      parameters[i].setOn(ps, i + 1);
    }
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

  // ---- parameters ----

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
  protected final List<Parameter[]> once() {
    return List.<Parameter[]>of(values.clone());
  }

  /** The parameters of every entry of the batch about to run. */
  protected final List<Parameter[]> batchEntries() {
    return batch == null ? List.of() : new ArrayList<>(batch);
  }

  @Override
  public void addBatch() throws SQLException {
    delegate.addBatch();
    if (!remembering || batchForgotten) {
      return;
    }
    if (batch == null) {
      batch = new ArrayList<>();
    } else if (!keepsParameters && batch.size() == REMEMBERED_BATCH) {
      batch = null;
      batchForgotten = true;
      return;
    }
    batch.add(values.clone());
  }

  @Override
  public void clearBatch() throws SQLException {
    forgetBatch();
    delegate.clearBatch();
  }

  /** The batch ran or was cleared: executing a batch empties it, whatever the outcome. */
  private void forgetBatch() {
    batch = null;
    batchForgotten = false;
  }

  @Override
  public void clearParameters() throws SQLException {
    delegate.clearParameters();
    Arrays.fill(values, Parameter.UNSET);
  }

  // ---- streams: kept in memory where they are to be set again, else passed on and never replayed ----

  private void bytes(int index, InputStream x, long length, StreamSetter<InputStream> setter) throws SQLException {
    if (!remembering || x == null || !keepsStream(index)) {
      setter.set(delegate, index, x);
      if (remembering) {
        remember(index, x == null ? (ps, k) -> setter.set(ps, k, null) : notKept(index));
      }
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
    if (!remembering || x == null || !keepsStream(index)) {
      setter.set(delegate, index, x);
      if (remembering) {
        remember(index, x == null ? (ps, k) -> setter.set(ps, k, null) : notKept(index));
      }
      return;
    }
    StringBuilder read = new StringBuilder();
    char[] buffer = new char[8192];
    try {
      long left = length < 0 ? Long.MAX_VALUE : length;
      int n;
      while (left > 0 && (n = x.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0) {
        read.append(buffer, 0, n);
        left -= n;
      }
    } catch (IOException e) {
      throw SqlState.GENERAL_ERROR.exception("Could not read the stream of parameter " + index + ": " + e, e);
    }
    String kept = read.toString();
    put(index, (ps, k) -> setter.set(ps, k, new StringReader(kept)));
  }

  /**
   * A stream passed on unread, since nothing needed it then: it cannot be set again. A statement prepared anew is
   * not tried with it; where a symbolic foreign key declared since needs it, the statement is refused before
   * anything ran, and setting the parameter again lets it run.
   */
  private Parameter notKept(int index) {
    return new Parameter() {
      @Override
      public void setOn(PreparedStatement ps, int k) throws SQLException {
        throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("Parameter " + index + " was set as a stream before"
            + " a symbolic foreign key of branch " + session.branch() + " needed its value, so it was not kept and"
            + " cannot be read twice. Set it again, then execute. Statement: " + text);
      }

      @Override
      public boolean repeatable() {
        return false;
      }
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
    if (remembering) {
      put(i, (ps, k) -> ps.setNull(k, sqlType));
    } else {
      delegate.setNull(i, sqlType);
    }
  }

  @Override
  public void setNull(int i, int sqlType, String typeName) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setNull(k, sqlType, typeName));
    } else {
      delegate.setNull(i, sqlType, typeName);
    }
  }

  @Override
  public void setBoolean(int i, boolean x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setBoolean(k, x));
    } else {
      delegate.setBoolean(i, x);
    }
  }

  @Override
  public void setByte(int i, byte x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setByte(k, x));
    } else {
      delegate.setByte(i, x);
    }
  }

  @Override
  public void setShort(int i, short x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setShort(k, x));
    } else {
      delegate.setShort(i, x);
    }
  }

  @Override
  public void setInt(int i, int x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setInt(k, x));
    } else {
      delegate.setInt(i, x);
    }
  }

  @Override
  public void setLong(int i, long x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setLong(k, x));
    } else {
      delegate.setLong(i, x);
    }
  }

  @Override
  public void setFloat(int i, float x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setFloat(k, x));
    } else {
      delegate.setFloat(i, x);
    }
  }

  @Override
  public void setDouble(int i, double x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setDouble(k, x));
    } else {
      delegate.setDouble(i, x);
    }
  }

  @Override
  public void setBigDecimal(int i, BigDecimal x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setBigDecimal(k, x));
    } else {
      delegate.setBigDecimal(i, x);
    }
  }

  @Override
  public void setString(int i, String x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setString(k, x));
    } else {
      delegate.setString(i, x);
    }
  }

  @Override
  public void setNString(int i, String x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setNString(k, x));
    } else {
      delegate.setNString(i, x);
    }
  }

  @Override
  public void setBytes(int i, byte[] x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setBytes(k, x));
    } else {
      delegate.setBytes(i, x);
    }
  }

  @Override
  public void setDate(int i, Date x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setDate(k, x));
    } else {
      delegate.setDate(i, x);
    }
  }

  @Override
  public void setDate(int i, Date x, Calendar cal) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setDate(k, x, cal));
    } else {
      delegate.setDate(i, x, cal);
    }
  }

  @Override
  public void setTime(int i, Time x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setTime(k, x));
    } else {
      delegate.setTime(i, x);
    }
  }

  @Override
  public void setTime(int i, Time x, Calendar cal) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setTime(k, x, cal));
    } else {
      delegate.setTime(i, x, cal);
    }
  }

  @Override
  public void setTimestamp(int i, Timestamp x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setTimestamp(k, x));
    } else {
      delegate.setTimestamp(i, x);
    }
  }

  @Override
  public void setTimestamp(int i, Timestamp x, Calendar cal) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setTimestamp(k, x, cal));
    } else {
      delegate.setTimestamp(i, x, cal);
    }
  }

  @Override
  public void setObject(int i, Object x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setObject(k, x));
    } else {
      delegate.setObject(i, x);
    }
  }

  @Override
  public void setObject(int i, Object x, int targetSqlType) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setObject(k, x, targetSqlType));
    } else {
      delegate.setObject(i, x, targetSqlType);
    }
  }

  @Override
  public void setObject(int i, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setObject(k, x, targetSqlType, scaleOrLength));
    } else {
      delegate.setObject(i, x, targetSqlType, scaleOrLength);
    }
  }

  @Override
  public void setObject(int i, Object x, SQLType targetSqlType) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setObject(k, x, targetSqlType));
    } else {
      delegate.setObject(i, x, targetSqlType);
    }
  }

  @Override
  public void setObject(int i, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setObject(k, x, targetSqlType, scaleOrLength));
    } else {
      delegate.setObject(i, x, targetSqlType, scaleOrLength);
    }
  }

  @Override
  public void setArray(int i, Array x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setArray(k, x));
    } else {
      delegate.setArray(i, x);
    }
  }

  @Override
  public void setBlob(int i, Blob x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setBlob(k, x));
    } else {
      delegate.setBlob(i, x);
    }
  }

  @Override
  public void setClob(int i, Clob x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setClob(k, x));
    } else {
      delegate.setClob(i, x);
    }
  }

  @Override
  public void setNClob(int i, NClob x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setNClob(k, x));
    } else {
      delegate.setNClob(i, x);
    }
  }

  @Override
  public void setRef(int i, Ref x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setRef(k, x));
    } else {
      delegate.setRef(i, x);
    }
  }

  @Override
  public void setRowId(int i, RowId x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setRowId(k, x));
    } else {
      delegate.setRowId(i, x);
    }
  }

  @Override
  public void setSQLXML(int i, SQLXML x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setSQLXML(k, x));
    } else {
      delegate.setSQLXML(i, x);
    }
  }

  @Override
  public void setURL(int i, URL x) throws SQLException {
    if (remembering) {
      put(i, (ps, k) -> ps.setURL(k, x));
    } else {
      delegate.setURL(i, x);
    }
  }
}

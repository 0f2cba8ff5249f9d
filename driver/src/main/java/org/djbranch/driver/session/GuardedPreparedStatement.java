package org.djbranch.driver.session;

import org.djbranch.driver.jdbc.DelegatingPreparedStatement;
import org.djbranch.driver.ddl.AutoTransaction;
import java.sql.Connection;
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;

/**
 * A prepared DELETE or UPDATE on a branch whose target is the parent of symbolic foreign keys. It remembers the
 * parameters it is given, so that before each execution (and each batch entry) the referential actions can be run
 * with the values the statement will use (Branch Resolution §5.2).
 */
final class GuardedPreparedStatement extends DelegatingPreparedStatement<PreparedStatement> {
  /**
   * A parameter not set, or set through a setter with no SQL literal (a stream, a calendar, bytes): fine unless the
   * actions need its value, which they then refuse to guess.
   */
  private static final Object UNRENDERABLE = new Object();

  private final BranchSession session;
  private final String text;
  private Object[] values;
  private final List<Object[]> batch = new ArrayList<>();

  GuardedPreparedStatement(Connection owner, PreparedStatement delegate, BranchSession session, String text,
      int parameters) {
    super(owner, delegate, session);
    this.session = session;
    this.text = text;
    this.values = new Object[parameters];
    Arrays.fill(values, UNRENDERABLE);
  }

  private void set(int index, Object value) {
    if (index >= 1 && index <= values.length) {
      values[index - 1] = value;
    }
  }

  /** The parameters of the single execution about to run. */
  private List<Object[]> once() {
    List<Object[]> one = new ArrayList<>(1);
    one.add(values.clone());
    return one;
  }

  private <T> T guarded(List<Object[]> executions, AutoTransaction.Work<T> statement) throws SQLException {
    return session.changingParentRows(text, executions, statement);
  }

  @Override
  public int executeUpdate() throws SQLException {
    return guarded(once(), super::executeUpdate);
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    return guarded(once(), super::executeLargeUpdate);
  }

  @Override
  public boolean execute() throws SQLException {
    return guarded(once(), super::execute);
  }

  @Override
  public void addBatch() throws SQLException {
    batch.add(values.clone());
    delegate.addBatch();
  }

  @Override
  public void clearBatch() throws SQLException {
    batch.clear();
    delegate.clearBatch();
  }

  @Override
  public int[] executeBatch() throws SQLException {
    List<Object[]> entries = new ArrayList<>(batch);
    batch.clear();
    return guarded(entries, super::executeBatch);
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    List<Object[]> entries = new ArrayList<>(batch);
    batch.clear();
    return guarded(entries, super::executeLargeBatch);
  }

  @Override
  public void clearParameters() throws SQLException {
    Arrays.fill(values, UNRENDERABLE);
    delegate.clearParameters();
  }

  /** The value marker the router finds where a parameter has no literal form. */
  static boolean renderable(Object value) {
    return value != UNRENDERABLE;
  }

  // ---- the setters: remember, then pass on ----

  @Override
  public void setNull(int parameterIndex, int sqlType) throws SQLException {
    set(parameterIndex, null);
    delegate.setNull(parameterIndex, sqlType);
  }

  @Override
  public void setNull(int parameterIndex, int sqlType, String typeName) throws SQLException {
    set(parameterIndex, null);
    delegate.setNull(parameterIndex, sqlType, typeName);
  }

  @Override
  public void setBoolean(int parameterIndex, boolean x) throws SQLException {
    set(parameterIndex, x);
    delegate.setBoolean(parameterIndex, x);
  }

  @Override
  public void setByte(int parameterIndex, byte x) throws SQLException {
    set(parameterIndex, x);
    delegate.setByte(parameterIndex, x);
  }

  @Override
  public void setShort(int parameterIndex, short x) throws SQLException {
    set(parameterIndex, x);
    delegate.setShort(parameterIndex, x);
  }

  @Override
  public void setInt(int parameterIndex, int x) throws SQLException {
    set(parameterIndex, x);
    delegate.setInt(parameterIndex, x);
  }

  @Override
  public void setLong(int parameterIndex, long x) throws SQLException {
    set(parameterIndex, x);
    delegate.setLong(parameterIndex, x);
  }

  @Override
  public void setFloat(int parameterIndex, float x) throws SQLException {
    set(parameterIndex, x);
    delegate.setFloat(parameterIndex, x);
  }

  @Override
  public void setDouble(int parameterIndex, double x) throws SQLException {
    set(parameterIndex, x);
    delegate.setDouble(parameterIndex, x);
  }

  @Override
  public void setBigDecimal(int parameterIndex, BigDecimal x) throws SQLException {
    set(parameterIndex, x);
    delegate.setBigDecimal(parameterIndex, x);
  }

  @Override
  public void setString(int parameterIndex, String x) throws SQLException {
    set(parameterIndex, x);
    delegate.setString(parameterIndex, x);
  }

  @Override
  public void setNString(int parameterIndex, String x) throws SQLException {
    set(parameterIndex, x);
    delegate.setNString(parameterIndex, x);
  }

  @Override
  public void setDate(int parameterIndex, Date x) throws SQLException {
    set(parameterIndex, x);
    delegate.setDate(parameterIndex, x);
  }

  @Override
  public void setDate(int parameterIndex, Date x, Calendar cal) throws SQLException {
    set(parameterIndex, UNRENDERABLE);
    delegate.setDate(parameterIndex, x, cal);
  }

  @Override
  public void setTime(int parameterIndex, Time x) throws SQLException {
    set(parameterIndex, x);
    delegate.setTime(parameterIndex, x);
  }

  @Override
  public void setTime(int parameterIndex, Time x, Calendar cal) throws SQLException {
    set(parameterIndex, UNRENDERABLE);
    delegate.setTime(parameterIndex, x, cal);
  }

  @Override
  public void setTimestamp(int parameterIndex, Timestamp x) throws SQLException {
    set(parameterIndex, x);
    delegate.setTimestamp(parameterIndex, x);
  }

  @Override
  public void setTimestamp(int parameterIndex, Timestamp x, Calendar cal) throws SQLException {
    set(parameterIndex, UNRENDERABLE);
    delegate.setTimestamp(parameterIndex, x, cal);
  }

  @Override
  public void setObject(int parameterIndex, Object x) throws SQLException {
    set(parameterIndex, x);
    delegate.setObject(parameterIndex, x);
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
    set(parameterIndex, x);
    delegate.setObject(parameterIndex, x, targetSqlType);
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
    set(parameterIndex, x);
    delegate.setObject(parameterIndex, x, targetSqlType, scaleOrLength);
  }

  @Override
  public void setObject(int parameterIndex, Object x, SQLType targetSqlType) throws SQLException {
    set(parameterIndex, x);
    delegate.setObject(parameterIndex, x, targetSqlType);
  }

  @Override
  public void setObject(int parameterIndex, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    set(parameterIndex, x);
    delegate.setObject(parameterIndex, x, targetSqlType, scaleOrLength);
  }

  @Override
  public void setBytes(int parameterIndex, byte[] x) throws SQLException {
    set(parameterIndex, UNRENDERABLE);
    delegate.setBytes(parameterIndex, x);
  }
}

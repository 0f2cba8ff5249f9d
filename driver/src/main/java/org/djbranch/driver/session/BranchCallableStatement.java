package org.djbranch.driver.session;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import org.djbranch.driver.jdbc.DelegatingCallableStatement;

/**
 * A call prepared on a branch: its own text was routed when it was prepared, so its executions only count; a text
 * handed to one of the methods it has as a {@link java.sql.Statement} goes through the branch session
 * ({@link StatementTexts}), as on a {@link BranchStatement}. Made by {@link BranchSession#callable}.
 */
final class BranchCallableStatement extends DelegatingCallableStatement<CallableStatement> {
  private final StatementTexts texts;

  BranchCallableStatement(Connection owner, CallableStatement inner, BranchSession session) {
    super(owner, inner, session);
    this.texts = new StatementTexts(session);
  }

  // ---- texts go through the session (StatementTexts), with the statement wrapped now ----

  @Override public boolean execute(String sql) throws SQLException { return texts.execute(delegate, sql); }
  @Override public boolean execute(String sql, int k) throws SQLException { return texts.execute(delegate, sql, k); }
  @Override public boolean execute(String sql, int[] c) throws SQLException { return texts.execute(delegate, sql, c); }
  @Override public boolean execute(String sql, String[] c) throws SQLException { return texts.execute(delegate, sql, c); }
  @Override public ResultSet executeQuery(String sql) throws SQLException { return wrap(texts.executeQuery(delegate, sql)); }
  @Override public int executeUpdate(String sql) throws SQLException { return texts.executeUpdate(delegate, sql); }
  @Override public int executeUpdate(String sql, int k) throws SQLException { return texts.executeUpdate(delegate, sql, k); }
  @Override public int executeUpdate(String sql, int[] c) throws SQLException { return texts.executeUpdate(delegate, sql, c); }
  @Override public int executeUpdate(String sql, String[] c) throws SQLException { return texts.executeUpdate(delegate, sql, c); }
  @Override public long executeLargeUpdate(String sql) throws SQLException { return texts.executeLargeUpdate(delegate, sql); }
  @Override public long executeLargeUpdate(String sql, int k) throws SQLException { return texts.executeLargeUpdate(delegate, sql, k); }
  @Override public long executeLargeUpdate(String sql, int[] c) throws SQLException { return texts.executeLargeUpdate(delegate, sql, c); }
  @Override public long executeLargeUpdate(String sql, String[] c) throws SQLException { return texts.executeLargeUpdate(delegate, sql, c); }
  @Override public void addBatch(String sql) throws SQLException { texts.addBatch(delegate, sql); }
  @Override public void clearBatch() throws SQLException { texts.clearBatch(delegate); }
  @Override public int[] executeBatch() throws SQLException { return texts.executeBatch(delegate); }
  @Override public long[] executeLargeBatch() throws SQLException { return texts.executeLargeBatch(delegate); }
  @Override public SQLWarning getWarnings() throws SQLException { return texts.warnings(delegate); }
  @Override public void clearWarnings() throws SQLException { texts.clearWarnings(delegate); }
}

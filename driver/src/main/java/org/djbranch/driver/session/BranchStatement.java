package org.djbranch.driver.session;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import org.djbranch.driver.jdbc.DelegatingStatement;

/**
 * A plain statement on a branch: the wrapped statement's methods as they are, and every text it is handed through
 * the branch session ({@link StatementTexts}). Made by {@link BranchSession#statement}; a declaration prepared on a
 * branch ({@link PreparedDeclaration}) runs as one.
 */
class BranchStatement extends DelegatingStatement<Statement> {
  private final StatementTexts texts;

  /** {@code updatable}: made with {@code CONCUR_UPDATABLE}, each query goes through {@code updatableQuery} first. */
  BranchStatement(Connection owner, Statement inner, BranchSession session, boolean updatable) {
    super(owner, inner, session);
    this.texts = new StatementTexts(session, updatable);
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

package org.djbranch.driver.session;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A prepared statement on a branch that may change the session's search path or current schema: a {@code SET} or
 * {@code USE}, or a call of PostgreSQL's {@code set_config} ({@code SELECT set_config('search_path', ?, false)}, as
 * Flyway sets its default schema, the path a parameter). The branch cannot tell the new path from the text, so after
 * each execution it reads the path again, as after the same statement sent unprepared: unqualified names then bind
 * in the schemas the database resolves them in, and the drafts stay on the path after their logical schemas.
 */
final class PathFollowingStatement extends ReplayablePreparedStatement {
  PathFollowingStatement(Connection owner, PreparedStatement delegate, BranchSession session, String sql, String text,
      Preparer preparer) {
    super(owner, delegate, session, sql, text, preparer, false);
  }

  @Override
  protected ResultSet query() throws SQLException {
    return followed(super.query());
  }

  @Override
  protected int update() throws SQLException {
    return followed(super.update());
  }

  @Override
  protected long largeUpdate() throws SQLException {
    return followed(super.largeUpdate());
  }

  @Override
  protected boolean anyResult() throws SQLException {
    return followed(super.anyResult());
  }

  @Override
  protected int[] wholeBatch() throws SQLException {
    return followed(super.wholeBatch());
  }

  @Override
  protected long[] wholeLargeBatch() throws SQLException {
    return followed(super.wholeLargeBatch());
  }

  /** {@code result}, once the path the execution may have set is read again. */
  private <T> T followed(T result) throws SQLException {
    session.currentSchemaChanged();
    return result;
  }
}

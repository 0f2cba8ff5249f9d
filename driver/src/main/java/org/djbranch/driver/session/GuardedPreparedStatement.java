package org.djbranch.driver.session;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.djbranch.rewriter.Dialect;

/**
 * A prepared DELETE or UPDATE on a branch. It remembers how each parameter was set, and at each execution asks
 * whether its target (where it changes one table) is now the parent of symbolic foreign keys — a comparison, unless
 * the layout changed since it last asked; its text is read for that the first time the branch has a symbolic key —
 * so a child declared after the statement was prepared is honoured. When it is a
 * parent, the referential actions run first, in one transaction with the statement, taking every parameter with the
 * setter the application used (Branch Resolution §5.2); when not, the statement runs as it would unwrapped.
 */
final class GuardedPreparedStatement extends ReplayablePreparedStatement {
  private final Dialect dialect;
  /**
   * The statement as a row change, read the first time it is asked for on a branch with a symbolic key (until then
   * no action can apply, and a statement prepared is not read for nothing); null before, and where it is a DELETE or
   * UPDATE of several tables.
   */
  private RowChange change;
  private boolean read;

  GuardedPreparedStatement(Connection owner, PreparedStatement delegate, BranchSession session, String sql,
      String text, Preparer preparer, Dialect dialect) {
    super(owner, delegate, session, sql, text, preparer, true);
    this.dialect = dialect;
  }

  /** {@link #change}, read now if this is the first time the branch has a symbolic key. */
  private RowChange change() {
    if (!read && session.hasSymbolicKeys()) {
      change = RowChange.prepared(text(), dialect);
      read = true;
    }
    return change;
  }

  /** Prepared anew from another text: its target is read again. */
  @Override
  protected void preparedAnew() {
    change = null;
    read = false;
  }

  @Override
  public boolean keepsStream(int index) throws SQLException {
    RowChange change = change();
    return change != null && change.mayRead(index - 1, session.parentTarget(change));
  }

  /** The statement's target as the layout has it now: a parent of symbolic foreign keys or not. */
  private RowChange.Target target() throws SQLException {
    return session.parentTarget(change());
  }

  @Override
  protected int update() throws SQLException {
    RowChange.Target t = target();
    return t.referenced() ? session.changingParentRows(change, t, once(), super::update) : super.update();
  }

  @Override
  protected long largeUpdate() throws SQLException {
    RowChange.Target t = target();
    return t.referenced() ? session.changingParentRows(change, t, once(), super::largeUpdate) : super.largeUpdate();
  }

  @Override
  protected boolean anyResult() throws SQLException {
    RowChange.Target t = target();
    return t.referenced() ? session.changingParentRows(change, t, once(), super::anyResult) : super.anyResult();
  }

  /** {@code DELETE ... RETURNING} on PostgreSQL. */
  @Override
  protected ResultSet query() throws SQLException {
    RowChange.Target t = target();
    return t.referenced() ? session.changingParentRows(change, t, once(), super::query) : super.query();
  }

  @Override
  protected int[] wholeBatch() throws SQLException {
    RowChange.Target t = target();
    return t.referenced() ? session.changingParentRows(change, t, batchEntries(), super::wholeBatch)
        : super.wholeBatch();
  }

  @Override
  protected long[] wholeLargeBatch() throws SQLException {
    RowChange.Target t = target();
    return t.referenced() ? session.changingParentRows(change, t, batchEntries(), super::wholeLargeBatch)
        : super.wholeLargeBatch();
  }
}

package org.djbranch.driver.session;

import java.sql.SQLException;
import org.djbranch.driver.jdbc.DelegatingConnection;
import org.djbranch.driver.jdbc.ServerCalls;

/**
 * The counted view of a branch connection that djbranch's own statements go through, routing nothing. Its
 * {@link #getAutoCommit()} says whether a statement commits on its own: not while a transaction that the
 * application began by statement text ({@code BEGIN}, {@code START TRANSACTION}) is open, which the wrapped driver,
 * still in autocommit, knows nothing of. Every step djbranch takes inside such a transaction — a declaration's
 * statements, a retry after a stale listing, the layout holding what is not committed yet — then behaves as it
 * does inside a transaction begun with {@code setAutoCommit(false)}.
 */
final class InternalConnection extends DelegatingConnection {
  private boolean openedByText;

  InternalConnection(java.sql.Connection delegate, ServerCalls calls) {
    super(delegate, calls);
  }

  /** A transaction began (true) or ended (false) by statement text. */
  public void openedByText(boolean open) {
    openedByText = open;
  }

  public boolean openedByText() {
    return openedByText;
  }

  @Override
  public boolean getAutoCommit() throws SQLException {
    return !openedByText && delegate.getAutoCommit();
  }
}

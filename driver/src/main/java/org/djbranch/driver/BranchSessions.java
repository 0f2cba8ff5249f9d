package org.djbranch.driver;

import java.sql.Connection;
import java.sql.SQLException;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.ddl.CopyPolicy;
import org.djbranch.driver.jdbc.RoundTrips;
import org.djbranch.driver.jdbc.Wrappers;
import org.djbranch.driver.layout.BranchLayout;
import org.djbranch.driver.layout.BranchLayouts;
import org.djbranch.driver.naming.BranchLocalTables;
import org.djbranch.driver.session.BranchSession;

/** Opens the djbranch connection for a wrapped one: trunk gets no session at all. */
final class BranchSessions {
  private BranchSessions() {}

  /**
   * Wraps {@code inner}. On a branch the session reads the current schema and lists it (the first time in the
   * process), through an internal view that counts into the same round trips; if that fails, the wrapped
   * connection is closed and the error stands.
   */
  static BranchConnection open(Connection inner, Backend backend, BranchSetting setting, String innerUrl, String user,
      String draftRole, String branchLocalTables, CopyPolicy policy) throws SQLException {
    RoundTrips trips = new RoundTrips();
    if (setting.isTrunk()) {
      return new BranchConnection(inner, backend, setting, null, trips);
    }
    try {
      BranchLayout layout = BranchLayouts.of(innerUrl, user, backend, setting.branch(),
          Wrappers.counted(inner, trips));
      layout.addBranchLocal(BranchLocalTables.of(branchLocalTables));
      return new BranchConnection(inner, backend, setting, BranchSession.open(inner, layout, trips,
          draftRole == null || draftRole.isEmpty() ? null : draftRole, policy), trips);
    } catch (SQLException | RuntimeException e) {
      try {
        inner.close();
      } catch (SQLException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
  }
}

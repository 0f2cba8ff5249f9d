package org.djbranch.driver;

import java.sql.Connection;
import org.djbranch.driver.backend.Backend;

/** Opens the djbranch connection for a wrapped one: trunk gets no router at all. */
final class BranchSessions {
  private BranchSessions() {}

  static BranchConnection open(Connection inner, Backend backend, BranchSetting setting) {
    StatementRouter router = null;
    return new BranchConnection(inner, backend, setting, router);
  }
}

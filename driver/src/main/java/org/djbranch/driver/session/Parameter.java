package org.djbranch.driver.session;

import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * One parameter of a prepared statement as the application set it: the setter and its arguments, replayed onto the
 * statements that honour symbolic foreign keys, so that they compare and assign exactly the value the statement
 * itself will use, whatever its type (Branch Resolution §5.2), and onto a statement prepared anew after a stale
 * listing ({@link ReplayablePreparedStatement}). Recorded by the statement's {@link ParameterLog}.
 */
@FunctionalInterface
interface Parameter {
  /** Not set: left unset, so the database says so as it would for the statement itself. */
  Parameter UNSET = (ps, index) -> {};

  /** Sets this parameter at {@code index} of {@code ps} as the application set it on its statement. */
  void setOn(PreparedStatement ps, int index) throws SQLException;

  /** Whether it can be set more than once: not a stream that was passed on unread. */
  default boolean repeatable() {
    return true;
  }
}

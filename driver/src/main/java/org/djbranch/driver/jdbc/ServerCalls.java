package org.djbranch.driver.jdbc;

import java.sql.SQLException;

/**
 * The one hook where a call of a wrapper reaches the database server. Every wrapper of a connection holds the
 * same one and tells it once per call that reaches the server, before making the call: on trunk it is the
 * connection's {@link RoundTrips} counter and nothing else; on a branch it is the branch session, which counts
 * through the same counter. A branch's statements route their texts through the session themselves (they are the
 * session's subclasses of these wrappers); a plain wrapper only counts.
 */
public interface ServerCalls {

  /** A call reaches the server (an execution, commit, a metadata query ...). */
  void reached();

  /** One call on a wrapped statement with the text decided on. */
  @FunctionalInterface
  interface SqlAction<S, T> {
    T apply(S target, String sql) throws SQLException;
  }
}

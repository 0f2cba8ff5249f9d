package org.djbranch.driver.jdbc;

import java.sql.SQLException;

/**
 * The one hook where a call of a wrapper reaches the database server. Every wrapper of a connection holds the
 * same one: on trunk it is the connection's {@link RoundTrips} counter and nothing else; on a branch it is the
 * branch session, which counts through the same counter and routes statement texts.
 */
public interface ServerCalls {

  /** A call that reaches the server and carries no statement text (commit, a metadata query, a batch ...). */
  void reached();

  /**
   * A statement text executed on the wrapped statement {@code target}: one round trip. The default runs it as
   * written; a branch session puts physical names in first.
   */
  default <S, T> T execute(S target, String sql, SqlAction<S, T> action) throws SQLException {
    reached();
    return action.apply(target, sql);
  }

  /**
   * The warning djbranch itself gave the statement that just ran (a declaration answered without DDL), taken once;
   * null on trunk and for every statement the database answered.
   */
  default java.sql.SQLWarning takeWarning() {
    return null;
  }

  /**
   * The text to add to a batch for {@code sql}; adding reaches no server. Null where the statement takes steps of its
   * own that one batch cannot carry (a declaration on a branch): the batch then runs its statements one at a time
   * when it is executed, each as {@link #execute} runs it.
   */
  default String batched(String sql) throws SQLException {
    return sql;
  }

  /**
   * Whether a statement keeps the texts added to its batch, so that it can run them one at a time should one of them
   * take steps of its own: on a branch. Trunk keeps nothing.
   */
  default boolean keepsBatchTexts() {
    return false;
  }

  /** One call on a wrapped statement with the text decided on. */
  @FunctionalInterface
  interface SqlAction<S, T> {
    T apply(S target, String sql) throws SQLException;
  }
}

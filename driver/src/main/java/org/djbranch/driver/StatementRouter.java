package org.djbranch.driver;

import java.sql.SQLException;

/**
 * What a branch does to the statements of one connection: rewrites logical names to physical ones and carries
 * out declarations. Trunk connections have none, so their hot path is a null check and a delegate call.
 */
interface StatementRouter {

  /** Runs one statement text on the wrapped statement {@code target}, the way the branch requires. */
  <S, T> T run(S target, String sql, SqlAction<S, T> action) throws SQLException;

  /** The text to prepare for {@code sql}; a declaration cannot be prepared on a branch and fails here. */
  String prepare(String sql) throws SQLException;

  /** The session's current schema may have changed (setSchema, setCatalog): read it again. */
  void currentSchemaChanged() throws SQLException;

  /** One call on the wrapped statement with the text the branch decided on. */
  @FunctionalInterface
  interface SqlAction<S, T> {
    T apply(S target, String sql) throws SQLException;
  }
}

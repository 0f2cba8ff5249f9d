package org.djbranch.driver;

import java.sql.SQLException;

/**
 * What a branch does to the statements of one connection: rewrites logical names to physical ones and carries
 * out declarations. Trunk connections have none, so their hot path is a null check and a delegate call.
 */
interface StatementRouter {

  /** Runs one statement text on the wrapped statement {@code target}, the way the branch requires. */
  <S, T> T run(S target, String sql, SqlAction<S, T> action) throws SQLException;

  /**
   * The text to prepare for {@code sql}, or null for a declaration, which takes several steps: the caller keeps
   * the text and {@link #run}s it when it executes. Refusals (additive only) fail here already.
   */
  String prepare(String sql) throws SQLException;

  /**
   * The wrapper of a prepared statement of text {@code text}: one that honours symbolic foreign keys where the
   * text changes rows of their parent.
   */
  java.sql.PreparedStatement wrapPrepared(BranchConnection connection, String text, java.sql.PreparedStatement inner)
      throws SQLException;

  /** The session's current schema may have changed (setSchema, setCatalog): read it again. */
  void currentSchemaChanged() throws SQLException;

  /** One call on the wrapped statement with the text the branch decided on. */
  @FunctionalInterface
  interface SqlAction<S, T> {
    T apply(S target, String sql) throws SQLException;
  }
}

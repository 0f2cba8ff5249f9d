package org.djbranch.driver.ddl;

import java.sql.SQLException;

/**
 * Runs several statements as one where the session is in autocommit: in a transaction of its own, committed at the
 * end or rolled back on failure. Inside the session's own transaction the work simply runs in it.
 */
public final class AutoTransaction {
  private AutoTransaction() {}

  @FunctionalInterface
  public interface Work<T> {
    T run() throws SQLException;
  }

  /**
   * @param transactional whether the statements take part in transactions at all (DDL on MySQL does not: there
   *     the work runs in order, and is written so that a re-run completes it)
   */
  public static <T> T run(java.sql.Connection internal, boolean transactional, Work<T> work) throws SQLException {
    boolean own = transactional && internal.getAutoCommit();
    if (!own) {
      return work.run();
    }
    internal.setAutoCommit(false);
    try {
      T result = work.run();
      internal.commit();
      return result;
    } catch (SQLException | RuntimeException e) {
      try {
        internal.rollback();
      } catch (SQLException rollbackFailed) {
        e.addSuppressed(rollbackFailed);
      }
      throw e;
    } finally {
      internal.setAutoCommit(true);
    }
  }
}

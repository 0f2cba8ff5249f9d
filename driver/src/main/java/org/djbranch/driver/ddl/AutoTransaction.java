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
   *     the work runs in order, and is written so that a re-run completes it; inside the session's transaction,
   *     which the DDL committed implicitly, the rows written with it are committed as the DDL was, so that a
   *     rollback cannot take them from the table they describe)
   */
  public static <T> T run(java.sql.Connection internal, boolean transactional, Work<T> work) throws SQLException {
    if (!transactional) {
      T result = work.run();
      if (!internal.getAutoCommit()) {
        internal.commit();
      }
      return result;
    }
    if (!internal.getAutoCommit()) {
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

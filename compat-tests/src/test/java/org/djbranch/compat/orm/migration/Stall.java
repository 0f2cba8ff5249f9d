package org.djbranch.compat.orm.migration;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What the stalling migration of either tool does: declares a table, tells the parent process it is under way, and
 * waits to be killed, so that the run ends mid-way with its history row unwritten and its lock taken.
 */
final class Stall {
  static final String SIGNAL = "stalling mid-migration";

  private Stall() {
  }

  static void declareAndWait(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE stalled_step (step_id INT NOT NULL, PRIMARY KEY (step_id))");
    }
    System.out.println(SIGNAL);
    System.out.flush();
    try {
      Thread.sleep(120_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    throw new IllegalStateException("the parent process did not kill this run");
  }
}

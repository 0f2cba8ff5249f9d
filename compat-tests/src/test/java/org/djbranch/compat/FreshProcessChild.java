package org.djbranch.compat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A process of its own, so that djbranch's layout cache starts empty: opens one connection to the URL given and
 * runs the statements given in order, printing {@code ok <update count>} or {@code failed <SQLState> <message>} for
 * each. A statement starting {@code prepared:} runs as a prepared statement.
 *
 * <p>Arguments: the djbranch URL, then the statements.
 */
public final class FreshProcessChild {
  private FreshProcessChild() {}

  public static void main(String[] args) throws Exception {
    try (Connection c = DriverManager.getConnection(args[0])) {
      for (int i = 1; i < args.length; i++) {
        String sql = args[i];
        try {
          if (sql.startsWith("prepared:")) {
            try (PreparedStatement ps = c.prepareStatement(sql.substring("prepared:".length()))) {
              System.out.println("ok " + ps.executeUpdate());
            }
          } else {
            try (Statement s = c.createStatement()) {
              System.out.println("ok " + s.executeUpdate(sql));
            }
          }
        } catch (SQLException e) {
          System.out.println("failed " + e.getSQLState() + " " + e.getMessage().replace('\n', ' '));
        }
      }
    }
    System.exit(0);
  }
}

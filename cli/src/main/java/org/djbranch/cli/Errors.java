package org.djbranch.cli;

import java.sql.SQLException;

/** How every command prints a database error: its first line, then the SQLState when the driver gives one. */
final class Errors {
  private Errors() {}

  static String oneLine(String message) {
    if (message == null) {
      return "";
    }
    String m = message.strip();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl).strip();
  }

  static String describe(SQLException e) {
    return oneLine(e.getMessage()) + (e.getSQLState() == null ? "" : " (SQLState " + e.getSQLState() + ")");
  }
}

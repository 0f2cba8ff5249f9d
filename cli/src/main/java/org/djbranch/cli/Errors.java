package org.djbranch.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.sql.SQLException;
import java.util.regex.Pattern;

/**
 * How every command prints an error: one line, the first of the message, then the SQLState when the driver gives
 * one. The severity word some drivers put in front of their message (pgjdbc's {@code ERROR: }) goes: the command
 * says it is an error once, in its own words.
 */
final class Errors {
  private Errors() {}

  /** {@code ERROR:}, {@code FATAL:} ... at the start of a pgjdbc message, as the server sent its severity. */
  private static final Pattern SEVERITY = Pattern.compile("^(ERROR|FATAL|PANIC|WARNING):\\s+");

  static String oneLine(String message) {
    if (message == null) {
      return "";
    }
    String m = message.strip();
    int nl = m.indexOf('\n');
    m = nl < 0 ? m : m.substring(0, nl).strip();
    return SEVERITY.matcher(m).replaceFirst("");
  }

  static String describe(SQLException e) {
    return oneLine(e.getMessage()) + (e.getSQLState() == null ? "" : " (SQLState " + e.getSQLState() + ")");
  }

  /**
   * The one line for an error a user can act on: a database's refusal or a file that cannot be read. Null for
   * anything else, which is a defect of the command and keeps its stack trace.
   */
  static String describe(Exception e) {
    if (e instanceof SQLException) {
      return describe((SQLException) e);
    }
    IOException io = e instanceof UncheckedIOException ? ((UncheckedIOException) e).getCause()
        : e instanceof IOException ? (IOException) e : null;
    if (io instanceof NoSuchFileException) {
      return "no such file: " + io.getMessage();
    }
    if (io instanceof AccessDeniedException) {
      return "permission denied: " + io.getMessage();
    }
    return io == null ? null : oneLine(io.getMessage());
  }
}

package org.djbranch.lake.util;

import java.sql.SQLException;

/**
 * Every refusal and failure of a lake operation. It is an {@link SQLException} so that the JDBC
 * driver and the library share one error type; the message names the file, table or version
 * involved and says what to do next.
 */
public class LakeException extends SQLException {
  /** SQLState for a refusal the caller can fix (data exception class). */
  public static final String REFUSED = "22000";
  /** SQLState for a missing or unreadable repository, version or ref. */
  public static final String NOT_FOUND = "42704";
  /** SQLState for a feature this machine cannot provide (missing extension). */
  public static final String UNSUPPORTED = "0A000";
  /** SQLState for a concurrent writer (the ref moved, a file differs). */
  public static final String CONFLICT = "40001";
  /** SQLState for an I/O failure. */
  public static final String IO = "58030";

  public LakeException(String message, String sqlState) {
    super(message, sqlState);
  }

  public LakeException(String message, String sqlState, Throwable cause) {
    super(message, sqlState, cause);
  }
}

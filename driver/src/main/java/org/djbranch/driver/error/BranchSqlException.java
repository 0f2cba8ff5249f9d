package org.djbranch.driver.error;

import java.sql.SQLException;

/** An error raised by djbranch itself, as opposed to one the wrapped driver raised and we passed on. */
public class BranchSqlException extends SQLException {
  private static final long serialVersionUID = 1L;

  private final transient SqlState state;

  BranchSqlException(String message, SqlState state, Throwable cause) {
    super(message, state.code(), cause);
    this.state = state;
  }

  public SqlState state() {
    return state;
  }
}

package org.djbranch.driver.error;

import java.sql.SQLException;

/**
 * The database refused one of djbranch's own statements for want of a privilege, on an object the code that ran it
 * names ({@code ~edge} of a draft, say): the session explains it to the login with that name, since the database's
 * words name the object unqualified and never the privilege (PostgreSQL).
 */
public final class PrivilegeDenied extends SQLException {
  private static final long serialVersionUID = 1L;

  private final String schema;
  private final String table;
  private final String privilege;

  public PrivilegeDenied(SQLException cause, String schema, String table, String privilege) {
    super(cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), cause);
    this.schema = schema;
    this.table = table;
    this.privilege = privilege;
  }

  public String schema() {
    return schema;
  }

  public String table() {
    return table;
  }

  public String privilege() {
    return privilege;
  }

  /** The database's own error. */
  public SQLException database() {
    return (SQLException) getCause();
  }
}

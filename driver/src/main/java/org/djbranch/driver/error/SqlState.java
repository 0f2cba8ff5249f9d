package org.djbranch.driver.error;

import java.sql.SQLFeatureNotSupportedException;

/**
 * The SQLStates djbranch raises itself, named as the SQL standard (and, for the {@code 42Pxx} and {@code 42501}
 * codes the standard leaves open, PostgreSQL) names them. One place, so every call site builds its errors alike.
 */
public enum SqlState {
  /** Class 08, "SQL-client unable to establish SQL-connection": a bad URL, a bad branch setting, no inner driver. */
  SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION("08001"),
  /** Class HY, "general error": a setting the driver cannot use. */
  GENERAL_ERROR("HY000"),
  /**
   * {@code 22023} invalid_parameter_value: a connection property djbranch reads has a value it does not take (as
   * pgjdbc answers a bad connection property).
   */
  INVALID_PARAMETER_VALUE("22023"),
  /** The login lacks a privilege the branch needs (a draft or base schema must be provisioned). */
  INSUFFICIENT_PRIVILEGE("42501"),
  /** A table name collides with one that exists with a different shape. */
  DUPLICATE_TABLE("42P07"),
  /** A name is longer than the database allows. */
  NAME_TOO_LONG("42622"),
  /** Class 0A, "feature not supported": what djbranch really does not support (see {@link #notSupported}). */
  FEATURE_NOT_SUPPORTED("0A000"),
  /**
   * {@code 55000} object_not_in_prerequisite_state: the code of every refusal by a rule of the branch
   * ({@link BranchRefusal}). The statement is valid and so is its object, but the object's state (held by the
   * pipeline, seen from a branch) forbids the change. A failed statement to every pool and ORM, never a lost
   * connection: not {@code 0A000}, on which HikariCP evicts the connection (as on class 08, 57P01 to 57P03 and
   * 01002); not class 42, which JDBC and Spring read as bad SQL grammar; not {@code 42501}, which names a missing
   * grant the user could fix.
   */
  OBJECT_NOT_IN_PREREQUISITE_STATE("55000"),
  /**
   * Class 07, "dynamic SQL error": a parameter that a statement does not have (a declaration takes none). A failed
   * statement, as the wrapped drivers answer a parameter index out of range.
   */
  INVALID_DESCRIPTOR_INDEX("07009"),
  /** A statement names a draft table but could not be parsed, so it cannot be rewritten safely. */
  SYNTAX_ERROR("42601"),
  /**
   * Class 25, "read-only SQL-transaction": the server or session takes no writes (a hot standby, a read-only
   * replica), so a declaration must be made on a writable one.
   */
  READ_ONLY_SQL_TRANSACTION("25006"),
  /**
   * {@code 2BP01} dependent_objects_still_exist: a table cannot be dropped while foreign keys reference it (a symbolic
   * key on a branch, as a real one on trunk). PostgreSQL's code for it; MySQL reports the same refusal as HY000 (3730).
   */
  DEPENDENT_OBJECTS_STILL_EXIST("2BP01"),
  /** A symbolic foreign key restricts this change. */
  FOREIGN_KEY_VIOLATION("23503");

  private final String code;

  SqlState(String code) {
    this.code = code;
  }

  public String code() {
    return code;
  }

  /** Builds the exception every djbranch error is: the message names the object and says what to do. */
  public BranchSqlException exception(String message) {
    return new BranchSqlException(message, this, null);
  }

  public BranchSqlException exception(String message, Throwable cause) {
    return new BranchSqlException(message, this, cause);
  }

  /** A statement as a message quotes it: stripped, and cut after 120 characters. */
  public static String excerpt(String sql) {
    String shown = sql.strip();
    return shown.length() > 120 ? shown.substring(0, 120) + " ..." : shown;
  }

  /** A refusal by a rule of the branch (additive only): the statement is understood and not allowed. */
  public BranchRefusal refusal(String message) {
    return new BranchRefusal(message, this);
  }

  /** Something djbranch really does not support (yet); typed as such for tools that check the type. */
  public static SQLFeatureNotSupportedException notSupported(String message) {
    return new SQLFeatureNotSupportedException(message, FEATURE_NOT_SUPPORTED.code());
  }
}

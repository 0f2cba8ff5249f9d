package org.djbranch.driver;

/** The SQLStates djbranch raises itself; one place, so every call site builds its errors alike. */
public enum SqlState {
  /** The connection could not be made: a bad URL, a bad branch setting, no inner driver. */
  CONNECTION_REJECTED("08001"),
  /** A setting the driver cannot use. */
  GENERAL_ERROR("HY000"),
  /** The login lacks a privilege the branch needs (a draft or base schema must be provisioned). */
  INSUFFICIENT_PRIVILEGE("42501"),
  /** A name collides with one that exists, with a different shape. */
  DUPLICATE_OBJECT("42P07"),
  /** A name is longer than the database allows. */
  NAME_TOO_LONG("42622"),
  /** The branch is additive only: this statement would change what the pipeline holds. */
  FEATURE_NOT_SUPPORTED("0A000"),
  /** A statement names a draft table but could not be parsed, so it cannot be rewritten safely. */
  SYNTAX_ERROR("42601"),
  /** The server or session takes no writes (a hot standby, a read-only replica): declare on a writable one. */
  READ_ONLY("25006"),
  /** A symbolic foreign key restricts this change. */
  FOREIGN_KEY_VIOLATION("23503");

  private final String code;

  SqlState(String code) {
    this.code = code;
  }

  public String code() {
    return code;
  }

  /** Builds the exception every djbranch refusal is: the message names the object and says what to do. */
  public BranchSqlException exception(String message) {
    return new BranchSqlException(message, this, null);
  }

  public BranchSqlException exception(String message, Throwable cause) {
    return new BranchSqlException(message, this, cause);
  }
}

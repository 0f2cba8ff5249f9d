package org.djbranch.driver.backend;

/**
 * A privilege the database refused, read from its own error: the object (a table, a schema, a database, a role to
 * act as), where the database says so its schema, and the privilege where the database names it (MySQL does,
 * PostgreSQL does not: then the statement that failed decides).
 */
public record Denial(Kind kind, String schema, String name, String privilege) {
  public enum Kind {
    /** A table or view (on MySQL a sequence too, which is a table there). */
    TABLE,
    /** A sequence (PostgreSQL): SELECT reads where it stands, USAGE or UPDATE move it. */
    SEQUENCE,
    /** A schema: USAGE to name objects in it, CREATE to declare in it. */
    SCHEMA,
    /** The database: CREATE to make schemas (PostgreSQL), any privilege at all on a MySQL database. */
    DATABASE,
    /** Only the owner may (PostgreSQL): DROP, ALTER, CREATE INDEX of a table owned by another role. */
    OWNER,
    /** The login may not act as a role (SET ROLE of a role it is no member of). */
    ROLE
  }

  public Denial withPrivilege(String p) {
    return new Denial(kind, schema, name, p);
  }

  public Denial inSchema(String s) {
    return new Denial(kind, s, name, privilege);
  }
}

package org.djbranch.driver.jdbc;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * The one factory of the plain child objects: every statement and result set a plain wrapper hands out is made
 * here, holding its parent wrapper (so {@code getConnection()} and {@code getStatement()} answer with djbranch's
 * objects) and the connection's {@link ServerCalls} hook. A branch connection's statements are the branch
 * session's subclasses of these, made by the session.
 */
public final class Wrappers {
  private Wrappers() {}

  public static Statement statement(Connection owner, Statement inner, ServerCalls calls) {
    return new DelegatingStatement<>(owner, inner, calls);
  }

  public static PreparedStatement prepared(Connection owner, PreparedStatement inner, ServerCalls calls) {
    return new DelegatingPreparedStatement<>(owner, inner, calls);
  }

  public static CallableStatement callable(Connection owner, CallableStatement inner, ServerCalls calls) {
    return new DelegatingCallableStatement<>(owner, inner, calls);
  }

  /**
   * What {@code unwrap} of an object of djbranch connection {@code c} hands out of the wrapped driver's own ({@code
   * inner}, asked for as {@code iface}): as {@code c} decides ({@code DelegatingConnection.exposedOfChild}).
   */
  static Object exposedBy(Connection c, Object inner, Class<?> iface) throws java.sql.SQLException {
    return c instanceof DelegatingConnection d ? d.exposedOfChild(inner, iface) : inner;
  }

  /** Whether {@code isWrapperFor} of an object of djbranch connection {@code c} answers for the wrapped driver's. */
  static boolean exposesChildren(Connection c) {
    return !(c instanceof DelegatingConnection d) || d.exposesChildren();
  }

  /**
   * A result set of metadata of djbranch connection {@code connection}: no statement, as JDBC specifies; its {@code
   * unwrap} answers as the connection decides. Null stays null.
   */
  static ResultSet metadataResultSet(ResultSet inner, Connection connection) {
    return inner == null ? null : new DelegatingResultSet(inner, null, connection);
  }

  /** Null stays null; {@code owner} is null for the result sets of metadata, as JDBC specifies. */
  public static ResultSet resultSet(ResultSet inner, Statement owner) {
    return inner == null ? null : new DelegatingResultSet(inner, owner);
  }

  /**
   * A counted view of a wrapped connection that routes nothing: what djbranch's own queries on a branch go
   * through, so they count into the same round trips as the application's.
   */
  public static Connection counted(Connection inner, ServerCalls calls) {
    return new DelegatingConnection(inner, calls);
  }
}

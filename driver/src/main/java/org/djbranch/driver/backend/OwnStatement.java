package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.djbranch.rewriter.ParameterMarkers;

/**
 * One statement of djbranch's own — a catalog read, a record of {@code ~copy}, {@code ~activity} or {@code ~edge} —
 * with the values of its {@code ?} placeholders, made by {@link Backend#own}: prepared and bound, or, where the
 * wrapped driver prepares in a call of its own ({@link Backend#writesOwnValuesIn}), sent as one text with the values
 * written in as literals. Values are strings, numbers, booleans or null: never an application's text to run.
 */
public final class OwnStatement implements AutoCloseable {
  private final Statement statement;
  /** The text with its values written in; null where {@link #statement} is prepared and bound. */
  private final String written;

  private OwnStatement(Statement statement, String written) {
    this.statement = statement;
    this.written = written;
  }

  static OwnStatement bound(Connection c, String sql, Object... values) throws SQLException {
    PreparedStatement ps = c.prepareStatement(sql);
    try {
      for (int i = 0; i < values.length; i++) {
        ps.setObject(i + 1, values[i]);
      }
    } catch (SQLException | RuntimeException e) {
      ps.close();
      throw e;
    }
    return new OwnStatement(ps, null);
  }

  static OwnStatement written(Backend backend, Connection c, String sql, Object... values) throws SQLException {
    int[] at = ParameterMarkers.positions(sql, backend.dialect());
    if (at.length != values.length) {
      throw new IllegalArgumentException(at.length + " placeholders and " + values.length + " values in " + sql);
    }
    StringBuilder text = new StringBuilder(sql.length() + 16 * values.length);
    int from = 0;
    for (int i = 0; i < at.length; i++) {
      text.append(sql, from, at[i]).append(literal(backend, values[i]));
      from = at[i] + 1;
    }
    text.append(sql, from, sql.length());
    return new OwnStatement(c.createStatement(), text.toString());
  }

  /** Whether every value has a literal: not a string holding NUL, which a text read as a C string would end at. */
  static boolean writable(Object... values) {
    for (Object v : values) {
      if (v instanceof String s && s.indexOf('\0') >= 0) {
        return false;
      }
    }
    return true;
  }

  private static String literal(Backend backend, Object value) {
    if (value == null) {
      return "NULL";
    }
    if (value instanceof String s) {
      return backend.stringLiteral(s);
    }
    if (value instanceof Integer || value instanceof Long || value instanceof Boolean) {
      return value.toString();
    }
    throw new IllegalArgumentException("No literal for a " + value.getClass().getName());
  }

  /** Runs the statement as a query; the result set closes with this. */
  public ResultSet query() throws SQLException {
    return written == null ? ((PreparedStatement) statement).executeQuery() : statement.executeQuery(written);
  }

  /** Runs the statement as a change: the rows it changed. */
  public int update() throws SQLException {
    return written == null ? ((PreparedStatement) statement).executeUpdate() : statement.executeUpdate(written);
  }

  @Override
  public void close() throws SQLException {
    statement.close();
  }
}

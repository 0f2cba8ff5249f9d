package org.djbranch.driver.session;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A statement, or a piece of one, that djbranch derives from the application's DELETE or UPDATE to honour symbolic
 * foreign keys: its text, and the application's parameters its {@code ?} markers take, in order. Pieces taken from
 * a prepared statement run as a prepared statement bound with the application's own setters; from a plain
 * statement, as a plain one, where a {@code ?} is no marker (PostgreSQL's jsonb operator). Immutable.
 */
final class DerivedSql {
  private final String text;
  private final List<Parameter> parameters;
  private final boolean prepared;

  private DerivedSql(String text, List<Parameter> parameters, boolean prepared) {
    this.text = text;
    this.parameters = parameters;
    this.prepared = prepared;
  }

  /** Text djbranch writes itself (names, keywords): no markers. */
  static DerivedSql of(String text) {
    return new DerivedSql(text, List.of(), false);
  }

  /** A piece of the application's text, with the parameters of its markers; {@code prepared} as the statement was. */
  static DerivedSql piece(String text, List<Parameter> parameters, boolean prepared) {
    return new DerivedSql(text, List.copyOf(parameters), prepared);
  }

  DerivedSql then(String more) {
    return new DerivedSql(text + more, parameters, prepared);
  }

  DerivedSql then(DerivedSql more) {
    List<Parameter> all = new ArrayList<>(parameters.size() + more.parameters.size());
    all.addAll(parameters);
    all.addAll(more.parameters);
    return new DerivedSql(text + more.text, all, prepared || more.prepared);
  }

  @Override
  public String toString() {
    return text;
  }

  void execute(Connection c) throws SQLException {
    if (!prepared) {
      try (Statement s = c.createStatement()) {
        s.execute(text);
      }
      return;
    }
    try (PreparedStatement ps = bound(c)) {
      ps.execute();
    }
  }

  /** What a query's rows say. */
  @FunctionalInterface
  interface Rows<T> {
    T read(ResultSet rs) throws SQLException;
  }

  <T> T query(Connection c, Rows<T> reader) throws SQLException {
    if (!prepared) {
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(text)) {
        return reader.read(rs);
      }
    }
    try (PreparedStatement ps = bound(c); ResultSet rs = ps.executeQuery()) {
      return reader.read(rs);
    }
  }

  private PreparedStatement bound(Connection c) throws SQLException {
    PreparedStatement ps = c.prepareStatement(text);
    try {
      for (int i = 0; i < parameters.size(); i++) {
        parameters.get(i).setOn(ps, i + 1);
      }
      return ps;
    } catch (SQLException | RuntimeException e) {
      ps.close();
      throw e;
    }
  }
}

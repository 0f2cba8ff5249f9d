package org.djbranch.driver;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.djbranch.driver.jdbc.DelegatingPreparedStatement;

/**
 * A prepared statement of a {@link BranchConnection}. Its text was routed once, when it was prepared, so
 * executing it costs nothing beyond the count of the round trip.
 */
public class BranchPreparedStatement<S extends PreparedStatement> extends DelegatingPreparedStatement<S> {

  protected BranchPreparedStatement(BranchConnection connection, S delegate) {
    super(connection, delegate);
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    connection.trips.count++;
    return wrap(delegate.executeQuery());
  }

  @Override
  public boolean execute() throws SQLException {
    connection.trips.count++;
    return delegate.execute();
  }

  @Override
  public int executeUpdate() throws SQLException {
    connection.trips.count++;
    return delegate.executeUpdate();
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    connection.trips.count++;
    return delegate.executeLargeUpdate();
  }
}

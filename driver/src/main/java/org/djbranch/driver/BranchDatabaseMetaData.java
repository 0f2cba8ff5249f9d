package org.djbranch.driver;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import org.djbranch.driver.jdbc.DelegatingDatabaseMetaData;

/**
 * The metadata of a {@link BranchConnection}. Each method answering with a result set is one round trip;
 * product name and version stay the wrapped database's, so tools pick the right dialect.
 */
final class BranchDatabaseMetaData extends DelegatingDatabaseMetaData {
  private final BranchConnection connection;

  BranchDatabaseMetaData(BranchConnection connection, DatabaseMetaData delegate) {
    super(delegate);
    this.connection = connection;
  }

  @Override
  protected void beforeQuery() {
    connection.trips.count++;
  }

  @Override
  protected ResultSet result(ResultSet rs) {
    return rs == null ? null : new BranchResultSet(rs, null);
  }

  @Override
  public Connection getConnection() {
    return connection;
  }
}

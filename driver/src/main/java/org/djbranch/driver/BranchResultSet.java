package org.djbranch.driver;

import java.sql.ResultSet;
import java.sql.Statement;
import org.djbranch.driver.jdbc.DelegatingResultSet;

/** A result set that names the djbranch statement that produced it, never the wrapped one. */
final class BranchResultSet extends DelegatingResultSet {
  /** Null for the result sets of {@link java.sql.DatabaseMetaData}, as JDBC specifies. */
  private final Statement statement;

  BranchResultSet(ResultSet delegate, Statement statement) {
    super(delegate);
    this.statement = statement;
  }

  @Override
  public Statement getStatement() {
    return statement;
  }
}

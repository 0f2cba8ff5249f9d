package org.djbranch.driver;

import java.sql.CallableStatement;
import org.djbranch.driver.jdbc.DelegatingCallableStatement;

/** A callable statement of a {@link BranchConnection}: all its behaviour is the prepared statement's. */
public final class BranchCallableStatement extends DelegatingCallableStatement<CallableStatement> {

  BranchCallableStatement(BranchConnection connection, CallableStatement delegate) {
    super(connection, delegate);
  }
}

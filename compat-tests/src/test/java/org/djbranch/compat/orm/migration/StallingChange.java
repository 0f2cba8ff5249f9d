package org.djbranch.compat.orm.migration;

import liquibase.change.custom.CustomTaskChange;
import liquibase.database.Database;
import liquibase.database.jvm.JdbcConnection;
import liquibase.exception.CustomChangeException;
import liquibase.exception.ValidationErrors;
import liquibase.resource.ResourceAccessor;

/** Liquibase's stalling changeset: see {@link Stall}. */
public class StallingChange implements CustomTaskChange {
  @Override
  public void execute(Database database) throws CustomChangeException {
    try {
      Stall.declareAndWait(((JdbcConnection) database.getConnection()).getUnderlyingConnection());
    } catch (Exception e) {
      throw new CustomChangeException(e);
    }
  }

  @Override
  public String getConfirmationMessage() {
    return "stalled";
  }

  @Override
  public void setUp() {
  }

  @Override
  public void setFileOpener(ResourceAccessor resourceAccessor) {
  }

  @Override
  public ValidationErrors validate(Database database) {
    return new ValidationErrors();
  }
}

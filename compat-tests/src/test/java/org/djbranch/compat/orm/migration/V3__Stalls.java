package org.djbranch.compat.orm.migration;

import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

/** Flyway's stalling migration: see {@link Stall}. */
public class V3__Stalls extends BaseJavaMigration {
  @Override
  public void migrate(Context context) throws Exception {
    Stall.declareAndWait(context.getConnection());
  }
}

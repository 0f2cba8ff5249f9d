package org.djbranch.driver.error;

/**
 * A statement djbranch understood and refuses by a rule of the branch: structure the pipeline holds is not the
 * branch's to change (Branch Resolution §9, additive only), nor a pipeline schema its to drop (§5.7), nor a
 * pipeline master its to give a new part (§3.4). Not an {@link java.sql.SQLFeatureNotSupportedException}: nothing
 * is missing from the driver; the rule stands on trunk's side.
 */
public final class BranchRefusal extends BranchSqlException {
  private static final long serialVersionUID = 1L;

  BranchRefusal(String message, SqlState state) {
    super(message, state, null);
  }
}

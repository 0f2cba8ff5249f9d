package org.djbranch.driver;

import org.djbranch.rewriter.SplicePlan;
import org.djbranch.rewriter.Tokens;

/**
 * What analysis decided for one statement shape: the physical names to splice in, and whether it deletes or
 * updates rows (then symbolic foreign keys of its target may need honouring).
 */
record StatementPlan(SplicePlan splice, boolean deletesOrUpdates) {
  static final StatementPlan UNCHANGED = new StatementPlan(SplicePlan.UNCHANGED, false);

  String apply(String sql, Tokens tokens) {
    return splice.apply(sql, tokens);
  }
}

package org.djbranch.driver.layout;

import java.util.Set;
import org.djbranch.rewriter.RenderedLabels;
import org.djbranch.rewriter.SplicePlan;
import org.djbranch.rewriter.Tokens;

/**
 * What analysis decided for one statement shape: the physical names to splice in, whether it deletes or updates
 * rows (then symbolic foreign keys of its target may need honouring), and the draft schemas it names.
 */
public record StatementPlan(SplicePlan splice, boolean deletesOrUpdates, Set<String> drafts) {
  public static final StatementPlan UNCHANGED = new StatementPlan(SplicePlan.UNCHANGED, false, Set.of());

  /** The statement as it goes to the database; {@code rendered} prints the labels only the database can (DuckDB). */
  public String apply(String sql, Tokens tokens, RenderedLabels rendered) {
    return splice.apply(sql, tokens, rendered);
  }
}

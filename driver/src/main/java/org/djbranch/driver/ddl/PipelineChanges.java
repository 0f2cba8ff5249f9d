package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.StatementKind;
import org.djbranch.rewriter.TableRef;

/**
 * The one place that decides what a branch does with a change of what the pipeline holds: additive only (Branch
 * Resolution §9) — ALTER, DROP, TRUNCATE, RENAME, COMMENT or an index on a pipeline table is refused, and so is
 * dropping a logical schema (§5.7). Every planner asks here.
 */
final class PipelineChanges {
  private final DdlContext ddl;

  PipelineChanges(DdlContext ddl) {
    this.ddl = ddl;
  }

  /** Refuses the statement where it changes a table the pipeline holds: its target, or a table it drops or alters. */
  void refuse(Analysis a) throws SQLException {
    List<TableRef> changed = new ArrayList<>();
    if (a.target() != null) {
      changed.add(a.target());
    }
    for (TableRef ref : a.tables()) {
      if (ref.role() == TableRef.Role.DROP || ref.role() == TableRef.Role.ALTER
          || (ref.role() == TableRef.Role.WRITE && a.kind() == StatementKind.TRUNCATE)) {
        changed.add(ref);
      }
    }
    for (TableRef ref : changed) {
      Resolved r = ddl.binder.resolve(ref);
      if (r != null && r.binding() == Binding.LOGICAL) {
        throw refusal(a.kind().name().replace('_', ' '), r);
      }
    }
  }

  /** The refusal of {@code what} on pipeline table {@code r}. */
  BranchSqlException refusal(String what, Resolved r) {
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal(what + " of " + r.logicalName() + " refused: the table"
        + " belongs to the pipeline's schema " + r.schema().logical + ", and branch " + ddl.branch
        + " is additive only. Change it on trunk; on the branch, declare a new table instead.");
  }

  /** Branch Resolution §5.7: dropping a logical schema on a branch would take the pipeline's schema from under the draft. */
  void refuseSchemaDrop(String schema) throws SQLException {
    if (schema == null || ddl.backend.isSystemSchema(schema) || ddl.layout.drafts.logicalOf(schema) != null) {
      return; // this branch's own draft: dropping it is the caller's teardown (Branch Resolution §8)
    }
    ddl.binder.logicalSchema(schema); // refuses another branch's draft
    SchemaLayout s = ddl.layout.activate(ddl.internal, schema);
    if (s.logicalExists) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("DROP SCHEMA " + s.logical + " refused on branch "
          + ddl.branch + ": it is the pipeline's schema, realised on this branch by " + s.logical + " and its draft "
          + s.draft + ". Drop the draft " + s.draft + " to tear the branch down, or drop " + s.logical + " on trunk.");
    }
  }
}

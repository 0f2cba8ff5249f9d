package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.DdlObject;
import org.djbranch.rewriter.StatementKind;
import org.djbranch.rewriter.TableRef;

/**
 * The one place that decides what a branch does with a change of what the pipeline holds: additive only (Branch
 * Resolution §9) — ALTER, DROP, TRUNCATE, RENAME, COMMENT or an index on a pipeline table is refused, and so is
 * dropping a logical schema (§5.7). Every planner asks here.
 *
 * <p>It also holds the allowlist of DDL a branch can see into ({@link #HANDLED}): DDL of any other kind of object
 * (a routine, a trigger, a rule, a policy, an extension, a role ...) is refused before anything runs, as are the
 * statements whose effect is not in their text ({@link #unseen}): nothing a branch runs may change trunk unseen.
 */
public final class PipelineChanges {
  /**
   * The kinds of object each DDL verb may name on a branch: what the planners bind, declare into the draft or
   * refuse as a change of the pipeline. Temporary objects are the session's own and always pass.
   */
  static final Map<String, Set<String>> HANDLED = Map.of(
      "CREATE", Set.of("TABLE", "VIEW", "MATERIALIZED VIEW", "INDEX", "SEQUENCE", "TYPE", "SCHEMA", "DATABASE"),
      "ALTER", Set.of("TABLE", "VIEW"),
      "DROP", Set.of("TABLE", "VIEW", "MATERIALIZED VIEW", "INDEX", "SCHEMA", "DATABASE"),
      "TRUNCATE", Set.of("TABLE"),
      "RENAME", Set.of("TABLE"),
      "COMMENT", Set.of("TABLE", "COLUMN", "VIEW"));

  private final DdlContext ddl;

  PipelineChanges(DdlContext ddl) {
    this.ddl = ddl;
  }

  /**
   * Refuses DDL of a kind of object the branch cannot see into or place in the draft, before anything runs; and
   * one the parser cannot read (null {@code analysis}), which could name anything, unless it makes a schema.
   */
  void refuseUnseen(String sql, DdlObject object, boolean parsed) throws SQLException {
    if (object == null || object.temporary()) {
      return;
    }
    String what = (object.verb() + " " + object.object()).strip();
    Set<String> handled = HANDLED.getOrDefault(object.verb(), Set.of());
    if (!handled.contains(object.object())) {
      throw unseen(ddl.branch, what, sql, "djbranch does not bind what " + what + " names or runs, so it cannot keep"
          + " it off the pipeline");
    }
    if (!parsed && !(object.verb().equals("CREATE") && Set.of("SCHEMA", "DATABASE").contains(object.object()))) {
      throw unseen(ddl.branch, what, sql, "djbranch cannot parse it, so it cannot tell which tables it names");
    }
  }

  /**
   * The refusal of a statement whose effect a branch cannot see ({@code what}: its kind, as the user wrote it;
   * {@code why}: why not), which may change what the pipeline holds.
   */
  public static BranchSqlException unseen(String branch, String what, String sql, String why) {
    String shown = sql.strip();
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal(what + " refused on branch " + branch + ": " + why
        + ", and nothing a branch runs may change the pipeline (" + (shown.length() > 120 ? shown.substring(0, 120)
        + " ..." : shown) + "). Run it on trunk, or through the plain driver as the branch's create-only login"
        + " (djbranch provision), where the database itself keeps the pipeline unchanged.");
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

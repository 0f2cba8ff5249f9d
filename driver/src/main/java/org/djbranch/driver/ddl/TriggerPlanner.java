package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.Splicer;
import org.djbranch.rewriter.TableRef;
import org.djbranch.rewriter.TriggerDeclaration;
import org.djbranch.rewriter.UnparsableStatementException;

/**
 * CREATE / DROP TRIGGER where the backend contains triggers (SQLite, MySQL: {@code Backend.containsTriggers}). A
 * trigger is declared in the draft, on a draft table or on the branch's copy of a pipeline table (made first: a
 * trigger on a table changes it), and every table its statements name is bound. SQLite binds a stored trigger's
 * names in its own file and takes them unqualified, so they are written as the draft's tables, alone, and a trigger
 * naming a pipeline table is refused when declared, since it would fail whenever it fires. MySQL binds them in the
 * trigger's database, the draft's, so each is written physically: the draft's table, or the pipeline's to read; a
 * trigger that would write a pipeline table is refused, since it would write trunk's rows whenever it fires. DROP
 * TRIGGER reaches the draft's trigger; trunk's trigger of a table the branch copied is not the copy's, so the drop is
 * answered as done. A temporary trigger is the session's own and is sent as written.
 */
final class TriggerPlanner {
  private final DdlContext ddl;
  private final Backend backend;
  private final PipelineChanges pipeline;

  TriggerPlanner(DdlContext ddl, PipelineChanges pipeline) {
    this.ddl = ddl;
    this.backend = ddl.backend;
    this.pipeline = pipeline;
  }

  /** {@code a}: the statement's analysis, whose tables are the trigger's table (or, dropped, its name) and body's. */
  DdlPlan plan(String sql, Analysis a) throws SQLException {
    TriggerDeclaration trigger = read(sql);
    if (trigger == null) {
      throw PipelineChanges.unseen(ddl.branch, "TRIGGER", sql, "djbranch cannot read what the trigger names");
    }
    if (trigger.temporary()) {
      refuseWritingThePipeline("Temporary trigger " + trigger.name().name(), trigger.body());
      return DdlPlan.send(sql); // the session's own; what it writes, though, must not be trunk's
    }
    return trigger.table() == null ? drop(sql, a, trigger) : create(sql, trigger);
  }

  private DdlPlan create(String sql, TriggerDeclaration trigger) throws SQLException {
    Resolved on = ddl.binder.resolve(trigger.table());
    if (on == null || on.binding() == Binding.NEITHER) {
      return DdlPlan.send(sql); // no such table: the database says so, as on trunk
    }
    if (on.binding() == Binding.LOGICAL) {
      throw pipeline.refusal("CREATE TRIGGER", on); // pipelineChanges=refuse; with copies it binds to the copy by now
    }
    String name = ddl.binder.stored(trigger.name().name(), trigger.name().quoted());
    String what = "Trigger " + name + " on " + on.logicalName();
    pipeline.refuseReadingAcrossFiles(what, trigger.body());
    refuseWritingThePipeline(what, trigger.body());
    boolean ownFileOnly = !backend.storedObjectsReadOtherSchemas();
    List<Edit> edits = new ArrayList<>();
    edits.add(new Edit(trigger.name().start(), trigger.name().end(), backend.quote(on.schema().draft, name)));
    edits.add(new Edit(trigger.table().start(), trigger.table().end(),
        ownFileOnly ? backend.quote(on.table()) : on.draftPhysical()));
    for (TableRef ref : trigger.body()) {
      if (ref.role() == TableRef.Role.COLUMN_QUALIFIER && ref.schema() == null) {
        continue; // NEW, OLD, an alias
      }
      if (ownFileOnly && ref.schema() == null) {
        continue; // bound in the trigger's own file, the draft's, as written
      }
      Resolved r = ddl.binder.resolve(ref);
      if (r == null || r.binding() == Binding.NEITHER) {
        continue;
      }
      edits.add(new Edit(ref.start(), ref.end(), ownFileOnly ? backend.quote(r.table()) : r.physical()));
    }
    return DdlPlan.intoDraft(Splicer.apply(sql, edits), on.schema());
  }

  /** Refuses a trigger whose statements write a pipeline table: it would change trunk's rows whenever it fires. */
  private void refuseWritingThePipeline(String what, List<TableRef> body) throws SQLException {
    for (TableRef ref : body) {
      if (ref.role() != TableRef.Role.WRITE) {
        continue;
      }
      Resolved r = ddl.binder.resolve(ref);
      if (r != null && r.binding() == Binding.LOGICAL) {
        throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal(what + " cannot be declared on branch " + ddl.branch
            + ": it writes " + r.logicalName() + ", a table of the pipeline, whose rows it would change on trunk"
            + " whenever it fires. Give the branch its own copy of " + r.table() + " first (any change of it on the"
            + " branch makes one), or declare the trigger on trunk.");
      }
    }
  }

  private DdlPlan drop(String sql, Analysis a, TriggerDeclaration trigger) throws SQLException {
    PipelineChanges.ObjectHome home = pipeline.locate(trigger.name(), PipelineChanges.TRIGGER);
    if (home == null || !home.inDraft()) {
      // neither holds it (a temporary trigger, or none: the database answers); trunk's on a pipeline table was
      // copied first, or refused (pipelineChanges=refuse)
      pipeline.refuse(a);
      return DdlPlan.send(sql);
    }
    String target = backend.quote(home.schema().draft, home.name());
    if (home.draftTable() == null) {
      // trunk's trigger of a table the branch has its own copy of, which carries no trigger: gone on the branch
      target = (trigger.conditional() ? "" : "IF EXISTS ") + target;
    }
    return DdlPlan.send(Splicer.apply(sql, List.of(new Edit(trigger.name().start(), trigger.name().end(), target))));
  }

  private TriggerDeclaration read(String sql) throws SQLException {
    try {
      return TriggerDeclaration.read(sql, backend.dialect());
    } catch (UnparsableStatementException e) {
      return null; // refused before planning, as DDL the parser cannot read
    }
  }
}

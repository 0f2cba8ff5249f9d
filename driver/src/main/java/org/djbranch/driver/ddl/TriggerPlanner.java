package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.Splicer;
import org.djbranch.rewriter.TableRef;
import org.djbranch.rewriter.TriggerDeclaration;
import org.djbranch.rewriter.UnparsableStatementException;

/**
 * CREATE / DROP TRIGGER where the backend contains triggers (SQLite, {@code Backend.containsTriggers}). A trigger is
 * declared in the draft, on a draft table or on the branch's copy of a pipeline table (made first: a trigger on a
 * table changes it), and every table its statements name binds there: SQLite binds a stored trigger's names in its
 * own file and takes them unqualified, so the names are written as the draft's tables, alone. A trigger naming a
 * pipeline table is refused when declared, since it would fail whenever it fires. DROP TRIGGER reaches the draft's
 * trigger; trunk's trigger of a table the branch copied is not the copy's, so the drop is answered as done. A
 * temporary trigger is the session's own and is sent as written.
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
    if (trigger == null || trigger.temporary()) {
      return DdlPlan.send(sql);
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
    pipeline.refuseReadingAcrossFiles("Trigger " + name + " on " + on.logicalName(), trigger.body());
    List<Edit> edits = new ArrayList<>();
    edits.add(new Edit(trigger.name().start(), trigger.name().end(), backend.quote(on.schema().draft, name)));
    edits.add(new Edit(trigger.table().start(), trigger.table().end(), backend.quote(on.table())));
    for (TableRef ref : trigger.body()) {
      if (ref.schema() == null) {
        continue; // bound in the trigger's own file, the draft's, as written
      }
      Resolved r = ddl.binder.resolve(ref);
      if (r != null && r.binding() == Binding.DRAFT) {
        edits.add(new Edit(ref.start(), ref.end(), backend.quote(r.table())));
      }
    }
    return DdlPlan.intoDraft(Splicer.apply(sql, edits), on.schema());
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

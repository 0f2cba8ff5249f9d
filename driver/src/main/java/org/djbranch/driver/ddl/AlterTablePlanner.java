package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.rewriter.AlterTableText;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.DeclaredIndex;
import org.djbranch.rewriter.DroppedConstraint;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.ForeignKey;
import org.djbranch.rewriter.RenamedColumn;
import org.djbranch.rewriter.TableRef;

/**
 * ALTER TABLE. On a pipeline table refused (or answered, where it agrees with what the table is); on a draft table
 * the ~edge rows follow it (Branch Resolution §4.3): foreign keys added become rows, a symbolic key dropped loses
 * its rows and sends no DDL (the database never held it), a column or the table renamed is renamed in the rows
 * that name it, in every draft of the branch.
 */
final class AlterTablePlanner {
  private final DdlContext ddl;
  private final Backend backend;
  private final SymbolicKeys keys;
  private final Agreements agreements;
  private final PipelineChanges pipeline;
  private final RenamePlanner renames;

  AlterTablePlanner(DdlContext ddl, SymbolicKeys keys, Agreements agreements, PipelineChanges pipeline,
      RenamePlanner renames) {
    this.ddl = ddl;
    this.backend = ddl.backend;
    this.keys = keys;
    this.agreements = agreements;
    this.pipeline = pipeline;
    this.renames = renames;
  }

  DdlPlan plan(String sql, Analysis a) throws SQLException {
    Resolved r = ddl.binder.resolve(a.target());
    if (r == null || r.binding() == Binding.NEITHER) {
      return DdlPlan.send(ddl.rewritten(sql, a.tables()));
    }
    if (r.binding() == Binding.LOGICAL) {
      String agreed = agreements.of(sql, a);
      if (agreed != null) {
        return DdlPlan.answered(backend.noOp(r.schema().logical, r.table()), agreed);
      }
      throw pipeline.refusal("ALTER", r);
    }
    List<ForeignKey> fks = a.addedForeignKeys();
    List<Edges.Edge> added = keys.edgesOf(fks, r);
    Edges.Change change = Edges.added(added);
    List<Edit> cuts = new ArrayList<>();
    for (ForeignKey fk : fks) {
      cuts.add(new Edit(fk.start(), fk.end(), ""));
    }
    boolean edgesChange = !added.isEmpty();
    for (DroppedConstraint dropped : a.droppedConstraints()) {
      if (ddl.edges.hasConstraint(r.schema().edges, r.draftPhysical(), dropped.name())) {
        cuts.add(new Edit(dropped.start(), dropped.end(), ""));
        change = change.andThen(ddl.edges.constraintDropped(r.draftPhysical(), dropped.name()));
        edgesChange = true;
      } // any other constraint, or none of that name: the database answers
    }
    // A renamed column or table may be named by the rows of any draft of the branch, as a referenced one.
    boolean everyDraft = !a.renames().isEmpty();
    for (RenamedColumn column : a.renamedColumns()) {
      if (!backend.columnKey(column.from()).equals(backend.columnKey(column.to()))) {
        change = change.andThen(ddl.edges.columnRenamed(r.draftPhysical(), column.from(), column.to()));
        everyDraft = true;
      }
    }
    List<TableRef> refs = DdlContext.outside(a.tables(), fks);
    RenamePlanner.Rename rename = null;
    if (!a.renames().isEmpty()) {
      rename = renames.rename(a.renames().get(0), r, new HashMap<>());
      change = change.andThen(rename.change());
      refs = DdlContext.without(refs, a.renames().get(0).to());
    }
    List<Edit> names = ddl.binder.physicalNames(refs);
    if (rename != null && rename.edit() != null) {
      names.add(rename.edit());
    }
    List<String> indexes = new ArrayList<>();
    if (backend.foreignKeyImpliesIndex() && !fks.isEmpty()) {
      for (String index : keys.impliedIndexes(List.of(), liveIndexes(r), fks)) {
        indexes.add("ADD " + index);
      }
    }
    String text = AlterTableText.rewritten(sql, backend.dialect(), cuts, names, indexes);
    if (!edgesChange && !everyDraft) {
      return DdlPlan.send(text);
    }
    List<SchemaLayout> drafts = new ArrayList<>(everyDraft ? ddl.layout.activateDraftsWithEdges(ddl.internal) : List.of());
    if (drafts.stream().noneMatch(s -> s.logical.equals(r.schema().logical)) && (r.schema().edgeTableExists
        || !added.isEmpty())) {
      drafts.add(r.schema());
    }
    DdlPlan plan = DdlPlan.withEdgeChange(text != null ? text : ddl.edges.noOp(r.schema().draft), drafts, change);
    if (!added.isEmpty()) {
      plan = plan.makingEdgeTable(r.schema());
    }
    return rename == null ? plan : renames.renamed(plan, r, rename.to());
  }

  /** The indexes a draft table has, for the implied indexes of keys added to it: one round trip. */
  private List<DeclaredIndex> liveIndexes(Resolved r) throws SQLException {
    List<DeclaredIndex> out = new ArrayList<>();
    for (Backend.LiveIndex index : backend.indexes(ddl.internal, r.schema().draft, r.table())) {
      out.add(new DeclaredIndex(index.name(), index.columns()));
    }
    return out;
  }
}

package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.QualifiedNames;
import org.djbranch.rewriter.TableRef;

/**
 * DROP TABLE / VIEW (Branch Resolution §5.3): refused on a pipeline table. A draft table goes with its ~edge rows;
 * one that other draft tables reference through symbolic keys is refused as the database refuses a referenced
 * parent (2BP01), unless CASCADE where the database then drops the keys and keeps their tables.
 */
final class DropPlanner {
  private final DdlContext ddl;
  private final Backend backend;
  private final PipelineChanges pipeline;

  DropPlanner(DdlContext ddl, PipelineChanges pipeline) {
    this.ddl = ddl;
    this.backend = ddl.backend;
    this.pipeline = pipeline;
  }

  DdlPlan plan(String sql, Analysis a) throws SQLException {
    pipeline.refuse(a);
    List<Resolved> drafts = new ArrayList<>();
    for (TableRef ref : a.tables()) {
      Resolved r = ddl.binder.resolve(ref);
      if (r != null && r.binding() == Binding.DRAFT && ref.role() == TableRef.Role.DROP) {
        drafts.add(r);
      }
    }
    String text = ddl.rewritten(sql, a.tables());
    if (drafts.isEmpty()) {
      return DdlPlan.send(text);
    }
    List<String> dropped = drafts.stream().map(Resolved::draftPhysical).toList();
    List<SchemaLayout> withEdges = ddl.layout.activateDraftsWithEdges(ddl.internal);
    List<Edges.Edge> children = new ArrayList<>();
    for (SchemaLayout s : withEdges) {
      children.addAll(ddl.edges.referencesFromOthers(s.edges, dropped));
    }
    boolean cascade = a.cascade() && backend.dropCascadeReleasesChildren();
    if (!children.isEmpty() && !cascade) {
      throw dependents(children);
    }
    // Rows first where DDL is not transactional: a drop interrupted after them still drops the table when run again.
    DdlPlan plan = DdlPlan.withEdgeChange(text, withEdges, ddl.edges.tablesDropped(dropped, cascade));
    for (Resolved r : drafts) {
      plan = plan.then(r.schema().logical, s -> s.withoutDraftTable(r.key()));
    }
    return plan;
  }

  /** The refusal of a DROP TABLE whose table symbolic keys of other draft tables reference, naming them. */
  private BranchSqlException dependents(List<Edges.Edge> children) {
    Edges.Edge first = children.get(0);
    String parent = String.join(".", ddl.logicalName(first.referencedTable()));
    StringBuilder keys = new StringBuilder();
    Set<String> named = new LinkedHashSet<>();
    for (Edges.Edge e : children) {
      if (named.add(e.referencingTable() + '\u0000' + e.constraintName())) {
        keys.append(keys.length() == 0 ? "" : "; ").append("constraint ").append(e.constraintName())
            .append(" on table ").append(String.join(".", ddl.logicalName(e.referencingTable())))
            .append(" depends on table ").append(parent);
      }
    }
    List<String> child = ddl.logicalName(first.referencingTable());
    String dropKey = backend.dropForeignKeyText(backend.quote(child.get(0), child.get(1)), first.constraintName());
    String advice = backend.dropCascadeReleasesChildren()
        ? "Use DROP TABLE ... CASCADE to drop the keys that reference it (their tables stay), or drop those tables first."
        : dropKey != null ? "Drop the key first (" + dropKey + "), or drop " + String.join(".", child) + " first."
        : "Drop " + String.join(".", child) + " first: " + backend.displayName() + " cannot drop a foreign key alone.";
    return SqlState.DEPENDENT_OBJECTS_STILL_EXIST.exception("Cannot drop table " + parent + " because other objects"
        + " depend on it: " + keys + " (symbolic foreign keys of branch " + ddl.branch + "). " + advice);
  }

}

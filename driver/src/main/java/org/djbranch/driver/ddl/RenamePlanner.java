package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.Splicer;
import org.djbranch.rewriter.TableRef;
import org.djbranch.rewriter.TableRename;

/**
 * Renames of draft tables (RENAME TABLE, and ALTER TABLE ... RENAME TO): a draft table stays in its logical schema's
 * draft, its {@code ~edge} rows renamed with it in every draft of the branch (Branch Resolution §4.3); a name some
 * table of the schema already has is refused as the database refuses it; a pipeline table's rename is refused.
 */
final class RenamePlanner {
  private final DdlContext ddl;
  private final Backend backend;
  private final PipelineChanges pipeline;

  RenamePlanner(DdlContext ddl, PipelineChanges pipeline) {
    this.ddl = ddl;
    this.backend = ddl.backend;
    this.pipeline = pipeline;
  }

  /** A draft table renamed: to its new stored name; the edit naming it in the text (null: as written); its rows. */
  record Rename(String to, Edit edit, Edges.Change change) {}

  /**
   * RENAME TABLE a TO b [, c TO d] (MySQL): the pairs run in order, so a name an earlier pair freed may be taken by
   * a later one (a swap through a third name). Each draft table is renamed within its draft, its ~edge rows with
   * it; a pipeline table's rename is refused.
   */
  DdlPlan plan(String sql, Analysis a) throws SQLException {
    pipeline.refuse(a);
    Map<String, String> renamedHere = new HashMap<>();
    List<Edit> names = new ArrayList<>();
    List<Resolved> renamed = new ArrayList<>();
    List<Rename> renames = new ArrayList<>();
    Edges.Change change = Edges.none();
    for (TableRename pair : a.renames()) {
      Resolved from = ddl.binder.resolve(pair.from());
      if (from != null && renamedHere.containsKey(renameKey(from.schema(), from.table()))) {
        String now = renamedHere.get(renameKey(from.schema(), from.table()));
        from = new Resolved(from.schema(), now != null ? now : from.table(),
            now != null ? Binding.DRAFT : Binding.NEITHER, backend);
      }
      if (from == null || from.binding() != Binding.DRAFT) {
        continue; // no table of the branch: the database answers
      }
      Rename rename = rename(pair, from, renamedHere);
      names.add(new Edit(pair.from().start(), pair.from().end(), from.draftPhysical()));
      if (rename.edit() != null) {
        names.add(rename.edit());
      }
      change = change.andThen(rename.change());
      renamed.add(from);
      renames.add(rename);
    }
    if (renamed.isEmpty()) {
      return DdlPlan.send(ddl.rewritten(sql, a.tables()));
    }
    DdlPlan plan = DdlPlan.withEdgeChange(Splicer.apply(sql, names), ddl.layout.activateDraftsWithEdges(ddl.internal),
        change);
    for (int i = 0; i < renamed.size(); i++) {
      plan = renamed(plan, renamed.get(i), renames.get(i).to());
    }
    return plan;
  }

  /**
   * One rename of draft table {@code from}. It stays in its logical schema's draft: a rename into another schema is
   * refused, as it would take the table and its symbolic keys across drafts; a new name some table of the schema
   * already has is refused as the database refuses it. {@code renamedHere}: names the statement's earlier renames
   * freed (null) or took (the stored name), by {@link #renameKey}.
   */
  Rename rename(TableRename pair, Resolved from, Map<String, String> renamedHere) throws SQLException {
    TableRef to = pair.to();
    String logical = to.schema() != null ? ddl.binder.logicalSchema(ddl.binder.stored(to.schema(), to.schemaQuoted()))
        : backend.renameMovesSchema() ? ddl.binder.currentSchema() : from.schema().logical;
    String name = ddl.binder.stored(to.name(), to.quoted());
    if (logical == null || !backend.key(logical, true).equals(backend.key(from.schema().logical, true))) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("RENAME of " + from.logicalName() + " to "
          + (logical == null ? name + " (no schema is current)" : logical + "." + name) + " refused on branch "
          + ddl.branch + ": a draft table stays in the draft of its schema " + from.schema().logical
          + ", with its symbolic keys. Rename it within " + from.schema().logical + " (" + from.schema().logical + "."
          + name + "), or declare the table in the other schema and copy its rows.");
    }
    String key = renameKey(from.schema(), name);
    boolean taken;
    if (renamedHere.containsKey(key)) {
      taken = renamedHere.get(key) != null;
    } else {
      Resolved there = ddl.binder.resolveLive(new TableRef(from.schema().logical, name, true, 0, 0,
          TableRef.Role.CREATE, true));
      // a pipeline table the branch renamed or dropped binds to the draft, which no longer holds it: the name is
      // free on the branch, as after the same rename or drop on trunk
      taken = !key.equals(renameKey(from.schema(), from.table())) && (there.binding() == Binding.LOGICAL
          || there.binding() == Binding.DRAFT && there.schema().draftTables.contains(backend.key(name, true)));
    }
    if (taken) {
      throw SqlState.DUPLICATE_TABLE.exception("Cannot rename " + from.logicalName() + " to " + name + " on branch "
          + ddl.branch + ": a table " + from.schema().logical + "." + name + " already exists (in the pipeline's"
          + " schema or the branch's draft " + from.schema().draft + "). Choose another name.");
    }
    renamedHere.put(renameKey(from.schema(), from.table()), null);
    renamedHere.put(key, name);
    String physical = backend.quote(from.schema().draft, name);
    Edit edit = backend.renameMovesSchema() ? new Edit(to.start(), to.end(), physical) : null;
    return new Rename(name, edit, ddl.edges.tableRenamed(from.draftPhysical(), physical));
  }

  /** {@code plan}, then the layout records that the draft table {@code from} resolved to is now named {@code stored}. */
  DdlPlan renamed(DdlPlan plan, Resolved from, String stored) {
    String to = backend.key(stored, true);
    return plan.then(from.schema().logical, s -> s.withRenamedDraftTable(from.key(), to, stored));
  }

  private String renameKey(SchemaLayout s, String table) {
    return backend.key(s.logical, true) + '\u0000' + backend.key(table, true);
  }
}

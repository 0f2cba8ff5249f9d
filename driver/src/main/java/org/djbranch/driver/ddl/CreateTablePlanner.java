package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.TableShape;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.driver.naming.PartNames;
import org.djbranch.rewriter.CreateTable;
import org.djbranch.rewriter.DraftTableText;
import org.djbranch.rewriter.TableRef;

/**
 * CREATE TABLE on a branch (Branch Resolution §3): resolution precedes declaration (§3.2). A name the pipeline holds
 * binds where the shape agrees (§3.5); a draft table is declared again in the draft; a new one goes into the draft
 * with its foreign keys as {@code ~edge} rows (§4), its schemas made first (§2.3, §2.4), unless it is a part of a
 * pipeline master (§3.4).
 */
final class CreateTablePlanner {
  private final DdlContext ddl;
  private final Backend backend;
  private final SymbolicKeys keys;

  CreateTablePlanner(DdlContext ddl, SymbolicKeys keys) {
    this.ddl = ddl;
    this.backend = ddl.backend;
    this.keys = keys;
  }

  /**
   * {@code refs}: every table the statement names; besides the table declared and its keys' parents, those its
   * query reads ({@code AS SELECT}) or it takes columns from ({@code LIKE}), which bind as in any statement.
   */
  DdlPlan plan(String sql, CreateTable ct, List<TableRef> refs) throws SQLException {
    List<TableRef> others = DdlContext.without(DdlContext.outside(refs, ct.foreignKeys()), ct.table());
    if (ct.temporary()) {
      // the session's own table, in no schema of the pipeline's: declared where the database puts it, reading what
      // any statement of the branch reads
      return DdlPlan.temporary(ddl.rewritten(sql, others),
          backend.key(ddl.binder.stored(ct.table().name(), ct.table().quoted()), true));
    }
    Resolved r = ddl.binder.resolveLive(ct.table());
    if (r == null) {
      return DdlPlan.send(sql);
    }
    switch (r.binding()) {
      case LOGICAL:
        checkShape(r, ct);
        // It binds. IF NOT EXISTS is answered here, sending no DDL into the pipeline's schema, which a branch
        // login may not create in; without it the database answers as on trunk ("already exists").
        return ct.ifNotExists() ? Declarations.agreed(backend, sql) : DdlPlan.send(sql);
      case DRAFT:
        return redeclare(sql, ct, r, others);
      default:
        refuseOrphanPart(r);
        List<Edges.Edge> rows = keys.edgesOf(ct.foreignKeys(), r);
        return DdlPlan.declare(draftText(sql, ct, r, others), r, rows, r.schema());
    }
  }

  /**
   * A re-declaration of a draft table goes to the draft (the database answers "already exists" unless IF NOT
   * EXISTS). An IF NOT EXISTS that finds the table leaves its ~edge rows as its declaration made them; where it has
   * none, they are written from this text, so that a declaration interrupted after its table and before its rows
   * completes when run again.
   */
  private DdlPlan redeclare(String sql, CreateTable ct, Resolved r, List<TableRef> others) throws SQLException {
    if (ct.ifNotExists() && ddl.edges.hasKeysOf(r.schema().edges, r.draftPhysical())) {
      return DdlPlan.send(draftText(sql, ct, r, others));
    }
    return DdlPlan.declare(draftText(sql, ct, r, others), r, keys.edgesOf(ct.foreignKeys(), r), null);
  }

  /** The declaration's text in the draft; {@code others}, the other tables it names, bound as anywhere else. */
  private String draftText(String sql, CreateTable ct, Resolved r, List<TableRef> others) throws SQLException {
    return DraftTableText.of(sql, backend.dialect(), ct, r.draftPhysical(),
        keys.impliedIndexes(ct.primaryKey(), ct.indexes(), ct.foreignKeys()), ddl.binder.physicalNames(others));
  }

  /** Branch Resolution §3.5: a name the pipeline holds binds only with the same primary key (in order) and column names. */
  private void checkShape(Resolved r, CreateTable ct) throws SQLException {
    TableShape live = backend.shape(ddl.internal, r.schema().logical, r.table());
    TableShape declared = new TableShape(ct.columns(), ct.primaryKey());
    if (!declared.sameAs(live, backend)) {
      throw SqlState.DUPLICATE_TABLE.exception("Table " + r.table() + " already exists in the pipeline's schema "
          + r.schema().logical + " with a different shape (" + live + "); this statement declares " + declared
          + ". A branch adds tables and changes none: give the new table another name, or declare it as it is.");
    }
  }

  /** Branch Resolution §3.4: a new part under a master the pipeline holds would split master and part across schemas. */
  private void refuseOrphanPart(Resolved r) throws SQLException {
    String master = PartNames.masterOf(r.table());
    if (master != null && r.schema().bind(backend.key(master, true)) == Binding.LOGICAL) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("Table " + r.table() + " is a part of master " + master
          + ", which the pipeline holds in schema " + r.schema().logical + ": a branch cannot add a part to a"
          + " pipeline master. Declare the part on trunk, or declare a new master with its parts on the branch.");
    }
  }
}

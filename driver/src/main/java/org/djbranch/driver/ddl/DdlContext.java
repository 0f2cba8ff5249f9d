package org.djbranch.driver.ddl;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.rewriter.ForeignKey;
import org.djbranch.rewriter.QualifiedNames;
import org.djbranch.rewriter.Splicer;
import org.djbranch.rewriter.TableRef;

/**
 * What every DDL planner of one connection reads: the connection djbranch's own statements use, the layout as
 * this connection sees it, the binder, the backend and the one {@code ~edge} definition.
 */
final class DdlContext {
  final Connection internal;
  final ConnectionLayout layout;
  final Binder binder;
  final Backend backend;
  final Edges edges;
  final String branch;

  DdlContext(Binder binder) {
    this.internal = binder.internal();
    this.layout = binder.layout();
    this.binder = binder;
    this.backend = layout.backend;
    this.edges = new Edges(backend);
    this.branch = layout.branch;
  }

  /** The text with every reference that binds to a draft naming the draft's physical table. */
  String rewritten(String sql, List<TableRef> refs) throws SQLException {
    return Splicer.apply(sql, binder.physicalNames(refs));
  }

  /**
   * The statement with every table it names written as its logical schema's, qualified ({@code "s"."t"}, never a
   * draft's physical name): what a merge replays on trunk, whatever schema was current when it ran on the branch.
   * {@code unqualified}, where not null, is named by its table alone (SQLite's CREATE INDEX takes no schema there).
   */
  String logicalText(String sql, List<TableRef> refs, TableRef unqualified) throws SQLException {
    List<org.djbranch.rewriter.Edit> edits = new ArrayList<>();
    for (TableRef ref : refs) {
      if (ref.role() == TableRef.Role.COLUMN_QUALIFIER) {
        continue;
      }
      Binder.Resolved r = binder.resolve(ref);
      if (r != null) {
        edits.add(new org.djbranch.rewriter.Edit(ref.start(), ref.end(), ref == unqualified ? backend.quote(r.table())
            : backend.quote(r.schema().logical, r.table())));
      }
    }
    return Splicer.apply(sql, edits);
  }

  /** {@code refs} less the one at {@code skipped}'s place. */
  static List<TableRef> without(List<TableRef> refs, TableRef skipped) {
    List<TableRef> kept = new ArrayList<>(refs);
    kept.removeIf(ref -> ref.start() == skipped.start() && ref.end() == skipped.end());
    return kept;
  }

  /** References not inside any cut-out foreign key (a cut parent needs no physical name). */
  static List<TableRef> outside(List<TableRef> refs, List<ForeignKey> fks) {
    List<TableRef> kept = new ArrayList<>();
    for (TableRef ref : refs) {
      boolean inside = false;
      for (ForeignKey fk : fks) {
        inside |= ref.start() >= fk.start() && ref.end() <= fk.end();
      }
      if (!inside) {
        kept.add(ref);
      }
    }
    return kept;
  }

  /** The logical schema and the table of a draft table's physical name, as the branch's user names them. */
  List<String> logicalName(String physical) {
    List<String> parts = QualifiedNames.split(physical, backend.dialect());
    if (parts.isEmpty()) {
      return List.of("", physical);
    }
    String schema = parts.size() < 2 ? "" : parts.get(parts.size() - 2);
    String logical = layout.drafts.logicalOf(schema);
    return List.of(logical != null ? logical : schema, parts.get(parts.size() - 1));
  }

  /**
   * Refuses a TRUNCATE of {@code tables} (physical names) where a symbolic key of another table, in any draft of the
   * branch, references one of them ({@link #truncateRefusal}).
   */
  void refuseTruncatingSymbolicParents(List<String> tables) throws SQLException {
    if (tables.isEmpty()) {
      return;
    }
    for (SchemaLayout s : layout.activateDraftsWithEdges(internal)) {
      List<Edges.Edge> children = edges.referencesFromOthers(s.edges, tables);
      if (!children.isEmpty()) {
        Edges.Edge first = children.get(0);
        throw truncateRefusal(String.join(".", logicalName(first.referencedTable())),
            String.join(".", logicalName(first.referencingTable())), first.constraintName());
      }
    }
  }

  /**
   * The refusal of a TRUNCATE of {@code parent} (logical name) that {@code child}'s key {@code key} references, where
   * the database refuses it for a real key ({@code Backend.truncateRefusesReferencedTable}): PostgreSQL's code for
   * it, on MySQL too (which says 42000), as for a DROP TABLE of a referenced table.
   */
  BranchSqlException truncateRefusal(String parent, String child, String key) {
    return SqlState.FEATURE_NOT_SUPPORTED.exception("Cannot truncate a table referenced"
        + " in a foreign key constraint: table " + child + " references " + parent + " through key " + key
        + " (on branch " + branch + "). Truncate " + child + " in the same statement (TRUNCATE " + parent + ", "
        + child + "), or delete the rows instead.");
  }
}

package org.djbranch.driver.ddl;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.rewriter.ForeignKey;
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
}

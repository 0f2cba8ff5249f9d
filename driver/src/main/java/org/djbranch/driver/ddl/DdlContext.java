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
   * Whether the database refuses a TRUNCATE of a table that another table's key references: outright (PostgreSQL,
   * MySQL), or while rows reference its rows (DuckDB).
   */
  boolean truncateChecksKeys() {
    return backend.truncateOfReferenced() != Backend.TruncateOfReferenced.RUNS;
  }

  /**
   * Refuses a TRUNCATE of {@code tables} (physical names) where a symbolic key of another table, in any draft of the
   * branch, references one of them, as the database refuses it for a real key: outright ({@link #truncateRefusal}),
   * or where rows of the child reference rows of the table ({@link #refuseTruncatingReferencedRows}).
   */
  void refuseTruncatingSymbolicParents(List<String> tables) throws SQLException {
    if (tables.isEmpty()) {
      return;
    }
    for (SchemaLayout s : layout.activateDraftsWithEdges(internal)) {
      java.util.Map<String, List<Edges.Edge>> byKey = new java.util.LinkedHashMap<>();
      for (Edges.Edge e : edges.referencesFromOthers(s.edges, tables)) {
        byKey.computeIfAbsent(e.referencingTable() + '\u0000' + e.constraintName(), k -> new ArrayList<>()).add(e);
      }
      for (List<Edges.Edge> key : byKey.values()) {
        key.sort(java.util.Comparator.comparingInt(Edges.Edge::ordinal));
        Edges.Edge first = key.get(0);
        String parent = String.join(".", logicalName(first.referencedTable()));
        String child = String.join(".", logicalName(first.referencingTable()));
        if (backend.truncateOfReferenced() == Backend.TruncateOfReferenced.REFUSED) {
          throw truncateRefusal(parent, child, first.constraintName());
        }
        refuseTruncatingReferencedRows(first.referencingTable(), first.referencedTable(),
            key.stream().map(Edges.Edge::column).toList(), key.stream().map(Edges.Edge::referencedColumn).toList(),
            parent, child, first.constraintName());
      }
    }
  }

  /**
   * Where the database refuses a TRUNCATE while rows reference the table's rows ({@code
   * TruncateOfReferenced.REFUSED_WHILE_REFERENCED}), refuses one of {@code parentTable} (physical) where a row of
   * {@code childTable} (physical) references a row of it through key {@code key} of {@code columns} to
   * {@code parentColumns}: one query, which stops at the first such row. {@code parent} and {@code child} are the
   * logical names the refusal gives.
   */
  void refuseTruncatingReferencedRows(String childTable, String parentTable, List<String> columns,
      List<String> parentColumns, String parent, String child, String key) throws SQLException {
    if (backend.truncateOfReferenced() != Backend.TruncateOfReferenced.REFUSED_WHILE_REFERENCED) {
      return;
    }
    List<String> matches = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      matches.add("p." + backend.quote(parentColumns.get(i)) + " = c." + backend.quote(columns.get(i)));
    }
    boolean referenced;
    try (java.sql.Statement st = internal.createStatement(); java.sql.ResultSet rs = st.executeQuery("SELECT 1 FROM "
        + childTable + " c WHERE EXISTS (SELECT 1 FROM " + parentTable + " p WHERE " + String.join(" AND ", matches)
        + ") LIMIT 1")) {
      referenced = rs.next();
    }
    if (referenced) {
      throw SqlState.FOREIGN_KEY_VIOLATION.exception("Cannot truncate " + parent + ": rows of " + child
          + " reference its rows through key " + key + " (on branch " + branch + "), as " + backend.displayName()
          + " refuses for a real key. Delete those rows of " + child + " first.");
    }
  }

  /**
   * The refusal of a TRUNCATE of {@code parent} (logical name) that {@code child}'s key {@code key} references, where
   * the database refuses it for a real key ({@code TruncateOfReferenced.REFUSED}): PostgreSQL's code for
   * it, on MySQL too (which says 42000), as for a DROP TABLE of a referenced table.
   */
  BranchSqlException truncateRefusal(String parent, String child, String key) {
    return SqlState.FEATURE_NOT_SUPPORTED.exception("Cannot truncate a table referenced"
        + " in a foreign key constraint: table " + child + " references " + parent + " through key " + key
        + " (on branch " + branch + "). Truncate " + child + " in the same statement (TRUNCATE " + parent + ", "
        + child + "), or delete the rows instead.");
  }
}

package org.djbranch.driver.session;

import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.driver.error.SqlState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder;
import org.djbranch.rewriter.QualifiedNames;

/**
 * Honours the referential actions of symbolic foreign keys inside a branch (Branch Resolution §5.2): before rows of a parent are
 * deleted or have their key changed, draft children are deleted (CASCADE), nulled (SET NULL), set to their
 * default (SET DEFAULT), or the statement is refused with 23503 (RESTRICT, NO ACTION), recursively. Runs in the
 * statement's transaction; the statements it derives take the application's parameters as it set them.
 */
final class ReferentialActions {
  /** Deeper than any pipeline; stops a cycle the edges should never form. */
  private static final int MAX_DEPTH = 32;

  private final Connection internal;
  private final ConnectionLayout layout;
  private final Backend backend;
  private final Binder binder;

  /**
   * Copies pipeline tables (their quoted physical names) into the branch's draft before an action writes their rows:
   * a child of the branch's copy of a pipeline table, whose key to it the copy recorded (docs/branch-semantics.md
   * "Changing a pipeline table on a branch"), is the pipeline's own until then.
   */
  @FunctionalInterface
  interface ChildCopier {
    void copy(List<String> pipelineChildren) throws SQLException;
  }

  private final ChildCopier copier;

  ReferentialActions(Connection internal, ConnectionLayout layout, Binder binder, ChildCopier copier) {
    this.internal = internal;
    this.layout = layout;
    this.backend = layout.backend;
    this.binder = binder;
    this.copier = copier;
  }

  /**
   * What the actions need to know of a parent before its rows change: the columns its children reference, or
   * {@link RowChange.Target#NONE} where no symbolic foreign key names it (the common case, answered without a query).
   */
  RowChange.Target target(String parentPhysical) {
    Set<String> columns = new HashSet<>();
    for (Edges.Edge e : layout.childrenOf(parentPhysical)) {
      columns.add(backend.columnKey(e.referencedColumn()));
    }
    return columns.isEmpty() ? RowChange.Target.NONE
        : new RowChange.Target(parentPhysical, Set.copyOf(columns), backend::columnKey);
  }

  /**
   * Before {@code DELETE FROM parent WHERE ...}: {@code rows} is a FROM clause selecting the rows to go
   * ({@code <parent> [alias] [WHERE cond]}), with the parameters its condition takes.
   */
  void beforeDelete(String parentPhysical, DerivedSql rows) throws SQLException {
    beforeDelete(parentPhysical, rows, 0);
  }

  private void beforeDelete(String parent, DerivedSql rows, int depth) throws SQLException {
    if (depth > MAX_DEPTH) {
      throw SqlState.FOREIGN_KEY_VIOLATION.exception("The symbolic foreign keys of " + parent + " form a cycle"
          + " deeper than " + MAX_DEPTH + " levels; fix the ~edge rows of the branch's draft.");
    }
    for (Reference ref : references(parent, true)) {
      DerivedSql match = ref.match(rows);
      switch (ref.deleteRule) {
        case "CASCADE":
          beforeDelete(ref.child, DerivedSql.of(ref.child + " WHERE ").then(match), depth + 1);
          DerivedSql.of("DELETE FROM " + ref.child + " WHERE ").then(match).execute(internal);
          break;
        case "SET NULL":
        case "SET DEFAULT":
          setChildKeys(ref, ref.deleteRule, match);
          break;
        default:
          refuseIfReferenced(ref, match, "delete from");
      }
    }
  }

  /**
   * Before {@code UPDATE parent SET ...}: {@code rows} selects the rows to change ({@code <parent> [alias]
   * [WHERE cond]}), {@code newValues} maps each assigned column ({@code Backend.columnKey}, as the target's
   * {@link #target} keys them) to its expression, each with the parameters they take.
   */
  void beforeUpdate(String parent, DerivedSql rows, Map<String, DerivedSql> newValues) throws SQLException {
    for (Reference ref : references(parent, false)) {
      boolean changed = false;
      for (String column : ref.parentColumns) {
        changed |= newValues.containsKey(backend.columnKey(column));
      }
      if (!changed) {
        continue;
      }
      DerivedSql match = ref.match(rows);
      switch (ref.updateRule) {
        case "CASCADE":
          cascadeKeyChange(ref, rows, newValues);
          break;
        case "SET NULL":
        case "SET DEFAULT":
          setChildKeys(ref, ref.updateRule, match);
          break;
        default:
          refuseIfReferenced(ref, match, "change the key of");
      }
    }
  }

  /** Reads each changing parent row's old and new key, then moves the children from the one to the other. */
  private void cascadeKeyChange(Reference ref, DerivedSql rows, Map<String, DerivedSql> newValues)
      throws SQLException {
    DerivedSql select = DerivedSql.of("SELECT ");
    for (int i = 0; i < ref.parentColumns.size(); i++) {
      String column = ref.parentColumns.get(i);
      DerivedSql next = newValues.getOrDefault(backend.columnKey(column), DerivedSql.of(backend.quote(column)));
      select = select.then((i > 0 ? ", " : "") + backend.quote(column) + ", (").then(next).then(")");
    }
    int n = ref.parentColumns.size();
    List<Object[]> moves = select.then(" FROM ").then(rows).query(internal, rs -> {
      List<Object[]> read = new ArrayList<>();
      while (rs.next()) {
        Object[] move = new Object[2 * n];
        for (int i = 0; i < 2 * n; i++) {
          move[i] = rs.getObject(i + 1);
        }
        read.add(move);
      }
      return read;
    });
    String update = "UPDATE " + ref.child + " SET " + ref.assignAll("?") + " WHERE " + ref.childTuple("= ?");
    try (PreparedStatement ps = internal.prepareStatement(update)) {
      for (Object[] move : moves) {
        for (int i = 0; i < n; i++) {
          ps.setObject(i + 1, move[2 * i + 1]);
          ps.setObject(n + i + 1, move[2 * i]);
        }
        ps.addBatch();
      }
      if (!moves.isEmpty()) {
        ps.executeBatch();
      }
    }
  }

  /** SET NULL or SET DEFAULT: the children's referencing columns take NULL or their default. */
  private void setChildKeys(Reference ref, String rule, DerivedSql match) throws SQLException {
    String value = rule.equals("SET NULL") ? "NULL" : "DEFAULT";
    DerivedSql.of("UPDATE " + ref.child + " SET " + ref.assignAll(value) + " WHERE ").then(match).execute(internal);
  }

  private void refuseIfReferenced(Reference ref, DerivedSql match, String what) throws SQLException {
    boolean referenced = DerivedSql.of("SELECT 1 FROM " + ref.child + " WHERE ").then(match).then(" LIMIT 1")
        .query(internal, ResultSet::next);
    if (referenced) {
      throw SqlState.FOREIGN_KEY_VIOLATION.exception("Cannot " + what + " " + ref.parent + ": rows of "
          + ref.child + " reference them through the symbolic foreign key " + ref.name + " of branch "
          + layout.branch + " (ON " + (what.startsWith("delete") ? "DELETE " + ref.deleteRule
          : "UPDATE " + ref.updateRule) + "). Delete those rows first, or declare the key with ON DELETE CASCADE.");
    }
  }

  /**
   * The symbolic foreign keys naming {@code parent}, one per constraint, columns in order, for a delete or a key
   * change: a pipeline child whose rows the action would write is copied into the draft first. Each child's draft
   * is made available first: on SQLite another connection may have created it after this one opened.
   */
  private List<Reference> references(String parent, boolean delete) throws SQLException {
    List<Reference> refs = referencesNow(parent);
    List<String> pipelineChildren = new ArrayList<>();
    for (Reference ref : refs) {
      String rule = delete ? ref.deleteRule : ref.updateRule;
      boolean writes = rule.equals("CASCADE") || rule.equals("SET NULL") || rule.equals("SET DEFAULT");
      List<String> child = QualifiedNames.split(ref.child, backend.dialect());
      if (writes && child.size() == 2 && layout.drafts.logicalOf(child.get(0)) == null
          && !pipelineChildren.contains(ref.child)) {
        pipelineChildren.add(ref.child);
      }
    }
    if (pipelineChildren.isEmpty()) {
      return refs;
    }
    copier.copy(pipelineChildren); // their keys to the parent are now the copies' own
    return referencesNow(parent);
  }

  private List<Reference> referencesNow(String parent) throws SQLException {
    Map<String, Reference> byConstraint = new LinkedHashMap<>();
    for (Edges.Edge e : layout.childrenOf(parent)) {
      byConstraint.computeIfAbsent(e.referencingTable() + '\u0000' + e.constraintName(),
          k -> new Reference(e, backend)).add(e);
    }
    for (Reference ref : byConstraint.values()) {
      List<String> child = QualifiedNames.split(ref.child, backend.dialect());
      if (child.size() == 2) {
        binder.makeAvailable(child.get(0));
      }
    }
    return new ArrayList<>(byConstraint.values());
  }

  /** One symbolic foreign key: child and parent columns in order, and its rules. */
  private static final class Reference {
    final String name;
    final String child;
    final String parent;
    final String updateRule;
    final String deleteRule;
    final List<String> childColumns = new ArrayList<>();
    final List<String> parentColumns = new ArrayList<>();
    private final Backend backend;

    Reference(Edges.Edge first, Backend backend) {
      this.name = first.constraintName();
      this.child = first.referencingTable();
      this.parent = first.referencedTable();
      this.updateRule = first.updateRule().toUpperCase(Locale.ROOT);
      this.deleteRule = first.deleteRule().toUpperCase(Locale.ROOT);
      this.backend = backend;
    }

    void add(Edges.Edge e) {
      childColumns.add(e.column());
      parentColumns.add(e.referencedColumn());
    }

    /**
     * {@code (c1, c2) IN (SELECT * FROM (SELECT p1, p2 FROM rows) k)}: the derived table lets MySQL change a table
     * its own subquery reads, which a self-reference needs.
     */
    DerivedSql match(DerivedSql rows) {
      return DerivedSql.of("(" + columns(childColumns) + ") IN (SELECT * FROM (SELECT " + columns(parentColumns)
          + " FROM ").then(rows).then(") djbranch_keys)");
    }

    String assignAll(String value) {
      StringBuilder out = new StringBuilder();
      for (String c : childColumns) {
        out.append(out.length() == 0 ? "" : ", ").append(backend.quote(c)).append(" = ").append(value);
      }
      return out.toString();
    }

    String childTuple(String condition) {
      StringBuilder out = new StringBuilder();
      for (String c : childColumns) {
        out.append(out.length() == 0 ? "" : " AND ").append(backend.quote(c)).append(' ').append(condition);
      }
      return out.toString();
    }

    private String columns(List<String> names) {
      StringBuilder out = new StringBuilder();
      for (String c : names) {
        out.append(out.length() == 0 ? "" : ", ").append(backend.quote(c));
      }
      return out.toString();
    }
  }
}

package org.djbranch.driver.session;

import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.driver.error.SqlState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.djbranch.driver.backend.Backend;

/**
 * Honours the referential actions of symbolic foreign keys inside a branch (Branch Resolution §5.2): before rows of a parent are
 * deleted or have their key changed, draft children are deleted (CASCADE), nulled (SET NULL), set to their
 * default (SET DEFAULT), or the statement is refused with 23503 (RESTRICT, NO ACTION), recursively. Runs in the
 * statement's transaction.
 */
final class ReferentialActions {
  /** Deeper than any pipeline; stops a cycle the edges should never form. */
  private static final int MAX_DEPTH = 32;

  private final Connection internal;
  private final ConnectionLayout layout;
  private final Backend backend;

  ReferentialActions(Connection internal, ConnectionLayout layout) {
    this.internal = internal;
    this.layout = layout;
    this.backend = layout.backend;
  }

  /** Whether any symbolic foreign key names this parent: the common case answers without a query. */
  boolean hasChildren(String parentPhysical) {
    return !layout.childrenOf(parentPhysical).isEmpty();
  }

  /**
   * Before {@code DELETE FROM parent WHERE ...}: {@code rows} is a FROM clause selecting the rows to go
   * ({@code <parent> [alias] [WHERE cond]}).
   */
  void beforeDelete(String parentPhysical, String rows) throws SQLException {
    beforeDelete(parentPhysical, rows, 0);
  }

  private void beforeDelete(String parent, String rows, int depth) throws SQLException {
    if (depth > MAX_DEPTH) {
      throw SqlState.FOREIGN_KEY_VIOLATION.exception("The symbolic foreign keys of " + parent + " form a cycle"
          + " deeper than " + MAX_DEPTH + " levels; fix the ~edge rows of the branch's draft.");
    }
    for (Reference ref : references(parent)) {
      String match = ref.match(rows);
      switch (ref.deleteRule) {
        case "CASCADE":
          beforeDelete(ref.child, ref.child + " WHERE " + match, depth + 1);
          execute("DELETE FROM " + ref.child + " WHERE " + match);
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
   * [WHERE cond]}), {@code newValues} maps each assigned column (lower case) to its expression's text.
   */
  void beforeUpdate(String parent, String rows, Map<String, String> newValues) throws SQLException {
    for (Reference ref : references(parent)) {
      List<Integer> changed = new ArrayList<>();
      for (int i = 0; i < ref.parentColumns.size(); i++) {
        if (newValues.containsKey(ref.parentColumns.get(i).toLowerCase(Locale.ROOT))) {
          changed.add(i);
        }
      }
      if (changed.isEmpty()) {
        continue;
      }
      String match = ref.match(rows);
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
  private void cascadeKeyChange(Reference ref, String rows, Map<String, String> newValues) throws SQLException {
    StringBuilder select = new StringBuilder("SELECT ");
    for (int i = 0; i < ref.parentColumns.size(); i++) {
      String column = ref.parentColumns.get(i);
      String next = newValues.getOrDefault(column.toLowerCase(Locale.ROOT), backend.quote(column));
      select.append(i > 0 ? ", " : "").append(backend.quote(column)).append(", (").append(next).append(")");
    }
    select.append(" FROM ").append(rows);
    List<Object[]> moves = new ArrayList<>();
    try (Statement s = internal.createStatement(); ResultSet rs = s.executeQuery(select.toString())) {
      int n = ref.parentColumns.size();
      while (rs.next()) {
        Object[] move = new Object[2 * n];
        for (int i = 0; i < 2 * n; i++) {
          move[i] = rs.getObject(i + 1);
        }
        moves.add(move);
      }
    }
    String update = "UPDATE " + ref.child + " SET " + ref.assignAll("?") + " WHERE " + ref.childTuple("= ?");
    try (PreparedStatement ps = internal.prepareStatement(update)) {
      int n = ref.parentColumns.size();
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
  private void setChildKeys(Reference ref, String rule, String match) throws SQLException {
    String value = rule.equals("SET NULL") ? "NULL" : "DEFAULT";
    execute("UPDATE " + ref.child + " SET " + ref.assignAll(value) + " WHERE " + match);
  }

  private void refuseIfReferenced(Reference ref, String match, String what) throws SQLException {
    try (Statement s = internal.createStatement();
        ResultSet rs = s.executeQuery("SELECT 1 FROM " + ref.child + " WHERE " + match + " LIMIT 1")) {
      if (rs.next()) {
        throw SqlState.FOREIGN_KEY_VIOLATION.exception("Cannot " + what + " " + ref.parent + ": rows of "
            + ref.child + " reference them through the symbolic foreign key " + ref.name + " of branch "
            + layout.branch + " (ON " + (what.startsWith("delete") ? "DELETE " + ref.deleteRule
            : "UPDATE " + ref.updateRule) + "). Delete those rows first, or declare the key with ON DELETE CASCADE.");
      }
    }
  }

  private void execute(String sql) throws SQLException {
    try (Statement s = internal.createStatement()) {
      s.execute(sql);
    }
  }

  /** The symbolic foreign keys naming {@code parent}, one per constraint, columns in order. */
  private List<Reference> references(String parent) {
    Map<String, Reference> byConstraint = new LinkedHashMap<>();
    for (Edges.Edge e : layout.childrenOf(parent)) {
      byConstraint.computeIfAbsent(e.referencingTable() + '\u0000' + e.constraintName(),
          k -> new Reference(e, backend)).add(e);
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
    String match(String rows) {
      return "(" + columns(childColumns) + ") IN (SELECT * FROM (SELECT " + columns(parentColumns) + " FROM " + rows
          + ") djbranch_keys)";
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

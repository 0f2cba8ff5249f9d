package org.djbranch.driver.layout;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.djbranch.driver.edges.Edges;

/**
 * Where the tables of one logical schema live on a branch: which exist in the logical schema, which in its draft,
 * and whether each schema exists. Immutable; the branch layout swaps in a new one on every change. Table names are
 * held as the backend's lookup keys.
 */
public final class SchemaLayout {
  public final String logical;
  public final String draft;
  public final boolean logicalExists;
  public final boolean draftExists;
  public final Set<String> logicalTables;
  public final Set<String> draftTables;
  /** Whether the draft has its ~edge table yet. */
  public final boolean edgeTableExists;
  /** The rows of the draft's ~edge: the symbolic foreign keys of its tables. */
  public final List<Edges.Edge> edges;

  public SchemaLayout(String logical, String draft, boolean logicalExists, boolean draftExists, Set<String> logicalTables,
      Set<String> draftTables, boolean edgeTableExists, List<Edges.Edge> edges) {
    this.logical = logical;
    this.draft = draft;
    this.logicalExists = logicalExists;
    this.draftExists = draftExists;
    this.logicalTables = Set.copyOf(logicalTables);
    this.draftTables = Set.copyOf(draftTables);
    this.edgeTableExists = edgeTableExists;
    this.edges = List.copyOf(edges);
  }

  /** Where a table name binds (Branch Resolution §3.1): the logical schema wins when the name exists in both. */
  public Binding bind(String tableKey) {
    if (logicalTables.contains(tableKey)) {
      return Binding.LOGICAL;
    }
    return draftTables.contains(tableKey) ? Binding.DRAFT : Binding.NEITHER;
  }

  /** With a new object (a view, say) in the draft. */
  public SchemaLayout withDraftTable(String tableKey) {
    Set<String> tables = new HashSet<>(draftTables);
    tables.add(tableKey);
    return new SchemaLayout(logical, draft, logicalExists, true, logicalTables, tables, edgeTableExists, edges);
  }

  /** After a table was declared into the draft: it is there, and its ~edge rows are {@code tableEdges}. */
  public SchemaLayout withDeclared(String tableKey, String referencingTable, List<Edges.Edge> tableEdges) {
    Set<String> tables = new HashSet<>(draftTables);
    tables.add(tableKey);
    List<Edges.Edge> rows = edgesOtherThan(referencingTable);
    rows.addAll(tableEdges);
    return new SchemaLayout(logical, draft, true, true, logicalTables, tables, true, rows);
  }

  /**
   * After ALTER TABLE ... ADD FOREIGN KEY on a draft table. A row already there is not added again: a listing made
   * after the change and before it was recorded holds it already.
   */
  public SchemaLayout withEdges(List<Edges.Edge> added) {
    List<Edges.Edge> rows = new ArrayList<>(edges);
    for (Edges.Edge e : added) {
      if (!rows.contains(e)) {
        rows.add(e);
      }
    }
    return new SchemaLayout(logical, draft, logicalExists, draftExists, logicalTables, draftTables, true, rows);
  }

  /** After a draft table was dropped, with its ~edge rows. */
  public SchemaLayout withoutDraftTable(String tableKey, String referencingTable) {
    Set<String> tables = new HashSet<>(draftTables);
    tables.remove(tableKey);
    return new SchemaLayout(logical, draft, logicalExists, draftExists, logicalTables, tables, edgeTableExists,
        edgesOtherThan(referencingTable));
  }

  private List<Edges.Edge> edgesOtherThan(String referencingTable) {
    List<Edges.Edge> rows = new ArrayList<>();
    for (Edges.Edge e : edges) {
      if (!e.referencingTable().equals(referencingTable)) {
        rows.add(e);
      }
    }
    return rows;
  }

  public SchemaLayout withSchemas(boolean logicalNowExists, boolean draftNowExists) {
    return new SchemaLayout(logical, draft, logicalExists || logicalNowExists, draftExists || draftNowExists,
        logicalTables, draftTables, edgeTableExists, edges);
  }

  /** Whether the two say the same about the schema (the order of ~edge rows aside). */
  public boolean sameAs(SchemaLayout other) {
    return logicalExists == other.logicalExists && draftExists == other.draftExists
        && edgeTableExists == other.edgeTableExists && logicalTables.equals(other.logicalTables)
        && draftTables.equals(other.draftTables) && new HashSet<>(edges).equals(new HashSet<>(other.edges));
  }

  public enum Binding {
    LOGICAL, DRAFT, NEITHER
  }
}

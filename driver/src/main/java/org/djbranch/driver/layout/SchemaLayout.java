package org.djbranch.driver.layout;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.djbranch.driver.edges.Edges;

/**
 * Where the tables of one logical schema live on a branch: which exist in the logical schema, which in its draft,
 * and whether each schema exists. Immutable; the branch layout swaps in a new one on every change. Table names are
 * held as the backend's lookup keys, each with the name the database stores it under.
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
  /**
   * The pipeline tables (lookup keys) this branch holds its own version of, as {@code ~copy} records them: copied
   * into the draft to be changed, or dropped on the branch. Each binds to the draft, whatever the pipeline holds.
   */
  public final Set<String> ownTables;
  /** Lookup key to the name as stored, per side: where names compare without case, {@code NOTE} is {@code Note}. */
  private final Map<String, String> logicalNames;
  private final Map<String, String> draftNames;

  /** {@code logicalNames}, {@code draftNames}: each table's lookup key and the name the database stores it under. */
  public SchemaLayout(String logical, String draft, boolean logicalExists, boolean draftExists,
      Map<String, String> logicalNames, Map<String, String> draftNames, boolean edgeTableExists,
      List<Edges.Edge> edges, Set<String> ownTables) {
    this.logical = logical;
    this.draft = draft;
    this.logicalExists = logicalExists;
    this.draftExists = draftExists;
    this.logicalNames = Map.copyOf(logicalNames);
    this.draftNames = Map.copyOf(draftNames);
    this.logicalTables = this.logicalNames.keySet();
    this.draftTables = this.draftNames.keySet();
    this.edgeTableExists = edgeTableExists;
    this.edges = List.copyOf(edges);
    this.ownTables = Set.copyOf(ownTables);
  }

  /** The name a table bound on one side is stored under, or null where this layout does not know it. */
  public String storedName(String tableKey, Binding side) {
    if (side == Binding.DRAFT && !draftNames.containsKey(tableKey)) {
      return logicalNames.get(tableKey); // a pipeline table the branch dropped: named as the pipeline stores it
    }
    return side == Binding.LOGICAL ? logicalNames.get(tableKey) : side == Binding.DRAFT ? draftNames.get(tableKey)
        : null;
  }

  /**
   * Where a table name binds (Branch Resolution §3.1): the logical schema wins when the name exists in both —
   * except for a pipeline table the branch holds its own version of ({@link #ownTables}), which binds to the draft,
   * where a dropped one no longer exists.
   */
  public Binding bind(String tableKey) {
    if (!ownTables.isEmpty() && ownTables.contains(tableKey)) {
      return Binding.DRAFT;
    }
    if (logicalTables.contains(tableKey)) {
      return Binding.LOGICAL;
    }
    return draftTables.contains(tableKey) ? Binding.DRAFT : Binding.NEITHER;
  }

  /** With a new object (a view, say) in the draft, stored as {@code table}. */
  public SchemaLayout withDraftTable(String tableKey, String table) {
    Map<String, String> tables = new HashMap<>(draftNames);
    tables.put(tableKey, table);
    return new SchemaLayout(logical, draft, logicalExists, true, logicalNames, tables, edgeTableExists, edges, ownTables);
  }

  /**
   * After a table was declared into the draft (stored as {@code table}): it is there, and its ~edge rows are
   * {@code tableEdges}; {@code edgeTable}: the draft holds ~edge now (a declaration makes it, a copy of a table no
   * key names only where the draft held it before).
   */
  public SchemaLayout withDeclared(String tableKey, String table, String referencingTable,
      List<Edges.Edge> tableEdges, boolean edgeTable) {
    Map<String, String> tables = new HashMap<>(draftNames);
    tables.put(tableKey, table);
    List<Edges.Edge> rows = edgesOtherThan(referencingTable);
    rows.addAll(tableEdges);
    return new SchemaLayout(logical, draft, true, true, logicalNames, tables, edgeTable, rows, ownTables);
  }

  /** With the draft's ~edge rows as a change of its tables left them ({@code Edges.Change}). */
  public SchemaLayout withEdgeRows(List<Edges.Edge> rows) {
    return new SchemaLayout(logical, draft, logicalExists, draftExists, logicalNames, draftNames,
        edgeTableExists || !rows.isEmpty(), rows, ownTables);
  }

  /**
   * After a draft table was renamed within the draft, to {@code toTable} as stored. The branch's version of a
   * pipeline table stays its own under the new name ({@code ~copy} names both), and the old name binds to nothing.
   */
  public SchemaLayout withRenamedDraftTable(String fromKey, String toKey, String toTable) {
    Map<String, String> tables = new HashMap<>(draftNames);
    tables.remove(fromKey);
    tables.put(toKey, toTable);
    Set<String> own = ownTables;
    if (own.contains(fromKey)) {
      own = new java.util.HashSet<>(own);
      own.add(toKey);
    }
    return new SchemaLayout(logical, draft, logicalExists, draftExists, logicalNames, tables, edgeTableExists, edges, own);
  }

  /** After a draft table was dropped (its ~edge rows follow through {@link #withEdgeRows}). */
  public SchemaLayout withoutDraftTable(String tableKey) {
    Map<String, String> tables = new HashMap<>(draftNames);
    tables.remove(tableKey);
    return new SchemaLayout(logical, draft, logicalExists, draftExists, logicalNames, tables, edgeTableExists, edges, ownTables);
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

  /**
   * After the branch made a pipeline table its own ({@code ~copy}): copied into the draft as {@code table}, or, where
   * {@code table} is null, dropped on the branch.
   */
  public SchemaLayout withOwnTable(String tableKey, String table) {
    Map<String, String> tables = new HashMap<>(draftNames);
    if (table != null) {
      tables.put(tableKey, table);
    }
    Set<String> own = new HashSet<>(ownTables);
    own.add(tableKey);
    return new SchemaLayout(logical, draft, logicalExists, true, logicalNames, tables, edgeTableExists, edges, own);
  }

  public SchemaLayout withSchemas(boolean logicalNowExists, boolean draftNowExists) {
    return new SchemaLayout(logical, draft, logicalExists || logicalNowExists, draftExists || draftNowExists,
        logicalNames, draftNames, edgeTableExists, edges, ownTables);
  }

  /** Whether the two say the same about the schema (the order of ~edge rows aside). */
  public boolean sameAs(SchemaLayout other) {
    return logicalExists == other.logicalExists && draftExists == other.draftExists
        && edgeTableExists == other.edgeTableExists && logicalNames.equals(other.logicalNames)
        && draftNames.equals(other.draftNames) && new HashSet<>(edges).equals(new HashSet<>(other.edges))
        && ownTables.equals(other.ownTables);
  }

  public enum Binding {
    LOGICAL, DRAFT, NEITHER
  }
}

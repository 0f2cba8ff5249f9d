package org.djbranch.driver;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where the tables of one logical schema live on a branch: which exist in the logical schema, which in its draft,
 * and whether each schema exists. Immutable; the branch layout swaps in a new one on every change. Table names are
 * held as the backend's lookup keys.
 */
final class SchemaLayout {
  final String logical;
  final String draft;
  final boolean logicalExists;
  final boolean draftExists;
  final Set<String> logicalTables;
  final Set<String> draftTables;
  /** The rows of the draft's ~edge: the symbolic foreign keys of its tables. */
  final List<Edges.Edge> edges;

  SchemaLayout(String logical, String draft, boolean logicalExists, boolean draftExists, Set<String> logicalTables,
      Set<String> draftTables, List<Edges.Edge> edges) {
    this.logical = logical;
    this.draft = draft;
    this.logicalExists = logicalExists;
    this.draftExists = draftExists;
    this.logicalTables = Set.copyOf(logicalTables);
    this.draftTables = Set.copyOf(draftTables);
    this.edges = List.copyOf(edges);
  }

  /** Where a table name binds (spec 3.1): the logical schema wins when the name exists in both. */
  Binding bind(String tableKey) {
    if (logicalTables.contains(tableKey)) {
      return Binding.LOGICAL;
    }
    return draftTables.contains(tableKey) ? Binding.DRAFT : Binding.NEITHER;
  }

  /** Draft tables whose name the logical schema also holds: they are shadowed and never reached. */
  Set<String> shadowed() {
    Set<String> both = new HashSet<>(draftTables);
    both.retainAll(logicalTables);
    return both;
  }

  /** With a new object (a view, say) in the draft. */
  SchemaLayout withDraftTable(String tableKey) {
    Set<String> tables = new HashSet<>(draftTables);
    tables.add(tableKey);
    return new SchemaLayout(logical, draft, logicalExists, true, logicalTables, tables, edges);
  }

  SchemaLayout withSchemas(boolean logicalNowExists, boolean draftNowExists) {
    return new SchemaLayout(logical, draft, logicalExists || logicalNowExists, draftExists || draftNowExists,
        logicalTables, draftTables, edges);
  }

  enum Binding {
    LOGICAL, DRAFT, NEITHER
  }
}

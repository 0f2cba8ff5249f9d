package org.djbranch.cli.catalog;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.Analyzer;
import org.djbranch.rewriter.StatementKind;
import org.djbranch.rewriter.UnparsableStatementException;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.edges.Copies;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.naming.BranchLocalTables;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.driver.naming.HiddenTables;

/**
 * What a branch holds, read from the physical catalog through a trunk connection: each schema named
 * {@code br_<branch>_<schema>}, the logical schema beside it, their tables, and the draft's {@code ~edge} rows.
 */
public final class BranchInventory {
  private final String branch;
  private final List<LogicalSchema> schemas;

  private BranchInventory(String branch, List<LogicalSchema> schemas) {
    this.branch = branch;
    this.schemas = schemas;
  }

  /**
   * One logical schema the branch touches. {@code draftTables} leave out the hidden ones ({@code ~edge}, ...);
   * {@code changes} are the draft's {@code ~copy} rows: the pipeline tables the branch holds its own version of.
   */
  public record LogicalSchema(String name, String draft, boolean baseExists, List<String> pipelineTables,
      List<String> draftTables, List<SymbolicKey> keys, List<Copies.Event> changes) {

    /**
     * Draft tables whose name the logical schema also holds: the logical one binds, the draft copy is shadowed —
     * unless it is the branch's own version of the pipeline table ({@link #changedTables}), which binds.
     */
    public List<String> shadowed(Backend b) {
      Set<String> pipeline = new HashSet<>();
      for (String t : pipelineTables) {
        pipeline.add(b.key(t, true));
      }
      pipeline.removeAll(own(b));
      List<String> out = new ArrayList<>();
      for (String t : draftTables) {
        if (pipeline.contains(b.key(t, true))) {
          out.add(t);
        }
      }
      return out;
    }

    /** The draft tables that bind: every draft table a logical one does not shadow. */
    public List<String> boundDraftTables(Backend b) {
      List<String> out = new ArrayList<>(draftTables);
      out.removeAll(shadowed(b));
      return out;
    }

    /**
     * The draft's copies of bookkeeping tables (docs/branch-semantics.md "Bookkeeping tables": a migration tool's
     * history and lock): the branch's private record of what it ran there, whether trunk holds the original or not.
     */
    public List<String> bookkeepingCopies(BranchLocalTables bookkeeping) {
      return draftTables.stream().filter(bookkeeping::contains).toList();
    }

    /**
     * The draft tables a merge declares for real: those that bind, less the bookkeeping copies, which are not the
     * pipeline's tables (the merge of a migration is the same tool run on trunk, which keeps trunk's own history),
     * and less the branch's versions of pipeline tables, which a merge changes by replaying what changed them.
     */
    public List<String> promotedTables(Backend b, BranchLocalTables bookkeeping) {
      List<String> out = boundDraftTables(b);
      out.removeIf(bookkeeping::contains);
      Set<String> own = own(b);
      out.removeIf(t -> own.contains(b.key(t, true)));
      return out;
    }

    /**
     * The pipeline tables the branch holds its own version of (copied to change, or dropped), as {@code ~copy} names
     * them; not one whose copy began and did not finish (it binds to trunk's until a copy completes).
     */
    public List<String> changedTables() {
      return Copies.ownTables(changes);
    }

    /** The rows the branch copied of {@code table}, or -1 where it copied none (a dropped table). */
    public long rowsCopied(String table) {
      long rows = -1;
      for (Copies.Event e : changes) {
        if (e.table().equals(table) && e.kind() == Copies.Kind.COPY && !e.unfinished()) {
          rows = Long.parseLong(e.detail());
        }
      }
      return rows;
    }

    /**
     * The pipeline tables the branch dropped (or renamed away) and then declared anew under the same name, which a
     * merge drops (or renames) and declares as the draft holds them (their changes in between are the new
     * declaration's).
     */
    public List<String> redeclaredTables(Backend b) {
      List<String> out = new ArrayList<>();
      for (String t : changedTables()) {
        boolean inDraft = draftTables.stream().anyMatch(d -> b.key(d, true).equals(b.key(t, true)));
        if (inDraft && lastDrop(b, t) >= 0) {
          out.add(t);
        }
      }
      return out;
    }

    /**
     * The position in {@link #structureChanges} of the last change that took {@code table}'s name away (a DROP
     * TABLE of it, or a rename of it to another name), or -1.
     */
    public int lastDrop(Backend b, String table) {
      List<Copies.Event> changes = structureChanges();
      for (int k = changes.size() - 1; k >= 0; k--) {
        Copies.Event e = changes.get(k);
        if (b.key(e.table(), true).equals(b.key(table, true)) && takesNameAway(e.detail(), table, b)) {
          return k;
        }
      }
      return -1;
    }

    private static boolean takesNameAway(String sql, String table, Backend b) {
      try {
        Analysis a = Analyzer.analyze(sql, b.dialect());
        return a.kind() == StatementKind.DROP_TABLE || a.renames().stream()
            .anyMatch(r -> b.key(r.from().name(), r.from().quoted()).equals(b.key(table, true))
                && !b.key(r.to().name(), r.to().quoted()).equals(b.key(table, true)));
      } catch (UnparsableStatementException e) {
        return false;
      }
    }

    /**
     * The pipeline table whose branch version {@code table} is under a new name (renamed on the branch, once or
     * more), or null where it is none. A rename is recorded under the old name and then the new one, the same
     * statement twice in a row.
     */
    public String renamedFrom(Backend b, String table) {
      Map<String, String> origin = new HashMap<>(); // name key -> the pipeline table it was renamed from
      List<Copies.Event> changes = structureChanges();
      for (int k = 1; k < changes.size(); k++) {
        Copies.Event before = changes.get(k - 1);
        Copies.Event e = changes.get(k);
        String from = b.key(before.table(), true);
        if (e.detail().equals(before.detail()) && !from.equals(b.key(e.table(), true))
            && takesNameAway(e.detail(), before.table(), b)) {
          origin.put(b.key(e.table(), true), origin.getOrDefault(from, before.table()));
        }
      }
      String found = origin.get(b.key(table, true));
      return found != null && pipelineTables.stream().anyMatch(t -> b.key(t, true).equals(b.key(found, true)))
          ? found : null;
    }

    /** The structure changes made on the branch's versions of pipeline tables, in the order they ran. */
    public List<Copies.Event> structureChanges() {
      return changes.stream().filter(e -> e.kind() == Copies.Kind.CHANGE).toList();
    }

    private Set<String> own(Backend b) {
      Set<String> keys = new HashSet<>();
      for (String t : changedTables()) {
        keys.add(b.key(t, true));
      }
      return keys;
    }
  }

  public String branch() {
    return branch;
  }

  public List<LogicalSchema> schemas() {
    return schemas;
  }

  public boolean isEmpty() {
    return schemas.isEmpty();
  }

  /** The logical schema whose draft is {@code physical}, or null. */
  public LogicalSchema byDraft(String physical, Backend b) {
    for (LogicalSchema s : schemas) {
      if (b.key(s.draft(), true).equals(b.key(physical, true))) {
        return s;
      }
    }
    return null;
  }

  /** The logical schema named {@code name} (or whose draft is named so), or null. */
  public LogicalSchema logical(String name, Backend b) {
    for (LogicalSchema s : schemas) {
      if (b.key(s.name(), true).equals(b.key(name, true))) {
        return s;
      }
    }
    return byDraft(name, b);
  }

  /**
   * Reads the branch's schemas; {@code c} is a trunk connection on which {@link PhysicalCatalog#attachAllSchemas}
   * ran.
   */
  public static BranchInventory read(Connection c, PhysicalCatalog catalog, String branch) throws SQLException {
    Backend b = catalog.backend();
    DraftNames drafts = new DraftNames(branch, null, b.nameLimit()); // any case: the catalog may be any server
    drafts.requireRoom(); // a branch whose name leaves no room for a draft is refused, not found empty
    List<String> all = catalog.schemas(c);
    Set<String> keys = new HashSet<>();
    for (String s : all) {
      keys.add(b.key(s, true));
    }
    List<LogicalSchema> out = new ArrayList<>();
    for (String s : all) {
      String logical = drafts.logicalOf(s);
      if (logical == null || logical.isEmpty()) {
        continue;
      }
      boolean baseExists = keys.contains(b.key(logical, true));
      List<String> draftTables = new ArrayList<>(catalog.tables(c, s));
      boolean hasEdges = draftTables.remove(Edges.TABLE);
      boolean hasCopies = draftTables.remove(Copies.TABLE);
      draftTables.removeIf(HiddenTables::isHidden); // DataJoint's ~lineage, ~~jobs: the draft's own, not its tables
      List<SymbolicKey> symbolic = hasEdges ? edges(c, b, s) : List.of();
      List<String> pipeline = baseExists ? new ArrayList<>(catalog.tables(c, logical)) : new ArrayList<>();
      pipeline.removeIf(HiddenTables::isHidden); // the pipeline's own bookkeeping, as DataJoint lists its tables
      List<Copies.Event> changes = hasCopies ? new Copies(b).read(c, s) : List.of();
      out.add(new LogicalSchema(logical, s, baseExists, pipeline, draftTables, symbolic, changes));
    }
    return new BranchInventory(branch, out);
  }

  /** The draft's ~edge rows, folded back into the constraints they stand for. */
  private static List<SymbolicKey> edges(Connection c, Backend b, String draft) throws SQLException {
    Map<String, List<Edges.Edge>> byKey = new LinkedHashMap<>();
    for (Edges.Edge row : new Edges(b).read(c, draft)) {
      byKey.computeIfAbsent(row.referencingTable() + "\u0000" + row.constraintName(), k -> new ArrayList<>()).add(row);
    }
    List<SymbolicKey> out = new ArrayList<>();
    for (List<Edges.Edge> rows : byKey.values()) {
      Edges.Edge first = rows.get(0);
      List<String> columns = new ArrayList<>();
      List<String> parentColumns = new ArrayList<>();
      for (Edges.Edge r : rows) {
        columns.add(r.column());
        parentColumns.add(r.referencedColumn());
      }
      QualifiedName parent = QualifiedName.parse(first.referencedTable(), b);
      inParentKeyOrder(c, b, parent, columns, parentColumns);
      out.add(new SymbolicKey(first.constraintName(), QualifiedName.parse(first.referencingTable(), b), parent,
          columns, parentColumns, first.updateRule(), first.deleteRule()));
    }
    return out;
  }

  /**
   * Orders a key's column pairs as the parent's primary key orders its columns, where the key references that whole
   * key (as every DataJoint key does). The same key either way, but MySQL builds a foreign key only on an index
   * whose leading columns are the referenced ones in order, and a peer's five-column {@code ~edge} rows carry no
   * order of their own (Branch Resolution §4.3): they come back in whatever order the database returns them.
   */
  private static void inParentKeyOrder(Connection c, Backend b, QualifiedName parent, List<String> columns,
      List<String> parentColumns) throws SQLException {
    if (parentColumns.size() < 2) {
      return;
    }
    List<String> key;
    try {
      key = b.shape(c, parent.schema(), parent.table()).primaryKey().stream().map(b::columnKey).toList();
    } catch (SQLException unreadable) {
      return; // a parent the catalog does not describe (SQLite's attached drafts): the rows' order stands
    }
    List<String> referenced = parentColumns.stream().map(b::columnKey).toList();
    if (key.size() != referenced.size() || !new HashSet<>(key).equals(new HashSet<>(referenced))
        || key.equals(referenced)) {
      return;
    }
    List<String> childColumns = new ArrayList<>(columns);
    List<String> parentNames = new ArrayList<>(parentColumns);
    for (int i = 0; i < key.size(); i++) {
      int from = referenced.indexOf(key.get(i));
      columns.set(i, childColumns.get(from));
      parentColumns.set(i, parentNames.get(from));
    }
  }
}

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
import java.util.function.UnaryOperator;
import org.djbranch.cli.catalog.BranchInventory.LogicalSchema;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.edges.Copies;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.backend.ForeignKeyDeclaration;
import org.djbranch.driver.backend.ObjectDeclaration;
import org.djbranch.driver.naming.BranchLocalTables;
import org.djbranch.rewriter.Analyzer;
import org.djbranch.rewriter.StatementKind;
import org.djbranch.rewriter.UnparsableStatementException;

/**
 * The statements that declare a branch's tables for real, with their foreign keys restored from {@code ~edge}, into
 * target schemas (the logical schemas for promote, throwaway ones for verify), parents before children, after the
 * types, domains and sequences the branch declared for them to name.
 */
public final class MergePlan {
  /**
   * What a statement does: declares a table, replays a change the branch made to its version of a pipeline table,
   * adds one foreign key, or checks a table's keys (SQLite).
   */
  public enum Kind {
    OBJECT("declare the type or sequence"), CREATE("declare"), CHANGE("change"),
    FOREIGN_KEY("add a foreign key to"), CHECK("check the keys of");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /**
   * One statement; {@code key} is the foreign key it builds, if it builds one; {@code unconfined}, where not null,
   * says why a change is not run outside trunk (verify), and the step fails with it.
   */
  public record Step(Kind kind, String schema, String table, String sql, SymbolicKey key, String unconfined) {
    public Step(Kind kind, String schema, String table, String sql, SymbolicKey key) {
      this(kind, schema, table, sql, key, null);
    }
  }

  private record Node(String logical, String source, String table, boolean copyOfParent) {}

  private final List<Step> steps;

  private MergePlan(List<Step> steps) {
    this.steps = steps;
  }

  public List<Step> steps() {
    return steps;
  }

  /**
   * Plans the declaration of the branch's tables less its {@code bookkeeping} copies
   * ({@link LogicalSchema#promotedTables}). {@code target} maps a logical schema name to the schema to declare into.
   * With {@code copyParents}, pipeline tables the branch's tables reference are declared into the targets too
   * (without their own keys), so nothing is added to the pipeline's tables: that is the throwaway check of Branch
   * Resolution §4.5.
   */
  public static MergePlan of(Connection c, PhysicalCatalog catalog, BranchInventory inventory,
      BranchLocalTables bookkeeping, UnaryOperator<String> target, boolean copyParents) throws SQLException {
    Backend b = catalog.backend();
    Map<String, Node> nodes = new LinkedHashMap<>();
    Map<String, List<SymbolicKey>> keysByChild = new HashMap<>();
    List<Step> steps = new ArrayList<>();
    Map<String, List<String>> redeclaredBySchema = new HashMap<>();
    // The branch's views are declared as views, after every table and change, in the order they were made; the
    // rest of what binds in the draft as tables, ordered by their keys.
    Map<String, List<PhysicalCatalog.ViewDefinition>> viewsBySchema = new LinkedHashMap<>();
    for (LogicalSchema s : inventory.schemas()) {
      Set<String> promoted = new HashSet<>();
      s.promotedTables(b, bookkeeping).forEach(t -> promoted.add(b.key(t, true)));
      List<PhysicalCatalog.ViewDefinition> views = new ArrayList<>();
      for (PhysicalCatalog.ViewDefinition v : catalog.views(c, s.draft())) {
        if (promoted.remove(b.key(v.name(), true))) {
          views.add(v);
        }
      }
      viewsBySchema.put(s.name(), views);
      for (String t : s.promotedTables(b, bookkeeping)) {
        if (promoted.contains(b.key(t, true))) {
          nodes.put(id(b, s.name(), t), new Node(s.name(), s.draft(), t, false));
        }
      }
      // A pipeline table dropped and declared anew: trunk's is dropped (its last DROP, as the branch ran it), then
      // the draft's declared as a new table is. Verify's throwaway schema has no trunk version of it to drop.
      List<String> redeclared = s.redeclaredTables(b);
      redeclaredBySchema.put(s.name(), redeclared);
      for (String t : redeclared) {
        nodes.put(id(b, s.name(), t), new Node(s.name(), s.draft(), t, false));
        if (!copyParents) {
          steps.add(change(s, s.structureChanges().get(s.lastDrop(b, t)), b, target, false));
        }
      }
    }
    for (LogicalSchema s : inventory.schemas()) {
      for (SymbolicKey k : s.keys()) {
        String child = id(b, s.name(), k.child().table());
        if (!nodes.containsKey(child)) {
          continue; // the rows of a shadowed or bookkeeping copy: not declared, and neither are its keys
        }
        keysByChild.computeIfAbsent(child, x -> new ArrayList<>()).add(k);
        String parentLogical = logicalOf(inventory, b, k.parent().schema());
        String parent = id(b, parentLogical, k.parent().table());
        // A pipeline parent, or the branch's own version of one (a copy in the draft, which is no new table):
        // declared for the throwaway check as trunk holds it, and the branch's changes replayed on it.
        LogicalSchema parentDraft = inventory.byDraft(k.parent().schema(), b);
        boolean pipelineParent = parentDraft == null || parentDraft.changedTables().stream()
            .anyMatch(t -> b.key(t, true).equals(b.key(k.parent().table(), true)));
        if (copyParents && !nodes.containsKey(parent) && pipelineParent) {
          nodes.put(parent, new Node(parentLogical, parentLogical, k.parent().table(), true));
        }
      }
    }
    if (copyParents) {
      // The pipeline tables the branch changed, as trunk holds them, for their changes to be replayed on.
      for (LogicalSchema s : inventory.schemas()) {
        for (Copies.Event e : s.structureChanges()) {
          if (s.pipelineTables().stream().anyMatch(t -> b.key(t, true).equals(b.key(e.table(), true)))) {
            nodes.putIfAbsent(id(b, s.name(), e.table()), new Node(s.name(), s.name(), e.table(), true));
          }
        }
      }
    }
    // The types, domains and sequences the branch declared, which its tables may name: before the tables. Those
    // trunk holds (the branch's copies of its sequences) a merge leaves out; the throwaway check, whose schemas hold
    // nothing yet, declares them too.
    for (LogicalSchema s : inventory.schemas()) {
      String trunks = copyParents ? target.apply(s.name()) : s.name();
      for (ObjectDeclaration o : catalog.declareObjects(c, s.draft(), trunks, target.apply(s.name()))) {
        steps.add(new Step(Kind.OBJECT, target.apply(s.name()), o.name(), o.sql(), null));
      }
    }
    for (String id : order(nodes, keysByChild, inventory, b)) {
      Node n = nodes.get(id);
      List<SymbolicKey> keys = n.copyOfParent() ? List.of() : keysByChild.getOrDefault(id, List.of());
      List<ForeignKeyDeclaration> fks = new ArrayList<>();
      for (SymbolicKey k : keys) {
        fks.add(new ForeignKeyDeclaration(k.name(), k.columns(), target.apply(logicalOf(inventory, b, k.parent().schema())),
            k.parent().table(), k.parentColumns(), k.updateRule(), k.deleteRule()));
      }
      String to = target.apply(n.logical());
      List<String> create = catalog.declareTable(c, n.source(), n.table(), to, fks);
      for (String sql : create) {
        steps.add(new Step(Kind.CREATE, to, n.table(), sql, keys.size() == 1 && catalog.foreignKeysInline()
            ? keys.get(0) : null));
      }
      if (!keys.isEmpty() && catalog.foreignKeysInline()) {
        steps.add(new Step(Kind.CHECK, to, n.table(), null, null));
      }
    }
    // The branch's versions of pipeline tables: what changed them, in order, as the branch ran it (logical names,
    // qualified), after the new tables they may reference and before the keys that may need their columns. Verify
    // runs them on its copies of trunk's versions, and never where a name could reach trunk.
    for (LogicalSchema s : inventory.schemas()) {
      String last = null;
      List<String> redeclared = redeclaredBySchema.get(s.name());
      List<Copies.Event> changes = s.structureChanges();
      // the changes that took the redeclared tables' names away, which ran above (none for verify)
      Set<Integer> ranAbove = new HashSet<>();
      if (!copyParents) {
        redeclared.forEach(t -> ranAbove.add(s.lastDrop(b, t)));
      }
      for (int k = 0; k < changes.size(); k++) {
        Copies.Event e = changes.get(k);
        if (redeclared.stream().anyMatch(t -> b.key(t, true).equals(b.key(e.table(), true)))) {
          // a table declared anew is declared as it now stands; a rename's record under the new name follows the
          // one that ran above, and is the same statement
          if (ranAbove.contains(k)) {
            last = e.detail();
          }
          continue;
        }
        if (e.detail().equals(last)) {
          continue; // one statement that changed several tables is recorded once per table, and runs once
        }
        if (emptiesTable(e.detail(), b)) {
          // a merge carries structure, never rows: a TRUNCATE recorded before branches stopped recording them
          continue;
        }
        last = e.detail();
        steps.add(change(s, e, b, target, copyParents));
      }
    }
    for (LogicalSchema s : inventory.schemas()) {
      String to = target.apply(s.name());
      for (PhysicalCatalog.ViewDefinition v : viewsBySchema.get(s.name())) {
        for (String sql : catalog.declareView(v, s.draft(), to)) {
          steps.add(new Step(Kind.CREATE, to, v.name(), sql, null));
        }
      }
    }
    if (!catalog.foreignKeysInline()) {
      for (String id : nodes.keySet()) {
        Node n = nodes.get(id);
        if (n.copyOfParent()) {
          continue;
        }
        for (SymbolicKey k : keysByChild.getOrDefault(id, List.of())) {
          ForeignKeyDeclaration fk = new ForeignKeyDeclaration(k.name(), k.columns(), target.apply(logicalOf(inventory, b, k.parent().schema())),
              k.parent().table(), k.parentColumns(), k.updateRule(), k.deleteRule());
          String to = target.apply(n.logical());
          steps.add(new Step(Kind.FOREIGN_KEY, to, n.table(), catalog.addForeignKey(to, n.table(), fk), k));
        }
      }
    }
    return new MergePlan(steps);
  }

  /** A recorded change as a step, written for {@code target}'s schemas; with {@code confined}, verify's. */
  /** Whether a recorded change is a {@code TRUNCATE}: it emptied the branch's copy and changed no structure. */
  private static boolean emptiesTable(String sql, Backend b) {
    try {
      return Analyzer.analyze(sql, b.dialect()).kind() == StatementKind.TRUNCATE;
    } catch (UnparsableStatementException e) {
      return false;
    }
  }

  private static Step change(LogicalSchema s, Copies.Event e, Backend b, UnaryOperator<String> target,
      boolean confined) {
    try {
      return new Step(Kind.CHANGE, target.apply(s.name()), e.table(),
          ChangeText.retargeted(e.detail(), b, s.name(), target, confined), null);
    } catch (ChangeText.Unconfined u) {
      return new Step(Kind.CHANGE, target.apply(s.name()), e.table(), e.detail(), null, u.getMessage());
    }
  }

  /** The logical schema of a physical one: the draft's base, or the schema itself. */
  private static String logicalOf(BranchInventory inventory, Backend b, String physical) {
    LogicalSchema s = inventory.byDraft(physical, b);
    return s != null ? s.name() : physical;
  }

  private static String id(Backend b, String schema, String table) {
    return b.key(schema, true) + "\u0000" + b.key(table, true);
  }

  /** Parents before children (depth first); a cycle keeps the order met, and its keys then fail where inline. */
  private static List<String> order(Map<String, Node> nodes, Map<String, List<SymbolicKey>> keys,
      BranchInventory inventory, Backend b) {
    List<String> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (String id : nodes.keySet()) {
      visit(id, nodes, keys, inventory, b, seen, out);
    }
    return out;
  }

  private static void visit(String id, Map<String, Node> nodes, Map<String, List<SymbolicKey>> keys,
      BranchInventory inventory, Backend b, Set<String> seen, List<String> out) {
    if (!seen.add(id)) {
      return;
    }
    for (SymbolicKey k : keys.getOrDefault(id, List.of())) {
      String parent = id(b, logicalOf(inventory, b, k.parent().schema()), k.parent().table());
      if (nodes.containsKey(parent)) {
        visit(parent, nodes, keys, inventory, b, seen, out);
      }
    }
    out.add(id);
  }
}

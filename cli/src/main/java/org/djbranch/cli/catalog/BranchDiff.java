package org.djbranch.cli.catalog;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.djbranch.cli.catalog.BranchInventory.LogicalSchema;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.Backend.LiveIndex;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.backend.TableDescription;
import org.djbranch.driver.edges.Copies;
import org.djbranch.driver.naming.BranchLocalTables;

/**
 * What a branch changes, per logical schema, read through a trunk connection: the tables it adds, each with its
 * columns, primary key, symbolic keys, indexes and rows; the pipeline tables it changes (its own copies: the rows
 * copied, the statements that changed them, the columns that differ from trunk's); the pipeline tables it hides
 * (dropped on the branch, or renamed away).
 */
public record BranchDiff(String branch, String database, List<SchemaDiff> schemas) {

  /** One logical schema: {@code bookkeeping} names the branch's own copies of bookkeeping tables (not changes). */
  public record SchemaDiff(String name, String draft, boolean baseExists, List<AddedTable> added,
      List<ChangedTable> changed, List<String> hidden, List<String> bookkeeping) {}

  /**
   * A pipeline table the branch holds its own copy of: {@code rowsCopied} from trunk, {@code rows} now, the
   * structure {@code statements} run on the copy in order (as the branch ran them, logical names), and how its
   * columns differ from trunk's; {@code renamedFrom}: trunk's name for it where the branch renamed it, else null.
   */
  public record ChangedTable(String name, String renamedFrom, long rowsCopied, long rows, List<String> statements,
      List<Column> addedColumns, List<String> removedColumns, List<Retyped> retypedColumns) {}

  /** A column both versions hold, of another type on the branch. */
  public record Retyped(String name, String trunkType, String branchType) {}

  /** A table the branch adds, in its draft; {@code keys} are its symbolic foreign keys. */
  public record AddedTable(String name, long rows, List<Column> columns, List<String> primaryKey,
      List<Key> keys, List<LiveIndex> indexes) {}

  /** A column: its type as the database spells it. */
  public record Column(String name, String type, boolean nullable) {}

  /** A symbolic key with its parent in its logical schema. */
  public record Key(String name, List<String> columns, String parentSchema, String parentTable,
      List<String> parentColumns, String onUpdate, String onDelete) {}

  /** Whether the branch changes anything (what {@code --exit-code} answers). */
  public boolean changes() {
    return schemas.stream().anyMatch(s -> !s.added().isEmpty() || !s.changed().isEmpty() || !s.hidden().isEmpty());
  }

  public int added() {
    return schemas.stream().mapToInt(s -> s.added().size()).sum();
  }

  public int changed() {
    return schemas.stream().mapToInt(s -> s.changed().size()).sum();
  }

  public int hidden() {
    return schemas.stream().mapToInt(s -> s.hidden().size()).sum();
  }

  public long rows() {
    return schemas.stream().flatMap(s -> s.added().stream()).mapToLong(AddedTable::rows).sum();
  }

  public int keys() {
    return schemas.stream().flatMap(s -> s.added().stream()).mapToInt(t -> t.keys().size()).sum();
  }

  /** Reads the diff; {@code c} is the trunk connection {@code inventory} was read on. */
  public static BranchDiff read(Connection c, PhysicalCatalog catalog, BranchInventory inventory,
      BranchLocalTables bookkeeping) throws SQLException {
    Backend b = catalog.backend();
    List<SchemaDiff> out = new ArrayList<>();
    for (LogicalSchema s : inventory.schemas()) {
      List<AddedTable> added = new ArrayList<>();
      for (String t : s.promotedTables(b, bookkeeping)) {
        TableDescription described = catalog.describe(c, s.draft(), t);
        List<Column> columns = new ArrayList<>();
        for (Backend.LiveColumn col : described.columns()) {
          columns.add(new Column(col.name(), col.type(), col.nullable()));
        }
        List<Key> keys = new ArrayList<>();
        for (SymbolicKey k : s.keys()) {
          if (b.key(k.child().table(), true).equals(b.key(t, true))) {
            LogicalSchema parent = inventory.byDraft(k.parent().schema(), b);
            keys.add(new Key(k.name(), k.columns(), parent != null ? parent.name() : k.parent().schema(),
                k.parent().table(), k.parentColumns(), k.updateRule(), k.deleteRule()));
          }
        }
        added.add(new AddedTable(t, rows(c, b.quote(s.draft(), t)), columns, described.primaryKey(), keys,
            described.indexes()));
      }
      List<ChangedTable> changed = new ArrayList<>();
      List<String> hidden = new ArrayList<>();
      List<String> renamed = s.changedTables().stream().map(t -> s.renamedFrom(b, t)).filter(t -> t != null)
          .map(t -> b.key(t, true)).toList();
      for (String t : s.changedTables()) {
        String inDraft = s.draftTables().stream().filter(d -> b.key(d, true).equals(b.key(t, true))).findFirst()
            .orElse(null);
        if (inDraft != null) {
          changed.add(changed(c, catalog, s, t, inDraft));
        } else if (!renamed.contains(b.key(t, true))) {
          hidden.add(t); // dropped on the branch (one renamed shows under its new name)
        }
      }
      out.add(new SchemaDiff(s.name(), s.draft(), s.baseExists(), added, changed, hidden,
          s.bookkeepingCopies(bookkeeping)));
    }
    return new BranchDiff(inventory.branch(), b.displayName(), out);
  }

  /** The branch's copy of pipeline table {@code t} ({@code copy} in the draft) against trunk's. */
  private static ChangedTable changed(Connection c, PhysicalCatalog catalog, LogicalSchema s, String t, String copy)
      throws SQLException {
    Backend b = catalog.backend();
    String renamedFrom = s.renamedFrom(b, t);
    String trunkName = renamedFrom != null ? renamedFrom : t;
    List<String> statements = new ArrayList<>();
    for (Copies.Event e : s.structureChanges()) {
      if (b.key(e.table(), true).equals(b.key(t, true))) {
        statements.add(e.detail());
      }
    }
    Map<String, Backend.LiveColumn> trunk = new LinkedHashMap<>();
    boolean onTrunk = s.pipelineTables().stream().anyMatch(p -> b.key(p, true).equals(b.key(trunkName, true)));
    if (onTrunk) {
      for (Backend.LiveColumn col : catalog.describe(c, s.name(), trunkName).columns()) {
        trunk.put(b.columnKey(col.name()), col);
      }
    }
    List<Column> added = new ArrayList<>();
    List<Retyped> retyped = new ArrayList<>();
    for (Backend.LiveColumn col : catalog.describe(c, s.draft(), copy).columns()) {
      Backend.LiveColumn before = trunk.remove(b.columnKey(col.name()));
      if (before == null) {
        added.add(new Column(col.name(), col.type(), col.nullable()));
      } else if (!java.util.Objects.equals(before.type(), col.type())) {
        retyped.add(new Retyped(col.name(), before.type(), col.type()));
      }
    }
    List<String> removed = trunk.values().stream().map(Backend.LiveColumn::name).toList();
    return new ChangedTable(copy, renamedFrom, Math.max(0, s.rowsCopied(trunkName)),
        rows(c, b.quote(s.draft(), copy)), statements, added, removed, retyped);
  }

  /** The number of rows of a table, quoted as the database quotes it. */
  public static long rows(Connection c, String table) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}

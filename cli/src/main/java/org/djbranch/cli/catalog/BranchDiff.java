package org.djbranch.cli.catalog;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.cli.catalog.BranchInventory.LogicalSchema;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.Backend.LiveIndex;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.backend.TableDescription;
import org.djbranch.driver.naming.BranchLocalTables;

/**
 * What a branch changes, per logical schema, read through a trunk connection: the tables it adds, each with its
 * columns, primary key, symbolic keys, indexes and rows. A branch only adds today; the tables it changes or hides
 * come with copy-on-write, and {@link SchemaDiff} keeps their places (always empty for now).
 */
public record BranchDiff(String branch, String database, List<SchemaDiff> schemas) {

  /** One logical schema: {@code bookkeeping} names the branch's own copies of bookkeeping tables (not changes). */
  public record SchemaDiff(String name, String draft, boolean baseExists, List<AddedTable> added,
      List<String> changed, List<String> hidden, List<String> bookkeeping) {}

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
      out.add(new SchemaDiff(s.name(), s.draft(), s.baseExists(), added, List.of(), List.of(),
          s.bookkeepingCopies(bookkeeping)));
    }
    return new BranchDiff(inventory.branch(), b.displayName(), out);
  }

  /** The number of rows of a table, quoted as the database quotes it. */
  public static long rows(Connection c, String table) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}

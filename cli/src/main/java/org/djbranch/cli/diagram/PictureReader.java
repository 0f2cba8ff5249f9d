package org.djbranch.cli.diagram;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.djbranch.cli.catalog.BranchInventory;
import org.djbranch.cli.catalog.BranchInventory.LogicalSchema;
import org.djbranch.cli.catalog.SymbolicKey;
import org.djbranch.cli.diagram.SchemaPicture.Column;
import org.djbranch.cli.diagram.SchemaPicture.Key;
import org.djbranch.cli.diagram.SchemaPicture.Kind;
import org.djbranch.cli.diagram.SchemaPicture.Schema;
import org.djbranch.cli.diagram.SchemaPicture.Table;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.naming.HiddenTables;

/**
 * Reads a {@link SchemaPicture} through JDBC metadata alone. On a branch connection the driver's metadata already
 * presents the merge (spec 5.7: the drafts' tables listed under their logical schemas, symbolic keys among the
 * imported keys); which tables are drafts and which keys are symbolic is taken from the branch's inventory, the
 * same reading {@code status} prints.
 */
public final class PictureReader {
  /** Tables and views; the names differ between drivers, and a driver ignores the ones it does not know. */
  private static final String[] TABLE_TYPES = {"TABLE", "BASE TABLE", "PARTITIONED TABLE", "VIEW"};

  private final DatabaseMetaData md;
  private final Backend backend;
  private final BranchInventory inventory;
  /** Whether the wrapped driver names a schema as a catalog (MySQL); by schema otherwise (SQLite ignores it). */
  private final boolean byCatalog;

  /** {@code inventory}: what the connection's branch holds, null on trunk. */
  public PictureReader(BranchConnection connection, BranchInventory inventory) throws SQLException {
    this.md = connection.getMetaData();
    this.backend = connection.backend();
    this.inventory = inventory;
    this.byCatalog = !md.supportsSchemasInTableDefinitions() && md.supportsCatalogsInTableDefinitions();
  }

  /** The logical schemas named, in that order; a schema with no table is drawn as an empty cluster. */
  public SchemaPicture read(String title, List<String> schemas) throws SQLException {
    List<Schema> clusters = new ArrayList<>();
    List<Key> keys = new ArrayList<>();
    Set<String> symbolic = symbolicKeys();
    for (String s : schemas) {
      LogicalSchema branchSide = inventory == null ? null : inventory.logical(s, backend);
      Set<String> drafts = new HashSet<>();
      Set<String> changed = new HashSet<>();
      if (branchSide != null) {
        for (String t : branchSide.boundDraftTables(backend)) {
          drafts.add(backend.key(t, true));
        }
        for (String t : branchSide.changedTables()) {
          changed.add(backend.key(t, true));
        }
      }
      List<Table> tables = new ArrayList<>();
      for (Map.Entry<String, List<Column>> t : tables(s).entrySet()) {
        String key = backend.key(t.getKey(), true);
        tables.add(new Table(s, t.getKey(), changed.contains(key) ? Kind.CHANGED : drafts.contains(key) ? Kind.DRAFT
            : Kind.PIPELINE, t.getValue()));
        keys.addAll(importedKeys(s, t.getKey(), symbolic));
      }
      clusters.add(new Schema(s, branchSide == null ? null : branchSide.draft(), tables));
    }
    return new SchemaPicture(title, clusters, keys);
  }

  /** {@code child table \0 constraint}, by the backend's name comparison, of every ~edge row of the branch. */
  private Set<String> symbolicKeys() {
    Set<String> out = new HashSet<>();
    if (inventory != null) {
      for (LogicalSchema s : inventory.schemas()) {
        for (SymbolicKey k : s.keys()) {
          out.add(symbolicId(s.name(), k.child().table(), k.name()));
        }
      }
    }
    return out;
  }

  private String symbolicId(String schema, String table, String constraint) {
    return backend.key(schema, true) + "\u0000" + backend.key(table, true) + "\u0000"
        + (constraint == null ? "" : backend.key(constraint, true));
  }

  private String catalog(String schema) {
    return byCatalog ? schema : null;
  }

  private String schema(String schema) {
    return byCatalog ? null : schema;
  }

  /** The schema's tables and views, in name order, each with its columns. */
  private Map<String, List<Column>> tables(String s) throws SQLException {
    List<String> names = new ArrayList<>();
    try (ResultSet rs = md.getTables(catalog(s), schema(s), "%", TABLE_TYPES)) {
      while (rs.next()) {
        String name = rs.getString("TABLE_NAME");
        // DataJoint draws no hidden table (~lineage, ~~jobs), the pipeline's nor the draft's.
        if (!name.startsWith("sqlite_") && !HiddenTables.isHidden(name) && !names.contains(name)) {
          names.add(name);
        }
      }
    }
    names.sort(String::compareTo);
    Map<String, List<Column>> out = new LinkedHashMap<>();
    Map<String, String> byKey = new LinkedHashMap<>();
    for (String n : names) {
      out.put(n, new ArrayList<>());
      byKey.put(backend.key(n, true), n);
    }
    Map<String, Set<String>> primary = new LinkedHashMap<>();
    for (String n : names) {
      primary.put(n, primaryKey(s, n));
    }
    // One listing for the whole schema; the pattern names the schema as written, rows are matched back by name.
    try (ResultSet rs = md.getColumns(catalog(s), schema(s), "%", "%")) {
      while (rs.next()) {
        String table = byKey.get(backend.key(rs.getString("TABLE_NAME"), true));
        if (table != null) {
          String name = rs.getString("COLUMN_NAME");
          out.get(table).add(new Column(name, rs.getString("TYPE_NAME"), primary.get(table).contains(name)));
        }
      }
    }
    return out;
  }

  private Set<String> primaryKey(String s, String table) throws SQLException {
    Set<String> out = new HashSet<>();
    try (ResultSet rs = md.getPrimaryKeys(catalog(s), schema(s), table)) {
      while (rs.next()) {
        out.add(rs.getString("COLUMN_NAME"));
      }
    }
    return out;
  }

  /** The table's foreign keys, one per constraint, columns in key order. */
  private List<Key> importedKeys(String s, String table, Set<String> symbolic) throws SQLException {
    Map<String, List<String[]>> byName = new LinkedHashMap<>();
    try (ResultSet rs = md.getImportedKeys(catalog(s), schema(s), table)) {
      while (rs.next()) {
        String parentSchema = byCatalog ? rs.getString("PKTABLE_CAT") : rs.getString("PKTABLE_SCHEM");
        String name = rs.getString("FK_NAME");
        String parent = (parentSchema == null || parentSchema.isEmpty() ? s : parentSchema) + "."
            + rs.getString("PKTABLE_NAME");
        // Unnamed keys (SQLite) are told apart by their parent.
        String id = (name == null || name.isEmpty() ? "" : name) + "\u0000" + parent;
        byName.computeIfAbsent(id, k -> new ArrayList<>()).add(new String[] {name, parent,
            rs.getString("FKCOLUMN_NAME"), rs.getString("PKCOLUMN_NAME"), rs.getString("KEY_SEQ")});
      }
    }
    List<Key> out = new ArrayList<>();
    for (List<String[]> rows : byName.values()) {
      rows.sort((a, b) -> Integer.compare(Integer.parseInt(a[4]), Integer.parseInt(b[4])));
      List<String> columns = new ArrayList<>();
      List<String> parentColumns = new ArrayList<>();
      for (String[] r : rows) {
        columns.add(r[2]);
        parentColumns.add(r[3]);
      }
      String name = rows.get(0)[0];
      out.add(new Key(name, s + "." + table, rows.get(0)[1], columns, parentColumns,
          symbolic.contains(symbolicId(s, table, name))));
    }
    return out;
  }
}

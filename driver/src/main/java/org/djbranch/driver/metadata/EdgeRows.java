package org.djbranch.driver.metadata;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.metadata.MetadataTable.Cell;
import org.djbranch.rewriter.QualifiedNames;

/**
 * The symbolic foreign keys of a branch as rows of a foreign-key answer ({@code getImportedKeys},
 * {@code getExportedKeys}, {@code getCrossReference}): each {@code ~edge} row of a draft, named as the wrapped
 * driver names a real key's tables (catalog or schema, logical), with its actions as JDBC numbers them. The rows
 * come from the branch layout, which read them with the schema's listing and keeps them current as the branch
 * declares; no query, but the catalog name the wrapped driver reports, asked once.
 */
final class EdgeRows {
  private final Backend backend;
  private final String prefix;
  private final MetadataScope scope;
  private final DatabaseMetaData inner;
  private String catalogName;
  private boolean catalogNameRead;

  EdgeRows(Backend backend, String prefix, MetadataScope scope, DatabaseMetaData inner) {
    this.backend = backend;
    this.prefix = prefix;
    this.scope = scope;
    this.inner = inner;
  }

  /**
   * Adds to {@code table} the ~edge rows of one draft whose referencing table ({@code byChild}) or referenced table
   * is {@code physical} (and, for a cross reference, whose referenced table is {@code parent}); whether it added any.
   */
  boolean add(MetadataTable table, SchemaLayout draft, boolean byChild, String physical, String parent)
      throws SQLException {
    String wanted = backend.key(physical, true);
    String wantedParent = parent == null ? null : backend.key(parent, true);
    boolean added = false;
    for (Edges.Edge e : draft.edges) {
      String named = byChild ? e.referencingTable() : e.referencedTable();
      // Names compared as the database compares them: a caller may spell the table otherwise than its declaration.
      if (backend.key(named, true).equals(wanted)
          && (wantedParent == null || backend.key(e.referencedTable(), true).equals(wantedParent))) {
        table.rows.add(row(table, e));
        added = true;
      }
    }
    return added;
  }

  private Cell[] row(MetadataTable t, Edges.Edge edge) throws SQLException {
    String[] child = schemaAndTable(edge.referencingTable());
    String[] parent = schemaAndTable(edge.referencedTable());
    Cell[] row = new Cell[t.columns.count()];
    Arrays.fill(row, Cell.NULL);
    set(t, row, "PKTABLE_CAT", catalogOf(parent[0]));
    set(t, row, "PKTABLE_SCHEM", schemaOf(parent[0]));
    set(t, row, "PKTABLE_NAME", parent[1]);
    set(t, row, "PKCOLUMN_NAME", edge.referencedColumn());
    set(t, row, "FKTABLE_CAT", catalogOf(child[0]));
    set(t, row, "FKTABLE_SCHEM", schemaOf(child[0]));
    set(t, row, "FKTABLE_NAME", child[1]);
    set(t, row, "FKCOLUMN_NAME", edge.column());
    set(t, row, "KEY_SEQ", edge.ordinal());
    set(t, row, "UPDATE_RULE", rule(edge.updateRule()));
    set(t, row, "DELETE_RULE", rule(edge.deleteRule()));
    set(t, row, "FK_NAME", edge.constraintName());
    set(t, row, "DEFERRABILITY", DatabaseMetaData.importedKeyNotDeferrable);
    return row;
  }

  private static void set(MetadataTable t, Cell[] row, String label, Object value) {
    int i = t.index(label);
    if (i >= 0) {
      row[i] = t.cell(i, value);
    }
  }

  private static int rule(String rule) {
    switch (rule == null ? "" : rule.toUpperCase(Locale.ROOT)) {
      case "CASCADE":
        return DatabaseMetaData.importedKeyCascade;
      case "RESTRICT":
        return DatabaseMetaData.importedKeyRestrict;
      case "SET NULL":
        return DatabaseMetaData.importedKeySetNull;
      case "SET DEFAULT":
        return DatabaseMetaData.importedKeySetDefault;
      default:
        return DatabaseMetaData.importedKeyNoAction;
    }
  }

  /** The logical schema of a physical one, for the name columns of a synthetic row. */
  private String logicalOf(String physicalSchema) {
    return physicalSchema != null && physicalSchema.startsWith(prefix)
        ? physicalSchema.substring(prefix.length()) : physicalSchema;
  }

  private String catalogOf(String physicalSchema) throws SQLException {
    switch (scope) {
      case CATALOG:
        return logicalOf(physicalSchema);
      case SCHEMA:
        return catalogName();
      default:
        return null;
    }
  }

  private String schemaOf(String physicalSchema) {
    return scope == MetadataScope.CATALOG ? null : logicalOf(physicalSchema);
  }

  /** The catalog the wrapped driver reports beside a schema (PostgreSQL's and DuckDB's database name). */
  private String catalogName() throws SQLException {
    if (!catalogNameRead) {
      catalogName = inner.getConnection().getCatalog();
      catalogNameRead = true;
    }
    return catalogName;
  }

  /** {@code [schema, table]} of a quoted full name as ~edge records it; the schema is null for a one-part name. */
  private String[] schemaAndTable(String quoted) {
    List<String> parts = QualifiedNames.split(quoted, backend.dialect());
    if (parts.isEmpty()) {
      return new String[] {null, quoted};
    }
    return new String[] {parts.size() > 1 ? parts.get(parts.size() - 2) : null, parts.get(parts.size() - 1)};
  }
}

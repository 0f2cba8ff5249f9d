package org.djbranch.driver.metadata;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.jdbc.ServerCalls;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.metadata.MetadataTable.Cell;

/**
 * What a branch connection's {@link DatabaseMetaData} answers (Branch Resolution §5.7): logical schemas, as if the merge had
 * happened. The wrapped driver is asked about the logical schema and its draft; draft rows are reported under the
 * logical name, {@code ~edge} and shadowed draft tables are left out (a shadowed table is named in a warning), and
 * the symbolic foreign keys of {@code ~edge} join the real ones. Every call to the wrapped driver and every query
 * of djbranch's own is counted as a round trip.
 *
 * <p>Drivers that scope metadata by schema (PostgreSQL, DuckDB) or by catalog (MySQL) are asked for the draft
 * schema by name. A driver that cannot scope at all (SQLite, whose metadata sees only the main database) is asked
 * on a second connection to the draft's own file, where the draft is the main database.
 *
 * <p>This class decides which calls to make of the wrapped driver; {@link MergedAnswer} merges their rows, and
 * {@link EdgeRows} writes the symbolic keys as rows.
 */
final class MergedMetadata {
  /** One call to the wrapped metadata, narrowed by a catalog and schema argument. */
  @FunctionalInterface
  interface Call {
    ResultSet on(DatabaseMetaData md, String catalog, String schema) throws SQLException;
  }

  private static final String[] TABLE_ORDER = {"TABLE_TYPE", "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME"};
  private static final String[] IMPORTED_ORDER = {"PKTABLE_CAT", "PKTABLE_SCHEM", "PKTABLE_NAME", "KEY_SEQ"};
  private static final String[] EXPORTED_ORDER = {"FKTABLE_CAT", "FKTABLE_SCHEM", "FKTABLE_NAME", "KEY_SEQ"};

  private final ServerCalls server;
  private final DatabaseMetaData inner;
  private final Binder router;
  private final ConnectionLayout layout;
  private final Backend backend;
  private final String prefix;
  private MetadataScope scope;
  private EdgeRows edgeRows;

  MergedMetadata(ServerCalls calls, DatabaseMetaData inner, Binder router) {
    this.server = calls;
    this.inner = inner;
    this.router = router;
    this.layout = router.layout();
    this.backend = layout.backend;
    this.prefix = layout.drafts.prefix();
  }

  // ---- listings narrowed by a schema pattern ----

  ResultSet tables(String catalog, String schemaPattern, String tablePattern, String[] types) throws SQLException {
    return patterned((md, c, s) -> md.getTables(c, s, tablePattern, types), catalog, schemaPattern, true,
        TABLE_ORDER);
  }

  ResultSet columns(String catalog, String schemaPattern, String tablePattern, String columnPattern)
      throws SQLException {
    return patterned((md, c, s) -> md.getColumns(c, s, tablePattern, columnPattern), catalog, schemaPattern, true,
        new String[] {"TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "ORDINAL_POSITION"});
  }

  ResultSet tablePrivileges(String catalog, String schemaPattern, String tablePattern) throws SQLException {
    return patterned((md, c, s) -> md.getTablePrivileges(c, s, tablePattern), catalog, schemaPattern, true,
        new String[] {"TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "PRIVILEGE"});
  }

  // ---- one table, named exactly: asked where the name binds ----

  ResultSet primaryKeys(String catalog, String schema, String table) throws SQLException {
    return exact((md, c, s) -> md.getPrimaryKeys(c, s, table), catalog, schema, table, null).result();
  }

  ResultSet indexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
      throws SQLException {
    return exact((md, c, s) -> md.getIndexInfo(c, s, table, unique, approximate), catalog, schema, table, null)
        .result();
  }

  ResultSet bestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable)
      throws SQLException {
    return exact((md, c, s) -> md.getBestRowIdentifier(c, s, table, scope, nullable), catalog, schema, table, null)
        .result();
  }

  ResultSet versionColumns(String catalog, String schema, String table) throws SQLException {
    return exact((md, c, s) -> md.getVersionColumns(c, s, table), catalog, schema, table, null).result();
  }

  ResultSet columnPrivileges(String catalog, String schema, String table, String columnPattern)
      throws SQLException {
    return exact((md, c, s) -> md.getColumnPrivileges(c, s, table, columnPattern), catalog, schema, table, null)
        .result();
  }

  /** The keys a table holds: a draft table's are the ~edge rows naming it as the referencing table. */
  ResultSet importedKeys(String catalog, String schema, String table) throws SQLException {
    MergedAnswer a = exact((md, c, s) -> md.getImportedKeys(c, s, table), catalog, schema, table, IMPORTED_ORDER);
    if (a.layout != null && a.binding == SchemaLayout.Binding.DRAFT) {
      addEdges(a, a.layout, true, backend.quote(a.layout.draft, table), null);
    } else if (table != null && unnamed(catalog, schema)) {
      for (SchemaLayout s : unnamedScope()) {
        if (layout.bind(s, table) == SchemaLayout.Binding.DRAFT) {
          addEdges(a, s, true, backend.quote(s.draft, table), null);
        }
      }
    }
    return a.result();
  }

  /** The keys that reference a table: real ones, and the ~edge rows of every draft this branch has listed. */
  ResultSet exportedKeys(String catalog, String schema, String table) throws SQLException {
    MergedAnswer a = exact((md, c, s) -> md.getExportedKeys(c, s, table), catalog, schema, table, EXPORTED_ORDER);
    if (a.layout != null && a.binding != SchemaLayout.Binding.NEITHER) {
      String parent = physical(a.layout, a.binding, table);
      for (SchemaLayout drafts : layout.activated()) {
        addEdges(a, drafts, false, parent, null);
      }
    } else if (table != null && unnamed(catalog, schema)) {
      for (SchemaLayout s : unnamedScope()) {
        SchemaLayout.Binding b = layout.bind(s, table);
        if (b != SchemaLayout.Binding.NEITHER) {
          String parent = physical(s, b, table);
          for (SchemaLayout drafts : layout.activated()) {
            addEdges(a, drafts, false, parent, null);
          }
        }
      }
    }
    return a.result();
  }

  ResultSet crossReference(String parentCatalog, String parentSchema, String parentTable, String foreignCatalog,
      String foreignSchema, String foreignTable) throws SQLException {
    Target parent = target(parentCatalog, parentSchema, parentTable);
    Target child = target(foreignCatalog, foreignSchema, foreignTable);
    MergedAnswer a = answer(EXPORTED_ORDER);
    // Both names go to the wrapped driver as physical ones; with a draft on either side it answers no rows, but
    // its answer still describes the columns.
    ResultSet rs = counted(inner, md -> md.getCrossReference(parent.catalog, parent.schema,
        parentTable, child.catalog, child.schema, foreignTable));
    a.add(rs, null);
    if (child.layout != null && child.binding == SchemaLayout.Binding.DRAFT && parent.layout != null) {
      addEdges(a, child.layout, true, backend.quote(child.layout.draft, foreignTable),
          physical(parent.layout, parent.binding, parentTable));
    }
    return a.result();
  }

  // ---- schemas ----

  ResultSet schemas() throws SQLException {
    return renamed(counted(inner, DatabaseMetaData::getSchemas), new String[] {"TABLE_CATALOG", "TABLE_SCHEM"});
  }

  ResultSet schemas(String catalog, String schemaPattern) throws SQLException {
    return renamed(counted(inner, md -> md.getSchemas(catalog, schemaPattern)),
        new String[] {"TABLE_CATALOG", "TABLE_SCHEM"});
  }

  ResultSet catalogs() throws SQLException {
    return renamed(counted(inner, DatabaseMetaData::getCatalogs), new String[] {"TABLE_CAT"});
  }

  /** A listing of schemas (or MySQL's catalogs): this branch's drafts fold into their logical schemas. */
  private ResultSet renamed(ResultSet rs, String[] order) throws SQLException {
    MergedAnswer a = answer(order);
    a.add(rs, null);
    Set<List<String>> seen = new HashSet<>();
    a.table.rows.removeIf(row -> {
      List<String> key = new ArrayList<>();
      for (Cell c : row) {
        key.add(c.text());
      }
      return !seen.add(key);
    });
    a.sorted = true;
    return a.result();
  }

  // ---- the machinery ----

  /**
   * A listing narrowed by a schema pattern (or a MySQL catalog): the logical answer, plus the drafts' answer
   * when the pattern names schemas (a null pattern already answers for the drafts).
   */
  private ResultSet patterned(Call call, String catalog, String schema, boolean isPattern, String[] order)
      throws SQLException {
    MergedAnswer a = answer(order);
    switch (scope()) {
      case SCHEMA:
      case CATALOG: {
        boolean byCatalog = scope() == MetadataScope.CATALOG;
        String named = byCatalog ? catalog : schema;
        if (named != null && named.startsWith(prefix)) {
          a.add(counted(inner, md -> call.on(md, catalog, schema)), null);
          break;
        }
        // A pattern may match draft schemas too: their rows come from the draft call, which names them exactly.
        // MySQL reads no catalog as every database, or the current one: its draft is asked by name as well.
        a.add(counted(inner, md -> call.on(md, catalog, schema)), null, named != null || byCatalog);
        if (named != null) {
          String draft = byCatalog || !isPattern ? prefix + named : escaped(prefix) + named;
          a.add(counted(inner, md -> byCatalog ? call.on(md, draft, schema) : call.on(md, catalog, draft)), null);
        } else if (byCatalog) {
          for (SchemaLayout s : unnamedScope()) {
            if (s.draftExists) {
              a.add(counted(inner, md -> call.on(md, s.draft, schema)), null);
              a.sorted = true;
            }
          }
        }
        break;
      }
      default: {
        a.add(counted(inner, md -> call.on(md, catalog, schema)), null);
        String logical = unscopedLogical(schema);
        SchemaLayout s = logical == null ? null : layout.activate(router.internal(), logical);
        if (s != null && !s.draftTables.isEmpty()) {
          onDraftFile(s, md -> {
            a.add(call.on(md, catalog, schema), s.logical);
            return null;
          });
        }
        break;
      }
    }
    a.sorted = a.sorted || a.shadowed.size() > 0;
    return a.result();
  }

  /** Where a named table lives: the arguments to ask the wrapped driver with, and the layout that said so. */
  private record Target(String catalog, String schema, SchemaLayout layout, SchemaLayout.Binding binding) {}

  private Target target(String catalog, String schema, String table) throws SQLException {
    MetadataScope sc = scope();
    String named = sc == MetadataScope.CATALOG ? catalog : schema;
    if (sc == MetadataScope.NONE) {
      named = unscopedLogical(schema);
    }
    if (named == null || table == null || named.startsWith(prefix) || backend.isSystemSchema(named)) {
      return new Target(catalog, schema, null, null);
    }
    SchemaLayout s = layout.activate(router.internal(), named);
    SchemaLayout.Binding b = layout.bind(s, table);
    if (b != SchemaLayout.Binding.DRAFT || sc == MetadataScope.NONE) {
      return new Target(catalog, schema, s, b);
    }
    return sc == MetadataScope.CATALOG ? new Target(s.draft, schema, s, b) : new Target(catalog, s.draft, s, b);
  }

  /**
   * The logical schemas a call with no schema (or, on MySQL, no catalog) argument covers: every activated one where
   * the wrapped driver reads null as "all schemas", the current one where it reads null as "the current database".
   */
  private List<SchemaLayout> unnamedScope() {
    if (scope() == MetadataScope.SCHEMA) {
      return layout.activated();
    }
    SchemaLayout current = router.currentSchema() == null ? null : layout.get(router.currentSchema());
    return current == null ? List.of() : List.of(current);
  }

  /** Whether a call names no schema (no catalog on MySQL), as SQL clients call it. */
  private boolean unnamed(String catalog, String schema) {
    return scope() != MetadataScope.NONE && (scope() == MetadataScope.CATALOG ? catalog : schema) == null;
  }

  /**
   * An exact-name call with no schema argument: the wrapped driver's answer without any draft's rows, and each covered
   * schema's draft asked by name where the table binds there; so each logical table answers once, where it binds.
   */
  private MergedAnswer acrossSchemas(Call call, String catalog, String schema, String table, String[] order)
      throws SQLException {
    MergedAnswer a = answer(order);
    a.add(counted(inner, md -> call.on(md, catalog, schema)), null, true);
    for (SchemaLayout s : unnamedScope()) {
      if (layout.bind(s, table) == SchemaLayout.Binding.DRAFT) {
        a.add(counted(inner, md -> scope() == MetadataScope.CATALOG ? call.on(md, s.draft, schema)
            : call.on(md, catalog, s.draft)), null);
        a.sorted = order != null;
      }
    }
    return a;
  }

  /** An exact-name call, asked once, where the table binds. */
  private MergedAnswer exact(Call call, String catalog, String schema, String table, String[] order) throws SQLException {
    if (table != null && unnamed(catalog, schema)) {
      return acrossSchemas(call, catalog, schema, table, order);
    }
    Target t = target(catalog, schema, table);
    MergedAnswer a = answer(order);
    a.layout = t.layout;
    a.binding = t.binding;
    if (t.layout != null && t.binding == SchemaLayout.Binding.LOGICAL
        && t.layout.draftTables.contains(backend.key(table, true))) {
      a.shadowed.add(MergedAnswer.shadowMessage(layout, t.layout, table));
    }
    if (t.layout != null && t.binding == SchemaLayout.Binding.DRAFT && scope() == MetadataScope.NONE) {
      onDraftFile(t.layout, md -> {
        a.add(call.on(md, catalog, schema), t.layout.logical);
        return null;
      });
    } else {
      a.add(counted(inner, md -> call.on(md, t.catalog, t.schema)), null);
    }
    return a;
  }

  /** The physical name of a bound table, quoted as ~edge records it. */
  private String physical(SchemaLayout s, SchemaLayout.Binding b, String table) {
    return backend.quote(b == SchemaLayout.Binding.DRAFT ? s.draft : s.logical, table);
  }

  /** A merged answer in the making, its rows to be sorted by the columns of {@code order} (null: as they come). */
  private MergedAnswer answer(String[] order) {
    return new MergedAnswer(layout, router, scope(), order);
  }

  /** Adds the ~edge rows of one draft to the answer ({@link EdgeRows#add}); the answer is sorted again if any. */
  private void addEdges(MergedAnswer a, SchemaLayout draft, boolean byChild, String physical, String parent)
      throws SQLException {
    if (edgeRows == null) {
      edgeRows = new EdgeRows(backend, prefix, scope(), inner);
    }
    if (edgeRows.add(a.table, draft, byChild, physical, parent)) {
      a.sorted = true;
    }
  }

  /** How the wrapped driver narrows metadata to a schema; asked once. */
  private MetadataScope scope() {
    if (scope == null) {
      scope = MetadataScope.of(inner);
    }
    return scope;
  }

  /** For a driver that cannot scope: the logical schema a call means (the named one, else the current one). */
  private String unscopedLogical(String schema) {
    if (schema != null && schema.indexOf('%') < 0 && !schema.startsWith(prefix)) {
      return schema;
    }
    return router.currentSchema();
  }

  private static String escaped(String literal) throws SQLException {
    return literal.replace("_", "\\_").replace("%", "\\%");
  }

  /** One call to wrapped metadata, counted as a round trip. */
  private ResultSet counted(DatabaseMetaData md, MetadataCall call) throws SQLException {
    server.reached();
    return call.on(md);
  }

  @FunctionalInterface
  interface MetadataCall {
    ResultSet on(DatabaseMetaData md) throws SQLException;
  }

  /**
   * Runs calls on a connection of the wrapped driver to a draft's own file, where the draft is the main
   * database: for a driver whose metadata sees only the main database. Opening it and each call count.
   */
  private void onDraftFile(SchemaLayout s, MetadataCall calls) throws SQLException {
    String file = null;
    try (PreparedStatement ps = router.internal().prepareStatement(
        "SELECT file FROM pragma_database_list WHERE name = ?")) {
      ps.setString(1, s.draft);
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next()) {
          file = rs.getString(1);
        }
      }
    }
    if (file == null || file.isEmpty()) {
      return; // an in-memory draft has no file to open: its tables cannot be described
    }
    String url = inner.getURL();
    String scheme = url.substring(0, url.indexOf(':', "jdbc:".length()) + 1);
    server.reached();
    try (Connection side = DriverManager.getConnection(scheme + file)) {
      server.reached();
      calls.on(side.getMetaData());
    }
  }
}

package org.djbranch.driver.metadata;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.jdbc.ServerCalls;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.driver.naming.HiddenTables;
import org.djbranch.driver.metadata.MetadataTable.Cell;
import org.djbranch.rewriter.QualifiedNames;

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
 */
final class MergedMetadata {
  /** How the wrapped driver narrows a metadata call to one schema. */
  private enum Scope {
    SCHEMA, CATALOG, NONE
  }

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
  private Scope scope;
  private String catalogName;
  private boolean catalogNameRead;

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
    Answer a = exact((md, c, s) -> md.getImportedKeys(c, s, table), catalog, schema, table, IMPORTED_ORDER);
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
    Answer a = exact((md, c, s) -> md.getExportedKeys(c, s, table), catalog, schema, table, EXPORTED_ORDER);
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
    Answer a = new Answer(EXPORTED_ORDER);
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
    Answer a = new Answer(order);
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

  /** A merged answer in the making. */
  private final class Answer {
    MetadataTable table;
    final String[] order;
    final Set<String> shadowed = new LinkedHashSet<>();
    boolean sorted;
    SchemaLayout layout;
    SchemaLayout.Binding binding;

    Answer(String[] order) {
      this.order = order;
    }

    /**
     * Adds one answer of the wrapped driver. {@code draftOf} is the logical schema when every row comes from its
     * draft (a draft file asked on its own connection); null when rows say by their schema name where they are.
     */
    void add(ResultSet rs, String draftOf) throws SQLException {
      add(rs, draftOf, false);
    }

    /** As {@link #add(ResultSet, String)}, leaving out the rows of draft schemas when {@code skipDrafts}. */
    void add(ResultSet rs, String draftOf, boolean skipDrafts) throws SQLException {
      MetadataTable part = MetadataTable.read(rs);
      if (table == null) {
        table = new MetadataTable(part.columns);
      } else {
        sorted = order != null;
      }
      int name = part.index("TABLE_NAME");
      int scopeColumn = part.index(scope() == Scope.CATALOG ? "TABLE_CAT" : "TABLE_SCHEM");
      List<Integer> nameColumns = nameColumns(part);
      for (Cell[] row : part.rows) {
        String physicalScope = MetadataTable.text(row, scopeColumn);
        String logical = draftOf;
        if (logical == null && physicalScope != null && physicalScope.startsWith(prefix)) {
          if (skipDrafts) {
            continue;
          }
          logical = physicalScope.substring(prefix.length());
        } else if (logical == null && DraftNames.isAnyDraft(physicalScope)) {
          continue; // another branch's draft: its tables, ~edge, indexes and sequences are not this branch's
        } else if (logical == null && name >= 0 && copiedHere(physicalScope, MetadataTable.text(row, name))) {
          continue; // trunk's bookkeeping table, which this branch's own copy stands for
        }
        if (logical != null && name >= 0 && hidden(logical, MetadataTable.text(row, name), shadowed)) {
          continue;
        }
        if (draftOf != null && name >= 0 && String.valueOf(MetadataTable.text(row, name)).startsWith("sqlite_")) {
          continue; // a draft file's own catalog tables: the main database already lists its own
        }
        for (int i : nameColumns) {
          String text = row[i].text();
          if (text != null && text.startsWith(prefix)) {
            row[i] = Cell.of(text.substring(prefix.length()));
          }
        }
        table.rows.add(row);
      }
    }

    ResultSet result() {
      if (sorted && order != null) {
        table.rows.sort(comparator(table, order));
      }
      SQLWarning warning = null;
      for (String s : shadowed) {
        SQLWarning w = new SQLWarning(s, "01000");
        if (warning == null) {
          warning = w;
        } else {
          warning.setNextWarning(w);
        }
      }
      return new MetadataResultSet(table, warning);
    }
  }

  /** The order JDBC specifies for a method's rows: by the named columns, nulls first, numbers as numbers. */
  private static Comparator<Cell[]> comparator(MetadataTable t, String[] order) {
    List<Integer> keys = new ArrayList<>();
    for (String label : order) {
      int i = t.index(label);
      if (i >= 0) {
        keys.add(i);
      }
    }
    return (a, b) -> {
      for (int i : keys) {
        int c = compare(a[i], b[i]);
        if (c != 0) {
          return c;
        }
      }
      return 0;
    };
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Cell a, Cell b) {
    if (a.value() == null || b.value() == null) {
      return a.value() == null ? (b.value() == null ? 0 : -1) : 1;
    }
    if (a.value() instanceof Number x && b.value() instanceof Number y) {
      return Double.compare(x.doubleValue(), y.doubleValue());
    }
    if (a.value() instanceof Comparable x && a.value().getClass() == b.value().getClass()) {
      return x.compareTo(b.value());
    }
    return a.text().compareTo(b.text());
  }

  /** Whether a row of logical schema {@code schema} is trunk's bookkeeping table that this branch has its copy of. */
  private boolean copiedHere(String schema, String table) {
    if (schema == null || !layout.isBranchLocal(table)) {
      return false;
    }
    SchemaLayout s = layout.get(schema);
    return s != null && s.draftTables.contains(backend.key(table, true));
  }

  /**
   * Whether a draft row stays out: a hidden table of the draft (~edge, DataJoint's ~lineage and ~~jobs, and their
   * indexes: the draft's own, never listed as the logical schema's nor as shadowed by the pipeline's of the same
   * name), or a table the logical schema shadows (named in a warning).
   */
  private boolean hidden(String logical, String table, Set<String> shadowed) throws SQLException {
    if (table == null) {
      return false;
    }
    if (HiddenTables.isHidden(table)) {
      return true;
    }
    if (layout.isBranchLocal(table)) {
      return false; // the branch's own copy of a bookkeeping table stands for trunk's, unannounced
    }
    SchemaLayout s = layout.activate(router.internal(), logical);
    if (s.logicalTables.contains(backend.key(table, true))) {
      shadowed.add(shadowMessage(s, table));
      return true;
    }
    return false;
  }

  private String shadowMessage(SchemaLayout s, String table) {
    return "On branch " + layout.branch + " the draft table " + s.draft + "." + table + " is shadowed by "
        + s.logical + "." + table + ", which the pipeline holds: names bind to the logical table, so only it is"
        + " listed.";
  }

  /** Columns naming a schema or catalog: every one is translated (ShardingSphere forgot some). */
  private static List<Integer> nameColumns(MetadataTable t) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < t.columns.count(); i++) {
      String label = t.columns.label(i);
      if (label.endsWith("_CAT") || label.endsWith("_SCHEM") || label.endsWith("_CATALOG")
          || label.endsWith("_SCHEMA") || label.equals("INDEX_QUALIFIER")) {
        out.add(i);
      }
    }
    return out;
  }

  /**
   * A listing narrowed by a schema pattern (or a MySQL catalog): the logical answer, plus the drafts' answer
   * when the pattern names schemas (a null pattern already answers for the drafts).
   */
  private ResultSet patterned(Call call, String catalog, String schema, boolean isPattern, String[] order)
      throws SQLException {
    Answer a = new Answer(order);
    switch (scope()) {
      case SCHEMA:
      case CATALOG: {
        boolean byCatalog = scope() == Scope.CATALOG;
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
    Scope sc = scope();
    String named = sc == Scope.CATALOG ? catalog : schema;
    if (sc == Scope.NONE) {
      named = unscopedLogical(schema);
    }
    if (named == null || table == null || named.startsWith(prefix) || backend.isSystemSchema(named)) {
      return new Target(catalog, schema, null, null);
    }
    SchemaLayout s = layout.activate(router.internal(), named);
    SchemaLayout.Binding b = layout.bind(s, table);
    if (b != SchemaLayout.Binding.DRAFT || sc == Scope.NONE) {
      return new Target(catalog, schema, s, b);
    }
    return sc == Scope.CATALOG ? new Target(s.draft, schema, s, b) : new Target(catalog, s.draft, s, b);
  }

  /**
   * The logical schemas a call with no schema (or, on MySQL, no catalog) argument covers: every activated one where
   * the wrapped driver reads null as "all schemas", the current one where it reads null as "the current database".
   */
  private List<SchemaLayout> unnamedScope() {
    if (scope() == Scope.SCHEMA) {
      return layout.activated();
    }
    SchemaLayout current = router.currentSchema() == null ? null : layout.get(router.currentSchema());
    return current == null ? List.of() : List.of(current);
  }

  /** Whether a call names no schema (no catalog on MySQL), as SQL clients call it. */
  private boolean unnamed(String catalog, String schema) {
    return scope() != Scope.NONE && (scope() == Scope.CATALOG ? catalog : schema) == null;
  }

  /**
   * An exact-name call with no schema argument: the wrapped driver's answer without any draft's rows, and each covered
   * schema's draft asked by name where the table binds there; so each logical table answers once, where it binds.
   */
  private Answer acrossSchemas(Call call, String catalog, String schema, String table, String[] order)
      throws SQLException {
    Answer a = new Answer(order);
    a.add(counted(inner, md -> call.on(md, catalog, schema)), null, true);
    for (SchemaLayout s : unnamedScope()) {
      if (layout.bind(s, table) == SchemaLayout.Binding.DRAFT) {
        a.add(counted(inner, md -> scope() == Scope.CATALOG ? call.on(md, s.draft, schema)
            : call.on(md, catalog, s.draft)), null);
        a.sorted = order != null;
      }
    }
    return a;
  }

  /** An exact-name call, asked once, where the table binds. */
  private Answer exact(Call call, String catalog, String schema, String table, String[] order) throws SQLException {
    if (table != null && unnamed(catalog, schema)) {
      return acrossSchemas(call, catalog, schema, table, order);
    }
    Target t = target(catalog, schema, table);
    Answer a = new Answer(order);
    a.layout = t.layout;
    a.binding = t.binding;
    if (t.layout != null && t.binding == SchemaLayout.Binding.LOGICAL
        && t.layout.draftTables.contains(backend.key(table, true))) {
      a.shadowed.add(shadowMessage(t.layout, table));
    }
    if (t.layout != null && t.binding == SchemaLayout.Binding.DRAFT && scope() == Scope.NONE) {
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

  /**
   * Adds the ~edge rows of one draft whose referencing table ({@code byChild}) or referenced table is
   * {@code physical} (and, for a cross reference, whose referenced table is {@code parent}) as rows of the
   * foreign-key answer. The rows come from the branch layout, which read them with the schema's listing and
   * keeps them current as the branch declares; no query.
   */
  private void addEdges(Answer a, SchemaLayout draft, boolean byChild, String physical, String parent)
      throws SQLException {
    String wanted = backend.key(physical, true);
    String wantedParent = parent == null ? null : backend.key(parent, true);
    for (Edges.Edge e : draft.edges) {
      String named = byChild ? e.referencingTable() : e.referencedTable();
      // Names compared as the database compares them: a caller may spell the table otherwise than its declaration.
      if (backend.key(named, true).equals(wanted)
          && (wantedParent == null || backend.key(e.referencedTable(), true).equals(wantedParent))) {
        a.table.rows.add(edgeRow(a.table, e));
        a.sorted = true;
      }
    }
  }

  private Cell[] edgeRow(MetadataTable t, Edges.Edge edge) throws SQLException {
    String[] child = schemaAndTable(edge.referencingTable());
    String[] parent = schemaAndTable(edge.referencedTable());
    Cell[] row = new Cell[t.columns.count()];
    java.util.Arrays.fill(row, Cell.NULL);
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
    switch (scope()) {
      case CATALOG:
        return logicalOf(physicalSchema);
      case SCHEMA:
        return catalogName();
      default:
        return null;
    }
  }

  private String schemaOf(String physicalSchema) {
    return scope() == Scope.CATALOG ? null : logicalOf(physicalSchema);
  }

  /** The catalog the wrapped driver reports beside a schema (PostgreSQL's and DuckDB's database name). */
  private String catalogName() throws SQLException {
    if (!catalogNameRead) {
      catalogName = inner.getConnection().getCatalog();
      catalogNameRead = true;
    }
    return catalogName;
  }

  /** How the wrapped driver narrows metadata to a schema; asked of the driver, which answers without I/O. */
  private Scope scope() {
    if (scope == null) {
      try {
        scope = inner.supportsSchemasInTableDefinitions() ? Scope.SCHEMA
            : inner.supportsCatalogsInTableDefinitions() ? Scope.CATALOG : Scope.NONE;
      } catch (SQLException e) {
        scope = Scope.SCHEMA;
      }
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

  /** {@code [schema, table]} of a quoted full name as ~edge records it; the schema is null for a one-part name. */
  private String[] schemaAndTable(String quoted) {
    List<String> parts = QualifiedNames.split(quoted, backend.dialect());
    if (parts.isEmpty()) {
      return new String[] {null, quoted};
    }
    return new String[] {parts.size() > 1 ? parts.get(parts.size() - 2) : null, parts.get(parts.size() - 1)};
  }
}

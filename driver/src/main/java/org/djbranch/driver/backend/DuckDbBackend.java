package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.RenderedLabels;
import org.djbranch.rewriter.SessionSchemas;

/**
 * DuckDB. No hard identifier limit; 255 keeps derived names portable to files and tools. Names compare without
 * regard to case.
 */
final class DuckDbBackend extends Backend {
  DuckDbBackend() {
    super("DuckDB", Dialect.DUCKDB, 255, false);
  }

  private final PhysicalCatalog catalog = new DuckDbCatalog(this);

  @Override
  public PhysicalCatalog catalog() {
    return catalog;
  }

  @Override
  public RenderedLabels renderedLabels(Connection internal) {
    return new DuckDbRenderedLabels(internal);
  }

  /**
   * DuckDB's own catalog functions rather than information_schema, whose views over them take about twice as long
   * (a millisecond against half of one): views listed with tables, as information_schema.tables lists them, DuckDB's
   * internal ones left out as it leaves them out.
   */
  @Override
  public String listingSql() {
    return "SELECT schema_name, NULL FROM duckdb_schemas()"
        + " WHERE database_name = current_database() AND lower(schema_name) IN (lower(?), lower(?))"
        + " UNION ALL SELECT schema_name, name FROM (SELECT schema_name, table_name AS name FROM duckdb_tables()"
        + " WHERE database_name = current_database() UNION ALL SELECT schema_name, view_name FROM duckdb_views()"
        + " WHERE database_name = current_database() AND NOT internal) WHERE lower(schema_name) IN (lower(?), lower(?))";
  }

  /** As {@link #listingSql}, DuckDB's catalog functions; the table asked for is a table ({@code ~edge}), no view. */
  @Override
  protected String schemasHoldingSql() {
    return "SELECT schema_name, 0 FROM duckdb_schemas() WHERE database_name = current_database()"
        + " UNION ALL SELECT schema_name, 1 FROM duckdb_tables()"
        + " WHERE database_name = current_database() AND table_name = ?";
  }

  /** duckdb_jdbc sets no SQLState; its catalog errors say so in words. */
  @Override
  public boolean isUndefinedTable(java.sql.SQLException e) {
    String m = e.getMessage();
    return m != null && m.contains("Catalog Error") && m.contains("does not exist");
  }

  /** As on PostgreSQL, CASCADE takes the keys that reference a dropped table with it. */
  @Override
  public boolean dropCascadeReleasesChildren() {
    return true;
  }

  @Override
  public String tableOfIndex(Connection c, String schema, String index) throws SQLException {
    return catalog().first(c, "SELECT table_name FROM duckdb_indexes() WHERE schema_name = ? AND index_name = ?",
        schema, index);
  }

  @Override
  public boolean isSystemSchema(String schema) {
    String s = lower(schema);
    return s.equals("information_schema") || s.equals("pg_catalog");
  }

  /**
   * A database attached to the instance ({@code ATTACH 'f.duckdb' AS oth}, by this connection or another of the
   * process), other than the connection's current one; DuckDB's own {@code temp} and {@code system} are the
   * connection's. One query, asked only of a name the branch holds no schema of.
   */
  @Override
  public boolean isOtherDatabase(Connection c, String name) throws SQLException {
    return catalog().first(c, "SELECT database_name FROM duckdb_databases() WHERE lower(database_name) = lower(?)"
        + " AND database_name <> current_database() AND NOT internal", name) != null;
  }

  @Override
  public boolean resolvesSchemaAsDatabase() {
    return true;
  }

  /** DuckDB compares names without regard to the case of A to Z only: {@code É} and {@code é} are two names. */
  @Override
  public String key(String name, boolean quoted) {
    return Dialect.asciiLower(name);
  }

  @Override
  public String columnKey(String column) {
    return Dialect.asciiLower(column);
  }

  /**
   * The search path as set ({@code SET search_path = 'a,b'}; {@code USE s} sets it too), then the default
   * database's {@code main}, which DuckDB searches after it. Entries of another database (attached) are left out:
   * a branch's schemas are the current database's. Temporary tables and the system catalog are left out too.
   */
  @Override
  public SearchPath searchPath(Connection c) throws SQLException {
    String value;
    String database;
    try (java.sql.Statement s = c.createStatement();
        java.sql.ResultSet rs = s.executeQuery("SELECT current_setting('search_path'), current_database()")) {
      rs.next();
      value = rs.getString(1);
      database = rs.getString(2);
    }
    List<SearchPath.Entry> entries = new ArrayList<>();
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (List<String> entry : SessionSchemas.pathEntries(value, dialect(), true)) {
      if (entry.size() > 2 || (entry.size() == 2 && !key(entry.get(0), true).equals(key(database, true)))) {
        continue;
      }
      String schema = entry.get(entry.size() - 1);
      if (seen.add(key(schema, true))) {
        entries.add(new SearchPath.Entry(schema, false));
      }
    }
    if (seen.add("main")) {
      // With no path set, main is where unqualified new tables go; after one, it is only searched.
      entries.add(new SearchPath.Entry("main", !entries.isEmpty()));
    }
    return new SearchPath(entries);
  }

  /**
   * The foreign keys of one schema whose child ({@code table_name}) or parent ({@code referenced_table}) is a table,
   * one row per column in order (the two lists unnested side by side): DuckDB's own catalog, read in under a
   * millisecond where its JDBC metadata takes seven, and in two thirds of the time numbering the columns in a
   * subquery took. A
   * DuckDB key never leaves its schema, and takes no action but NO ACTION.
   */
  private static final String KEYS = "SELECT table_name, constraint_name, unnest(constraint_column_names),"
      + " referenced_table, unnest(referenced_column_names) FROM duckdb_constraints()"
      + " WHERE database_name = current_database() AND constraint_type = 'FOREIGN KEY'"
      + " AND lower(schema_name) = lower(?) AND (lower(table_name) = lower(?) OR lower(referenced_table) = lower(?))";

  @Override
  protected boolean readsKeysAroundAtOnce(String schema) {
    return true;
  }

  /**
   * The keys {@link #KEYS} finds around {@code table}: those it holds, and those that name it as parent, each with
   * its child. One query either way: a copy asks both, and each query is a round trip of its own.
   */
  @Override
  public KeysAround keysAround(Connection c, String schema, String table) throws SQLException {
    // by child table, then key name, as the catalog orders them; each key's columns come in order from the unnesting
    Map<List<String>, List<String[]>> byKey = new java.util.TreeMap<>(
        java.util.Comparator.<List<String>, String>comparing(k -> k.get(0)).thenComparing(k -> k.get(1)));
    try (OwnStatement own = own(c, KEYS, schema, table, table); ResultSet rs = own.query()) {
      while (rs.next()) {
        byKey.computeIfAbsent(List.of(rs.getString(1), rs.getString(2)), k -> new ArrayList<>())
            .add(new String[] {rs.getString(3), rs.getString(4), rs.getString(5)});
      }
    }
    String named = table.toLowerCase(java.util.Locale.ROOT); // as the query's lower() compares
    List<LiveForeignKey> own = new ArrayList<>();
    List<ReferencingKey> referencing = new ArrayList<>();
    byKey.forEach((key, rows) -> {
      List<String> columns = new ArrayList<>();
      List<String> parentColumns = new ArrayList<>();
      for (String[] r : rows) {
        columns.add(r[0]);
        parentColumns.add(r[2]);
      }
      String parent = rows.get(0)[1];
      LiveForeignKey fk = new LiveForeignKey(key.get(1), schema, parent, columns, parentColumns,
          DatabaseMetaData.importedKeyNoAction, DatabaseMetaData.importedKeyNoAction);
      if (key.get(0).toLowerCase(java.util.Locale.ROOT).equals(named)) {
        own.add(fk);
      }
      if (parent.toLowerCase(java.util.Locale.ROOT).equals(named)) {
        referencing.add(new ReferencingKey(schema, key.get(0), fk));
      }
    });
    return new KeysAround(own, referencing);
  }

  /**
   * DuckDB's driver prepares in a call of its own and plans again at execution: a catalog read or a record as one
   * text takes about two thirds of its time prepared and bound (0.57 against 0.83 ms for the view check, 0.8
   * against 1.2 for a {@code ~copy} record, in a copy's transaction).
   */
  @Override
  protected boolean writesOwnValuesIn() {
    return true;
  }

  @Override
  public TruncateOfReferenced truncateOfReferenced() {
    return TruncateOfReferenced.REFUSED_WHILE_REFERENCED;
  }

  /**
   * One row group of DuckDB's (122,880 rows). Up to it, one transaction is the faster layout: timed by hand, a copy of
   * 10⁵ rows with its key and index took 75 ms in one transaction against 81 ms with its rows committed first (91
   * against 107 ms with the index's keys in random order); at 1.3·10⁵ and 1.5·10⁵ rows still 2 to 23 ms less; at
   * 2·10⁵ rows 12 to 18 ms more, and at 10⁶ 0.21 s more.
   */
  @Override
  public long rowsCommittedFirstPast() {
    return 122_880;
  }

  @Override
  public boolean bindsNamedObjects() {
    return true;
  }

  @Override
  public boolean holdsObject(Connection c, String schema, String kind, String name) throws SQLException {
    if (kind.equals("COLLATION") || kind.equals("DOMAIN")) {
      return false; // DuckDB declares neither
    }
    String sql = kind.equals("SEQUENCE")
        ? "SELECT 1 FROM duckdb_sequences() WHERE database_name = current_database() AND lower(schema_name) = lower(?)"
            + " AND lower(sequence_name) = lower(?)"
        : "SELECT 1 FROM duckdb_types() WHERE database_name = current_database() AND lower(schema_name) = lower(?)"
            + " AND lower(type_name) = lower(?)";
    return catalog().first(c, sql, schema, name) != null;
  }

  @Override
  public boolean declaresAlongDraftPath() {
    return true;
  }

  @Override
  public void setSearchPath(Connection c, List<String> schemas) throws SQLException {
    StringBuilder path = new StringBuilder();
    for (String schema : schemas) {
      path.append(path.length() == 0 ? "" : ",").append(quote(schema));
    }
    execute(c, "SET search_path = " + stringLiteral(path.toString()));
  }

  @Override
  public boolean pathListsInLiterals() {
    return true;
  }
}

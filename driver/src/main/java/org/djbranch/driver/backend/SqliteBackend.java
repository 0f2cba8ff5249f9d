package org.djbranch.driver.backend;

import java.io.File;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.driver.naming.NameLimit;
import org.djbranch.rewriter.Dialect;

/**
 * SQLite. A schema is an attached database file; a draft schema is a file beside the main one, named
 * {@code <main file>.<draft schema>}, and attached when a branch connection opens. No identifier limit of its own:
 * a name meets the file system's, 255 bytes for the whole file name and its {@code -journal} (checked where a
 * file is named, {@link #schemaFile}). Names compare without regard to case.
 */
final class SqliteBackend extends Backend {
  /** A schema's file name: SQLite names its rollback journal beside it {@code <file>-journal}, which must fit too. */
  private static final NameLimit SCHEMA_FILE = NameLimit.FILE_NAME.less("-journal",
      "255 bytes, less the -journal SQLite adds to a file's name");

  SqliteBackend() {
    super("SQLite", Dialect.SQLITE, NameLimit.FILE_NAME.max(), NameLimit.FILE_NAME.inBytes());
  }

  private final PhysicalCatalog catalog = new SqliteCatalog(this);

  @Override
  public PhysicalCatalog catalog() {
    return catalog;
  }

  @Override
  public String listingSql() {
    return "SELECT name, NULL FROM pragma_database_list WHERE name COLLATE NOCASE IN (?, ?)"
        + " UNION ALL SELECT schema, name FROM pragma_table_list WHERE schema COLLATE NOCASE IN (?, ?)"
        + " AND type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'";
  }

  @Override
  protected String schemasHoldingSql() {
    return "SELECT name, 0 FROM pragma_database_list"
        + " UNION ALL SELECT schema, 1 FROM pragma_table_list WHERE name = ?";
  }

  /**
   * The attached schemas, and the files beside the main one named {@code <main>.<schema>}: a base schema a draft
   * introduced is such a file, attached only once a statement names it, and tells whose a draft name is.
   */
  @Override
  public Map<String, Boolean> schemasHolding(Connection c, String table) throws SQLException {
    Map<String, Boolean> out = super.schemasHolding(c, table);
    for (String schema : schemaFiles(mainFile(c), "").keySet()) {
      out.putIfAbsent(schema, false);
    }
    return out;
  }

  @Override
  public String currentSchema(Connection c) {
    return "main";
  }

  /** Attaches the draft files of this branch found beside the main file. */
  @Override
  public void openBranch(Connection c, DraftNames drafts) throws SQLException {
    for (Map.Entry<String, File> draft : schemaFiles(mainFile(c), drafts.prefix()).entrySet()) {
      attach(c, draft.getValue(), draft.getKey());
    }
  }

  /**
   * The files beside the main one that hold a schema whose name starts with {@code prefix}, by schema name: a file
   * {@code <main>.<schema>}. A journal or WAL beside one ({@code ...-journal}) is no schema.
   */
  static Map<String, File> schemaFiles(File main, String prefix) {
    Map<String, File> out = new java.util.TreeMap<>();
    File[] files = main == null ? null : main.getAbsoluteFile().getParentFile().listFiles();
    for (File f : files == null ? new File[0] : files) {
      String name = f.getName();
      if (name.startsWith(main.getName() + ".")) {
        String schema = name.substring(main.getName().length() + 1);
        if (schema.length() > prefix.length() && schema.startsWith(prefix) && schema.matches("[A-Za-z0-9_]+")) {
          out.put(schema, f);
        }
      }
    }
    return out;
  }

  @Override
  public boolean schemasPerConnection() {
    return true;
  }

  /**
   * Attaches the file beside the main one named for the schema, creating it if missing (in memory for an
   * in-memory database); nothing when this connection has it attached already.
   */
  @Override
  public void createSchema(Connection c, String schema) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pragma_database_list WHERE name = ?")) {
      ps.setString(1, schema);
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next()) {
          return;
        }
      }
    }
    attach(c, schemaFile(mainFile(c), schema), schema);
  }

  /**
   * The file beside the main one named for a schema, {@code <main file>.<schema>}; a {@code 42622} error naming the
   * schema where the file name would not fit the file system's limit. Null for an in-memory database.
   */
  private static File schemaFile(File main, String schema) throws SQLException {
    if (main == null) {
      return null;
    }
    String name = SCHEMA_FILE.check(main.getName() + "." + schema, "file of schema " + schema + ",",
        excess -> "Use a branch, schema or database file name at least " + excess + " bytes shorter.");
    return new File(main.getAbsoluteFile().getParentFile(), name);
  }

  /** The file beside the main one named for the schema, attached where it exists; none is created. */
  @Override
  public boolean attachExisting(Connection c, String schema) throws SQLException {
    File file = schemaFile(mainFile(c), schema);
    if (file == null || !file.isFile()) {
      return false;
    }
    createSchema(c, schema);
    return true;
  }

  void attach(Connection c, File file, String schema) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("ATTACH DATABASE ? AS " + quote(schema))) {
      ps.setString(1, file == null ? ":memory:" : file.getPath());
      ps.execute();
    }
  }

  static File mainFile(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT file FROM pragma_database_list WHERE name = 'main'")) {
      String file = rs.next() ? rs.getString(1) : null;
      return file == null || file.isEmpty() ? null : new File(file);
    }
  }

  /** A failed statement is undone on its own; the transaction goes on. */
  @Override
  public boolean failureAbortsTransaction() {
    return false;
  }

  @Override
  public boolean savepointBeginsTransaction() {
    return true;
  }

  @Override
  public boolean qualifiesIndexNotTable() {
    return true;
  }

  @Override
  public boolean storedObjectsReadOtherSchemas() {
    return false;
  }

  @Override
  public String tableOfIndex(Connection c, String schema, String index) throws SQLException {
    // each attached file has its own catalog; names compare without case as SQLite compares them
    return catalog().first(c, "SELECT tbl_name FROM " + quote(schema) + ".sqlite_master WHERE type = 'index'"
        + " AND name = ? COLLATE NOCASE", index);
  }

  @Override
  public String tableOfTrigger(Connection c, String schema, String trigger) throws SQLException {
    return catalog().first(c, "SELECT tbl_name FROM " + quote(schema) + ".sqlite_master WHERE type = 'trigger'"
        + " AND name = ? COLLATE NOCASE", trigger);
  }

  @Override
  public RowChanges rowChanges(Connection c) throws SQLException {
    try (java.sql.Statement s = c.createStatement();
        java.sql.ResultSet r = s.executeQuery("SELECT changes(), total_changes()")) {
      r.next();
      return new RowChanges(r.getLong(1), r.getLong(2));
    }
  }

  /**
   * A statement that changes exactly {@code kept.last()} rows and leaves nothing behind: rows put in a temporary
   * table of the connection's own, then deleted (SQLite counts the rows a whole-table delete removes), the table
   * dropped (DDL leaves the count as it is). Costs a write of that many rows, only after djbranch's own writes.
   */
  @Override
  public void restoreRowChanges(Connection c, RowChanges kept) throws SQLException {
    if (kept == null || rowChanges(c).total() == kept.total()) {
      return;
    }
    String table = "temp." + quote("~row_changes");
    try (java.sql.Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + table); // what a restore stopped half-way left
      s.execute("CREATE TEMP TABLE " + quote("~row_changes") + " (n)");
      if (kept.last() > 0) {
        s.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < " + kept.last() + ")"
            + " INSERT INTO " + table + " SELECT i FROM n");
      }
      s.execute("DELETE FROM " + table);
      s.execute("DROP TABLE " + table);
    }
  }

  @Override
  public boolean containsTriggers() {
    return true;
  }

  /**
   * The keys around a table of {@code main} as the driver's metadata lists them; around one of an attached file from
   * SQLite's own {@code pragma_foreign_key_list} over that file's tables, since the driver's metadata looks for a
   * table's keys in {@code main} alone (and fails: "Table not found"). A key always stays within its file. One query.
   */
  @Override
  public KeysAround keysAround(Connection c, String schema, String table) throws SQLException {
    if (!readsKeysAroundAtOnce(schema)) {
      return super.keysAround(c, schema, table);
    }
    String file = quote(schema);
    String sql = "SELECT m.name, f.id, f.seq, f.\"table\", f.\"from\", COALESCE(f.\"to\", (SELECT k.name FROM"
        + " pragma_table_info(f.\"table\", " + stringLiteral(schema) + ") k WHERE k.pk = f.seq + 1)), f.on_update,"
        + " f.on_delete FROM " + file + ".sqlite_master m JOIN pragma_foreign_key_list(m.name, " + stringLiteral(schema)
        + ") f WHERE m.type = 'table' AND (m.name = ? COLLATE NOCASE OR f.\"table\" = ? COLLATE NOCASE)"
        + " ORDER BY m.name, f.id, f.seq";
    Map<List<Object>, List<String[]>> byKey = new LinkedHashMap<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, table);
      ps.setString(2, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          byKey.computeIfAbsent(List.of(rs.getString(1), rs.getInt(2)), k -> new ArrayList<>())
              .add(new String[] {rs.getString(1), rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7),
                  rs.getString(8)});
        }
      }
    }
    List<LiveForeignKey> own = new ArrayList<>();
    List<ReferencingKey> referencing = new ArrayList<>();
    for (List<String[]> rows : byKey.values()) {
      String[] first = rows.get(0);
      LiveForeignKey key = new LiveForeignKey("", schema, first[1], rows.stream().map(r -> r[2]).toList(),
          rows.stream().map(r -> r[3]).toList(), jdbcRule(first[4]), jdbcRule(first[5]));
      if (first[0].equalsIgnoreCase(table)) {
        own.add(key);
      }
      if (first[1].equalsIgnoreCase(table)) {
        referencing.add(new ReferencingKey(schema, first[0], key));
      }
    }
    return new KeysAround(own, referencing);
  }

  @Override
  protected boolean readsKeysAroundAtOnce(String schema) {
    return schema != null && !schema.equalsIgnoreCase("main");
  }

  /** An action as SQLite's pragma spells it ({@code SET NULL}), as JDBC metadata numbers it. */
  private static int jdbcRule(String action) {
    return switch (action == null ? "" : action.toUpperCase(Locale.ROOT)) {
      case "CASCADE" -> DatabaseMetaData.importedKeyCascade;
      case "SET NULL" -> DatabaseMetaData.importedKeySetNull;
      case "SET DEFAULT" -> DatabaseMetaData.importedKeySetDefault;
      case "RESTRICT" -> DatabaseMetaData.importedKeyRestrict;
      default -> DatabaseMetaData.importedKeyNoAction;
    };
  }

  @Override
  public boolean isSystemSchema(String schema) {
    return lower(schema).equals("temp");
  }

  /** SQLite compares names without regard to the case of A to Z only: {@code É} and {@code é} are two names. */
  @Override
  public String key(String name, boolean quoted) {
    return Dialect.asciiLower(name);
  }

  @Override
  public String columnKey(String column) {
    return Dialect.asciiLower(column);
  }

  @Override
  public boolean isUndefinedTable(SQLException e) {
    return e.getMessage() != null && e.getMessage().contains("no such table");
  }

  @Override
  public boolean isPermissionDenied(SQLException e) {
    return e.getMessage() != null && e.getMessage().contains("SQLITE_READONLY");
  }

  /** SQLite cannot drop a foreign key: only the table that declares it. */
  @Override
  public String dropForeignKeyText(String table, String name) {
    return null;
  }
}

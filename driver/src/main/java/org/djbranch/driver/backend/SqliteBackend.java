package org.djbranch.driver.backend;

import java.io.File;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.driver.naming.NameLimit;
import org.djbranch.rewriter.CopiedTableText;
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
  private static Map<String, File> schemaFiles(File main, String prefix) {
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

  private void attach(Connection c, File file, String schema) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("ATTACH DATABASE ? AS " + quote(schema))) {
      ps.setString(1, file == null ? ":memory:" : file.getPath());
      ps.execute();
    }
  }

  private static File mainFile(Connection c) throws SQLException {
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

  // ---- catalog: a schema is a database file attached under its name ----

  /** Attaches every file beside the main one named {@code <main>.<schema>}: drafts of any branch and their bases. */
  @Override
  public void attachAllSchemas(Connection c) throws SQLException {
    List<String> attached = schemas(c);
    for (Map.Entry<String, File> schema : schemaFiles(mainFile(c), "").entrySet()) {
      if (!attached.contains(schema.getKey())) {
        attach(c, schema.getValue(), schema.getKey());
      }
    }
  }

  @Override
  public List<String> schemas(Connection c) throws SQLException {
    return strings(c, "SELECT name FROM pragma_database_list WHERE name <> 'temp' ORDER BY seq");
  }

  @Override
  public List<String> tables(Connection c, String schema) throws SQLException {
    return strings(c, "SELECT name FROM pragma_table_list WHERE schema = ? AND type IN ('table', 'view')"
        + " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name", schema);
  }

  @Override
  public boolean namedSchemas() {
    return false;
  }

  /** A throwaway schema: an attached in-memory database, gone when detached. */
  @Override
  public void createScratchSchema(Connection c, String schema) throws SQLException {
    attach(c, null, schema);
  }

  /** Detaches the schema and deletes its file; {@code main} is never dropped. */
  @Override
  public void dropSchema(Connection c, String schema, boolean withTables) throws SQLException {
    if (schema.equals("main")) {
      return;
    }
    if (!withTables && schemas(c).contains(schema) && !tables(c, schema).isEmpty()) {
      return;
    }
    String file = null;
    try (PreparedStatement ps = c.prepareStatement("SELECT file FROM pragma_database_list WHERE name = ?")) {
      ps.setString(1, schema);
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next()) {
          file = rs.getString(1);
        }
      }
    }
    if (file != null) {
      execute(c, "DETACH DATABASE " + quote(schema));
      if (!file.isEmpty()) {
        new File(file).delete();
        new File(file + "-journal").delete();
        new File(file + "-wal").delete();
      }
    }
  }

  @Override
  public String dropSchemaText(String schema, boolean withTables) {
    return "DETACH DATABASE " + quote(schema) + " and delete its file";
  }

  /** SQLite cannot drop a foreign key: only the table that declares it. */
  @Override
  public String dropForeignKeyText(String table, String name) {
    return null;
  }

  @Override
  public boolean foreignKeysInline() {
    return true;
  }

  /**
   * A foreign key cannot be added to an existing table and names its parent without a schema, so keys go inside
   * the CREATE TABLE.
   */
  @Override
  public List<String> declareTable(Connection c, String from, String table, String to,
      List<ForeignKeyDeclaration> keys) throws SQLException {
    List<String> sql = strings(c, "SELECT sql FROM " + quote(from) + ".sqlite_master WHERE type = 'table'"
        + " AND name = ?", table);
    if (sql.isEmpty()) {
      throw new SQLException("The table " + quote(from, table) + " does not exist.", "42P01");
    }
    List<String> inline = new ArrayList<>();
    for (ForeignKeyDeclaration k : keys) {
      inline.add(k.clause(this, false));
    }
    List<String> out = new ArrayList<>();
    out.add(CopiedTableText.renamed(sql.get(0), quote(to, table), inline));
    // SQLite stores an index's text with the table unqualified and the index in the table's schema.
    for (String index : strings(c, "SELECT sql FROM " + quote(from) + ".sqlite_master WHERE type = 'index'"
        + " AND tbl_name = ? AND sql IS NOT NULL", table)) {
      out.add(qualifyIndex(index, to));
    }
    return out;
  }

  private String qualifyIndex(String text, String schema) {
    String upper = text.toUpperCase(java.util.Locale.ROOT);
    int at = upper.indexOf("INDEX ") + "INDEX ".length();
    if (upper.startsWith("IF NOT EXISTS ", at)) {
      at += "IF NOT EXISTS ".length();
    }
    return text.substring(0, at) + quote(schema) + "." + text.substring(at);
  }

  /** SQLite checks nothing at declaration: {@code PRAGMA foreign_key_check} finds a key's mismatches. */
  @Override
  public void checkDeclared(Connection c, String schema, String table) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("PRAGMA " + quote(schema) + ".foreign_key_check(" + quote(table) + ")")) {
      while (rs.next()) {
        // rows would be violations by data; a throwaway table holds none
      }
    }
  }
}

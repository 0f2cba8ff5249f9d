package org.djbranch.driver.backend;

import java.io.File;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** SQLite's catalog: a schema is a database file attached under its name. */
final class SqliteCatalog extends PhysicalCatalog {
  private final SqliteBackend sqlite;

  SqliteCatalog(SqliteBackend backend) {
    super(backend);
    this.sqlite = backend;
  }

  /** Attaches every file beside the main one named {@code <main>.<schema>}: drafts of any branch and their bases. */
  @Override
  public void attachAllSchemas(Connection c) throws SQLException {
    List<String> attached = schemas(c);
    for (Map.Entry<String, File> schema : SqliteBackend.schemaFiles(SqliteBackend.mainFile(c), "").entrySet()) {
      if (!attached.contains(schema.getKey())) {
        sqlite.attach(c, schema.getValue(), schema.getKey());
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
    sqlite.attach(c, null, schema);
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
      Backend.execute(c, "DETACH DATABASE " + sqlite.quote(schema));
      if (!file.isEmpty()) {
        new File(file).delete();
        new File(file + "-journal").delete();
        new File(file + "-wal").delete();
      }
    }
  }

  @Override
  public String dropSchemaText(String schema, boolean withTables) {
    return "DETACH DATABASE " + sqlite.quote(schema) + " and delete its file";
  }

  /** Every declaration makes or remakes a table, which the catalog dates. */
  @Override
  public boolean clocksDrafts() {
    return true;
  }

  /** The draft's own file: its last write is the last change of any of its tables. */
  @Override
  protected DraftActivity catalogActivity(Connection c, String schema) throws SQLException {
    List<String> files = strings(c, "SELECT file FROM pragma_database_list WHERE name = ?", schema);
    if (files.isEmpty() || files.get(0) == null || files.get(0).isEmpty() || !new File(files.get(0)).exists()) {
      return null;
    }
    return new DraftActivity(null, java.time.Instant.ofEpochMilli(new File(files.get(0)).lastModified()),
        "draft file's time");
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
    List<String> sql = strings(c, "SELECT sql FROM " + sqlite.quote(from) + ".sqlite_master WHERE type = 'table'"
        + " AND name = ?", table);
    List<String> out = new ArrayList<>();
    out.add(renamedTable(sql, from, table, to, keys, false));
    // SQLite stores an index's text with the table unqualified and the index in the table's schema.
    for (String index : strings(c, "SELECT sql FROM " + sqlite.quote(from) + ".sqlite_master WHERE type = 'index'"
        + " AND tbl_name = ? AND sql IS NOT NULL", table)) {
      out.add(qualifyIndex(index, to));
    }
    return out;
  }

  private String qualifyIndex(String text, String schema) {
    String upper = text.toUpperCase(Locale.ROOT);
    int at = upper.indexOf("INDEX ") + "INDEX ".length();
    if (upper.startsWith("IF NOT EXISTS ", at)) {
      at += "IF NOT EXISTS ".length();
    }
    return text.substring(0, at) + sqlite.quote(schema) + "." + text.substring(at);
  }

  /** SQLite checks nothing at declaration: {@code PRAGMA foreign_key_check} finds a key's mismatches. */
  @Override
  public void checkDeclared(Connection c, String schema, String table) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("PRAGMA " + sqlite.quote(schema) + ".foreign_key_check(" + sqlite.quote(table)
            + ")")) {
      while (rs.next()) {
        // rows would be violations by data; a throwaway table holds none
      }
    }
  }

  /** The pragmas of the table's own file: SQLite's JDBC metadata sees only the main one. */
  @Override
  public TableDescription describe(Connection c, String schema, String table) throws SQLException {
    String file = sqlite.quote(schema) + ".";
    List<Backend.LiveColumn> columns = new ArrayList<>();
    java.util.TreeMap<Integer, String> key = new java.util.TreeMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("PRAGMA " + file + "table_xinfo(" + sqlite.quote(table) + ")")) {
      while (rs.next()) {
        // a column of an INTEGER PRIMARY KEY takes no NULL whatever its notnull says
        columns.add(new Backend.LiveColumn(rs.getString("name"), rs.getString("type"),
            rs.getInt("notnull") == 0 && rs.getInt("pk") == 0, rs.getString("dflt_value") != null));
        if (rs.getInt("pk") > 0) {
          key.put(rs.getInt("pk"), rs.getString("name"));
        }
      }
    }
    List<Backend.LiveIndex> indexes = new ArrayList<>();
    List<String[]> listed = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("PRAGMA " + file + "index_list(" + sqlite.quote(table) + ")")) {
      while (rs.next()) {
        listed.add(new String[] {rs.getString("name"), rs.getString("unique")});
      }
    }
    for (String[] index : listed) {
      List<String> cols = new ArrayList<>();
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("PRAGMA " + file + "index_info(" + sqlite.quote(index[0]) + ")")) {
        while (rs.next()) {
          cols.add(rs.getString("name"));
        }
      }
      indexes.add(new Backend.LiveIndex(index[0], "1".equals(index[1]), cols,
          java.util.Collections.nCopies(cols.size(), false)));
    }
    return new TableDescription(columns, new ArrayList<>(key.values()), indexes);
  }

  @Override
  public boolean isView(Connection c, String schema, String table) throws SQLException {
    String type = first(c, "SELECT type FROM " + backend().quote(schema) + ".sqlite_master WHERE name = ?", table);
    return "view".equals(type);
  }

  /** The views of the file {@code schema} from its {@code sqlite_master}, in the order they were made. */
  @Override
  public List<ViewDefinition> views(Connection c, String schema) throws SQLException {
    return viewsDeclaredBy(c, "SELECT name, sql FROM " + backend().quote(schema) + ".sqlite_master WHERE type = 'view'"
        + " ORDER BY rowid");
  }
}

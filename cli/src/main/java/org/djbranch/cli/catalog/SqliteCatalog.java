package org.djbranch.cli.catalog;

import java.io.File;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.backend.Backend;

/**
 * SQLite: a schema is a database file attached under its name; the driver keeps a branch's draft schemas (and the
 * bases it introduces) in files beside the main one, named {@code <main file>.<schema>}. A foreign key cannot be
 * added to an existing table and names its parent without a schema, so keys go inside the CREATE TABLE, and their
 * mismatches are found by {@code PRAGMA foreign_key_check}, as SQLite checks nothing at declaration.
 */
final class SqliteCatalog extends DatabaseCatalog {
  SqliteCatalog(Backend backend) {
    super(backend);
  }

  /** Attaches every file beside the main one named {@code <main>.<schema>}: drafts of any branch and their bases. */
  @Override
  public void open(Connection c, String branch) throws SQLException {
    File main = mainFile(c);
    if (main == null) {
      return;
    }
    List<String> attached = schemas(c);
    File[] files = main.getAbsoluteFile().getParentFile().listFiles((dir, name) -> name.startsWith(main.getName() + "."));
    if (files == null) {
      return;
    }
    for (File f : files) {
      String schema = f.getName().substring(main.getName().length() + 1);
      if (!schema.isEmpty() && schema.matches("[A-Za-z0-9_]+") && !attached.contains(schema)) {
        attach(c, f.getPath(), schema);
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
  public String currentSchema(Connection c) {
    return "main";
  }

  @Override
  public boolean namedSchemas() {
    return false;
  }

  /** A new schema is a file beside the main one (in memory for an in-memory database), made as the driver makes it. */
  @Override
  public void createSchema(Connection c, String schema) throws SQLException {
    if (!schemas(c).contains(schema)) {
      backend.createSchema(c, schema);
    }
  }

  /** A throwaway schema: an attached in-memory database, gone when detached. */
  @Override
  public void createScratchSchema(Connection c, String schema) throws SQLException {
    attach(c, ":memory:", schema);
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
      execute(c, "DETACH DATABASE " + backend.quote(schema));
      if (!file.isEmpty()) {
        new File(file).delete();
        new File(file + "-journal").delete();
        new File(file + "-wal").delete();
      }
    }
  }

  @Override
  public String dropSchemaText(String schema, boolean withTables) {
    return "DETACH DATABASE " + backend.quote(schema) + " and delete its file";
  }

  @Override
  public boolean foreignKeysInline() {
    return true;
  }

  @Override
  public List<String> declareTable(Connection c, String from, String table, String to, List<ForeignKey> keys)
      throws SQLException {
    List<String> sql = strings(c, "SELECT sql FROM " + backend.quote(from) + ".sqlite_master WHERE type = 'table'"
        + " AND name = ?", table);
    if (sql.isEmpty()) {
      throw new SQLException("The table " + quote(from, table) + " does not exist.", "42P01");
    }
    List<String> inline = new ArrayList<>();
    for (ForeignKey k : keys) {
      inline.add(k.clause(backend, false));
    }
    List<String> out = new ArrayList<>();
    out.add(renamed(sql.get(0), to, table, inline));
    // SQLite stores an index's text with the table unqualified and the index in the table's schema.
    for (String index : strings(c, "SELECT sql FROM " + backend.quote(from) + ".sqlite_master WHERE type = 'index'"
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
    return text.substring(0, at) + backend.quote(schema) + "." + text.substring(at);
  }

  @Override
  public void check(Connection c, String schema, String table) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("PRAGMA " + backend.quote(schema) + ".foreign_key_check(" + backend.quote(table)
            + ")")) {
      while (rs.next()) {
        // rows would be violations by data; a throwaway table holds none
      }
    }
  }

  private void attach(Connection c, String file, String schema) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("ATTACH DATABASE ? AS " + backend.quote(schema))) {
      ps.setString(1, file);
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
}

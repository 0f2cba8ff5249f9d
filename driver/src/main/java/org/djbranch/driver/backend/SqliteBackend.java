package org.djbranch.driver.backend;

import java.io.File;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.djbranch.rewriter.Dialect;

/**
 * SQLite. A schema is an attached database file; a draft schema is a file beside the main one, named
 * {@code <main file>.<draft schema>}, and attached when a branch connection opens. No identifier limit; 255 is
 * the file-name limit its files meet. Names compare without regard to case.
 */
final class SqliteBackend extends Backend {
  SqliteBackend() {
    super("SQLite", Dialect.SQLITE, 255, false);
  }

  @Override
  public String listingSql() {
    return "SELECT name, NULL FROM pragma_database_list WHERE name IN (?, ?)"
        + " UNION ALL SELECT schema, name FROM pragma_table_list WHERE schema IN (?, ?)"
        + " AND type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'";
  }

  @Override
  public String currentSchema(Connection c) {
    return "main";
  }

  /** Attaches the draft files of this branch found beside the main file. */
  @Override
  public void openBranch(Connection c, String branch) throws SQLException {
    File main = mainFile(c);
    if (main == null) {
      return;
    }
    String prefix = main.getName() + ".br_" + branch + "_";
    // Only draft files: a journal or WAL beside one ("...-journal") is not a schema.
    File[] drafts = main.getAbsoluteFile().getParentFile().listFiles((dir, name) -> name.startsWith(prefix)
        && name.substring(prefix.length()).matches("[A-Za-z0-9_]+"));
    if (drafts != null) {
      for (File draft : drafts) {
        attach(c, draft, draft.getName().substring(main.getName().length() + 1));
      }
    }
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
    File main = mainFile(c);
    attach(c, main == null ? null : new File(main.getAbsoluteFile().getParentFile(), main.getName() + "." + schema),
        schema);
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

  @Override
  public boolean qualifiesIndexNotTable() {
    return true;
  }

  @Override
  public boolean isSystemSchema(String schema) {
    return lower(schema).equals("temp");
  }

  @Override
  public String key(String name, boolean quoted) {
    return lower(name);
  }

  @Override
  public boolean isUndefinedTable(SQLException e) {
    return e.getMessage() != null && e.getMessage().contains("no such table");
  }

  @Override
  public boolean isPermissionDenied(SQLException e) {
    return e.getMessage() != null && e.getMessage().contains("SQLITE_READONLY");
  }
}

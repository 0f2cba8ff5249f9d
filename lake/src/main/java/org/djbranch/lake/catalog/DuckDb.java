package org.djbranch.lake.catalog;

import org.djbranch.lake.util.Sql;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/** DuckDB connections as the lake uses them: time zone UTC, so timestamps print the same everywhere. */
public final class DuckDb {
  private DuckDb() {
  }

  public static Connection inMemory() throws SQLException {
    return open("jdbc:duckdb:", new Properties());
  }

  public static Connection file(Path file, boolean readOnly) throws SQLException {
    Properties props = new Properties();
    if (readOnly) {
      props.setProperty("duckdb.read_only", "true");
    }
    return open("jdbc:duckdb:" + file.toAbsolutePath(), props);
  }

  private static Connection open(String url, Properties props) throws SQLException {
    try {
      Class.forName("org.duckdb.DuckDBDriver");
    } catch (ClassNotFoundException e) {
      throw new SQLException("duckdb_jdbc is not on the class path", "08001", e);
    }
    Connection c = DriverManager.getConnection(url, props);
    try (Statement s = c.createStatement()) {
      s.execute("SET TimeZone = 'UTC'");
    }
    return c;
  }

  public static void attach(Connection c, Path file, String alias, boolean readOnly) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("ATTACH " + Sql.literal(file.toAbsolutePath().toString()) + " AS " + Sql.ident(alias)
          + (readOnly ? " (READ_ONLY)" : ""));
    }
  }

  public static Connection sqlite(Path file) throws SQLException {
    try {
      Class.forName("org.sqlite.JDBC");
    } catch (ClassNotFoundException e) {
      throw new SQLException("sqlite-jdbc is not on the class path", "08001", e);
    }
    return DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
  }
}

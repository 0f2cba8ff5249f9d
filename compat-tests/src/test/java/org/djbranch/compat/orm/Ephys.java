package org.djbranch.compat.orm;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import javax.sql.DataSource;
import org.djbranch.compat.Db;
import org.djbranch.compat.TestDatabase;
import org.flywaydb.core.Flyway;

/**
 * Where the ephys pipeline lives in one test database, and how the pipeline code reaches it: always through a
 * HikariCP pool configured with a URL only. The logical schema is the connection's current schema, named in the URL
 * (PostgreSQL {@code currentSchema}, the MariaDB database) or the file's own ({@code main}, DuckDB and SQLite), so the
 * pipeline code names its tables unqualified and reads the same on a branch and on trunk.
 */
public final class Ephys {
  private static final String ALIVE_BYPASS = "com.zaxxer.hikari.aliveBypassWindowMs";

  final TestDatabase place;
  final Db db;
  /** The logical schema the pipeline works in. */
  final String schema;

  Ephys(TestDatabase place) {
    this.place = place;
    this.db = place.db;
    this.schema = db == Db.DUCKDB || db == Db.SQLITE ? "main" : place.schema;
  }

  /** A branch name no other test uses. */
  static String newBranch() {
    return "o" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
  }

  String draft(String branch) {
    return "br_" + branch + "_" + schema;
  }

  /** The wrapped driver's URL, with the logical schema current. */
  String rawUrl() {
    String url = place.rawUrl();
    switch (db) {
      case POSTGRESQL:
        return url + "&currentSchema=" + schema;
      case MARIADB:
        return url.replace(":3306/test?", ":3306/" + schema + "?");
      default:
        return url;
    }
  }

  /** The djbranch URL; {@code branch} "" is trunk. */
  String url(String branch) {
    String inner = rawUrl().substring("jdbc:".length());
    return "jdbc:djbranch:" + inner + (inner.contains("?") ? "&" : "?") + "branch=" + branch;
  }

  /** A pool on the djbranch URL. */
  HikariDataSource pool(String branch, int size) {
    HikariConfig c = new HikariConfig();
    c.setJdbcUrl(url(branch));
    return pool(c, size);
  }

  /** A pool of raw connections counted by the rules of docs/connecting.md, to compare with djbranch on trunk. */
  HikariDataSource rawPool(CountingDataSource counted, int size) {
    HikariConfig c = new HikariConfig();
    c.setDataSource(counted);
    return pool(c, size);
  }

  CountingDataSource counted() {
    return new CountingDataSource(this::rawConnection);
  }

  Connection rawConnection() throws SQLException {
    return DriverManager.getConnection(rawUrl());
  }

  /**
   * A pool of {@code size} connections opened at start. Hikari checks a borrowed connection with isValid only when
   * it idled past a window of time; the window is set wide so that the round trips of a run do not depend on timing.
   */
  private static HikariDataSource pool(HikariConfig c, int size) {
    c.setMaximumPoolSize(size);
    c.setMinimumIdle(size);
    c.setConnectionTimeout(10_000);
    String before = System.getProperty(ALIVE_BYPASS);
    System.setProperty(ALIVE_BYPASS, "3600000");
    try {
      return new HikariDataSource(c);
    } finally {
      if (before == null) {
        System.clearProperty(ALIVE_BYPASS);
      } else {
        System.setProperty(ALIVE_BYPASS, before);
      }
    }
  }

  /** The round trips of every physical connection of a djbranch pool of {@code size} connections. */
  static long roundTrips(DataSource pool, int size) throws SQLException {
    List<Connection> held = new ArrayList<>();
    try {
      long trips = 0;
      for (int i = 0; i < size; i++) {
        Connection c = pool.getConnection();
        held.add(c);
        trips += c.unwrap(org.djbranch.driver.BranchConnection.class).roundTrips();
      }
      return trips;
    } finally {
      for (Connection c : held) {
        c.close();
      }
    }
  }

  /** The migrations folder of this database. */
  String migrations() {
    return "db/migration/" + db.name().toLowerCase(Locale.ROOT).replace("mariadb", "mysql");
  }

  /**
   * Migrates trunk to {@code version} with Flyway, on a trunk pool of the djbranch URL. Flyway has no DuckDB support:
   * there the same scripts run in order through the same URL.
   */
  void migrate(String version) throws Exception {
    try (HikariDataSource trunk = pool("", 2)) {
      if (db == Db.DUCKDB) {
        runScripts(trunk, version);
        return;
      }
      flyway(trunk, version).migrate();
    }
  }

  Flyway flyway(DataSource ds, String version) {
    var config = Flyway.configure().dataSource(ds).locations("classpath:" + migrations()).target(version);
    if (db == Db.POSTGRESQL || db == Db.MARIADB) {
      config = config.schemas(schema).defaultSchema(schema);
    }
    return config.load();
  }

  private void runScripts(DataSource ds, String version) throws Exception {
    try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
      // Called in version order, as Flyway would apply them.
      String name = version.equals("1") ? "V1__ephys_pipeline.sql" : "V2__artifact_tables.sql";
      for (String sql : script(migrations() + "/" + name)) {
        s.execute(sql);
      }
    }
  }

  private static List<String> script(String resource) throws IOException {
    try (InputStream in = Ephys.class.getClassLoader().getResourceAsStream(resource)) {
      List<String> out = new ArrayList<>();
      StringBuilder text = new StringBuilder();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.strip().startsWith("--")) {
          text.append(line).append('\n');
        }
      }
      for (String sql : text.toString().split(";")) {
        if (!sql.isBlank()) {
          out.add(sql.strip());
        }
      }
      return out;
    }
  }

  /** Drops the branch's draft, as the merge does once trunk holds the branch's tables. */
  void dropDraft(String branch) throws Exception {
    if (db == Db.SQLITE) {
      Path main = Path.of(place.rawUrl().substring("jdbc:sqlite:".length()));
      Files.deleteIfExists(main.resolveSibling(main.getFileName() + "." + draft(branch)));
      return;
    }
    try (Connection c = rawConnection(); Statement s = c.createStatement()) {
      s.execute(db == Db.MARIADB ? "DROP DATABASE `" + draft(branch) + "`"
          : "DROP SCHEMA \"" + draft(branch) + "\" CASCADE");
    }
  }

  /** The tables physically in a schema, lower-cased, read through the raw driver. */
  List<String> physicalTables(String physicalSchema) throws SQLException {
    List<String> names = new ArrayList<>();
    try (Connection c = rawConnection()) {
      String sql = db == Db.SQLITE
          ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
          : "SELECT table_name FROM information_schema.tables WHERE table_schema = '" + physicalSchema + "'";
      if (db == Db.SQLITE && !physicalSchema.equals("main")) {
        return names; // a draft file is attached to branch connections only
      }
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          names.add(rs.getString(1).toLowerCase(Locale.ROOT));
        }
      }
    }
    names.sort(null);
    return names;
  }

  /** Tables named like {@code pattern} that a connection's metadata lists in the logical schema. */
  List<String> listedTables(Connection c, String pattern) throws SQLException {
    List<String> names = new ArrayList<>();
    boolean catalogs = db == Db.MARIADB;
    try (ResultSet rs = c.getMetaData().getTables(catalogs ? schema : null, catalogs ? null : schema, pattern,
        new String[] {"TABLE", "BASE TABLE"})) {
      while (rs.next()) {
        names.add(rs.getString("TABLE_NAME").toLowerCase(Locale.ROOT));
      }
    }
    names.sort(null);
    return names;
  }

  /** The foreign keys that a connection's metadata reports as referencing {@code parent}: "child(columns)". */
  List<String> exportedKeys(Connection c, String parent) throws SQLException {
    List<String> keys = new ArrayList<>();
    boolean catalogs = db == Db.MARIADB;
    try (ResultSet rs = c.getMetaData().getExportedKeys(catalogs ? schema : null, catalogs ? null : schema,
        parent)) {
      while (rs.next()) {
        keys.add(rs.getString("FKTABLE_NAME").toLowerCase(Locale.ROOT) + "."
            + rs.getString("FKCOLUMN_NAME").toLowerCase(Locale.ROOT) + "->" + rs.getString("PKCOLUMN_NAME")
            .toLowerCase(Locale.ROOT));
      }
    }
    keys.sort(null);
    return keys;
  }

  /** A value as reports print it: numbers to four places, so that float and double columns compare equal. */
  static String cell(Object v) {
    return v instanceof Double || v instanceof Float || v instanceof java.math.BigDecimal
        ? String.format(Locale.ROOT, "%.4f", ((Number) v).doubleValue()) : String.valueOf(v);
  }

  static String row(Object... values) {
    StringBuilder b = new StringBuilder();
    for (Object v : values) {
      b.append(b.length() == 0 ? "" : " | ").append(cell(v));
    }
    return b.toString();
  }
}

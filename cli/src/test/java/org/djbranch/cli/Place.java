package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * A uniquely named logical schema in one of the four databases, removed again with every {@code br_*} schema a
 * test's branches made of it. Under {@code CI=true} an unreachable server fails the test; elsewhere it is skipped.
 */
final class Place implements AutoCloseable {
  enum Db { DUCKDB, SQLITE, POSTGRESQL, MARIADB }

  final Db db;
  /** The logical schema: unique per place ({@code main} for SQLite, whose file is unique). */
  final String schema;
  /** The djbranch URL, without a branch. */
  final String url;
  private final String rawUrl;
  private final List<String> branches = new ArrayList<>();
  private final List<String> extraSchemas = new ArrayList<>();

  private Place(Db db, String schema, String url, String rawUrl) {
    this.db = db;
    this.schema = schema;
    this.url = url;
    this.rawUrl = rawUrl;
  }

  static Place create(Db db, Path dir) throws SQLException {
    String name = "djc_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    String raw;
    switch (db) {
      case DUCKDB:
        raw = "jdbc:duckdb:" + dir.resolve("db_" + name + ".duckdb"); // a catalog named as the schema is ambiguous
        break;
      case SQLITE:
        raw = "jdbc:sqlite:" + dir.resolve(name + ".db");
        break;
      case POSTGRESQL:
        raw = "jdbc:postgresql://127.0.0.1:5432/test?user=postgres&connectTimeout=5";
        break;
      default:
        raw = "jdbc:mysql://127.0.0.1:3306/test?user=root&password=&useSSL=false&allowPublicKeyRetrieval=true"
            + "&connectTimeout=5000";
    }
    Place p = new Place(db, db == Db.SQLITE ? "main" : name, "jdbc:djbranch:" + raw.substring(5), raw);
    p.reachable();
    if (db != Db.SQLITE) {
      p.exec((db == Db.MARIADB ? "CREATE DATABASE " : "CREATE SCHEMA ") + name);
    }
    return p;
  }

  private void reachable() {
    if (db != Db.POSTGRESQL && db != Db.MARIADB) {
      return;
    }
    try (Connection c = DriverManager.getConnection(rawUrl)) {
      c.isValid(5);
    } catch (SQLException e) {
      String message = db + " is not reachable on 127.0.0.1 (" + e.getMessage() + "); start "
          + (db == Db.POSTGRESQL ? "PostgreSQL on 5432 (user postgres, database test, trust)"
          : "MariaDB on 3306 (user root, empty password)");
      if ("true".equals(System.getenv("CI"))) {
        fail(message, e);
      }
      skip(message);
    }
  }

  /** A branch name no other test uses (the driver caches a branch's layout per process). */
  String newBranch() {
    String b = "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    branches.add(b);
    return b;
  }

  /** A schema besides this place's that {@link #close()} drops too. */
  void dropLater(String schema) {
    extraSchemas.add(schema);
  }

  /** The djbranch URL for another login on {@code branch} (no password: the test servers trust local logins). */
  String loginUrl(String login, String branch) {
    String u = db == Db.POSTGRESQL ? "jdbc:djbranch:postgresql://127.0.0.1:5432/test?user=" + login
        : "jdbc:djbranch:mysql://127.0.0.1:3306/" + schema + "?user=" + login
            + "&password=&useSSL=false&allowPublicKeyRetrieval=true";
    return u + "&branch=" + branch;
  }

  /** The tables physically in {@code schema} (without {@code ~edge}), in name order, read through the raw driver. */
  List<String> tables(String schema) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(rawUrl);
        java.sql.PreparedStatement ps = c.prepareStatement("SELECT table_name FROM information_schema.tables"
            + " WHERE table_schema = ? AND table_name NOT LIKE '~%' ORDER BY 1")) {
      ps.setString(1, schema);
      try (java.sql.ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
    }
    return out;
  }

  /** Runs {@code sql} on {@code branch} through the driver, as an application on that branch would. */
  void onBranch(String branch, String... sql) throws SQLException {
    java.util.Properties props = new java.util.Properties();
    props.setProperty("branch", branch);
    try (Connection c = DriverManager.getConnection(url, props); Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }

  /** Whether {@code branch}'s draft of this place's schema exists, as the command's catalog reads it. */
  boolean draftExists(String branch) throws SQLException {
    try (org.djbranch.driver.BranchConnection trunk = new Target(url).trunk()) {
      org.djbranch.driver.backend.PhysicalCatalog catalog = trunk.backend().catalog();
      catalog.attachAllSchemas(trunk);
      return catalog.schemas(trunk).contains(new org.djbranch.driver.naming.DraftNames(branch).draftOf(schema));
    }
  }

  /** Whether {@code schema} exists (a MariaDB database), read through the raw driver. */
  boolean schemaExists(String schema) throws SQLException {
    try (Connection c = DriverManager.getConnection(rawUrl);
        java.sql.PreparedStatement ps = c.prepareStatement(
            "SELECT 1 FROM information_schema.schemata WHERE schema_name = ?")) {
      ps.setString(1, schema);
      try (java.sql.ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  String table(String name) {
    return schema + "." + name;
  }

  void exec(String... sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(rawUrl); Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }

  @Override
  public void close() throws SQLException {
    if (db == Db.SQLITE || db == Db.DUCKDB) {
      return; // files in the test's temporary folder
    }
    String drop = db == Db.MARIADB ? "DROP DATABASE IF EXISTS " : "DROP SCHEMA IF EXISTS ";
    String cascade = db == Db.MARIADB ? "" : " CASCADE";
    List<String> sql = new ArrayList<>();
    for (String b : branches) {
      sql.add(drop + "br_" + b + "_" + schema + cascade);
    }
    for (String extra : extraSchemas) {
      sql.add(drop + extra + cascade);
    }
    sql.add(drop + schema + cascade);
    exec(sql.toArray(new String[0]));
  }

  /** Reasons already printed: a skip says why on the console once, where surefire's summary only counts it. */
  private static final java.util.Set<String> SKIPS_SAID = java.util.concurrent.ConcurrentHashMap.newKeySet();

  /** Skips the running test; the reason goes to the console as well as into the test report. */
  private static void skip(String message) {
    if (SKIPS_SAID.add(message)) {
      System.err.println("[SKIPPED] " + message + " (tests needing it are skipped; under CI=true they fail)");
    }
    Assumptions.abort(message);
  }
}

package org.djbranch.spring;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * A uniquely named schema (PostgreSQL) or database (MariaDB) holding the clinic's pipeline, dropped again with every
 * draft derived from it. Under {@code CI=true} an unreachable server fails the test; elsewhere it is skipped.
 */
final class Place implements AutoCloseable {
  enum Db { POSTGRESQL, MARIADB }

  final Db db;
  final String schema = "djs_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  private final List<String> drop = new ArrayList<>();

  Place(Db db) throws SQLException {
    this.db = db;
    try (Connection c = DriverManager.getConnection(server())) {
      c.isValid(5);
    } catch (SQLException e) {
      String message = db + " is not reachable (" + e.getMessage() + "); start the server the README names";
      if ("true".equals(System.getenv("CI"))) {
        fail(message, e);
      }
      Assumptions.abort(message);
    }
    exec(server(), db == Db.MARIADB ? "CREATE DATABASE `" + schema + "`" : "CREATE SCHEMA \"" + schema + "\"");
    drop.add(schema);
  }

  private String server() {
    return db == Db.POSTGRESQL ? "jdbc:postgresql://127.0.0.1:5432/test?user=postgres&connectTimeout=5"
        : "jdbc:mysql://127.0.0.1:3306/test?user=root&password=&connectTimeout=5000&useSSL=false"
            + "&allowPublicKeyRetrieval=true";
  }

  /** The raw driver's URL with the place's schema current, as the application is configured. */
  String rawUrl() {
    return db == Db.POSTGRESQL ? server() + "&currentSchema=" + schema
        : server().replace(":3306/test?", ":3306/" + schema + "?");
  }

  /** The same URL through djbranch; {@code branch} "" is trunk. */
  String branchUrl(String branch) {
    return "jdbc:djbranch:" + rawUrl().substring("jdbc:".length()) + "&branch=" + branch;
  }

  String draft(String branch) {
    String name = "br_" + branch + "_" + schema;
    drop.add(name);
    return name;
  }

  String platform() {
    return db.name().toLowerCase(Locale.ROOT);
  }

  /** The clinic's pipeline as trunk holds it: owners, with an index on last_name, and two rows. */
  void pipeline() throws SQLException {
    exec(rawUrl(), "CREATE TABLE owners (id INTEGER NOT NULL PRIMARY KEY, first_name VARCHAR(255),"
            + " last_name VARCHAR(255))",
        "CREATE INDEX owners_last_name ON owners (last_name)",
        "INSERT INTO owners VALUES (1, 'George', 'Franklin'), (2, 'Betty', 'Davis')");
  }

  static void exec(String url, String... sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }

  /** One query's rows as text, through the raw driver. */
  List<String> query(String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(rawUrl()); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          row.append(i == 1 ? "" : " | ").append(rs.getString(i));
        }
        out.add(row.toString());
      }
    }
    out.sort(null);
    return out;
  }

  /** What physically exists in a schema: tables with their columns and types, and the indexes' columns. */
  List<String> physical(String inSchema) throws SQLException {
    List<String> out = new ArrayList<>();
    out.addAll(query("SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns"
        + " WHERE table_schema = '" + inSchema + "'"));
    out.addAll(db == Db.POSTGRESQL
        ? query("SELECT 'index', tablename, regexp_replace(indexdef, '^.* USING ', '') FROM pg_indexes"
            + " WHERE schemaname = '" + inSchema + "'")
        : query("SELECT 'index', table_name, index_name, column_name, non_unique FROM information_schema.statistics"
            + " WHERE table_schema = '" + inSchema + "'"));
    out.sort(null);
    return out;
  }

  @Override
  public void close() throws SQLException {
    for (String name : drop) {
      exec(server(), db == Db.MARIADB ? "DROP DATABASE IF EXISTS `" + name + "`"
          : "DROP SCHEMA IF EXISTS \"" + name + "\" CASCADE");
    }
  }
}

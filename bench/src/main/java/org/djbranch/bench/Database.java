package org.djbranch.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/** The databases the benchmarks run against, named by the {@code database} parameter. */
public enum Database {
  /** A fresh SQLite file in its own temporary directory, removed with everything beside it. */
  SQLITE("sqlite") {
    @Override
    Fixture create(int rows) throws Exception {
      return inFile("jdbc:sqlite:", "bench.db", rows);
    }
  },

  /**
   * A fresh DuckDB file in its own temporary directory, removed with everything beside it; the branch's drafts are
   * schemas of the same file, which the raw driver sees. Not among the benchmarks' default values: {@code -p
   * database=duckdb}.
   */
  DUCKDB("duckdb") {
    @Override
    Fixture create(int rows) throws Exception {
      return inFile("jdbc:duckdb:", "bench.duckdb", rows);
    }
  },

  /**
   * A schema {@code djb_bench_<random>} in the PostgreSQL database named by the environment variable
   * {@code DJB_BENCH_PG_URL} (default: database {@code test} on 127.0.0.1:5432 as {@code postgres}).
   */
  POSTGRESQL("postgresql") {
    @Override
    Fixture create(int rows) throws Exception {
      String server = System.getenv().getOrDefault("DJB_BENCH_PG_URL", DEFAULT_PG_URL);
      String schema = "djb_bench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
      String url = server + (server.indexOf('?') < 0 ? '?' : '&') + "currentSchema=" + schema;
      try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
        s.execute("create schema " + schema);
      }
      try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
        fill(c, rows);
        s.execute("analyze t");
      } catch (SQLException | RuntimeException e) {
        dropSchemas(server, schema);
        throw e;
      }
      return Fixture.of(url, () -> dropSchemas(server, schema));
    }
  },

  /**
   * A database {@code djb_bench_<random>} on the MariaDB server named by {@code DJB_BENCH_MARIADB_URL} (a
   * {@code jdbc:mariadb:} URL; default 127.0.0.1:3306 as {@code root}). Not among the benchmarks' default values:
   * {@code -p database=mariadb}.
   */
  MARIADB("mariadb") {
    @Override
    Fixture create(int rows) throws Exception {
      String server = System.getenv().getOrDefault("DJB_BENCH_MARIADB_URL", PipelineTable.DEFAULT_MARIADB_URL);
      String database = "djb_bench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
      String url = server.replaceFirst("(//[^/]+/)[^?]*", "$1" + database);
      try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
        s.execute("create database " + database);
      }
      try (Connection c = DriverManager.getConnection(url)) {
        fill(c, rows);
      } catch (SQLException | RuntimeException e) {
        dropDatabases(server, database);
        throw e;
      }
      return Fixture.of(url, () -> dropDatabases(server, database));
    }
  };

  static {
    // Before anything loads p6spy's driver (DriverManager loads every driver at its first use).
    DiscardingP6Logger.configure();
  }

  static final String DEFAULT_PG_URL = "jdbc:postgresql://127.0.0.1:5432/test?user=postgres";

  private final String id;

  Database(String id) {
    this.id = id;
  }

  /** The name used in {@code @Param} values and in the results. */
  public String id() {
    return id;
  }

  /** The database named {@code id}, failing with the list of known names otherwise. */
  public static Database of(String id) {
    for (Database d : values()) {
      if (d.id.equals(id)) {
        return d;
      }
    }
    throw new IllegalArgumentException("Unknown database " + id + "; known databases are sqlite, duckdb, postgresql"
        + " and mariadb.");
  }

  /** A fixture in a fresh file of an embedded database, {@code prefix} its URL's. */
  private static Fixture inFile(String prefix, String file, int rows) throws Exception {
    Path dir = Files.createTempDirectory("djb_bench_");
    String url = prefix + dir.resolve(file);
    try (Connection c = DriverManager.getConnection(url)) {
      fill(c, rows);
    } catch (SQLException | RuntimeException e) {
      deleteTree(dir);
      throw e;
    }
    return Fixture.of(url, () -> deleteTree(dir));
  }

  /** A new fixture holding {@code rows} rows. */
  abstract Fixture create(int rows) throws Exception;

  /** The text of row {@code id}'s name, so a benchmark can check what it read. */
  public static String nameOf(int id) {
    return "name-" + id;
  }

  private static void fill(Connection c, int rows) throws SQLException {
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.execute("create table t (id integer primary key, name varchar(64) not null)");
    }
    try (PreparedStatement insert = c.prepareStatement("insert into t (id, name) values (?, ?)")) {
      for (int id = 1; id <= rows; id++) {
        insert.setInt(1, id);
        insert.setString(2, nameOf(id));
        insert.addBatch();
      }
      insert.executeBatch();
    }
    c.commit();
    c.setAutoCommit(true);
  }

  /** Drops {@code schema} and every draft schema {@code br_<branch>_<schema>} a branch made for it. */
  private static void dropSchemas(String server, String schema) throws SQLException {
    try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
      List<String> drop = new ArrayList<>();
      drop.add(schema);
      try (PreparedStatement drafts = c.prepareStatement(
          "select nspname from pg_catalog.pg_namespace where nspname like 'br\\_%' and right(nspname, ?) = ?")) {
        drafts.setInt(1, schema.length() + 1);
        drafts.setString(2, "_" + schema);
        try (ResultSet rs = drafts.executeQuery()) {
          while (rs.next()) {
            drop.add(rs.getString(1));
          }
        }
      }
      for (String name : drop) {
        s.execute("drop schema if exists \"" + name + "\" cascade");
      }
    }
  }

  /** Drops MariaDB database {@code database} and every draft {@code br_<branch>_<database>} a branch made for it. */
  private static void dropDatabases(String server, String database) throws SQLException {
    try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
      List<String> drop = new ArrayList<>();
      try (ResultSet rs = s.executeQuery("show databases")) {
        while (rs.next()) {
          String name = rs.getString(1);
          if (name.equals(database) || name.startsWith("br_") && name.endsWith("_" + database)) {
            drop.add(name);
          }
        }
      }
      for (String name : drop) {
        s.execute("drop database if exists `" + name + "`");
      }
    }
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }
}

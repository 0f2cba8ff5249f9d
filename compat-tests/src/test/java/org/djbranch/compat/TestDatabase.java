package org.djbranch.compat;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
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
 * One uniquely named place to work in a real database: a PostgreSQL schema, a MariaDB database, a DuckDB or SQLite
 * file. Removed again by {@link #close()}, with every schema a test derived from it, so runs never meet leftovers.
 *
 * <p>Under {@code CI=true} an unreachable server fails the test; elsewhere the test is skipped, saying what to start.
 */
public final class TestDatabase implements AutoCloseable {
  static final String PG_URL = "jdbc:postgresql://127.0.0.1:5432/test?user=postgres&connectTimeout=5";
  static final String MYSQL_SERVER = "jdbc:mysql://127.0.0.1:3306/";
  static final String MYSQL_PARAMS = "?user=root&password=&connectTimeout=5000&useSSL=false&allowPublicKeyRetrieval=true";

  public final Db db;
  /** The logical schema tests work in: unique per instance ("main" for SQLite, where the file is unique). */
  public final String schema;
  private final Path dir;
  private final List<String> extraSchemas = new ArrayList<>();

  private TestDatabase(Db db, String schema, Path dir) {
    this.db = db;
    this.schema = schema;
    this.dir = dir;
  }

  /** A new, empty place in {@code db}; {@code dir} holds the files of the embedded databases. */
  public static TestDatabase create(Db db, Path dir) throws Exception {
    String name = "djb_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    TestDatabase t = new TestDatabase(db, db == Db.SQLITE ? "main" : name, dir);
    t.requireServer();
    if (db != Db.SQLITE) {
      t.createSchema(name);
    }
    return t;
  }

  private void requireServer() throws Exception {
    if (!db.server) {
      return;
    }
    try (Connection c = DriverManager.getConnection(rawUrl())) {
      c.isValid(5);
    } catch (SQLException e) {
      String message = db.displayName + " is not reachable (" + e.getMessage() + "); " + db.howToStart;
      if ("true".equals(System.getenv("CI"))) {
        fail(message, e);
      }
      skip(message);
    }
  }

  /** The wrapped driver's URL; PostgreSQL and MariaDB URLs connect to the shared server database. */
  public String rawUrl() {
    switch (db) {
      case POSTGRESQL:
        return PG_URL;
      case MARIADB:
        return MYSQL_SERVER + "test" + MYSQL_PARAMS;
      case DUCKDB:
        return "jdbc:duckdb:" + dir.resolve(schemaFile());
      case SQLITE:
        return "jdbc:sqlite:" + dir.resolve(schemaFile());
      default:
        throw new IllegalStateException(db.name());
    }
  }

  private String schemaFile() {
    return "db-" + Integer.toHexString(System.identityHashCode(this)) + (db == Db.DUCKDB ? ".duckdb" : ".sqlite");
  }

  /** The connection properties of the specification's behaviour exactly: additive only, rows written where they are. */
  public static final String SPECIFICATION = "&pipelineChanges=refuse&pipelineWrites=pass";

  /** Properties every branch URL of this place carries: none (djbranch's defaults), or {@link #SPECIFICATION}. */
  private String branchProperties = "";

  /**
   * This place, its branch URLs asking for the specification's behaviour exactly ({@link #SPECIFICATION}): for the
   * tests of what the specification says of a change or a write of a pipeline table, which by default a branch
   * makes on its own copy of the table instead (CopyOnChangeTest).
   */
  public TestDatabase inSpecificationMode() {
    branchProperties = SPECIFICATION;
    return this;
  }

  /** The same database through djbranch; {@code branch} null leaves the setting out, "" asks for trunk. */
  public String branchUrl(String branch) {
    String inner = rawUrl().substring("jdbc:".length());
    if (branch == null) {
      return "jdbc:djbranch:" + inner;
    }
    return "jdbc:djbranch:" + inner + (inner.contains("?") ? "&" : "?") + "branch=" + branch + branchProperties;
  }

  /**
   * The branch's URL spelled another way ({@link #spelling} 1): a connection to it gets a layout of its own, so to a
   * connection of {@link #branchUrl} it is another process.
   */
  public String elsewhereUrl(String branch) {
    return branchUrl(branch) + spelling(1);
  }

  /**
   * A URL parameter that changes nothing but the URL's spelling, the {@code n}th of as many as needed: {@code n}
   * spellings of one URL are {@code n} processes to djbranch's layouts. Not DuckDB, whose file one process holds.
   */
  public String spelling(int n) {
    switch (db) {
      case POSTGRESQL:
        return "&connectTimeout=" + (5 + n);
      case MARIADB:
        return "&connectTimeout=" + (5000 + 1000 * n);
      case SQLITE:
        return "&busy_timeout=" + (3000 + n);
      default:
        throw new IllegalStateException(db + " opens its file in one process only");
    }
  }

  public Connection raw() throws SQLException {
    return DriverManager.getConnection(rawUrl());
  }

  public Connection branch(String branch) throws SQLException {
    return DriverManager.getConnection(branchUrl(branch));
  }

  /** {@code schema.name}, quoted for this database. */
  public String table(String name) {
    return table(schema, name);
  }

  /** {@code schema.name} of any schema, each quoted for this database. */
  public String table(String schema, String name) {
    return quote(schema) + "." + quote(name);
  }

  /** An identifier quoted for this database. */
  public String quote(String name) {
    return db == Db.MARIADB ? "`" + name + "`" : "\"" + name + "\"";
  }

  /** A parent table as a REFERENCES clause names it: SQLite allows no schema there. */
  public String parent(String name) {
    return db == Db.SQLITE ? "\"" + name + "\"" : table(name);
  }

  /** Creates one more schema that {@link #close()} will drop (a draft schema a test expects, say). */
  public void createSchema(String name) throws SQLException {
    try (Connection c = raw(); Statement s = c.createStatement()) {
      s.execute(db == Db.MARIADB ? "CREATE DATABASE `" + name + "`" : "CREATE SCHEMA \"" + name + "\"");
    }
    extraSchemas.add(name);
  }

  /** The draft schema of this place's schema on {@code branch}, dropped with this place. */
  public String draftFor(String branch) {
    String draft = "br_" + branch + "_" + schema;
    dropLater(draft);
    return draft;
  }

  /** Remembers a schema the driver creates, so that it is dropped with this database. */
  public void dropLater(String name) {
    extraSchemas.add(name);
  }

  @Override
  public void close() throws Exception {
    if (db == Db.DUCKDB || db == Db.SQLITE) {
      try (var files = Files.list(dir)) {
        for (Path p : (Iterable<Path>) files::iterator) {
          Files.deleteIfExists(p);
        }
      }
      return;
    }
    try (Connection c = raw(); Statement s = c.createStatement()) {
      for (String name : extraSchemas) {
        s.execute(db == Db.MARIADB ? "DROP DATABASE IF EXISTS `" + name + "`"
            : "DROP SCHEMA IF EXISTS \"" + name + "\" CASCADE");
      }
    }
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

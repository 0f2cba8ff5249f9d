package org.djbranch.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How a branch's costs grow with the size of the schema: {@code pipelineTables} tables in the logical schema
 * (besides {@code t}) and {@link #DRAFT_TABLES} tables in the branch's draft (one of them, {@code d}, holding the
 * rows of {@code t}).
 *
 * <ul>
 *   <li>{@code activation}: a connection opens on the branch and lists its schema (one query returning every table
 *       of the schema and its draft); the raw kind opens a connection only, so branch minus raw is the listing.
 *       Each opening is a layout of its own (the wrapped URL differs), as a process meeting the schema for the
 *       first time would see it. Expected to grow linearly with the number of tables listed.
 *   <li>{@code draftStatement}, {@code pipelineStatement}: a plain point query on the draft table {@code d} or the
 *       pipeline table {@code t} with a new literal every call, on an open connection. Expected not to depend on
 *       the number of tables at all.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Threads(1)
public class ManyTables {
  static final int ROWS = 1000;
  static final int DRAFT_TABLES = 1000;
  /** Tables per transaction when making or dropping them: PostgreSQL locks each one until commit. */
  private static final int BATCH = 500;

  @State(Scope.Benchmark)
  public static class Data {
    @Param({"postgresql", "sqlite"})
    public String database;

    @Param({"raw", "branch"})
    public String kind;

    @Param({"10", "1000", "10000"})
    public int pipelineTables;

    Fixture fixture;
    boolean postgres;
    String draftSchema;
    int opened;

    @Setup(Level.Trial)
    public void create() throws Exception {
      fixture = Database.of(database).create(ROWS);
      postgres = database.equals("postgresql");
      try (Connection c = DriverManager.getConnection(fixture.rawUrl()); Statement s = c.createStatement()) {
        String schema = postgres ? c.getSchema() : "main";
        draftSchema = "br_" + Kind.BRANCH.branch() + "_" + schema;
        if (postgres) {
          s.execute("create schema " + draftSchema);
        } else {
          attachDraft(c, draftSchema);
        }
        makeTables(c, schema + ".p", pipelineTables);
        makeTables(c, draftSchema + ".d_", DRAFT_TABLES - 1);
        s.execute("create table " + draftSchema + ".d (id integer primary key, name varchar(64) not null)");
        s.execute("insert into " + draftSchema + ".d select id, name from t");
      }
    }

    /** {@code count} tables named {@code prefix1, prefix2, ...}, a batch per transaction. */
    private static void makeTables(Connection c, String prefix, int count) throws SQLException {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        for (int i = 1; i <= count; i++) {
          s.addBatch("create table " + prefix + i + " (id integer)");
          if (i % BATCH == 0 || i == count) {
            s.executeBatch();
            c.commit();
          }
        }
      }
      c.setAutoCommit(true);
    }

    @TearDown(Level.Trial)
    public void drop() throws Exception {
      if (postgres) {
        // DROP SCHEMA ... CASCADE of ten thousand tables would lock them all in one transaction.
        try (Connection c = DriverManager.getConnection(fixture.rawUrl()); Statement s = c.createStatement()) {
          c.setAutoCommit(false);
          for (int i = 1; i <= pipelineTables; i++) {
            s.addBatch("drop table p" + i);
            if (i % BATCH == 0 || i == pipelineTables) {
              s.executeBatch();
              c.commit();
            }
          }
          c.setAutoCommit(true);
        }
      }
      fixture.close();
    }

    /** The URL and properties of the n-th opening: its own wrapped URL (or login), so its own layout. */
    Connection open(int n) throws SQLException {
      boolean raw = kind.equals(Kind.RAW.id());
      Properties props = new Properties();
      String url = fixture.rawUrl();
      if (postgres) {
        url += "&ApplicationName=open" + n;
      } else {
        props.setProperty("user", "open" + n); // SQLite ignores it; djbranch keys the layout by it
      }
      if (!raw) {
        // A small bound: every opening makes a layout of thousands of names, and only the last few are needed.
        url = Kind.BRANCH.url(url) + "&layoutCacheSize=4";
      }
      return DriverManager.getConnection(url, props);
    }
  }

  /** The raw SQLite driver reaches the draft file the way djbranch does: attached under the draft's name. */
  static void attachDraft(Connection c, String draftSchema) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select file from pragma_database_list where name = 'main'")) {
      rs.next();
      String file = rs.getString(1) + "." + draftSchema;
      s.execute("attach database '" + file.replace("'", "''") + "' as " + draftSchema);
    }
  }

  @State(Scope.Thread)
  public static class Client {
    Connection connection;
    Statement plain;
    final String[] draftQueries = new String[ROWS + 1];
    final String[] pipelineQueries = new String[ROWS + 1];
    int id;

    @Setup(Level.Trial)
    public void open(Data data) throws SQLException {
      boolean raw = data.kind.equals(Kind.RAW.id());
      connection = data.open(0);
      if (raw && !data.postgres) {
        attachDraft(connection, data.draftSchema);
      }
      plain = connection.createStatement();
      String draft = raw ? data.draftSchema + ".d" : "d";
      for (int i = 1; i <= ROWS; i++) {
        draftQueries[i] = "select name from " + draft + " where id = " + i;
        pipelineQueries[i] = "select name from t where id = " + i;
      }
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
      connection.close();
    }

    int nextId() {
      id = id == ROWS ? 1 : id + 1;
      return id;
    }
  }

  /** A new connection, on the branch: its schema listed for the first time. */
  @Benchmark
  public boolean activation(Data data) throws SQLException {
    try (Connection c = data.open(++data.opened)) {
      return c.isClosed();
    }
  }

  /** A statement on a draft table of an open branch connection. */
  @Benchmark
  public String draftStatement(Client client) throws SQLException {
    int id = client.nextId();
    try (ResultSet rs = client.plain.executeQuery(client.draftQueries[id])) {
      return PointQuery.readName(rs, id);
    }
  }

  /** A statement on a pipeline table of an open branch connection. */
  @Benchmark
  public String pipelineStatement(Client client) throws SQLException {
    int id = client.nextId();
    try (ResultSet rs = client.plain.executeQuery(client.pipelineQueries[id])) {
      return PointQuery.readName(rs, id);
    }
  }
}

package org.djbranch.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
 * One row read by primary key, the smallest statement an application sends, so the driver's own cost per statement
 * is the largest share of the time. Every combination of {@code database} and {@code kind} runs in the same JMH run,
 * so the raw driver and djbranch are measured under the same conditions and their ratio can be taken directly.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Threads(1)
public class PointQuery {
  /** Rows in the table; the ids queried cycle through all of them. */
  static final int ROWS = 1000;

  /** The table, made once per trial and shared by the threads of the trial. */
  @State(Scope.Benchmark)
  public static class Data {
    @Param({"sqlite", "postgresql"})
    public String database;

    /**
     * {@link Kind} ids: the raw driver, djbranch off a branch, and the off-branch peers; branch sessions are
     * measured by {@link BranchStatements}.
     */
    @Param({"raw", "trunk", "p6spy", "dsproxy", "dsproxy-count"})
    public String kind;

    Fixture fixture;
    Kind connects;

    @Setup(Level.Trial)
    public void create() throws Exception {
      connects = Kind.of(kind);
      fixture = Database.of(database).create(ROWS);
    }

    @TearDown(Level.Trial)
    public void drop() throws Exception {
      if (fixture != null) {
        fixture.close();
      }
    }
  }

  /** One connection per benchmark thread, with its statements made before measuring starts. */
  @State(Scope.Thread)
  public static class Client {
    Connection connection;
    PreparedStatement prepared;
    Statement plain;
    /** {@code select name from t where id = <id>} for every id, so no string building is measured. */
    final String[] literalQueries = new String[ROWS + 1];
    int id;

    @Setup(Level.Trial)
    public void open(Data data) throws SQLException {
      connection = data.connects.connect(data.fixture.rawUrl());
      prepared = connection.prepareStatement("select name from t where id = ?");
      plain = connection.createStatement();
      for (int i = 1; i <= ROWS; i++) {
        literalQueries[i] = "select name from t where id = " + i;
      }
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
      if (connection != null) {
        connection.close();
      }
    }

    /** The next id, cycling through 1..ROWS. */
    int nextId() {
      id = id == ROWS ? 1 : id + 1;
      return id;
    }
  }

  /** {@code select name from t where id = ?} on one prepared statement, the id changing every call. */
  @Benchmark
  public String prepared(Client client) throws SQLException {
    int id = client.nextId();
    PreparedStatement ps = client.prepared;
    ps.setInt(1, id);
    try (ResultSet rs = ps.executeQuery()) {
      return readName(rs, id);
    }
  }

  /** {@code Statement.executeQuery("select name from t where id = 42")}, a different literal id every call. */
  @Benchmark
  public String plain(Client client) throws SQLException {
    int id = client.nextId();
    try (ResultSet rs = client.plain.executeQuery(client.literalQueries[id])) {
      return readName(rs, id);
    }
  }

  /** The name in the row just read, failing when the row is missing (a wrong rewrite would show here). */
  static String readName(ResultSet rs, int id) throws SQLException {
    if (!rs.next()) {
      throw new IllegalStateException("Row " + id + " of the benchmark table is missing.");
    }
    return rs.getString(1);
  }
}

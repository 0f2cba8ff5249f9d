package org.djbranch.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.djbranch.rewriter.Analyzer;
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
 * A branch session against the raw driver. The raw side names the draft table by its physical name, the branch
 * side by its logical one, so both read the same rows and the difference is djbranch's work: (a) a statement
 * naming only a pipeline table, (b) a prepared statement on a draft table, (c) plain statements on a draft table
 * whose literal changes every call (one parse per shape, then the cached plan).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Threads(1)
public class BranchStatements {
  static final int ROWS = 1000;
  static final String BRANCH = "bench1";
  /** Rounds of all three statements before measuring: enough for the JIT to compile each path. */
  static final int WARM_ROUNDS = 2_000;

  @State(Scope.Benchmark)
  public static class Data {
    @Param({"sqlite", "postgresql"})
    public String database;

    @Param({"raw", "branch"})
    public String kind;

    Fixture fixture;
    /** The draft table's physical name, which the raw driver uses. */
    String physicalDraft;

    @Setup(Level.Trial)
    public void create() throws Exception {
      fixture = Database.of(database).create(ROWS);
      physicalDraft = declareDraft(fixture, database);
    }

    @TearDown(Level.Trial)
    public void drop() throws Exception {
      fixture.close();
    }
  }

  /**
   * The branch declares {@code d} and fills it from {@code t}: it lands in the draft schema
   * {@code br_bench1_<schema>}. Returns the draft table's physical name as djbranch writes it into a statement,
   * which the raw driver uses: both send the database the same text, so the ratio holds djbranch's cost alone
   * (pgjdbc allocates per character of the text it is given).
   */
  static String declareDraft(Fixture fixture, String database) throws SQLException {
    try (Connection c = DriverManager.getConnection(Kind.BRANCH.url(fixture.rawUrl()));
        Statement s = c.createStatement()) {
      s.execute("create table d (id integer primary key, name varchar(64) not null)");
      s.execute("insert into d select id, name from t");
      return physicalDraft(c, database);
    }
  }

  /**
   * Trunk gets a pipeline table {@code d} holding the rows of {@code t}; the branch changes it ({@code ALTER TABLE d
   * ADD COLUMN extra integer}), which copies it into the draft schema {@code br_bench1_<schema>}
   * (docs/branch-semantics.md "Changing a pipeline table on a branch"), and from then on the branch's {@code d} is the
   * copy. Returns the copy's physical name as {@link #declareDraft} does, which is the same name.
   */
  static String copyDraft(Fixture fixture, String database) throws SQLException {
    try (Connection c = DriverManager.getConnection(fixture.rawUrl()); Statement s = c.createStatement()) {
      s.execute("create table d (id integer primary key, name varchar(64) not null)");
      s.execute("insert into d select id, name from t");
    }
    try (Connection c = DriverManager.getConnection(Kind.BRANCH.url(fixture.rawUrl()));
        Statement s = c.createStatement()) {
      s.execute("alter table d add column extra integer");
      return physicalDraft(c, database);
    }
  }

  /**
   * The draft table {@code d} as djbranch writes it into a statement on {@code c}'s current schema: quoted as the
   * database quotes (MariaDB with backticks).
   */
  static String physicalDraft(Connection c, String database) throws SQLException {
    return switch (database) {
      case "sqlite" -> "\"br_" + BRANCH + "_main\".\"d\"";
      case "mariadb" -> "`br_" + BRANCH + "_" + c.getCatalog() + "`.`d`";
      default -> "\"br_" + BRANCH + "_" + c.getSchema() + "\".\"d\"";
    };
  }

  @State(Scope.Thread)
  public static class Client {
    Connection connection;
    PreparedStatement draftPrepared;
    Statement plain;
    final String[] pipelineQueries = new String[ROWS + 1];
    final String[] draftQueries = new String[ROWS + 1];
    long parsesBefore;
    int id;

    @Setup(Level.Trial)
    public void open(Data data) throws SQLException {
      boolean raw = data.kind.equals(Kind.RAW.id());
      connection = DriverManager.getConnection(raw ? data.fixture.rawUrl() : Kind.BRANCH.url(data.fixture.rawUrl()));
      if (raw && data.database.equals("sqlite")) {
        attachDraft(connection);
      }
      String draft = raw ? data.physicalDraft : "d";
      draftPrepared = connection.prepareStatement("select name from " + draft + " where id = ?");
      plain = connection.createStatement();
      for (int i = 1; i <= ROWS; i++) {
        pipelineQueries[i] = "select name from t where id = " + i;
        draftQueries[i] = "select name from " + draft + " where id = " + i;
      }
      warmEveryPath();
      parsesBefore = Analyzer.parseCount();
    }

    /**
     * Runs all three statements before measuring, whichever one the trial measures: an application sends them all
     * from one JVM, so each path is measured with the profiles (and compiled code) the others leave behind.
     */
    private void warmEveryPath() throws SQLException {
      for (int round = 0; round < WARM_ROUNDS; round++) {
        int id = round % ROWS + 1;
        try (ResultSet rs = plain.executeQuery(pipelineQueries[id])) {
          PointQuery.readName(rs, id);
        }
        try (ResultSet rs = plain.executeQuery(draftQueries[id])) {
          PointQuery.readName(rs, id);
        }
        draftPrepared.setInt(1, id);
        try (ResultSet rs = draftPrepared.executeQuery()) {
          PointQuery.readName(rs, id);
        }
      }
    }

    /** The raw SQLite driver reaches the draft file the way djbranch does: attached under the draft's name. */
    static void attachDraft(Connection c) throws SQLException {
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("select file from pragma_database_list where name = 'main'")) {
        rs.next();
        String file = rs.getString(1) + ".br_" + BRANCH + "_main";
        s.execute("attach database '" + file.replace("'", "''") + "' as br_" + BRANCH + "_main");
      }
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
      // How often JSqlParser ran during the trial: once per statement shape is the promise.
      System.out.println("JSqlParser parses during the trial: " + (Analyzer.parseCount() - parsesBefore));
      connection.close();
    }

    int nextId() {
      id = id == ROWS ? 1 : id + 1;
      return id;
    }
  }

  /** (a) A pipeline table only: the lexer lets it through untouched. */
  @Benchmark
  public String pipelinePlain(Client client) throws SQLException {
    int id = client.nextId();
    try (ResultSet rs = client.plain.executeQuery(client.pipelineQueries[id])) {
      return PointQuery.readName(rs, id);
    }
  }

  /** (b) A prepared statement on a draft table: rewritten once, when prepared. */
  @Benchmark
  public String draftPrepared(Client client) throws SQLException {
    int id = client.nextId();
    client.draftPrepared.setInt(1, id);
    try (ResultSet rs = client.draftPrepared.executeQuery()) {
      return PointQuery.readName(rs, id);
    }
  }

  /** (c) Plain statements on a draft table with a new literal each call: one shape, one parse. */
  @Benchmark
  public String draftPlain(Client client) throws SQLException {
    int id = client.nextId();
    try (ResultSet rs = client.plain.executeQuery(client.draftQueries[id])) {
      return PointQuery.readName(rs, id);
    }
  }
}

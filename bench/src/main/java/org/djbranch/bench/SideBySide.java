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
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The raw driver and djbranch measured at the same time: each JMH group runs one thread on a raw connection and
 * one on a djbranch connection, side by side in one JVM, so both see the same load from moment to moment and the
 * ratio of their throughputs does not depend on what the rest of the machine did between two trials. The two
 * threads compete with each other evenly. The statements are those of {@link BranchStatements} and
 * {@link PointQuery}; every connection first runs all of them, as in {@link BranchStatements}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 4, time = 1)
public class SideBySide {
  static final int ROWS = BranchStatements.ROWS;

  @State(Scope.Benchmark)
  public static class Data {
    @Param({"sqlite", "postgresql"})
    public String database;

    /**
     * How the draft table {@code d} came to the branch: {@code declared} on it ({@link BranchStatements#declareDraft}),
     * or {@code copied}, a pipeline table the branch changed and so copied into its draft
     * ({@link BranchStatements#copyDraft}); the statements on it are the same.
     */
    @Param({"declared"})
    public String draft = "declared";

    Fixture fixture;
    String physicalDraft;

    @Setup(Level.Trial)
    public void create() throws Exception {
      fixture = Database.of(database).create(ROWS);
      physicalDraft = switch (draft) {
        case "declared" -> BranchStatements.declareDraft(fixture, database);
        case "copied" -> BranchStatements.copyDraft(fixture, database);
        default -> throw new IllegalArgumentException("Unknown draft " + draft + "; known are declared and copied.");
      };
    }

    @TearDown(Level.Trial)
    public void drop() throws Exception {
      fixture.close();
    }
  }

  /** One connection of one kind with the statements of every benchmark, made and run before measuring. */
  public static class Side {
    Connection connection;
    PreparedStatement pipelinePrepared;
    PreparedStatement draftPrepared;
    Statement plain;
    final String[] pipelineQueries = new String[ROWS + 1];
    final String[] draftQueries = new String[ROWS + 1];
    int id;

    /** Whether this side runs on another side's physical connection, which that side closes. */
    private boolean borrowed;

    void open(Data data, Kind kind) throws SQLException {
      openCold(data, kind);
      warm();
    }

    /** As {@link #open}, but runs none of the statements: the caller decides which paths the JVM sees. */
    void openCold(Data data, Kind kind) throws SQLException {
      connection = kind.connect(data.fixture.rawUrl());
      if (kind != Kind.BRANCH && data.database.equals("sqlite")) {
        // Off a branch the draft is reached the way the raw driver reaches it (trunk passes ATTACH through).
        BranchStatements.Client.attachDraft(connection);
      }
      prepare(data, kind);
    }

    /**
     * A raw side on the physical connection under {@code other} (opened and warmed already): the raw driver's own
     * statements on the very connection djbranch wraps, so whatever one connection of a database has over another
     * (on SQLite the one opened first runs some 2-3% faster) is the same for both sides.
     */
    void openOn(Data data, Side other) throws SQLException {
      openColdOn(data, other);
      warm();
    }

    /** As {@link #openOn}, but runs none of the statements. */
    void openColdOn(Data data, Side other) throws SQLException {
      connection = other.connection instanceof org.djbranch.driver.jdbc.DelegatingConnection wrapper
          ? wrapper.delegate() : other.connection;
      borrowed = true;
      prepare(data, Kind.RAW);
    }

    private void prepare(Data data, Kind kind) throws SQLException {
      String draft = kind == Kind.BRANCH ? "d" : data.physicalDraft;
      pipelinePrepared = connection.prepareStatement("select name from t where id = ?");
      draftPrepared = connection.prepareStatement("select name from " + draft + " where id = ?");
      plain = connection.createStatement();
      for (int i = 1; i <= ROWS; i++) {
        pipelineQueries[i] = "select name from t where id = " + i;
        draftQueries[i] = "select name from " + draft + " where id = " + i;
      }
    }

    /** Every statement of this side, {@link BranchStatements#WARM_ROUNDS} times each, in turn. */
    private void warm() throws SQLException {
      for (int round = 0; round < BranchStatements.WARM_ROUNDS; round++) {
        pipelinePlain();
        draftPlain();
        draftPrepared();
        pipelinePrepared();
      }
    }

    void close() throws SQLException {
      if (borrowed) {
        plain.close();
        pipelinePrepared.close();
        draftPrepared.close();
      } else {
        connection.close();
      }
    }

    private int nextId() {
      id = id == ROWS ? 1 : id + 1;
      return id;
    }

    String pipelinePlain() throws SQLException {
      int i = nextId();
      try (ResultSet rs = plain.executeQuery(pipelineQueries[i])) {
        return PointQuery.readName(rs, i);
      }
    }

    String draftPlain() throws SQLException {
      int i = nextId();
      try (ResultSet rs = plain.executeQuery(draftQueries[i])) {
        return PointQuery.readName(rs, i);
      }
    }

    String draftPrepared() throws SQLException {
      return prepared(draftPrepared);
    }

    String pipelinePrepared() throws SQLException {
      return prepared(pipelinePrepared);
    }

    private String prepared(PreparedStatement ps) throws SQLException {
      int i = nextId();
      ps.setInt(1, i);
      try (ResultSet rs = ps.executeQuery()) {
        return PointQuery.readName(rs, i);
      }
    }
  }

  @State(Scope.Thread)
  public static class Raw extends Side {
    @Setup(Level.Trial)
    public void open(Data data) throws SQLException {
      open(data, Kind.RAW);
    }

    @TearDown(Level.Trial)
    public void closeConnection() throws SQLException {
      close();
    }
  }

  @State(Scope.Thread)
  public static class Trunk extends Side {
    @Setup(Level.Trial)
    public void open(Data data) throws SQLException {
      open(data, Kind.TRUNK);
    }

    @TearDown(Level.Trial)
    public void closeConnection() throws SQLException {
      close();
    }
  }

  @State(Scope.Thread)
  public static class Branch extends Side {
    @Setup(Level.Trial)
    public void open(Data data) throws SQLException {
      open(data, Kind.BRANCH);
    }

    @TearDown(Level.Trial)
    public void closeConnection() throws SQLException {
      close();
    }
  }

  // Off a branch: PointQuery's two statements, raw beside trunk.

  @Benchmark @Group("plain") @GroupThreads(1)
  public String plain_raw(Raw side) throws SQLException {
    return side.pipelinePlain();
  }

  @Benchmark @Group("plain") @GroupThreads(1)
  public String plain_trunk(Trunk side) throws SQLException {
    return side.pipelinePlain();
  }

  @Benchmark @Group("prepared") @GroupThreads(1)
  public String prepared_raw(Raw side) throws SQLException {
    return side.pipelinePrepared();
  }

  @Benchmark @Group("prepared") @GroupThreads(1)
  public String prepared_trunk(Trunk side) throws SQLException {
    return side.pipelinePrepared();
  }

  // On a branch: BranchStatements' three statements, raw beside branch.

  @Benchmark @Group("pipelinePlain") @GroupThreads(1)
  public String pipelinePlain_raw(Raw side) throws SQLException {
    return side.pipelinePlain();
  }

  @Benchmark @Group("pipelinePlain") @GroupThreads(1)
  public String pipelinePlain_branch(Branch side) throws SQLException {
    return side.pipelinePlain();
  }

  @Benchmark @Group("draftPrepared") @GroupThreads(1)
  public String draftPrepared_raw(Raw side) throws SQLException {
    return side.draftPrepared();
  }

  @Benchmark @Group("draftPrepared") @GroupThreads(1)
  public String draftPrepared_branch(Branch side) throws SQLException {
    return side.draftPrepared();
  }

  @Benchmark @Group("draftPlain") @GroupThreads(1)
  public String draftPlain_raw(Raw side) throws SQLException {
    return side.draftPlain();
  }

  @Benchmark @Group("draftPlain") @GroupThreads(1)
  public String draftPlain_branch(Branch side) throws SQLException {
    return side.draftPlain();
  }
}

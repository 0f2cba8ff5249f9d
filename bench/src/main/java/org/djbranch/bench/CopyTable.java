package org.djbranch.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.djbranch.driver.backend.Backends;
import org.djbranch.driver.backend.PhysicalCatalog;
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
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * What copying a pipeline table costs a branch (docs/branch-semantics.md "Changing a pipeline table on a branch"; the
 * issue's target: at most 1.2 times the database's own {@code CREATE TABLE ... AS SELECT} plus index builds, measured
 * in the same run), on a {@link PipelineTable} of {@code rows} rows filled once per trial:
 *
 * <ul>
 *   <li>{@code copy}: the branch's copy end to end, as an application meets it: a connection opens on a new branch
 *       through djbranch and runs {@code ALTER TABLE s.t ADD COLUMN extra INT}, which copies the table into the
 *       branch's draft (the row count against {@code copyRowLimit}, the draft schema, the declaration, the rows,
 *       {@code ~copy}) and then alters the copy; the connection closes;
 *   <li>{@code copyStatement}: the same statement on a branch connection opened before the iteration (unmeasured):
 *       what the statement that copies costs, without the connection's opening and first listing;
 *   <li>{@code copyTable}: {@link PhysicalCatalog#copyTable} alone on a raw connection, into an empty schema: the
 *       declaration (table with its keys, then its index), one {@code INSERT ... SELECT}, the key counters;
 *   <li>{@code createAsSelect}: the baseline, the database's own {@code CREATE TABLE ... AS SELECT *} into the same
 *       empty schema, then {@code ALTER TABLE ... ADD PRIMARY KEY} where the database has it (not SQLite, whose
 *       {@code INTEGER PRIMARY KEY} is the rowid: its copy builds no key either) and the same {@code CREATE INDEX};
 *   <li>{@code inTurn}: {@code createAsSelect} and {@code copyStatement} in one fork, one iteration each in turn in
 *       {@link Interleaved}'s order (the baseline as its raw side, on a raw connection opened before its iteration
 *       as the copy's branch connection is), so each pair of neighbouring iterations was measured seconds apart:
 *       {@link Ratios} judges the median of the pairs' ratios by the target, as for {@link LakePush}. A copy takes some 100 ms at 10⁵ rows, and what the machine's disk does over a minute
 *       moved the medians of the two, measured one after the other, by more than the target's margin.
 * </ul>
 *
 * Single shot: each iteration is one copy. Before it, unmeasured, the target schema is made new and empty (each
 * copy a new branch, so a new draft) and PostgreSQL and DuckDB write out what the last one left; after it, the
 * copy's rows are counted (an iteration that copied fewer fails) and the draft is dropped. Run with {@code -prof gc}:
 * {@code copyTable}'s bytes allocated per operation are the same for 10⁵ and 10⁶ rows when no row passes through the
 * JVM.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Threads(1)
public class CopyTable {
  @Param({"postgresql", "mariadb", "duckdb", "sqlite"})
  public String database;

  @Param({"100000", "1000000"})
  public int rows;

  private PipelineTable table;
  private Connection raw;
  private PhysicalCatalog catalog;
  private String branchPrefix;
  private int branches;
  /** The branch the current iteration copies on, if it is a {@code copy} iteration. */
  private String branch;
  private boolean branchCopy;
  /** {@code copyStatement}'s branch connection, opened before the iteration. */
  private Connection opened;
  /** Whether the current iteration copies on a branch (its draft is then dropped after it). */
  private boolean copyingNow;
  /** {@code inTurn}'s iterations so far: warm-ups alternate, measured ones follow {@link Interleaved#rawAt}. */
  private int warmups;
  private int measured;

  @Setup(Level.Trial)
  public void create(BenchmarkParams params) throws Exception {
    table = PipelineTable.create(database, rows);
    raw = DriverManager.getConnection(table.rawUrl);
    catalog = Backends.forUrl(table.rawUrl).forServer(raw).catalog();
    branchCopy = params.getBenchmark().endsWith(".copy") || params.getBenchmark().endsWith(".copyStatement");
    branchPrefix = "cb" + UUID.randomUUID().toString().replace("-", "").substring(0, 6);
  }

  @Setup(Level.Iteration)
  public void fresh(BenchmarkParams params, IterationParams iteration) throws SQLException {
    table.freshTarget(raw);
    branch = branchPrefix + "n" + ++branches;
    copyingNow = branchCopy;
    if (params.getBenchmark().endsWith(".inTurn")) {
      copyingNow = iteration.getType() == IterationType.WARMUP ? warmups++ % 2 == 1 : !Interleaved.rawAt(measured++);
    }
    if (params.getBenchmark().endsWith(".copyStatement") || params.getBenchmark().endsWith(".inTurn") && copyingNow) {
      opened = DriverManager.getConnection(table.branchUrl(branch));
    } else if (params.getBenchmark().endsWith(".inTurn")) {
      opened = table.openRaw(); // a connection as new as the copy's
    }
    if (opened != null) {
      table.readNothing(opened);
    }
  }

  @Benchmark
  public boolean copy() throws SQLException {
    try (Connection c = DriverManager.getConnection(table.branchUrl(branch)); Statement s = c.createStatement()) {
      return s.execute("ALTER TABLE " + table.pipeline() + " ADD COLUMN extra INT");
    }
  }

  @Benchmark
  public boolean copyStatement() throws SQLException {
    try (Statement s = opened.createStatement()) {
      return s.execute("ALTER TABLE " + table.pipeline() + " ADD COLUMN extra INT");
    }
  }

  @Benchmark
  public long copyTable() throws SQLException {
    return catalog.copyTable(raw, table.schema, PipelineTable.TABLE, table.target, true);
  }

  @Benchmark
  public void createAsSelect() throws SQLException {
    table.createAsSelect(raw);
  }

  /**
   * {@link #createAsSelect} or {@link #copyStatement}, in turn; fifteen pairs of measured iterations. Each side runs
   * on a connection opened before its iteration: a new PostgreSQL server process writes its first 10⁵ rows some 2.5
   * times slower than one that has run a while (124 to 136 against 48 to 53 ms for the same {@code INSERT ...
   * SELECT}), which the copy's new branch connection paid and the baseline's long-lived one did not.
   */
  @Benchmark
  @Warmup(iterations = 2)
  @Measurement(iterations = 30)
  public boolean inTurn() throws SQLException {
    if (copyingNow) {
      return copyStatement();
    }
    table.createAsSelect(opened);
    return false;
  }

  /**
   * The same baseline in one transaction, as a branch's copy runs where DDL is transactional (the copy and the
   * statement that asked for it stand or fall together): DuckDB builds a transaction's indexes at its commit.
   */
  @Benchmark
  public void createAsSelectInTransaction() throws SQLException {
    raw.setAutoCommit(false);
    try {
      table.createAsSelect(raw);
      raw.commit();
    } finally {
      raw.setAutoCommit(true);
    }
  }

  /** Checks the iteration copied every row; drops the branch's draft. */
  @TearDown(Level.Iteration)
  public void check() throws SQLException {
    if (opened != null) {
      opened.close();
      opened = null;
    }
    long copied = copyingNow ? table.dropDraft(raw, branch) : table.targetRows(raw);
    if (copied != rows) {
      throw new IllegalStateException("the iteration copied " + copied + " rows of " + table.pipeline() + ", not "
          + rows);
    }
  }

  @TearDown(Level.Trial)
  public void remove() throws Exception {
    try {
      raw.close();
    } finally {
      table.close();
    }
  }
}

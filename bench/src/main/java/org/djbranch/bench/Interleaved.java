package org.djbranch.bench;

import java.sql.SQLException;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * The raw driver and djbranch in one thread, one iteration each in turn: a fork opens a djbranch connection, and
 * the raw side runs the raw driver's own statements on the very physical connection djbranch wraps; its measured
 * iterations alternate between the sides in the order raw, djbranch, djbranch, raw, ... ({@link #rawAt}), so every
 * pair of neighbouring iterations holds one of each, measured a second apart. The ratio of each pair cancels what
 * the machine does over minutes (other processes, frequency changes), and the order alternating within pairs
 * cancels a steady drift; with one thread there is no competition between the two sides for the two cores, which
 * made {@link SideBySide} noisy; with one physical connection, whatever one connection of a database has over
 * another is the same for both sides (on SQLite, of two connections to one file, the one opened first ran some
 * 2-3% faster, and by a different amount in every JVM). Both sides run in the same JVM with the same profile, as
 * an application that mixes them would.
 *
 * <p>{@code statement} names the statement and the side it is compared with: {@code trunk*} are
 * {@link PointQuery}'s statements on a trunk connection, the others {@link BranchStatements}' on a branch.
 * {@code control} measures raw against raw (two sets of statements on one connection). {@link Ratios} pairs the
 * iterations by {@link #rawAt}, takes the median of the pairs' ratios in each fork and reports the geometric mean
 * of the forks' medians.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(3)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 20, time = 1)
public class Interleaved {

  /** One statement, run on whichever side the current iteration measures. */
  interface Run {
    String on(SideBySide.Side side) throws SQLException;
  }

  @State(Scope.Thread)
  public static class Sides {
    @Param({"draftPlain", "draftPrepared", "pipelinePlain", "trunkPlain", "trunkPrepared", CONTROL})
    public String statement;

    SideBySide.Side raw;
    SideBySide.Side djbranch;
    SideBySide.Side current;
    Run run;
    private int warmups;
    private int measured;

    @Setup(Level.Trial)
    public void open(SideBySide.Data data) throws SQLException {
      raw = new SideBySide.Side();
      djbranch = new SideBySide.Side();
      djbranch.open(data, kindOf(statement));
      raw.openOn(data, djbranch);
      run = runOf(statement);
    }

    /** Chooses the side of the next iteration: warm-ups alternate, measured iterations follow {@link #rawAt}. */
    @Setup(Level.Iteration)
    public void next(IterationParams iteration) {
      boolean onRaw = iteration.getType() == IterationType.WARMUP ? warmups++ % 2 == 0 : rawAt(measured++);
      current = onRaw ? raw : djbranch;
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
      raw.close();
      djbranch.close();
    }
  }

  /**
   * The A/A control: the raw driver's prepared point query on one raw connection, two prepared statements of it
   * measured as the two sides of every other statement are. Its ratio shows how close to 1.00 the method itself
   * comes, that is the noise floor of the others.
   */
  static final String CONTROL = "control";

  /** What {@code statement} runs on a side. */
  static Run runOf(String statement) {
    return switch (statement) {
      case "draftPlain" -> SideBySide.Side::draftPlain;
      case "draftPrepared" -> SideBySide.Side::draftPrepared;
      case "pipelinePlain", "trunkPlain" -> SideBySide.Side::pipelinePlain;
      case "trunkPrepared", "pipelinePrepared", CONTROL -> SideBySide.Side::pipelinePrepared;
      default -> throw new IllegalArgumentException("Unknown statement " + statement);
    };
  }

  /** The kind a statement's second side runs on: djbranch on a branch or trunk, or raw again for the control. */
  static Kind kindOf(String statement) {
    if (statement.equals(CONTROL)) return Kind.RAW;
    return statement.startsWith("trunk") ? Kind.TRUNK : Kind.BRANCH;
  }

  /**
   * Whether measured iteration {@code i} (from 0, per fork) runs on the raw side: pairs (0,1), (2,3), ... hold one
   * iteration of each side, raw first in even pairs and second in odd ones.
   */
  static boolean rawAt(int i) {
    return ((i / 2) % 2 == 0) == (i % 2 == 0);
  }

  @Benchmark
  public String statement(Sides sides) throws SQLException {
    return sides.run.on(sides.current);
  }
}

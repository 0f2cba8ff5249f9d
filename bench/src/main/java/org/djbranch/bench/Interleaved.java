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
 * The raw driver and djbranch in one thread, one iteration each in turn: a fork opens a raw connection and a
 * djbranch one, and its measured iterations alternate between them in the order raw, djbranch, djbranch, raw, ...
 * ({@link #rawAt}), so every pair of neighbouring iterations holds one of each, measured a second apart. The ratio
 * of each pair cancels what the machine does over minutes (other processes, frequency changes), and the order
 * alternating within pairs cancels a steady drift; with one thread there is no competition between the two sides
 * for the two cores, which made {@link SideBySide} noisy. Both sides run in the same JVM with the same profile,
 * as an application that mixes them would.
 *
 * <p>{@code statement} names the statement and the side it is compared with: {@code trunk*} are
 * {@link PointQuery}'s statements on a trunk connection, the others {@link BranchStatements}' on a branch.
 * {@code control} measures raw against raw. {@link Ratios} pairs the iterations by {@link #rawAt}, takes the median
 * of the pairs' ratios for each order of opening ({@code opened}) and reports the geometric mean of the two.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
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

    /**
     * Which connection is opened first. On SQLite the connection opened second runs some 2-3% faster than the
     * first, raw or not (the control shows it); measuring both orders and taking the geometric mean of their ratios
     * cancels that.
     */
    @Param({RAW_FIRST, "djbranchFirst"})
    public String opened;

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
      if (opened.equals(RAW_FIRST)) {
        raw.open(data, Kind.RAW);
        djbranch.open(data, kindOf(statement));
      } else {
        djbranch.open(data, kindOf(statement));
        raw.open(data, Kind.RAW);
      }
      run = switch (statement) {
        case "draftPlain" -> SideBySide.Side::draftPlain;
        case "draftPrepared" -> SideBySide.Side::draftPrepared;
        case "pipelinePlain", "trunkPlain" -> SideBySide.Side::pipelinePlain;
        case "trunkPrepared", CONTROL -> SideBySide.Side::pipelinePrepared;
        default -> throw new IllegalArgumentException("Unknown statement " + statement);
      };
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
   * The A/A control: the raw driver's prepared point query on two raw connections, measured as every other
   * statement is. Its ratio shows how close to 1.00 the method itself comes, that is the noise floor of the others.
   */
  static final String CONTROL = "control";

  static final String RAW_FIRST = "rawFirst";

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

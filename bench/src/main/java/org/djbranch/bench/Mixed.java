package org.djbranch.bench;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * Every path in one JVM, as an application on a branch runs them (Branch Resolution §1.2: a process may hold trunk
 * and branch connections): one branch connection running plain and prepared statements on a draft table and on a
 * pipeline table, a trunk connection beside it running plain and prepared ones, and the raw driver on each of their
 * physical connections as the reference, all in one fork. Before measuring, every statement runs on every side in
 * turn, so each call site of djbranch has seen every receiver, hook and text it will see; then the measured
 * iterations go through the statements in rounds, each statement measured as {@link Interleaved} measures it (raw
 * and djbranch in turn on one physical connection, {@link Interleaved#rawAt}), one statement after the other.
 *
 * <p>{@link Interleaved} measures each statement in a JVM that ran only the statements of its own connection;
 * here a statement is measured with the profiles (and compiled code) that all the others left. {@code paths} picks
 * the statements a fork opens, warms and measures ({@code all}, or names of {@link #ALL} joined by {@code +}, since
 * JMH splits a parameter's values at commas), so the same benchmark shows a single path in a JVM of its own for
 * comparison: {@code -p paths=draftPlain}, or {@code -p paths=all,draftPlain} for both.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(3)
@Warmup(iterations = 28, time = 1)
@Measurement(iterations = 84, time = 1)
public class Mixed {
  /** Every statement, in the order of a round: the branch's four, trunk's two, the raw-against-raw control. */
  static final List<String> ALL = List.of("draftPlain", "draftPrepared", "pipelinePlain", "pipelinePrepared",
      "trunkPlain", "trunkPrepared", Interleaved.CONTROL);

  @State(Scope.Thread)
  public static class Paths {
    @Param({"all"})
    public String paths;

    List<String> statements;
    /** Per statement (in the order of {@link #statements}): its djbranch side (raw again for the control), its raw side. */
    final List<SideBySide.Side[]> sides = new ArrayList<>();
    final List<Interleaved.Run> runs = new ArrayList<>();
    Interleaved.Run run;
    SideBySide.Side current;
    private final List<SideBySide.Side> opened = new ArrayList<>();
    private int warmups;
    private int measured;

    /**
     * Opens one connection of each kind the statements need (with the raw side on its physical connection), then
     * runs every statement on both its sides, in turn, {@link BranchStatements#WARM_ROUNDS} times.
     */
    @Setup(Level.Trial)
    public void open(SideBySide.Data data) throws SQLException {
      statements = statements(paths);
      Map<Kind, SideBySide.Side[]> byKind = new LinkedHashMap<>();
      for (String statement : statements) {
        SideBySide.Side[] pair = byKind.computeIfAbsent(Interleaved.kindOf(statement), kind -> {
          try {
            SideBySide.Side djbranch = new SideBySide.Side();
            djbranch.openCold(data, kind);
            SideBySide.Side raw = new SideBySide.Side();
            raw.openColdOn(data, djbranch);
            opened.add(raw);
            opened.add(djbranch);
            return new SideBySide.Side[] {djbranch, raw};
          } catch (SQLException e) {
            throw new IllegalStateException(e);
          }
        });
        sides.add(pair);
        runs.add(Interleaved.runOf(statement));
      }
      warm(BranchStatements.WARM_ROUNDS);
    }

    /** Runs every statement on both its sides, in turn, {@code rounds} times. */
    void warm(int rounds) throws SQLException {
      for (int round = 0; round < rounds; round++) {
        for (int s = 0; s < statements.size(); s++) {
          runs.get(s).on(sides.get(s)[1]);
          runs.get(s).on(sides.get(s)[0]);
        }
      }
    }

    /** Chooses the statement and side of the next iteration ({@link #at}); warm-ups follow the same order. */
    @Setup(Level.Iteration)
    public void next(IterationParams iteration) {
      int i = iteration.getType() == IterationType.WARMUP ? warmups++ : measured++;
      Slot slot = at(i, statements.size());
      run = runs.get(slot.statement());
      current = sides.get(slot.statement())[slot.raw() ? 1 : 0];
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
      for (SideBySide.Side side : opened) {
        side.close();
      }
    }
  }

  /** The statements {@code paths} names: all of {@link #ALL}, or those joined by {@code +}. */
  static List<String> statements(String paths) {
    if (paths.equals("all")) return ALL;
    List<String> named = List.of(paths.split("\\+"));
    for (String name : named) {
      if (!ALL.contains(name)) {
        throw new IllegalArgumentException("Unknown statement " + name + "; known are all and " + ALL);
      }
    }
    return named;
  }

  /** What iteration {@code i} measures: the statement (an index), the side, and its index among that statement's. */
  record Slot(int statement, boolean raw, int k) {}

  /**
   * Iterations 2j and 2j+1 measure statement j mod {@code count}, one on each side; per statement its iterations
   * follow {@link Interleaved#rawAt}, so the k-th pair of a statement holds one of each side, raw first in every
   * other round.
   */
  static Slot at(int i, int count) {
    int pair = i / 2;
    int k = 2 * (pair / count) + i % 2;
    return new Slot(pair % count, Interleaved.rawAt(k), k);
  }

  @Benchmark
  public String statement(Paths paths) throws SQLException {
    return paths.run.on(paths.current);
  }
}

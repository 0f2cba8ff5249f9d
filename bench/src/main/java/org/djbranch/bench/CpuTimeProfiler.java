package org.djbranch.bench;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * The benchmark JVM's CPU time per operation ({@code -prof org.djbranch.bench.CpuTimeProfiler}): on a machine
 * shared with other work, throughput says how much CPU the benchmark was given as much as what it costs, while the
 * CPU time an operation takes barely moves with the load. It counts every thread of the JVM (the JIT and the
 * collector too) and nothing of a database server in another process.
 */
public final class CpuTimeProfiler implements InternalProfiler {
  /** The secondary metric's name in the results. */
  static final String METRIC = "cpu.time.norm";

  private final com.sun.management.OperatingSystemMXBean os =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private long before;

  @Override
  public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
    before = os.getProcessCpuTime();
  }

  @Override
  public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
      IterationResult result) {
    long cpu = os.getProcessCpuTime() - before;
    long ops = result.getMetadata().getAllOps();
    double perOp = ops == 0 ? Double.NaN : cpu / (double) ops;
    return List.of(new ScalarResult(METRIC, perOp, "ns/op", AggregationPolicy.AVG));
  }

  @Override
  public String getDescription() {
    return "CPU time of the benchmark JVM per operation";
  }
}

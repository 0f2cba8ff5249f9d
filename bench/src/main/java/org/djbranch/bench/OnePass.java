package org.djbranch.bench;

import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.Lexer;
import org.djbranch.rewriter.NameSet;
import org.djbranch.rewriter.SplicePlan;
import org.djbranch.rewriter.Tokens;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a branch adds to a plain statement on a draft table, without a database: the one pass over the text, the
 * comparison with the connection's last plan and the splice. The budget (issue: a branch costs what one pass over
 * the text costs) is well under 0.1 µs for a 50-character statement; the JDBC benchmarks show it against the
 * driver's own time.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class OnePass {
  private static final NameSet DRAFTS = NameSet.of(Set.of("d", "other_draft"));
  private static final NameSet QUALIFIERS = NameSet.of(Set.of("main", "br_bench1_main"));

  private final String[] texts = new String[1000];
  private final Tokens.Buffer buffer = new Tokens.Buffer();
  private Tokens last;
  private SplicePlan plan;
  private int id;

  @Setup(Level.Trial)
  public void texts() {
    for (int i = 0; i < texts.length; i++) texts[i] = "select name from d where id = " + (i + 1);
    // The session keeps a copy of the buffer's tokens as the last plan's: the comparison skips what a read-on kept.
    Lexer.scan(texts[0], Dialect.SQLITE, DRAFTS, QUALIFIERS, buffer);
    last = buffer.tokens(texts[0]).copy();
    int d = texts[0].indexOf(" d ") + 1;
    plan = SplicePlan.of(last, List.of(new Edit(d, d + 1, "\"br_bench1_main\".\"d\"")));
  }

  private String next() {
    id = id == texts.length - 1 ? 0 : id + 1;
    return texts[id];
  }

  /** The flags alone. */
  @Benchmark
  public int scan() {
    return Lexer.scan(next(), Dialect.SQLITE, DRAFTS, QUALIFIERS);
  }

  /** The flags and every token recorded into the reused buffer: what a branch connection does per statement. */
  @Benchmark
  public int scanIntoBuffer() {
    return Lexer.scan(next(), Dialect.SQLITE, DRAFTS, QUALIFIERS, buffer);
  }

  /** Two passes, the way a branch statement was read before: the flags, then the tokens in a second pass. */
  @Benchmark
  public int scanThenTokenize() {
    String sql = next();
    int flags = Lexer.scan(sql, Dialect.SQLITE, DRAFTS, QUALIFIERS);
    return flags + Lexer.tokenize(sql, Dialect.SQLITE, buffer).size();
  }

  /** The whole per-statement path of a repeated shape: scan, compare with the last plan's tokens, splice. */
  @Benchmark
  public String scanCompareSplice() {
    String sql = next();
    Lexer.scan(sql, Dialect.SQLITE, DRAFTS, QUALIFIERS, buffer);
    Tokens tokens = buffer.tokens(sql);
    if (!tokens.sameShape(last)) throw new IllegalStateException("shape changed: " + sql);
    return plan.apply(sql, tokens);
  }
}

package org.djbranch.bench;

/**
 * One statement of {@link Interleaved}, run by a plain program for {@code bench/instructions.sh}, which runs it under
 * valgrind's callgrind and counts the instructions and cache misses of each measured part. A count is the same
 * from run to run whatever else the machine does, so it settles differences of a few nanoseconds that timings on a
 * shared machine cannot.
 *
 * <p>Both sides are opened and warmed as in {@link Interleaved} (the raw side on the physical connection djbranch
 * wraps), then run in turn, raw first, {@link #PARTS} parts of {@code n} statements each. Before and after each part
 * it prints a line ({@code READY k}, {@code DONE k}) and waits, so that the script switches counting on and off
 * around exactly that part; the waits give the JIT compiler time to finish its work outside the parts.
 *
 * <p>Arguments: statement (as {@link Interleaved}'s; {@code control} counts raw against raw), warm-up statements per
 * side, statements per part, database ({@code sqlite} or {@code postgresql}).
 */
public final class InstructionCount {
  /** Raw, djbranch, raw, ...: the first pair warms up under counting; the later ones agree to the instruction. */
  static final int PARTS = 6;

  private InstructionCount() {
  }

  public static void main(String[] args) throws Exception {
    String statement = args[0];
    int warm = Integer.parseInt(args[1]);
    int n = Integer.parseInt(args[2]);
    SideBySide.Data data = new SideBySide.Data();
    data.database = args.length > 3 ? args[3] : "sqlite";
    data.create();
    SideBySide.Side djbranch = new SideBySide.Side();
    djbranch.open(data, Interleaved.kindOf(statement));
    SideBySide.Side raw = new SideBySide.Side();
    raw.openOn(data, djbranch);
    Interleaved.Run run = Interleaved.runOf(statement);
    try {
      for (int i = 0; i < warm; i++) {
        run.on(raw);
        run.on(djbranch);
      }
      long pause = Long.getLong("pause", 10_000);
      Thread.sleep(Long.getLong("settle", 60_000));
      for (int part = 0; part < PARTS; part++) {
        SideBySide.Side side = part % 2 == 0 ? raw : djbranch;
        say("READY " + part);
        Thread.sleep(pause);
        for (int i = 0; i < n; i++) {
          run.on(side);
        }
        say("DONE " + part);
        Thread.sleep(pause);
      }
    } finally {
      raw.close();
      djbranch.close();
      data.drop();
    }
  }

  private static void say(String line) {
    System.out.println(line);
    System.out.flush();
  }
}

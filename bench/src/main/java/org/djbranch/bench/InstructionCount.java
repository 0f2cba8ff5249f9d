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
 * side, statements per part, database ({@code sqlite} or {@code postgresql}). A statement written
 * {@code mixed:<statement>} is counted in a JVM that opened and warmed every path of {@link Mixed}, all in turn, as
 * that benchmark does.
 */
public final class InstructionCount {
  /** Raw, djbranch, raw, ...: the first pair warms up under counting; the later ones agree to the instruction. */
  static final int PARTS = 6;
  /** The prefix of a statement counted among all of {@link Mixed}'s paths. */
  static final String MIXED = "mixed:";

  private InstructionCount() {
  }

  public static void main(String[] args) throws Exception {
    String statement = args[0];
    int warm = Integer.parseInt(args[1]);
    int n = Integer.parseInt(args[2]);
    SideBySide.Data data = new SideBySide.Data();
    data.database = args.length > 3 ? args[3] : "sqlite";
    data.create();
    boolean mixed = statement.startsWith(MIXED);
    SideBySide.Side djbranch;
    SideBySide.Side raw;
    Mixed.Paths paths = null;
    if (mixed) {
      statement = statement.substring(MIXED.length());
      paths = new Mixed.Paths();
      paths.paths = "all";
      paths.open(data);
      SideBySide.Side[] pair = paths.sides.get(paths.statements.indexOf(statement));
      djbranch = pair[0];
      raw = pair[1];
    } else {
      djbranch = new SideBySide.Side();
      djbranch.open(data, Interleaved.kindOf(statement));
      raw = new SideBySide.Side();
      raw.openOn(data, djbranch);
    }
    Interleaved.Run run = Interleaved.runOf(statement);
    try {
      if (mixed) {
        paths.warm(warm);
      } else {
        for (int i = 0; i < warm; i++) {
          run.on(raw);
          run.on(djbranch);
        }
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
      if (mixed) {
        paths.close();
      } else {
        raw.close();
        djbranch.close();
      }
      data.drop();
    }
  }

  private static void say(String line) {
    System.out.println(line);
    System.out.flush();
  }
}

package org.djbranch.cli;

import java.io.PrintWriter;

/**
 * Progress of a long operation, on the error stream so the output stays clean for pipes: {@code [3/7] what}. Quiet
 * when there is a single step.
 */
final class Progress {
  private final PrintWriter err;
  private final int total;
  private int done;

  Progress(PrintWriter err, int total) {
    this.err = err;
    this.total = total;
  }

  void step(String what) {
    done++;
    if (total > 1) {
      err.println("[" + done + "/" + total + "] " + what);
      err.flush();
    }
  }
}

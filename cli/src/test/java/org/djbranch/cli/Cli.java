package org.djbranch.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the djbranch command in process and keeps what it printed. */
final class Cli {
  record Run(int code, String out, String err) {
    String all() {
      return out + err;
    }
  }

  private Cli() {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Run(code, out.toString(), err.toString());
  }
}

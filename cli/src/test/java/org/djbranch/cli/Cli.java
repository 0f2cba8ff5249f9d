package org.djbranch.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the djbranch command in process and keeps what it printed. */
final class Cli {
  record Run(int code, String out, String err) {
    String all() {
      return out + err;
    }
  }

  private Cli() {}

  static Run run(String... args) {
    CommandLine cmd = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    redirect(cmd, new PrintWriter(out, true), new PrintWriter(err, true));
    int code = cmd.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  private static void redirect(CommandLine cmd, PrintWriter out, PrintWriter err) {
    cmd.setOut(out);
    cmd.setErr(err);
    cmd.getSubcommands().values().forEach(c -> redirect(c, out, err));
  }
}

package org.djbranch.compat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.djbranch.cli.Main;
import picocli.CommandLine;

/** The {@code djbranch} command run in this process, with what it printed. */
final class DjbranchCommand {
  record Run(int code, String out, String err) {
    @Override
    public String toString() {
      return "exit " + code + "\n" + out + err;
    }
  }

  private DjbranchCommand() {}

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

package org.djbranch.compat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.djbranch.cli.Main;

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
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Run(code, out.toString(), err.toString());
  }
}

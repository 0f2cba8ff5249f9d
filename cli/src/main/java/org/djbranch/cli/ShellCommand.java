package org.djbranch.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.djbranch.driver.BranchConnection;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code djbranch shell}: SQL over any djbranch URL. With a terminal, a line editor with history; with {@code -e},
 * {@code -f} or piped input, the statements run in order and the first error ends the run (exit 2), as a CI step
 * wants, unless {@code --continue-on-error} says to run the rest.
 */
@Command(name = "shell", header = "An SQL shell on trunk or a branch of any database djbranch reaches.",
    description = {"Aligned result tables; \\d lists the tables and where each binds (pipeline or draft), \\d TABLE"
        + " describes one, \\q quits.",
        "",
        "With a terminal, a line editor with history (~/.djbranch_history); a statement runs when a line ends with ;.",
        "With -e SQL, -f FILE or piped input, the statements run in order, and the first one that fails stops the"
            + " run: its error is printed (one line, with the SQLState), then which statement stopped it, and the"
            + " shell exits 2 without running the rest. With --continue-on-error every statement runs; the errors"
            + " are printed as they happen, then how many failed, and the exit code is 2 if any did."})
final class ShellCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--url", required = true, paramLabel = "URL",
      description = "the database: jdbc:djbranch:<url> or the wrapped driver's jdbc:<url>")
  String url;

  @Option(names = "--branch", paramLabel = "B",
      description = "the branch; empty for trunk; unset: DJ_BRANCH or datajoint.json decide, as for any connection")
  String branch;

  @Option(names = {"-e", "--execute"}, paramLabel = "SQL", description = "run these statements and exit")
  String execute;

  @Option(names = {"-f", "--file"}, paramLabel = "FILE", description = "run this script and exit")
  Path file;

  @Option(names = "--continue-on-error",
      description = "with -e, -f or piped input: run every statement even after one fails (exit 2 if any did)")
  boolean continueOnError;

  /** Where piped input comes from; a test sets it. */
  InputStream in = System.in;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Target target = new Target(url);
    try (BranchConnection c = target.branch(branch());
        Describer describer = new Describer(target, c.branch(), c.backend().currentSchema(c))) {
      SqlShell shell = new SqlShell(c, describer, out, err, continueOnError);
      if (execute != null || file != null || System.console() == null) {
        // Where the statements land is the first thing a reader of a CI log needs, as at the prompt.
        out.println("-- " + where(c));
      }
      if (execute != null) {
        return shell.runScript(execute) ? ExitCodes.OK : ExitCodes.ERROR;
      }
      if (file != null) {
        return shell.runScript(Files.readString(file, StandardCharsets.UTF_8)) ? ExitCodes.OK : ExitCodes.ERROR;
      }
      if (System.console() == null) {
        return shell.runScript(new String(in.readAllBytes(), StandardCharsets.UTF_8)) ? ExitCodes.OK : ExitCodes.ERROR;
      }
      interactive(shell, c);
      return ExitCodes.OK;
    }
  }

  /**
   * The branch to open: {@code --branch}, else the URL's own {@code branch} parameter, read as the driver reads it (and
   * checked by the driver when the connection opens); both, naming different branches, is a usage error.
   */
  String branch() {
    String inUrl = Target.branchParameter(url);
    if (branch != null && inUrl != null && !branch.equals(inUrl)) {
      throw new ParameterException(spec.commandLine(), "--branch '" + branch + "' and branch=" + inUrl
          + " in --url name different branches: give the branch once.");
    }
    return branch != null ? branch : inUrl;
  }

  private static String where(BranchConnection c) {
    return "djbranch shell on " + c.backend().displayName() + ", "
        + (c.branch() == null ? "trunk" : "branch " + c.branch()) + ".";
  }

  /** Lines accumulate until one ends with a semicolon; backslash commands act at once. */
  private static void interactive(SqlShell shell, BranchConnection c) throws IOException {
    try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
      // No escape characters: "\d" must reach the shell as typed, and SQL strings keep their backslashes.
      DefaultParser parser = new DefaultParser();
      parser.setEscapeChars(new char[0]);
      LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("djbranch").parser(parser)
          .variable(LineReader.HISTORY_FILE, Path.of(System.getProperty("user.home"), ".djbranch_history"))
          .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
          .build();
      PrintWriter tout = terminal.writer();
      tout.println(where(c) + " \\? for help, \\q to quit.");
      StringBuilder pending = new StringBuilder();
      while (!shell.quitRequested()) {
        String line;
        try {
          line = reader.readLine(pending.length() == 0 ? shell.prompt() : "   ...> ");
        } catch (UserInterruptException e) {
          pending.setLength(0);
          continue;
        } catch (EndOfFileException e) {
          break;
        }
        if (pending.length() == 0 && line.strip().startsWith("\\")) {
          shell.meta(line.strip());
          continue;
        }
        pending.append(line).append('\n');
        if (line.strip().endsWith(";")) {
          shell.runStatements(pending.toString());
          pending.setLength(0);
        }
      }
    }
  }
}

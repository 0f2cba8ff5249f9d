package org.djbranch.cli;

import picocli.CommandLine;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code djbranch} command. Subcommands are registered in {@link #commandLine()} only, so adding one is one line
 * there. The scope is inherited: every subcommand, at any depth, gets {@code --help}/{@code -h},
 * {@code --version}/{@code -V} and the exit codes below without declaring them.
 */
@Command(name = "djbranch", mixinStandardHelpOptions = true, versionProvider = Version.class,
    scope = ScopeType.INHERIT,
    description = "Branches of databases and versioned DuckLake repositories.",
    footerHeading = "%nExit codes:%n",
    footer = {"  0  done",
        "  1  a problem found: a key verify cannot build, drop not confirmed, or diff --exit-code found changes",
        "  2  an error (one line, with the SQLState), or a wrong command line",
        "%nRun djbranch help COMMAND, or djbranch COMMAND --help, for one command."})
public final class Main implements java.util.concurrent.Callable<Integer> {
  @Spec CommandSpec spec;

  public static CommandLine commandLine() {
    CommandLine cmd = new CommandLine(new Main())
        .addSubcommand("demo", new DemoCommand())
        .addSubcommand("shell", new ShellCommand())
        .addSubcommand("status", new StatusCommand())
        .addSubcommand("diagram", new DiagramCommand())
        .addSubcommand("verify", new VerifyCommand())
        .addSubcommand("diff", new DiffCommand())
        .addSubcommand("promote", new PromoteCommand())
        .addSubcommand("drop", new DropCommand())
        .addSubcommand("prune", new PruneCommand())
        .addSubcommand("provision", new ProvisionCommand())
        .addSubcommand("branches", new BranchesCommand())
        .addSubcommand("lake", LakeCommand.group())
        .addSubcommand("help", new HelpCommand());
    // A refusal is a message for the user, not a stack trace: one line that says what to do, and the SQLState.
    cmd.setExecutionExceptionHandler((e, failed, parsed) -> {
      String message = Errors.describe(e);
      if (message == null) {
        throw e; // a defect of the command itself: the stack trace is what a report needs
      }
      failed.getErr().println(failed.getCommandSpec().qualifiedName() + ": " + message);
      failed.getErr().flush();
      return ExitCodes.ERROR;
    });
    return cmd;
  }

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** Runs the command with its output and errors written to {@code out} and {@code err}; returns its exit code. */
  public static int run(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
    CommandLine cmd = commandLine();
    redirect(cmd, out, err);
    return cmd.execute(args);
  }

  private static void redirect(CommandLine cmd, java.io.PrintWriter out, java.io.PrintWriter err) {
    cmd.setOut(out);
    cmd.setErr(err);
    cmd.getSubcommands().values().forEach(c -> redirect(c, out, err));
  }

  /** {@code djbranch} alone: a command is missing, so the list of commands, on the error stream. */
  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCodes.ERROR;
  }
}

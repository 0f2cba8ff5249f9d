package org.djbranch.cli;

import picocli.CommandLine;

import java.sql.SQLException;
import picocli.CommandLine.Command;

/**
 * The {@code djbranch} command. Subcommands are registered in {@link #commandLine()} only, so
 * adding one is one line there.
 */
@Command(name = "djbranch", mixinStandardHelpOptions = true, version = "djbranch 0.1.0",
    description = "Branches of databases and versioned DuckLake repositories.",
    footerHeading = "%nExit codes:%n",
    footer = {"  0  done",
        "  1  the command found something wrong: verify found constraints that do not build, drop was"
            + " not confirmed",
        "  2  an error: the database refused (one line, with its SQLState), or the command line is wrong"})
public final class Main implements Runnable {

  public static CommandLine commandLine() {
    CommandLine cmd = new CommandLine(new Main())
        .addSubcommand("demo", new DemoCommand())
        .addSubcommand("shell", new ShellCommand())
        .addSubcommand("status", new StatusCommand())
        .addSubcommand("verify", new VerifyCommand())
        .addSubcommand("promote", new PromoteCommand())
        .addSubcommand("drop", new DropCommand())
        .addSubcommand("provision", new ProvisionCommand()).addSubcommand("branches", new BranchesCommand())
        .addSubcommand("lake", LakeCommand.group());
    // A refusal is a message for the user, not a stack trace: one line that says what to do, and the SQLState.
    cmd.setExecutionExceptionHandler((e, failed, parsed) -> {
      if (e instanceof SQLException) {
        failed.getErr().println(failed.getCommandSpec().qualifiedName() + ": "
            + Errors.describe((SQLException) e));
        return ExitCodes.ERROR;
      }
      throw e;
    });
    return cmd;
  }

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }
}

package org.djbranch.cli;

import picocli.CommandLine;

import java.sql.SQLException;
import picocli.CommandLine.Command;

/**
 * The {@code djbranch} command. Subcommands are registered in {@link #commandLine()} only, so
 * adding one is one line there.
 */
@Command(name = "djbranch", mixinStandardHelpOptions = true, version = "djbranch 0.1.0",
        description = "Branches of databases and versioned DuckLake repositories.")
public final class Main implements Runnable {

    public static CommandLine commandLine() {
        CommandLine cmd = new CommandLine(new Main())
                .addSubcommand("lake", LakeCommand.group());
        // A refusal is a message for the user, not a stack trace: its text says what to do.
        cmd.setExecutionExceptionHandler((e, failed, parsed) -> {
            if (e instanceof SQLException) {
                failed.getErr().println(failed.getCommandSpec().qualifiedName() + ": " + e.getMessage());
                return 2;
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

package org.djbranch.cli;

import org.djbranch.lake.Changes;
import org.djbranch.lake.Lake;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.sql.SQLException;

/** {@code djbranch lake status <lake-work.sqlite>}: what changed in the working catalog since its checkout. */
@Command(name = "status", description = "Show what changed in a working catalog since its checkout: tables added, "
    + "dropped or changed, with the rows added and removed (counted as commit counts them).")
final class LakeStatusCommand extends LakeCommand.Standard {
  @Parameters(index = "0", description = "the working catalog file") Path catalog;
  @Option(names = "--json", description = "print JSON instead of a table") boolean json;

  @Override
  public Integer call() throws SQLException {
    Changes changes = Lake.status(catalog);
    LakeChangesPrinter.print(out(), changes, json, "nothing changed since " + (changes.from().equals("(none)")
        ? "the checkout (the branch had no version)" : "version " + changes.from()));
    return 0;
  }
}

package org.djbranch.cli;

import org.djbranch.lake.Changes;
import org.djbranch.lake.Lake;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.sql.SQLException;

/** {@code djbranch lake diff <root> A B}: what changed from one version to another. */
@Command(name = "diff", description = "Show what changed from version A to version B (IDs, unique prefixes or "
    + "branch names): tables added, dropped or changed, with the rows added and removed.")
final class LakeDiffCommand extends LakeCommand.Standard {
  @Parameters(index = "0", description = "repository folder, http(s):// or s3:// root") String root;
  @Parameters(index = "1", description = "the version compared from") String from;
  @Parameters(index = "2", description = "the version compared to") String to;
  @Option(names = "--json", description = "print JSON instead of a table") boolean json;

  @Override
  public Integer call() throws SQLException {
    Changes changes = Lake.open(root, null).diff(from, to);
    LakeChangesPrinter.print(out(), changes, json, "no change from " + changes.from() + " to " + changes.to());
    return 0;
  }
}

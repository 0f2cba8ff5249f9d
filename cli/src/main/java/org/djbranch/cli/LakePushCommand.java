package org.djbranch.cli;

import org.djbranch.lake.Push;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;

/** {@code djbranch lake push <lake-work.sqlite>}: writes the committed version to the repository and moves the branch on condition. */
@Command(name = "push", description = "Write the version the last commit made to the repository (data files, catalog, "
    + "dataset.json and files.json, version.json) and move the branch, only if it still holds the version the work started from.")
final class LakePushCommand extends LakeCommand.Standard {
  @Parameters(index = "0", description = "the working catalog file") Path catalog;
  @Option(names = {"-q", "--quiet"}, description = "no progress lines for uploads") boolean quiet;

  @Override
  public Integer call() throws SQLException {
    PrintWriter out = out();
    Push.Result r = Push.push(catalog, new Push.Listener() {
      @Override
      public void uploading(int index, int count, String path, long size) {
        if (!quiet) {
          out.println("uploading " + index + "/" + count + " " + path + " (" + size + " bytes)");
          out.flush();
        }
      }
    });
    out.println(r.explanation());
    return 0;
  }
}

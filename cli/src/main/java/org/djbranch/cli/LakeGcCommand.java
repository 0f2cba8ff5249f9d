package org.djbranch.cli;

import org.djbranch.lake.Gc;
import org.djbranch.lake.Lake;
import org.djbranch.lake.repo.RepositoryConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;

/** {@code djbranch lake gc <root>}: deletes data files no version reachable from a ref names, once past the grace period. */
@Command(name = "gc", description = "Delete data files that no version reachable from a ref names and that are older "
    + "than the repository's grace period (grace_period in repository.json, default 7 days), and the .part files "
    + "writes stopped part way left under versions/ and refs/ once as old.")
final class LakeGcCommand extends LakeCommand.Standard {
  @Parameters(index = "0", description = "repository folder, http(s):// or s3:// root") String root;
  @Option(names = "--grace-period", description = "overrides the repository's grace period (7d, 12h, 30m, P7D)") String grace;
  @Option(names = {"-n", "--dry-run"}, description = "list what would be deleted, delete nothing") boolean dryRun;

  @Override
  public Integer call() throws SQLException {
    Duration override = grace == null ? null : RepositoryConfig.parseDuration(grace, "--grace-period");
    Gc.Result r = Gc.run(Lake.open(root, null).repository(), override, dryRun, Instant.now());
    for (String path : r.deleted()) {
      out().println((dryRun ? "would delete " : "deleted ") + path);
    }
    for (String path : r.parts()) {
      out().println((dryRun ? "would delete leftover " : "deleted leftover ") + path);
    }
    out().println(r.versions() + " versions reachable from refs name " + r.named().size() + " data files; "
        + r.young().size() + " unnamed data files younger than " + r.grace() + " kept; " + r.deleted().size()
        + (dryRun ? " to delete" : " deleted") + "; " + r.parts().size() + " leftover .part files of stopped writes"
        + (dryRun ? " to delete" : " deleted"));
    return 0;
  }
}

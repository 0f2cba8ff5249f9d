package org.djbranch.cli;

import org.djbranch.lake.CommitResult;
import org.djbranch.lake.Lake;
import org.djbranch.lake.WorkingCatalog;
import org.djbranch.lake.repo.DatasetDescription;
import org.djbranch.lake.repo.FileList;
import org.djbranch.lake.repo.RepositoryConfig;
import org.djbranch.lake.repo.VersionInfo;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.Callable;

/** {@code djbranch lake init | checkout | commit | push | gc | log | show | status | diff}. */
@Command(name = "lake", mixinStandardHelpOptions = true,
    description = "Versioned DuckLake repositories: init, checkout, commit, push, gc, log, show, status, diff.")
public final class LakeCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  static CommandLine group() {
    CommandLine lake = new CommandLine(new LakeCommand());
    lake.addSubcommand("init", new Init());
    lake.addSubcommand("checkout", new Checkout());
    lake.addSubcommand("commit", new Commit());
    lake.addSubcommand("log", new Log());
    lake.addSubcommand("show", new Show());
    lake.addSubcommand("push", new LakePushCommand());
    lake.addSubcommand("gc", new LakeGcCommand());
    lake.addSubcommand("status", new LakeStatusCommand());
    lake.addSubcommand("diff", new LakeDiffCommand());
    return lake;
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /**
   * Every lake subcommand: {@code --help}/{@code -h} prints its usage. Explicit options rather than picocli's
   * standard mixin, whose {@code --version} would clash with {@code checkout --version <ID>}: checkout prints the
   * version on {@code -V} alone, the others ({@link Standard}) on {@code -V} and {@code --version}.
   */
  abstract static class Base implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    boolean help;

    PrintWriter out() {
      return spec.commandLine().getOut();
    }
  }

  /** A lake subcommand with no {@code --version} of its own: {@code -V} and {@code --version} print the version. */
  abstract static class Standard extends Base {
    @Option(names = {"-V", "--version"}, versionHelp = true, description = "print version information and exit")
    boolean versionHelp;
  }

  @Command(name = "init", description = "Make a repository in a folder, at an http(s):// WebDAV root or an s3://bucket/prefix/ root; --from imports an existing DuckLake catalog (DuckDB format) as its first version.")
  static final class Init extends Standard {
    @Parameters(index = "0", description = "repository folder, http(s):// or s3:// root") String root;
    @Option(names = "--data-dir", defaultValue = "data/", description = "data folder under the root (default: ${DEFAULT-VALUE})") String dataDir;
    @Option(names = "--from", description = "a DuckLake catalog in DuckDB format to import") Path from;
    @Option(names = "--branch", defaultValue = Lake.DEFAULT_BRANCH, description = "the branch (default: ${DEFAULT-VALUE})") String branch;
    @Option(names = {"-m", "--message"}, description = "a message recorded with the version") String message;
    @Option(names = "--grace-period", description = "how long gc keeps data files no version names (7d, 12h, P7D; default 7 days)") String grace;
    @Option(names = "--lock-lease", description = "how long a writer's lock on a branch over HTTP lasts unless renewed (2m, 30s, PT2M; default 2 minutes)") String lease;

    @Override
    public Integer call() throws SQLException {
      Lake lake = Lake.init(root, RepositoryConfig.of(dataDir)
          .withGracePeriod(grace == null ? null : RepositoryConfig.parseDuration(grace, "--grace-period"))
          .withLockLease(lease == null ? null : RepositoryConfig.parseDuration(lease, "--lock-lease")));
      out().println("repository " + lake.repository().rootUrl() + " (data in " + lake.repository().dataUrl() + ")");
      if (from != null) {
        CommitResult r = lake.importCatalog(from, branch, message != null ? message : "import " + from.getFileName());
        out().println(r.explanation());
      }
      return 0;
    }
  }

  @Command(name = "checkout", description = "Make a working catalog (SQLite, outside the repository) from a branch's version and print the ATTACH line.")
  static final class Checkout extends Base {
    @Option(names = "-V", versionHelp = true, description = "print version information and exit")
    boolean versionHelp;
    @Parameters(index = "0", description = "repository folder, http(s):// or s3:// root") String root;
    @Parameters(index = "1", description = "the working catalog file to make (outside the repository)") Path catalog;
    @Option(names = "--branch", defaultValue = Lake.DEFAULT_BRANCH, description = "the branch (default: ${DEFAULT-VALUE})") String branch;
    @Option(names = "--version", description = "a version ID (or unique prefix) instead of the branch's") String version;

    @Override
    public Integer call() throws SQLException {
      WorkingCatalog wc = Lake.open(root, Lake.localDataFolderFor(catalog)).checkout(branch, version, catalog);
      out().println("checked out " + (wc.record().parent() == null ? "an empty catalog (branch " + branch + " has no version yet)"
          : "version " + wc.record().parent() + " of branch " + branch) + " into " + wc.file());
      out().println("attach it in DuckDB with:");
      out().println(wc.attachStatement("lake"));
      return 0;
    }
  }

  @Command(name = "commit", description = "Freeze the working catalog's last snapshot into a new version, kept beside the working catalog until push.")
  static final class Commit extends Standard {
    @Parameters(index = "0", description = "the working catalog file") Path catalog;
    @Option(names = {"-m", "--message"}, description = "a message recorded with the version") String message;
    @Option(names = "--allow-empty", description = "make a version even if nothing changed") boolean allowEmpty;

    @Override
    public Integer call() throws SQLException {
      CommitResult r = Lake.commit(catalog, message, allowEmpty);
      out().println(r.explanation());
      return 0;
    }
  }

  @Command(name = "log", description = "List a branch's versions, newest first.")
  static final class Log extends Standard {
    @Parameters(index = "0", description = "repository folder, http(s):// or s3:// root") String root;
    @Option(names = "--branch", defaultValue = Lake.DEFAULT_BRANCH, description = "the branch (default: ${DEFAULT-VALUE})") String branch;

    @Override
    public Integer call() throws SQLException {
      for (VersionInfo v : Lake.open(root, null).log(branch)) {
        out().println(v.id().substring(0, 12) + "  snapshot " + v.snapshotId() + "  " + v.snapshotTime()
            + (v.message() == null ? "" : "  " + v.message()));
      }
      return 0;
    }
  }

  @Command(name = "show", description = "Show a version: its parents, tables and files.")
  static final class Show extends Standard {
    @Parameters(index = "0", description = "repository folder, http(s):// or s3:// root") String root;
    @Parameters(index = "1", arity = "0..1", description = "version ID or prefix (default: the branch's)") String version;
    @Option(names = "--branch", defaultValue = Lake.DEFAULT_BRANCH, description = "the branch (default: ${DEFAULT-VALUE})") String branch;

    @Override
    public Integer call() throws SQLException {
      Lake lake = Lake.open(root, null);
      VersionInfo v = lake.resolve(branch, version);
      out().println("version  " + v.id());
      out().println("parents  " + String.join(" ", v.parents()));
      out().println("snapshot " + v.snapshotId() + " at " + v.snapshotTime() + " (DuckLake " + v.ducklakeVersion() + ")");
      if (v.message() != null) {
        out().println("message  " + v.message());
      }
      DatasetDescription d = lake.dataset(v.id());
      for (DatasetDescription.Table t : d.tables()) {
        out().println("table    " + t.schema() + "." + t.name() + " (" + String.join(", ",
            t.columns().stream().map(c -> c.name() + " " + c.type()).toList()) + ")");
      }
      for (DatasetDescription.View view : d.views()) {
        out().println("view     " + view.schema() + "." + view.name());
      }
      FileList files = lake.files(v.id());
      out().println("files    " + files.files().size() + " (" + files.files().stream().mapToLong(FileList.Entry::size).sum() + " bytes)");
      return 0;
    }
  }
}

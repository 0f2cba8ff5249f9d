package org.djbranch.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import org.djbranch.cli.LiveBranches.Draft;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.DriverProperty;
import org.djbranch.driver.backend.DraftActivity;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.edges.Activity;
import org.djbranch.driver.naming.BranchLocalTables;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code djbranch prune}: removes the branches nobody needs any more — those not in a keep list (the open pull
 * requests, {@code git branch -r}) or, with {@code --idle-days}, not declared into for that long — each as
 * {@code drop} removes one ({@link BranchRemoval}). Lists them by default; {@code --yes} drops. A draft name that
 * cannot be attributed to one branch stops it before anything is dropped.
 */
@Command(name = "prune", header = "Remove the branches not in a keep list, or idle for N days (for CI).",
    description = {"List every branch with drafts in the database that is not in the keep list (--keep, or"
        + " --keep-from a file or - for standard input: names separated by commas, spaces or lines; # starts a"
        + " comment), or with --idle-days N that no declaration used for N days; with --yes drop them: their drafts"
        + " and the base schemas they left empty, as djbranch drop does.",
        "",
        "When a branch was last used is the catalog's own clock where it keeps one (MySQL/MariaDB: the tables'"
            + " creation times; SQLite: the draft file's time), else the stamp declarations write in the draft's"
            + " hidden ~activity table (PostgreSQL, DuckDB; at most once an hour per process, so to the hour). A"
            + " branch whose last use is unknown is never pruned for idleness, only by the keep list.",
        "",
        "Refuses, dropping nothing, when a draft name reads as two branches' drafts (see djbranch branches)."})
final class PruneCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--url", required = true, paramLabel = "URL",
      description = "the database: jdbc:djbranch:<url> or the wrapped driver's jdbc:<url>")
  String url;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Keep keep;

  static final class Keep {
    @Option(names = "--keep", paramLabel = "B1,B2,...", split = ",",
        description = "the branches to keep (every other one is pruned)")
    List<String> names;

    @Option(names = "--keep-from", paramLabel = "FILE",
        description = "read the branches to keep from FILE, or - for standard input")
    String file;
  }

  @Option(names = "--idle-days", paramLabel = "N",
      description = "also prune a kept branch that no declaration used for N days")
  Integer idleDays;

  @Option(names = "--schema", paramLabel = "S", split = ",",
      description = "only the drafts of these logical schemas (repeat or separate by commas): where other"
          + " projects' branches share the database")
  List<String> schemas = new ArrayList<>();

  @Option(names = {"-y", "--yes"}, description = "drop them (without it, only list them)")
  boolean yes;

  /** A branch to prune, why, and what dropping it removes. */
  private record Pruned(String branch, String why, DraftActivity activity, BranchRemoval removal) {}

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Set<String> kept = keptNames();
    Instant now = Instant.now();
    try (BranchConnection trunk = new Target(url).trunk()) {
      PhysicalCatalog catalog = trunk.backend().catalog();
      catalog.attachAllSchemas(trunk);
      Set<String> only = new java.util.HashSet<>();
      schemas.forEach(x -> only.add(catalog.backend().key(x, true)));
      Predicate<String> inScope = logical -> only.isEmpty() || only.contains(catalog.backend().key(logical, true));
      LiveBranches live = LiveBranches.read(trunk, catalog).only(inScope);
      List<Draft> ambiguous = live.ambiguous();
      if (!ambiguous.isEmpty()) {
        throw new SQLException("Cannot tell whose draft " + BranchesCommand.ambiguity(ambiguous.get(0))
            + " Nothing was pruned. Drop that schema by hand once you know, then run this again.", "42P09");
      }
      BranchLocalTables copied = BranchLocalTables.of(Target.parameter(url, DriverProperty.BRANCH_LOCAL_TABLES.key()));
      List<Pruned> pruned = new ArrayList<>();
      TextTable list = new TextTable("branch", "drafts", "last used", "prune", "why");
      for (Map.Entry<String, List<Draft>> e : live.byBranch().entrySet()) {
        String branch = e.getKey();
        DraftActivity activity = lastUse(trunk, catalog, e.getValue());
        String why = null;
        if (!kept.contains(branch)) {
          why = "not in the keep list";
        } else if (idleDays != null && activity.lastUsed() != null
            && Duration.between(activity.lastUsed(), now).toDays() >= idleDays) {
          why = "idle " + Duration.between(activity.lastUsed(), now).toDays() + " days";
        }
        list.row(branch, e.getValue().size(), activity.lastUsed() == null ? "unknown" : activity.lastUsed() + " ("
            + activity.source() + ")", why == null ? "keep" : "prune", why == null ? "" : why);
        if (why != null) {
          pruned.add(new Pruned(branch, why, activity, BranchRemoval.plan(trunk, catalog, live, branch, copied, inScope)));
        }
      }
      out.println(live.byBranch().size() + (live.byBranch().size() == 1 ? " branch" : " branches") + " with drafts; "
          + pruned.size() + " to prune" + (idleDays == null ? "" : " (idle for " + idleDays + " days or more, or")
          + (idleDays == null ? " (not in the keep list)." : " not in the keep list)."));
      if (list.size() > 0) {
        list.print(out, "  ");
      }
      if (pruned.isEmpty()) {
        out.flush();
        return ExitCodes.OK;
      }
      if (!yes) {
        for (Pruned p : pruned) {
          for (BranchRemoval.Doomed d : p.removal().doomed) {
            out.println("  would drop " + d.schema() + " (" + p.branch() + ": " + d.why() + ")");
          }
        }
        out.println("Nothing dropped: pass --yes to drop them.");
        out.flush();
        return ExitCodes.OK;
      }
      int schemas = pruned.stream().mapToInt(p -> p.removal().doomed.size()).sum();
      Progress progress = new Progress(err, schemas);
      for (Pruned p : pruned) {
        p.removal().run(trunk, catalog, progress);
      }
      out.println("Pruned " + pruned.size() + (pruned.size() == 1 ? " branch" : " branches") + ": " + schemas
          + (schemas == 1 ? " schema" : " schemas") + " dropped.");
      out.flush();
      return ExitCodes.OK;
    }
  }

  /** The latest use among a branch's drafts; unknown only when none tells. */
  private static DraftActivity lastUse(BranchConnection trunk, PhysicalCatalog catalog, List<Draft> drafts)
      throws SQLException {
    DraftActivity latest = DraftActivity.UNKNOWN;
    for (Draft d : drafts) {
      boolean stamped = catalog.tables(trunk, d.schema()).contains(Activity.TABLE);
      DraftActivity a = new Activity(catalog.backend()).read(trunk, d.schema(), stamped);
      if (a == null) {
        a = catalog.activity(trunk, d.schema()); // a draft made before declarations stamped it
      }
      if (a.lastUsed() != null && (latest.lastUsed() == null || a.lastUsed().isAfter(latest.lastUsed()))) {
        latest = a;
      }
    }
    return latest;
  }

  private Set<String> keptNames() throws IOException {
    if (keep.names != null) {
      return new LinkedHashSet<>(keep.names.stream().map(String::strip).filter(n -> !n.isEmpty()).toList());
    }
    String text;
    if (keep.file.equals("-")) {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
        text = String.join("\n", r.lines().toList());
      }
    } else {
      text = Files.readString(Path.of(keep.file), StandardCharsets.UTF_8);
    }
    return names(text);
  }

  /** Names separated by commas, spaces or lines; {@code #} to the end of a line is a comment. */
  static Set<String> names(String text) {
    Set<String> out = new LinkedHashSet<>();
    for (String line : text.split("\\R")) {
      int hash = line.indexOf('#');
      for (String n : (hash < 0 ? line : line.substring(0, hash)).split("[,\\s]+")) {
        if (!n.isEmpty()) {
          out.add(n);
        }
      }
    }
    return out;
  }
}

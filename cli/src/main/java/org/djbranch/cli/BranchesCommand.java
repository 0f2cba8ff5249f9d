package org.djbranch.cli;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.djbranch.cli.LiveBranches.Draft;
import org.djbranch.cli.catalog.BranchDiff;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.edges.Activity;
import org.djbranch.driver.edges.Copies;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.naming.DraftNames.Reading;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code djbranch branches}: every branch that has drafts in the database (spec 8: enumerating live branches is the
 * caller's; spec 9: a garbage collection must be given every live branch's schemas), with what its drafts hold, and a
 * warning for every draft name two branches' names make alike.
 */
@Command(name = "branches", mixinStandardHelpOptions = true,
    description = "List every branch that has drafts in the database: its draft schemas, their tables and rows, the"
        + " logical schemas they extend; warn where two branches' names make the same draft name.")
final class BranchesCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--url", required = true, paramLabel = "URL",
      description = "the database: jdbc:djbranch:<url> or the wrapped driver's jdbc:<url>")
  String url;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (BranchConnection trunk = new Target(url).trunk()) {
      PhysicalCatalog catalog = trunk.backend().catalog();
      Backend b = catalog.backend();
      catalog.attachAllSchemas(trunk);
      LiveBranches live = LiveBranches.read(trunk, catalog);
      Map<String, List<Draft>> byBranch = live.byBranch();
      List<String> unread = new ArrayList<>(); // tables whose rows the login could not count, with the reason
      out.println(byBranch.size() + (byBranch.size() == 1 ? " branch" : " branches") + " with drafts on this "
          + b.displayName() + " database.");
      for (Map.Entry<String, List<Draft>> e : byBranch.entrySet()) {
        List<String> extended = new ArrayList<>();
        for (Draft d : e.getValue()) {
          extended.add(d.owner().logical());
        }
        out.println();
        out.println("branch " + e.getKey() + "  (extends " + String.join(", ", extended) + ")");
        TextTable t = new TextTable("draft schema", "logical schema", "tables", "changed pipeline tables", "rows",
            "symbolic edges");
        for (Draft d : e.getValue()) {
          List<String> tables = new ArrayList<>(catalog.tables(trunk, d.schema()));
          boolean hasEdges = tables.remove(Edges.TABLE);
          List<String> changed = tables.remove(Copies.TABLE) ? changedTables(trunk, b, d.schema()) : List.of();
          tables.remove(Activity.TABLE);
          Object rows = 0L;
          for (String table : tables) {
            Object counted = counted(trunk, b.quote(d.schema(), table), unread);
            rows = rows instanceof Long sum && counted instanceof Long n ? sum + n : "?";
          }
          tables.removeAll(changed);
          t.row(d.schema(), d.owner().logical(), tables.size(), changed.size(), rows,
              hasEdges ? counted(trunk, b.quote(d.schema(), Edges.TABLE), unread) : 0);
        }
        t.print(out, "  ");
      }
      List<Draft> ambiguous = live.ambiguous();
      if (!ambiguous.isEmpty() || !live.nestedBranchNames().isEmpty() || !unread.isEmpty()) {
        out.println();
      }
      for (String warning : unread) {
        out.println("warning: " + warning);
      }
      for (Draft d : ambiguous) {
        out.println("warning: " + ambiguity(d) + " `djbranch drop` refuses it; drop it by hand once you know"
            + " whose it is, and choose branch names that do not extend each other.");
      }
      for (String[] pair : live.nestedBranchNames()) {
        out.println("warning: branch " + pair[1] + " extends the name of branch " + pair[0] + " with '_': a schema"
            + " of one can make the same draft name as a schema of the other.");
      }
      out.flush();
    }
    return ExitCodes.OK;
  }

  /** "br_x_y_s is both branch x's draft of y_s and branch x_y's draft of s." */
  static String ambiguity(Draft d) {
    List<String> readings = new ArrayList<>();
    for (Reading r : d.candidates()) {
      readings.add(r.toString());
    }
    return d.schema() + " is " + (d.plausible().isEmpty() ? "either " : "both ") + String.join(d.plausible().isEmpty()
        ? " or " : " and ", readings) + (d.plausible().isEmpty() ? " (no such logical schema exists)." : ".");
  }

  /**
   * The rows of {@code table}, or "?" where the database refuses to count them (another team's draft the login may
   * not read, a table whose storage is gone): one table the login cannot read does not hide every other branch.
   * The reason goes to {@code unread}.
   */
  private static Object counted(BranchConnection trunk, String table, List<String> unread) {
    try {
      return BranchDiff.rows(trunk, table);
    } catch (SQLException e) {
      unread.add("the rows of " + table + " were not counted (shown as ?): " + e.getMessage()
          + (e.getSQLState() != null ? " (SQLState " + e.getSQLState() + ")" : ""));
      return "?";
    }
  }

  /** The pipeline tables a draft holds its own version of (copied to change, or dropped), as its ~copy names them. */
  private static List<String> changedTables(BranchConnection trunk, Backend b, String draft) throws SQLException {
    return Copies.ownTables(new Copies(b).read(trunk, draft));
  }
}

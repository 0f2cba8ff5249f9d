package org.djbranch.cli;

import java.io.Console;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.djbranch.cli.catalog.BranchInventory;
import org.djbranch.cli.catalog.BranchInventory.LogicalSchema;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.naming.BranchLocalTables;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.driver.BranchConnection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code djbranch drop}: tears a branch down (Branch Resolution §8: the caller's job): its draft schemas with what they hold, and
 * the base schemas beside them that are still empty — a branch that introduced a schema created its base empty
 * (Branch Resolution §2.4), and nothing else would remove it. A base holding any table, and the connection's own schema, stay.
 */
@Command(name = "drop", header = "Remove a branch: its draft schemas and the empty bases it made.",
    description = "Drop the branch's draft schemas and the base schemas beside them that are still empty. Lists"
        + " them and asks first; --yes skips asking.")
final class DropCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin DatabaseOptions db;

  @Option(names = {"-y", "--yes"}, description = "do not ask")
  boolean yes;

  private record Doomed(String schema, boolean withTables, String why) {}

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try (BranchConnection trunk = db.target().trunk()) {
      PhysicalCatalog catalog = trunk.backend().catalog();
      catalog.attachAllSchemas(trunk);
      BranchInventory inv = BranchInventory.read(trunk, catalog, db.branch);
      List<LogicalSchema> own = ownSchemas(inv, LiveBranches.read(trunk, catalog));
      if (own.isEmpty()) {
        out.println("Branch " + db.branch + " holds nothing: no schema named " + DraftNames.prefix(db.branch) + "*.");
        out.flush();
        return ExitCodes.OK;
      }
      String current = catalog.backend().currentSchema(trunk);
      List<Doomed> doomed = new ArrayList<>();
      BranchLocalTables copied = db.bookkeeping();
      List<String> bookkeeping = new ArrayList<>();
      for (LogicalSchema s : own) {
        int n = s.draftTables().size();
        doomed.add(new Doomed(s.draft(), true, "draft of " + s.name() + ", " + n + (n == 1 ? " table" : " tables")
            + " and its ~edge rows"));
        for (String t : s.bookkeepingCopies(copied)) {
          bookkeeping.add(s.draft() + "." + t);
        }
      }
      for (LogicalSchema s : own) {
        if (s.baseExists() && s.pipelineTables().isEmpty() && catalog.namedSchemas()
            && (current == null || !current.toLowerCase(Locale.ROOT).equals(s.name().toLowerCase(Locale.ROOT)))) {
          doomed.add(new Doomed(s.name(), false, "base schema, empty"));
        }
      }
      out.println("Dropping branch " + db.branch + " removes:");
      TextTable list = new TextTable("schema", "what", "statement");
      for (Doomed d : doomed) {
        list.row(d.schema(), d.why(), catalog.dropSchemaText(d.schema(), d.withTables()));
      }
      list.print(out, "  ");
      if (!bookkeeping.isEmpty()) {
        out.println("With the drafts go the branch's own bookkeeping copies (its migration history): "
            + String.join(", ", bookkeeping) + ".");
      }
      if (!yes && !confirmed(out)) {
        out.println("Nothing dropped.");
        out.flush();
        return ExitCodes.FOUND;
      }
      Progress progress = new Progress(err, doomed.size());
      for (Doomed d : doomed) {
        progress.step("drop " + d.schema());
        catalog.dropSchema(trunk, d.schema(), d.withTables());
      }
      out.println("Dropped branch " + db.branch + ": " + doomed.size() + (doomed.size() == 1 ? " schema." : " schemas."));
      out.flush();
      return ExitCodes.OK;
    }
  }

  /**
   * The logical schemas whose draft is certainly this branch's: {@code br_x_audit_y_s} starts like branch {@code x}'s
   * drafts but is branch {@code x_audit_y}'s draft of {@code s} when only {@code s} exists (spec 2.1, 9).
   */
  private List<LogicalSchema> ownSchemas(BranchInventory inv, LiveBranches live) throws java.sql.SQLException {
    List<String> drafts = new ArrayList<>();
    for (LogicalSchema s : inv.schemas()) {
      drafts.add(s.draft());
    }
    List<String> owned = live.ownedBy(db.branch, drafts);
    List<LogicalSchema> out = new ArrayList<>();
    for (LogicalSchema s : inv.schemas()) {
      if (owned.contains(s.draft())) {
        out.add(s);
      }
    }
    return out;
  }

  /** Asks on the terminal; without one (a script, CI) nothing is dropped unless --yes says so. */
  private static boolean confirmed(PrintWriter out) {
    Console console = System.console();
    if (console == null) {
      out.println("Not asked: no terminal. Pass --yes to drop without asking.");
      return false;
    }
    out.flush();
    String answer = console.readLine("Drop these schemas? [y/N] ");
    return answer != null && (answer.trim().equalsIgnoreCase("y") || answer.trim().equalsIgnoreCase("yes"));
  }
}

package org.djbranch.cli;

import java.io.Console;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.djbranch.cli.BranchRemoval.Doomed;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.driver.BranchConnection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code djbranch drop}: tears a branch down, as {@link BranchRemoval} plans it, after listing what goes and asking.
 */
@Command(name = "drop", header = "Remove a branch: its draft schemas and the empty bases it made.",
    description = "Drop the branch's draft schemas and the base schemas beside them that are still empty. Lists"
        + " them and asks first; --yes skips asking.")
final class DropCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin DatabaseOptions db;

  @Option(names = {"-y", "--yes"}, description = "do not ask")
  boolean yes;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try (BranchConnection trunk = db.target().trunk()) {
      PhysicalCatalog catalog = trunk.backend().catalog();
      catalog.attachAllSchemas(trunk);
      BranchRemoval removal = BranchRemoval.plan(trunk, catalog, LiveBranches.read(trunk, catalog), db.branch,
          db.bookkeeping(), logical -> true);
      if (removal.isEmpty()) {
        out.println("Branch " + db.branch + " holds nothing: no schema named " + DraftNames.prefix(db.branch) + "*.");
        out.flush();
        return ExitCodes.OK;
      }
      List<Doomed> doomed = removal.doomed;
      List<String> bookkeeping = removal.bookkeeping;
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
      removal.run(trunk, catalog, new Progress(err, doomed.size()));
      out.println("Dropped branch " + db.branch + ": " + doomed.size() + (doomed.size() == 1 ? " schema." : " schemas."));
      out.flush();
      return ExitCodes.OK;
    }
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

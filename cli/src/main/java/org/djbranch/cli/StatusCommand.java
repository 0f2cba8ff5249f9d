package org.djbranch.cli;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.djbranch.cli.catalog.BranchInventory;
import org.djbranch.cli.catalog.BranchInventory.LogicalSchema;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.cli.catalog.SymbolicKey;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.edges.Edges;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code djbranch status}: what a branch holds, per logical schema, read from the physical catalog. */
@Command(name = "status", header = "List what a branch holds, per logical schema.",
    description = "Per logical schema: pipeline tables, draft tables, symbolic edges, shadowed names, and draft"
        + " schemas with no base.")
final class StatusCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin DatabaseOptions db;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (BranchConnection trunk = db.target().trunk()) {
      PhysicalCatalog catalog = trunk.backend().catalog();
      catalog.attachAllSchemas(trunk);
      BranchInventory inv = BranchInventory.read(trunk, catalog, db.branch);
      print(out, catalog.backend(), inv);
    }
    return ExitCodes.OK;
  }

  /** How many statements changed the branch's version of {@code table}, as "1 statement", "3 statements". */
  private static String changeCount(LogicalSchema s, String table) {
    long n = s.structureChanges().stream().filter(e -> e.table().equals(table)).count();
    return n + (n == 1 ? " statement" : " statements");
  }

  static void print(PrintWriter out, Backend b, BranchInventory inv) {
    if (inv.isEmpty()) {
      out.println("Branch " + inv.branch() + " holds nothing on this " + b.displayName()
          + " database: no schema named " + DraftNames.prefix(inv.branch()) + "*.");
      out.flush();
      return;
    }
    out.println("Branch " + inv.branch() + " on " + b.displayName() + ": " + inv.schemas().size()
        + (inv.schemas().size() == 1 ? " logical schema" : " logical schemas"));
    for (LogicalSchema s : inv.schemas()) {
      out.println();
      out.println("schema " + s.name() + "  (draft " + s.draft() + (s.baseExists() ? "" : "; the base schema "
          + s.name() + " does not exist") + ")");
      List<String> shadowed = s.shadowed(b);
      TextTable tables = new TextTable("table", "binds to", "kind");
      List<String> changed = s.changedTables();
      Map<String, String> renamedTo = new HashMap<>(); // trunk's name -> the name the branch renamed it to
      for (String t : s.draftTables()) {
        String from = s.renamedFrom(b, t);
        if (from != null) {
          renamedTo.put(from, t);
        }
      }
      for (String t : s.pipelineTables()) {
        if (changed.contains(t)) {
          boolean kept = s.draftTables().contains(t);
          long rows = s.rowsCopied(t);
          String to = renamedTo.get(t);
          tables.row(t, kept ? s.draft() + "." + t : "(nothing)", kept ? "changed: " + rows + (rows == 1 ? " row"
              : " rows") + " copied, " + changeCount(s, t) : to != null ? "renamed on the branch to " + to
              + "; trunk keeps it" : "dropped on the branch; trunk keeps it");
        } else {
          tables.row(t, s.name() + "." + t, "pipeline");
        }
      }
      for (String t : s.draftTables()) {
        if (changed.contains(t) && s.pipelineTables().contains(t)) {
          continue; // listed with the pipeline's tables above
        }
        String from = s.renamedFrom(b, t);
        tables.row(t, shadowed.contains(t) ? s.name() + "." + t : s.draft() + "." + t,
            shadowed.contains(t) ? "draft copy, shadowed by the pipeline table" : from != null ? "changed: trunk's "
                + from + " renamed, " + changeCount(s, t) : "draft");
      }
      tables.print(out, "  ");
      out.println("  symbolic edges (rows of " + b.quote(s.draft(), Edges.TABLE) + "):");
      TextTable edges = new TextTable("constraint", "table", "columns", "references", "on update", "on delete");
      for (SymbolicKey k : s.keys()) {
        edges.row(k.name(), k.child().table(), String.join(", ", k.columns()),
            k.parent() + " (" + String.join(", ", k.parentColumns()) + ")", k.updateRule(), k.deleteRule());
      }
      edges.print(out, "  ");
      out.println("  shadowed names: " + (shadowed.isEmpty() ? "none" : String.join(", ", shadowed)));
    }
    out.println();
    StringBuilder noBase = new StringBuilder();
    for (LogicalSchema s : inv.schemas()) {
      if (!s.baseExists()) {
        noBase.append(noBase.length() == 0 ? "" : ", ").append(s.draft());
      }
    }
    out.println("draft schemas with no base: " + (noBase.length() == 0 ? "none" : noBase));
    out.flush();
  }
}

package org.djbranch.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.djbranch.cli.catalog.BranchInventory;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.naming.BranchLocalTables;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.cli.catalog.MergePlan;
import org.djbranch.cli.catalog.MergePlan.Kind;
import org.djbranch.driver.BranchConnection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code djbranch verify} (Branch Resolution §4.5): a branch's tables carry no foreign key, so nothing proves the keys will build
 * when the tables are declared for real. This declares them, keys restored, into throwaway schemas — with copies of
 * the pipeline tables they reference, so the pipeline itself gains no constraint — reports every statement the
 * database refuses, and drops the throwaway schemas.
 */
@Command(name = "verify", header = "Check that a branch's foreign keys would build for real (for CI).",
    description = "Declare the branch's tables with real foreign keys into throwaway schemas, report every"
        + " constraint that does not build, drop the throwaway schemas. Exit 1 on any failure (for CI).")
final class VerifyCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin DatabaseOptions db;

  private Backend catalogBackend;
  private BranchLocalTables bookkeeping;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try (BranchConnection trunk = db.target().trunk()) {
      PhysicalCatalog catalog = trunk.backend().catalog();
      catalog.attachAllSchemas(trunk);
      BranchInventory inv = BranchInventory.read(trunk, catalog, db.branch);
      if (inv.isEmpty()) {
        out.println("Branch " + db.branch + " holds nothing to verify: no schema named " + DraftNames.prefix(db.branch) + "*.");
        out.flush();
        return ExitCodes.OK;
      }
      bookkeeping = db.bookkeeping();
      BranchVerification v = BranchVerification.run(trunk, catalog, inv, bookkeeping, err);
      catalogBackend = catalog.backend();
      report(out, inv, v);
      return v.ok() ? ExitCodes.OK : ExitCodes.FOUND;
    }
  }

  private void report(PrintWriter out, BranchInventory inv, BranchVerification v) {
    Map<String, String> scratch = v.scratch;
    MergePlan plan = v.plan;
    List<BranchVerification.Failure> failures = v.failures;
    long tables = plan.steps().stream().filter(s -> s.kind() == Kind.CREATE && s.sql().startsWith("CREATE TABLE"))
        .count();
    long edges = inv.schemas().stream().mapToLong(s -> s.keys().size()).sum();
    long views = plan.steps().stream().filter(s -> s.kind() == Kind.CREATE
        && (s.sql().startsWith("CREATE VIEW") || s.sql().startsWith("CREATE MATERIALIZED VIEW")))
        .count();
    // what the branch declared: its tables and views (promotedTables lists both, as the catalog does)
    long own = inv.schemas().stream().mapToLong(s -> s.promotedTables(catalogBackend, bookkeeping).size()).sum()
        - views;
    long changes = plan.steps().stream().filter(s -> s.kind() == Kind.CHANGE).count();
    out.println("Verified branch " + inv.branch() + ": its " + own + " tables" + (views == 0 ? "" : ", " + views
        + (views == 1 ? " view" : " views")) + " and " + (tables - own)
        + " pipeline tables they reference or change declared into throwaway schemas (" + describe(scratch) + "), "
        + edges + " foreign keys restored from ~edge" + (changes == 0 ? "." : ", " + changes
        + (changes == 1 ? " change" : " changes") + " of pipeline tables replayed on trunk's versions of them."));
    if (failures.isEmpty()) {
      out.println(changes == 0 ? "OK: every foreign key builds." : "OK: every foreign key builds and every change"
          + " applies to trunk's structure.");
    } else {
      out.println("FAILED: " + failures.size() + (failures.size() == 1 ? " statement" : " statements")
          + " did not build.");
      for (BranchVerification.Failure f : failures) {
        out.println();
        out.println("  " + BranchVerification.what(f));
        if (f.step().sql() != null) {
          out.println("    statement: " + f.step().sql());
        }
        out.println("    error:     " + Errors.describe(f.error()));
      }
    }
    out.println("The throwaway schemas are dropped.");
    out.flush();
  }

  private static String describe(Map<String, String> scratch) {
    StringBuilder s = new StringBuilder();
    scratch.forEach((logical, t) -> s.append(s.length() == 0 ? "" : ", ").append(t).append(" for ").append(logical));
    return s.toString();
  }
}

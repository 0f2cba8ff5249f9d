package org.djbranch.cli;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.djbranch.cli.catalog.BranchInventory;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.naming.BranchLocalTables;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.cli.catalog.MergePlan;
import org.djbranch.cli.catalog.MergePlan.Kind;
import org.djbranch.cli.catalog.MergePlan.Step;
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

  /** A statement the database refused. */
  record Failure(Step step, SQLException error) {}

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
      // Short names: PostgreSQL allows 63 bytes, and the names only live for the run.
      String run = UUID.randomUUID().toString().replace("-", "").substring(0, 8);
      Map<String, String> scratch = new LinkedHashMap<>();
      bookkeeping = db.bookkeeping();
      MergePlan plan = MergePlan.of(trunk, catalog, inv, bookkeeping,
          logical -> scratch.computeIfAbsent(logical, l -> "djbv_" + run + "_" + (scratch.size() + 1)), true);
      List<Failure> failures = new ArrayList<>();
      int keys = 0;
      try {
        Progress progress = new Progress(err, scratch.size() + plan.steps().size());
        for (Map.Entry<String, String> e : scratch.entrySet()) {
          progress.step("throwaway schema " + e.getValue() + " for " + e.getKey());
          catalog.backend().nameLimit().check(e.getValue(), "throwaway schema for " + e.getKey() + ",",
              excess -> "This is a defect of djbranch verify: its names are short by design.");
          catalog.createScratchSchema(trunk, e.getValue());
        }
        for (Step s : plan.steps()) {
          progress.step(s.kind().label() + " " + s.schema() + "." + s.table());
          keys += s.kind() == Kind.FOREIGN_KEY ? 1 : 0;
          try {
            if (s.kind() == Kind.CHECK) {
              catalog.checkDeclared(trunk, s.schema(), s.table());
            } else {
              try (Statement st = trunk.createStatement()) {
                st.execute(s.sql());
              }
            }
          } catch (SQLException e) {
            failures.add(new Failure(s, e));
          }
        }
      } finally {
        for (String schema : scratch.values()) {
          try {
            catalog.dropSchema(trunk, schema, true);
          } catch (SQLException e) {
            err.println("verify: could not drop the throwaway schema " + schema + ": " + Errors.describe(e));
          }
        }
      }
      catalogBackend = catalog.backend();
      report(out, inv, scratch, plan, failures);
      return failures.isEmpty() ? ExitCodes.OK : ExitCodes.FOUND;
    }
  }

  private void report(PrintWriter out, BranchInventory inv, Map<String, String> scratch, MergePlan plan,
      List<Failure> failures) {
    long tables = plan.steps().stream().filter(s -> s.kind() == Kind.CREATE && s.sql().startsWith("CREATE TABLE"))
        .count();
    long edges = inv.schemas().stream().mapToLong(s -> s.keys().size()).sum();
    long own = inv.schemas().stream().mapToLong(s -> s.promotedTables(catalogBackend, bookkeeping).size()).sum();
    out.println("Verified branch " + inv.branch() + ": its " + own + " tables and " + (tables - own)
        + " pipeline parents they reference declared into throwaway schemas (" + describe(scratch) + "), "
        + edges + " foreign keys restored from ~edge.");
    if (failures.isEmpty()) {
      out.println("OK: every foreign key builds.");
    } else {
      out.println("FAILED: " + failures.size() + (failures.size() == 1 ? " statement" : " statements")
          + " did not build.");
      for (Failure f : failures) {
        out.println();
        out.println("  " + (f.step().key() != null ? "foreign key " + f.step().key().name() + ": "
            + f.step().key().describe() : f.step().kind() == Kind.CHECK ? "keys of " + f.step().table()
            : "table " + f.step().table()));
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

package org.djbranch.cli;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.djbranch.cli.catalog.BranchInventory;
import org.djbranch.cli.catalog.MergePlan;
import org.djbranch.cli.catalog.MergePlan.Kind;
import org.djbranch.cli.catalog.MergePlan.Step;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.naming.BranchLocalTables;

/**
 * One run of Branch Resolution §4.5's check, for {@code verify} and {@code diff --verify}: the branch's tables
 * declared with real foreign keys into throwaway schemas (with copies of the pipeline tables they reference, so the
 * pipeline gains no constraint), the branch's changes of pipeline tables replayed on copies of trunk's versions of
 * them (so a change trunk's structure no longer takes is found before the merge), every statement the database
 * refuses kept, the throwaway schemas dropped.
 */
final class BranchVerification {
  /** A statement the database refused. */
  record Failure(Step step, SQLException error) {}

  /** Each logical schema and the throwaway schema it was declared into, in order. */
  final Map<String, String> scratch = new LinkedHashMap<>();
  final List<Failure> failures = new ArrayList<>();
  final MergePlan plan;

  private BranchVerification(MergePlan plan) {
    this.plan = plan;
  }

  /** Runs the check; progress and a throwaway schema that could not be dropped go to {@code err}. */
  static BranchVerification run(Connection trunk, PhysicalCatalog catalog, BranchInventory inv,
      BranchLocalTables bookkeeping, PrintWriter err) throws SQLException {
    // Short names: PostgreSQL allows 63 bytes, and the names only live for the run.
    String run = UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    Map<String, String> scratch = new LinkedHashMap<>();
    MergePlan plan = MergePlan.of(trunk, catalog, inv, bookkeeping,
        logical -> scratch.computeIfAbsent(logical, l -> "djbv_" + run + "_" + (scratch.size() + 1)), true);
    BranchVerification v = new BranchVerification(plan);
    v.scratch.putAll(scratch);
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
        try {
          if (s.unconfined() != null) {
            throw new SQLException("Not run: " + s.unconfined() + ". Qualify the names of this change on the branch"
                + " and run verify again, or review it by hand.", "0A000");
          } else if (s.kind() == Kind.CHECK) {
            catalog.checkDeclared(trunk, s.schema(), s.table());
          } else {
            try (Statement st = trunk.createStatement()) {
              st.execute(s.sql());
            }
          }
        } catch (SQLException e) {
          v.failures.add(new Failure(s, e));
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
    return v;
  }

  boolean ok() {
    return failures.isEmpty();
  }

  /** The logical schema a failed statement's throwaway schema stood for. */
  String logicalOf(Failure f) {
    for (Map.Entry<String, String> e : scratch.entrySet()) {
      if (e.getValue().equals(f.step().schema())) {
        return e.getKey();
      }
    }
    return f.step().schema();
  }

  /** What failed, in words: the foreign key, the keys of a table (SQLite's check), a change, or a table. */
  static String what(Failure f) {
    return f.step().key() != null ? "foreign key " + f.step().key().name() + ": " + f.step().key().describe()
        : f.step().kind() == Kind.CHECK ? "keys of " + f.step().table()
        : f.step().kind() == Kind.CHANGE ? "change of pipeline table " + f.step().table()
        : "table " + f.step().table();
  }
}

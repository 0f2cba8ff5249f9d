package org.djbranch.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.djbranch.cli.catalog.BranchInventory;
import org.djbranch.cli.catalog.BranchInventory.LogicalSchema;
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
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code djbranch promote}: the DDL that declares a branch's tables for real in their logical schemas, foreign keys
 * restored from {@code ~edge}, parents first. Printed by default; {@code --apply} runs it on trunk. Rows are not
 * copied: a draft holds a sample, the pipeline populates the real tables.
 */
@Command(name = "promote", header = "Print or apply the DDL that declares a branch's tables for real.",
    description = {"Print (or --apply on trunk) the DDL that declares the branch's tables in the logical schemas,"
        + " foreign keys restored, in dependency order.",
        "",
        "The DDL is self-contained, in the database's own dialect: every column, type, default, identity, check,"
            + " key and index is written out and nothing reads the branch's drafts, so it can be reviewed, committed"
            + " as a migration file (-o FILE) and applied after the branch is dropped."})
final class PromoteCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin DatabaseOptions db;

  @Option(names = "--apply", description = "run the DDL on trunk instead of printing it")
  boolean apply;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE",
      description = "write the DDL to FILE (a migration file) instead of standard output")
  Path output;

  @Override
  public Integer call() throws Exception {
    StringWriter ddl = new StringWriter();
    PrintWriter out = apply || output == null ? spec.commandLine().getOut() : new PrintWriter(ddl);
    try {
      return promote(out);
    } finally {
      out.flush();
      if (!apply && output != null) {
        Files.writeString(output, ddl.toString(), StandardCharsets.UTF_8);
      }
    }
  }

  private int promote(PrintWriter out) throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    try (BranchConnection trunk = db.target().trunk()) {
      PhysicalCatalog catalog = trunk.backend().catalog();
      catalog.attachAllSchemas(trunk);
      BranchInventory inv = BranchInventory.read(trunk, catalog, db.branch);
      if (inv.isEmpty()) {
        out.println("-- branch " + db.branch + " holds nothing to promote: no schema named " + DraftNames.prefix(db.branch) + "*.");
        out.flush();
        return ExitCodes.OK;
      }
      BranchLocalTables bookkeeping = db.bookkeeping();
      MergePlan plan = MergePlan.of(trunk, catalog, inv, bookkeeping, logical -> logical, false);
      String leftOut = leftOut(inv, bookkeeping);
      if (!apply) {
        out.println("-- Declares the tables of branch " + db.branch + " in their logical schemas, parents first"
            + (plan.steps().stream().anyMatch(st -> st.kind() == Kind.OBJECT) ? ", after the types and sequences"
            + " they name" : "")
            + (plan.steps().stream().anyMatch(st -> st.kind() == Kind.CHANGE) ? ", then changes the pipeline tables"
            + " the branch changed, as it changed them" : "") + ".");
        out.println("-- Self-contained " + catalog.backend().displayName() + " DDL: it reads nothing of the branch, so it"
            + " can be kept as a migration and run after the branch is dropped.");
        if (leftOut != null) {
          out.println("-- " + leftOut);
        }
        for (LogicalSchema s : inv.schemas()) {
          if (!s.baseExists() && catalog.namedSchemas()) {
            out.println("CREATE SCHEMA IF NOT EXISTS " + catalog.backend().quote(s.name()) + ";");
          }
        }
        for (Step s : plan.steps()) {
          if (s.kind() != Kind.CHECK) {
            out.println(s.sql() + ";");
          }
        }
        out.flush();
        return ExitCodes.OK;
      }
      Progress progress = new Progress(err, plan.steps().size());
      for (LogicalSchema s : inv.schemas()) {
        if (!s.baseExists()) {
          catalog.backend().createSchema(trunk, s.name());
        }
      }
      for (Step s : plan.steps()) {
        progress.step(s.kind().label() + " " + s.schema() + "." + s.table());
        if (s.kind() == Kind.CHECK) {
          catalog.checkDeclared(trunk, s.schema(), s.table());
        } else {
          try (Statement st = trunk.createStatement()) {
            st.execute(s.sql());
          }
        }
      }
      long objects = plan.steps().stream().filter(s -> s.kind() == Kind.OBJECT).count();
      out.println("Promoted branch " + db.branch + ": " + (objects == 0 ? "" : objects + " declared types and"
          + " sequences, ") + plan.steps().stream().filter(s -> s.kind() == Kind.CREATE)
          .count() + " statements declared the tables, " + plan.steps().stream()
          .filter(s -> s.kind() == Kind.FOREIGN_KEY).count() + " added foreign keys, " + plan.steps().stream()
          .filter(s -> s.kind() == Kind.CHANGE).count() + " changed pipeline tables. The draft copies are now"
          + " shadowed: drop the branch (djbranch drop) as part of the merge.");
      if (leftOut != null) {
        out.println(leftOut);
      }
      out.flush();
      return ExitCodes.OK;
    }
  }

  /**
   * What promote leaves out, in words, or null: the draft's copies of bookkeeping tables are the branch's private
   * record of the migrations it ran, not tables of the pipeline. The merge of a migration is the same tool run on
   * trunk, which records into trunk's own history; {@code drop} removes the copies with the draft.
   */
  private static String leftOut(BranchInventory inv, BranchLocalTables bookkeeping) {
    List<String> copies = new ArrayList<>();
    for (LogicalSchema s : inv.schemas()) {
      for (String t : s.bookkeepingCopies(bookkeeping)) {
        copies.add(s.name() + "." + t);
      }
    }
    return copies.isEmpty() ? null : "Left out, the branch's own bookkeeping (a migration tool's history or lock): "
        + String.join(", ", copies) + ". Merge migrations by running the tool on trunk; djbranch drop removes these"
        + " copies with the draft.";
  }
}

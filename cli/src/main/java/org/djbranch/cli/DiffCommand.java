package org.djbranch.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.djbranch.cli.catalog.BranchDiff;
import org.djbranch.cli.catalog.BranchInventory;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.naming.BranchLocalTables;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code djbranch diff}: what a branch changes, for a reviewer (text, or markdown for a pull-request comment) or a
 * tool (JSON). Read through a trunk connection, like {@code status}; {@code --verify} adds the keys that would not
 * build, as {@code verify} finds them.
 */
@Command(name = "diff", header = "Show what a branch changes: as text, pull-request markdown or JSON.",
    description = {"Per logical schema, the tables the branch adds: columns with types, primary key, symbolic keys,"
        + " indexes and rows. With --verify, also the foreign keys that would not build (as djbranch verify"
        + " checks them). The tables a branch changes or hides come later with copy-on-write; the JSON already has"
        + " their arrays, always empty for now.",
        "",
        "JSON (version " + DiffReport.VERSION + ", every field documented in docs/diff.md):"
            + " {version, branch, database, changes, summary{added, changed, hidden, rows, symbolicKeys},"
            + " verify{ran, ok, failures}, schemas[{name, draft, baseExists, added[{name, rows, columns[{name, type,"
            + " nullable}], primaryKey[], symbolicKeys[{name, columns[], references{schema, table, columns[]},"
            + " onUpdate, onDelete}], indexes[{name, unique, columns[]}]}], changed[], hidden[], bookkeeping[],"
            + " verifyFailures[{table, key, what, statement, sqlState, error}]}]}",
        "",
        "Exit 0, also when the branch changes something (a key failing --verify too); with --exit-code, 1 when the"
            + " branch changes anything or a key fails --verify, as git diff --exit-code does."})
final class DiffCommand implements Callable<Integer> {
  enum Format { text, markdown, json }

  @Spec CommandSpec spec;
  @Mixin DatabaseOptions db;

  @Option(names = "--format", paramLabel = "F", defaultValue = "text",
      description = "text (default), markdown (a pull-request comment) or json")
  Format format;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write to FILE instead of standard output")
  Path output;

  @Option(names = "--verify", description = "also declare the branch's keys for real in throwaway schemas and"
      + " report those that do not build")
  boolean verify;

  @Option(names = "--exit-code", description = "exit 1 when the branch changes anything (or a key fails --verify)")
  boolean exitCode;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    DiffReport report;
    BranchDiff diff;
    BranchVerification verification = null;
    try (BranchConnection trunk = db.target().trunk()) {
      PhysicalCatalog catalog = trunk.backend().catalog();
      catalog.attachAllSchemas(trunk);
      BranchInventory inv = BranchInventory.read(trunk, catalog, db.branch);
      BranchLocalTables bookkeeping = db.bookkeeping();
      diff = BranchDiff.read(trunk, catalog, inv, bookkeeping);
      if (verify && !inv.isEmpty()) {
        verification = BranchVerification.run(trunk, catalog, inv, bookkeeping, err);
      }
      report = new DiffReport(diff, verification);
    }
    String text = switch (format) {
      case text -> report.text();
      case markdown -> report.markdown();
      case json -> report.json();
    };
    if (output != null) {
      Files.writeString(output, text, StandardCharsets.UTF_8);
    } else {
      PrintWriter out = spec.commandLine().getOut();
      out.print(text);
      out.flush();
    }
    boolean found = diff.changes() || (verification != null && !verification.ok());
    return exitCode && found ? ExitCodes.FOUND : ExitCodes.OK;
  }
}

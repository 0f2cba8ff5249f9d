package org.djbranch.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.djbranch.cli.catalog.BranchInventory;
import org.djbranch.cli.catalog.BranchInventory.LogicalSchema;
import org.djbranch.cli.diagram.PictureReader;
import org.djbranch.cli.diagram.SchemaPicture;
import org.djbranch.cli.diagram.SvgDiagram;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.PhysicalCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code djbranch diagram}: the logical schema a connection sees, drawn as one SVG picture (the merge spec 5.4 and
 * 9 describe, which they do not draw). Read through the branch connection's metadata, so it is the picture any tool
 * on that connection gets; the branch's inventory says which tables are drafts and which keys symbolic.
 */
@Command(name = "diagram", header = "Draw the logical schema trunk or a branch sees, as an SVG picture.",
    description = {"Each logical schema is one cluster; tables stand below the tables they reference. Pipeline"
        + " tables are blue, the branch's draft tables orange and tagged \"draft\"; foreign keys the database holds"
        + " are solid lines, the branch's symbolic keys (rows of ~edge) dashed; primary-key columns are marked"
        + " with a dot and listed above a rule.",
        "",
        "Without --schema: the connection's current schema, and on a branch every logical schema it has a draft"
            + " of."})
final class DiagramCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--url", required = true, paramLabel = "URL",
      description = "the database: jdbc:djbranch:<url> or the wrapped driver's jdbc:<url>")
  String url;

  @Option(names = "--branch", paramLabel = "B",
      description = "the branch to draw; empty for trunk; unset: DJ_BRANCH or datajoint.json decide, as for any"
          + " connection")
  String branch;

  @Option(names = "--schema", paramLabel = "S",
      description = "a logical schema to draw (repeat for more)")
  List<String> schemas = new ArrayList<>();

  @Option(names = {"-o", "--output"}, paramLabel = "FILE",
      description = "write the SVG to FILE (default: standard output)")
  Path output;

  /** A default pick leaves out schemas with no table (a current schema nothing lives in), unless all are empty. */
  private static SchemaPicture withoutEmptyClusters(SchemaPicture p) {
    List<SchemaPicture.Schema> kept = p.schemas().stream().filter(s -> !s.tables().isEmpty()).toList();
    return kept.isEmpty() ? p : new SchemaPicture(p.title(), kept, p.keys());
  }

  @Override
  public Integer call() throws Exception {
    Target target = new Target(url);
    SchemaPicture picture;
    try (BranchConnection c = target.branch(branch)) {
      Backend b = c.backend();
      BranchInventory inventory = null;
      if (c.branch() != null) {
        try (BranchConnection trunk = target.trunk()) {
          PhysicalCatalog catalog = trunk.backend().catalog();
          catalog.attachAllSchemas(trunk);
          inventory = BranchInventory.read(trunk, catalog, c.branch());
        }
      }
      List<String> drawn = new ArrayList<>(schemas);
      if (drawn.isEmpty()) {
        drawn.add(b.currentSchema(c));
        if (inventory != null) {
          for (LogicalSchema s : inventory.schemas()) {
            if (drawn.stream().noneMatch(d -> b.key(d, true).equals(b.key(s.name(), true)))) {
              drawn.add(s.name());
            }
          }
        }
      }
      picture = new PictureReader(c, inventory).read("", drawn);
      if (schemas.isEmpty()) {
        picture = withoutEmptyClusters(picture);
      }
      String title = b.displayName() + " " + String.join(", ", picture.schemas().stream()
          .map(SchemaPicture.Schema::name).toList()) + (c.branch() == null ? " on trunk" : " on branch " + c.branch());
      picture = new SchemaPicture(title, picture.schemas(), picture.keys());
    }
    String svg = SvgDiagram.render(picture);
    long symbolic = picture.keys().stream().filter(SchemaPicture.Key::symbolic).count();
    String summary = picture.tableCount() + " tables, " + picture.keys().size() + " foreign keys (" + symbolic
        + " symbolic) in " + picture.schemas().size() + (picture.schemas().size() == 1 ? " schema" : " schemas");
    if (output == null) {
      PrintWriter out = spec.commandLine().getOut();
      out.print(svg);
      out.flush();
    } else {
      Files.writeString(output, svg, StandardCharsets.UTF_8);
      PrintWriter err = spec.commandLine().getErr();
      err.println("wrote " + output + ": " + summary);
      err.flush();
    }
    return ExitCodes.OK;
  }
}

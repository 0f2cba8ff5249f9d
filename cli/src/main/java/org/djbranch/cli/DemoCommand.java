package org.djbranch.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Callable;
import org.djbranch.cli.catalog.BranchInventory;
import org.djbranch.cli.catalog.BranchInventory.LogicalSchema;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.edges.Edges;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code djbranch demo}: the product in one run. Trunk declares a small pipeline; a branch connection declares new
 * tables with foreign keys through plain JDBC and fills them; then each side's view is printed as tables.
 */
@Command(name = "demo",
    header = "Make a pipeline and a branch of it, and show what each side sees.",
    description = "Show what a branch is: a small pipeline on trunk, new tables on a branch, and what each side"
        + " sees. Runs on a new DuckDB file unless --url names another database.")
final class DemoCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--url", paramLabel = "URL",
      description = "a database to run in (default: a new DuckDB file in a temporary folder)")
  String url;

  @Option(names = "--schema", defaultValue = "djbranch_demo",
      description = "the pipeline's schema (default: ${DEFAULT-VALUE}; SQLite uses its main database)")
  String schema;

  @Option(names = "--branch", defaultValue = "demo", description = "the branch (default: ${DEFAULT-VALUE})")
  String branch;

  private PrintWriter out;
  private int trunkStatements;
  private int branchStatements;

  @Override
  public Integer call() throws Exception {
    out = spec.commandLine().getOut();
    String where = url;
    Path folder = null;
    if (where == null) {
      folder = Files.createTempDirectory("djbranch-demo");
      where = "jdbc:djbranch:duckdb:" + folder.resolve("demo.duckdb");
    }
    Target target = new Target(where);
    try (BranchConnection trunk = target.trunk()) {
      PhysicalCatalog catalog = trunk.backend().catalog();
      Backend b = catalog.backend();
      String s = catalog.namedSchemas() ? schema : b.currentSchema(trunk);
      // SQLite names a foreign key's parent without a schema: it is always in the child's database.
      String parentPrefix = catalog.namedSchemas() ? s + "." : "";
      out.println("djbranch demo: a branch of a " + b.displayName() + " database, through plain JDBC.");
      out.println("database: " + target.url());
      removeEarlierRun(trunk, catalog, s);

      long trunkBase = trunk.roundTrips();
      heading("1. Trunk (a connection with branch empty) declares a small pipeline in schema " + s);
      if (catalog.namedSchemas()) {
        trunk(trunk, "CREATE SCHEMA " + s);
      }
      trunk(trunk, "CREATE TABLE " + s + ".subject (subject_id INT PRIMARY KEY, species VARCHAR(32) NOT NULL)");
      trunk(trunk, "CREATE TABLE " + s + ".session (subject_id INT, session_id INT, session_date DATE,"
          + " PRIMARY KEY (subject_id, session_id), FOREIGN KEY (subject_id) REFERENCES " + parentPrefix + "subject (subject_id))");
      trunk(trunk, "INSERT INTO " + s + ".subject VALUES (1, 'mouse'), (2, 'rat')");
      trunk(trunk, "INSERT INTO " + s + ".session VALUES (1, 1, '2026-01-05'), (1, 2, '2026-01-06'), (2, 1, '2026-01-07')");

      long trunkTrips = trunk.roundTrips() - trunkBase;
      int trunkRan = trunkStatements;
      try (BranchConnection br = target.branch(branch)) {
        heading("2. A connection with branch=" + branch + " declares two new tables, with foreign keys, and fills them");
        branch(br, "CREATE TABLE " + s + ".spike_sorting (subject_id INT, session_id INT, sorter VARCHAR(32),"
            + " PRIMARY KEY (subject_id, session_id, sorter), FOREIGN KEY (subject_id, session_id)"
            + " REFERENCES " + parentPrefix + "session (subject_id, session_id))");
        branch(br, "CREATE TABLE " + s + ".unit (subject_id INT, session_id INT, sorter VARCHAR(32), unit_id INT,"
            + " firing_rate DOUBLE PRECISION, PRIMARY KEY (subject_id, session_id, sorter, unit_id),"
            + " CONSTRAINT unit_sorting FOREIGN KEY (subject_id, session_id, sorter)"
            + " REFERENCES " + parentPrefix + "spike_sorting (subject_id, session_id, sorter))");
        branch(br, "INSERT INTO " + s + ".spike_sorting VALUES (1, 1, 'kilosort'), (2, 1, 'kilosort')");
        branch(br, "INSERT INTO " + s + ".unit VALUES (1, 1, 'kilosort', 1, 4.5), (1, 1, 'kilosort', 2, 11.0),"
            + " (2, 1, 'kilosort', 1, 7.25)");

        heading("3. The branch sees one schema: its tables joined with the pipeline's, by their logical names");
        branchQuery(br, "SELECT su.species, u.session_id, u.unit_id, u.firing_rate FROM " + s + ".unit u"
            + " JOIN " + s + ".spike_sorting k ON k.subject_id = u.subject_id AND k.session_id = u.session_id"
            + " AND k.sorter = u.sorter JOIN " + s + ".session se ON se.subject_id = k.subject_id"
            + " AND se.session_id = k.session_id JOIN " + s + ".subject su ON su.subject_id = se.subject_id"
            + " ORDER BY su.species, u.unit_id");

        heading("4. Trunk is unchanged: the pipeline's schema holds only the pipeline");
        TextTable tables = new TextTable("schema " + s + " on trunk");
        for (String t : catalog.tables(trunk, s)) {
          tables.row(t);
        }
        tables.print(out, "   ");
        out.println("   trunk> SELECT count(*) FROM " + s + ".unit");
        trunkStatements++;
        try (Statement st = trunk.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM " + s + ".unit")) {
          rs.next();
          out.println("   (answered " + rs.getString(1) + ": unexpected, the table should not be on trunk)");
        } catch (SQLException e) {
          out.println("   error, as it should be: " + Errors.oneLine(e.getMessage()));
        }

        heading("5. Where the branch's tables really are: a draft schema beside the pipeline's");
        catalog.attachAllSchemas(trunk);
        BranchInventory inv = BranchInventory.read(trunk, catalog, branch);
        TextTable where2 = new TextTable("table", "binds to", "kind");
        for (LogicalSchema ls : inv.schemas()) {
          for (String t : ls.pipelineTables()) {
            where2.row(t, ls.name() + "." + t, "pipeline (trunk's table, read in place)");
          }
          for (String t : ls.draftTables()) {
            where2.row(t, ls.draft() + "." + t, "draft (this branch only)");
          }
        }
        where2.print(out, "   ");

        String draft = catalog.backend().draftNames(branch).draftOf(s);
        heading("6. Their foreign keys are rows of " + b.quote(draft, Edges.TABLE) + ", not constraints");
        query(trunk, "SELECT constraint_name, referencing_table, referenced_table, column_name, ordinal_position,"
            + " delete_rule FROM " + b.quote(draft, Edges.TABLE) + " ORDER BY constraint_name, ordinal_position");
        out.println("   Trunk can never be blocked by, or cascade into, a draft. `djbranch verify` proves the keys build;");
        out.println("   `djbranch promote` prints the DDL that declares these tables for real, keys restored.");

        heading("7. Round trips each connection cost");
        long branchTrips = br.roundTrips();
        TextTable trips = new TextTable("connection", "statements the demo ran", "round trips", "added by djbranch");
        trips.row("trunk, step 1", trunkRan, trunkTrips, trunkTrips - trunkRan);
        trips.row("branch=" + branch + ", steps 2-3", branchStatements, branchTrips, branchTrips - branchStatements);
        trips.print(out, "   ");
        out.println("   Trunk is a pass-through: exactly the wrapped driver's round trips. The branch's extra ones are");
        out.println("   djbranch's own work for the declarations: listing the schema, creating the draft, writing ~edge.");
      }
      out.println();
      out.println("Explore it:");
      out.println("  ./djbranch shell --url '" + target.url() + "' --branch " + branch);
      out.println("  ./djbranch status --url '" + target.url() + "' --branch " + branch);
      out.println("  ./djbranch verify --url '" + target.url() + "' --branch " + branch);
      out.println("  ./djbranch diagram --url '" + target.url() + "' --branch " + branch + " -o demo.svg");
      printWhatItLeaves(folder, target, s);
      out.flush();
    }
    return ExitCodes.OK;
  }

  /**
   * The demo keeps what it made so that the commands above have something to read: say where it is and how it goes.
   * Its own folder when it made the database; otherwise the branch's drafts and the two pipeline tables on trunk.
   */
  private void printWhatItLeaves(Path folder, Target target, String s) {
    out.println();
    if (folder != null) {
      out.println("The demo left its database in the folder " + folder + " (nothing else). Remove it with:");
      out.println("  rm -r '" + folder + "'");
      return;
    }
    out.println("The demo left branch " + branch + "'s drafts and, on trunk, the tables " + s + ".subject and " + s
        + ".session (a new run replaces them). Remove them with:");
    out.println("  ./djbranch drop --url '" + target.url() + "' --branch " + branch + " --yes");
    out.println("  ./djbranch shell --url '" + target.url() + "' --branch '' -e 'DROP TABLE " + s + ".session; DROP TABLE "
        + s + ".subject'");
  }

  /** A re-run on the same database starts over: the demo's branch and its own two pipeline tables go. */
  private void removeEarlierRun(BranchConnection trunk, PhysicalCatalog catalog, String s) throws SQLException {
    catalog.attachAllSchemas(trunk);
    BranchInventory earlier = BranchInventory.read(trunk, catalog, branch);
    for (LogicalSchema ls : earlier.schemas()) {
      catalog.dropSchema(trunk, ls.draft(), true);
    }
    if (catalog.schemas(trunk).contains(s)) {
      try (Statement st = trunk.createStatement()) {
        st.execute("DROP TABLE IF EXISTS " + s + ".session");
        st.execute("DROP TABLE IF EXISTS " + s + ".subject");
      }
      if (catalog.namedSchemas() && catalog.tables(trunk, s).isEmpty()) {
        catalog.dropSchema(trunk, s, false);
      }
    }
  }

  private void heading(String text) {
    out.println();
    out.println(text);
  }

  private void trunk(BranchConnection c, String sql) throws SQLException {
    out.println("   trunk> " + sql);
    trunkStatements++;
    try (Statement st = c.createStatement()) {
      st.execute(sql);
    }
  }

  private void branch(BranchConnection c, String sql) throws SQLException {
    out.println("   " + branch + "> " + sql);
    branchStatements++;
    try (Statement st = c.createStatement()) {
      st.execute(sql);
    }
  }

  private void branchQuery(BranchConnection c, String sql) throws SQLException {
    out.println("   " + branch + "> " + sql);
    branchStatements++;
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      TextTable.of(rs).print(out, "   ");
    }
  }

  private void query(BranchConnection c, String sql) throws SQLException {
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      TextTable.of(rs).print(out, "   ");
    }
  }
}

package org.djbranch.cli;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import org.djbranch.cli.catalog.BranchInventory;
import org.djbranch.cli.catalog.BranchInventory.LogicalSchema;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.edges.Activity;
import org.djbranch.driver.naming.BranchLocalTables;

/**
 * What removing one branch drops (Branch Resolution §8: the caller's job), for {@code drop} and {@code prune}: its
 * draft schemas with what they hold, and the base schemas beside them that the branch made and are still empty — a
 * branch that introduced a schema created its base empty (Branch Resolution §2.4), and nothing else would remove it.
 * A base holding any table, one the draft's record does not say the branch made (trunk's own, left empty, or a
 * branch's made before bases were recorded), and the connection's own schema stay.
 */
final class BranchRemoval {
  /** A schema to drop, whether with its tables, and why, in words. */
  record Doomed(String schema, boolean withTables, String why) {}

  final String branch;
  final List<Doomed> doomed;
  /** The branch's own bookkeeping copies that go with its drafts, as {@code draft.table}. */
  final List<String> bookkeeping;

  private BranchRemoval(String branch, List<Doomed> doomed, List<String> bookkeeping) {
    this.branch = branch;
    this.doomed = doomed;
    this.bookkeeping = bookkeeping;
  }

  /**
   * Plans the removal of {@code branch}: the drafts certainly its own (a name another branch owns is left out, one
   * that cannot be told fails: {@link LiveBranches#ownedBy}) of the logical schemas {@code logical} accepts.
   * {@code c} is a trunk connection on which {@link PhysicalCatalog#attachAllSchemas} ran.
   */
  static BranchRemoval plan(Connection c, PhysicalCatalog catalog, LiveBranches live, String branch,
      BranchLocalTables copied, Predicate<String> logical) throws SQLException {
    BranchInventory inv = BranchInventory.read(c, catalog, branch);
    List<String> drafts = new ArrayList<>();
    for (LogicalSchema s : inv.schemas()) {
      drafts.add(s.draft());
    }
    List<String> owned = live.ownedBy(branch, drafts);
    List<LogicalSchema> own = inv.schemas().stream().filter(s -> owned.contains(s.draft()) && logical.test(s.name()))
        .toList();
    String current = catalog.backend().currentSchema(c);
    List<Doomed> doomed = new ArrayList<>();
    List<String> bookkeeping = new ArrayList<>();
    for (LogicalSchema s : own) {
      int n = s.draftTables().size();
      doomed.add(new Doomed(s.draft(), true, "draft of " + s.name() + ", " + n + (n == 1 ? " table" : " tables")
          + " and its ~edge rows"));
      for (String t : s.bookkeepingCopies(copied)) {
        bookkeeping.add(s.draft() + "." + t);
      }
    }
    Activity activity = new Activity(catalog.backend());
    for (LogicalSchema s : own) {
      if (s.baseExists() && s.pipelineTables().isEmpty() && catalog.namedSchemas()
          && (current == null || !current.toLowerCase(Locale.ROOT).equals(s.name().toLowerCase(Locale.ROOT)))
          && activity.madeBase(c, s.draft(), catalog.tables(c, s.draft()).contains(Activity.TABLE))) {
        doomed.add(new Doomed(s.name(), false, "base schema the branch made, empty"));
      }
    }
    return new BranchRemoval(branch, doomed, bookkeeping);
  }

  boolean isEmpty() {
    return doomed.isEmpty();
  }

  /** Drops the schemas, drafts first. */
  void run(Connection c, PhysicalCatalog catalog, Progress progress) throws SQLException {
    for (Doomed d : doomed) {
      progress.step("drop " + d.schema());
      catalog.dropSchema(c, d.schema(), d.withTables());
    }
  }
}

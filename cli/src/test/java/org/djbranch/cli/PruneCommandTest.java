package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.djbranch.cli.Cli.Run;
import org.djbranch.cli.Place.Db;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.backend.DraftActivity;
import org.djbranch.driver.edges.Activity;
import org.djbranch.driver.naming.DraftNames;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code prune} removes the branches not in the keep list, and kept ones idle for N days; lists them without
 * {@code --yes}; refuses, dropping nothing, a draft name two branches make alike. Each run names this test's schema
 * ({@code --schema}): the servers hold other branches too.
 */
class PruneCommandTest {
  @TempDir
  Path temp;

  /** Makes a branch look last used {@code days} ago, as the stamp its declarations write would say. */
  private void age(Place p, String branch, int days) throws Exception {
    Instant then = Instant.now().minus(Duration.ofDays(days));
    String draft = new DraftNames(branch).draftOf(p.schema);
    try (BranchConnection trunk = new Target(p.url).trunk()) {
      trunk.backend().catalog().attachAllSchemas(trunk);
      new Activity(trunk.backend()).set(trunk, draft, then.minus(Duration.ofDays(1)), then);
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void theKeepListAndIdleDaysDecideDryRunListsAndYesDrops(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String kept = p.newBranch();
      String gone = p.newBranch();
      String idle = p.newBranch();
      p.exec("CREATE TABLE " + p.table("animal") + " (animal_id INT PRIMARY KEY)");
      for (String b : List.of(kept, gone, idle)) {
        p.onBranch(b, "CREATE TABLE " + p.table("t_" + b) + " (id INT PRIMARY KEY, animal_id INT,"
            + " FOREIGN KEY (animal_id) REFERENCES " + p.table("animal") + " (animal_id))");
      }
      age(p, idle, 40);
      Path keepFile = temp.resolve("open-pull-requests.txt");
      Files.writeString(keepFile, "# the open pull requests\n" + kept + "\n" + idle + ", main\n");
      String[] scope = db == Db.SQLITE ? new String[0] : new String[] {"--schema", p.schema};

      Run dry = Cli.run(with(scope, "prune", "--url", p.url, "--keep-from", keepFile.toString()));
      assertEquals(0, dry.code(), dry.all());
      assertTrue(dry.out().matches("(?s).*" + gone + "[\\s|]+1[\\s|]+.*prune[\\s|]+not in the keep list.*"), dry.out());
      assertTrue(dry.out().contains("would drop " + new DraftNames(gone).draftOf(p.schema)), dry.out());
      assertTrue(dry.out().contains("Nothing dropped"), dry.out());
      assertTrue(p.draftExists(gone), "a dry run drops nothing");

      Run idleDry = Cli.run(with(scope, "prune", "--url", p.url, "--keep", kept + "," + idle + "," + gone,
          "--idle-days", "30"));
      assertEquals(0, idleDry.code(), idleDry.all());
      assertTrue(idleDry.out().matches("(?s).*" + idle + "[\\s|]+1[\\s|]+.*prune[\\s|]+idle 4\\d days.*"),
          idleDry.out());
      assertTrue(idleDry.out().matches("(?s).*" + kept + "[\\s|]+1[\\s|]+.*keep.*"), idleDry.out());
      assertFalse(idleDry.out().contains("would drop " + new DraftNames(kept).draftOf(p.schema)), idleDry.out());

      Run yes = Cli.run(with(scope, "prune", "--url", p.url, "--keep-from", keepFile.toString(), "--idle-days", "30",
          "--yes"));
      assertEquals(0, yes.code(), yes.all());
      assertTrue(yes.out().contains("Pruned 2 branches"), yes.out());
      assertFalse(p.draftExists(gone));
      assertFalse(p.draftExists(idle));
      assertTrue(p.draftExists(kept), "the kept branch, used today, stays");
      assertTrue(Cli.run("status", "--url", p.url, "--branch", kept).out().contains("t_" + kept));
    }
  }

  /**
   * Where the catalog does not date a draft (PostgreSQL, DuckDB), a declaration on a branch records when its draft
   * was created and last declared into, at most once an hour per process, and prune reads it; a draft without the
   * record (made before it was written) is of unknown age. MySQL and SQLite date drafts themselves.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB"})
  void declarationsStampTheDraftAndPruneReadsTheStamp(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String b = p.newBranch();
      String draft = new DraftNames(b).draftOf(p.schema);
      Instant before = Instant.now().minusSeconds(1);
      p.exec("CREATE TABLE " + p.table("animal") + " (animal_id INT PRIMARY KEY)");
      p.onBranch(b, "CREATE TABLE " + p.table("weight") + " (animal_id INT PRIMARY KEY)");
      DraftActivity first = stampOf(p, draft);
      assertTrue(first != null && !first.created().isBefore(before) && first.created().equals(first.declared())
          && !first.declared().isAfter(Instant.now()), "stamped at the first declaration: " + first);

      p.onBranch(b, "CREATE TABLE " + p.table("cage") + " (cage_id INT PRIMARY KEY)",
          "ALTER TABLE " + p.table("animal") + " ADD COLUMN born DATE");
      assertEquals(first, stampOf(p, draft), "within the hour this process writes no stamp again");
      try (BranchConnection trunk = new Target(p.url).trunk()) {
        assertFalse(trunk.backend().catalog().tables(trunk, p.schema).contains(Activity.TABLE),
            "trunk's schema holds no stamp");
      }

      String[] scope = db == Db.SQLITE ? new String[0] : new String[] {"--schema", p.schema};
      Run listed = Cli.run(with(scope, "prune", "--url", p.url, "--keep", b, "--idle-days", "1"));
      assertEquals(0, listed.code(), listed.all());
      assertTrue(listed.out().contains(first.declared() + " (stamp)"), listed.out());
      assertTrue(listed.out().matches("(?s).*" + b + "[\\s|]+1[\\s|]+.*keep.*"), listed.out());

      try (BranchConnection trunk = new Target(p.url).trunk(); java.sql.Statement s = trunk.createStatement()) {
        trunk.backend().catalog().attachAllSchemas(trunk);
        s.execute("DROP TABLE " + new Activity(trunk.backend()).table(draft)); // as a draft made before stamps
      }
      Run unstamped = Cli.run(with(scope, "prune", "--url", p.url, "--keep", b, "--idle-days", "1"));
      assertEquals(0, unstamped.code(), unstamped.all());
      assertTrue(unstamped.out().matches("(?s).*" + b + "[\\s|]+1[\\s|]+unknown.*"), unstamped.out());
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"MARIADB", "SQLITE"})
  void whereTheCatalogDatesDraftsNoStampIsWritten(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String b = p.newBranch();
      p.onBranch(b, "CREATE TABLE " + p.table("weight") + " (animal_id INT PRIMARY KEY)");
      try (BranchConnection trunk = new Target(p.url).trunk()) {
        trunk.backend().catalog().attachAllSchemas(trunk);
        assertFalse(trunk.backend().catalog().tables(trunk, new DraftNames(b).draftOf(p.schema))
            .contains(Activity.TABLE));
      }
      String[] scope = db == Db.SQLITE ? new String[0] : new String[] {"--schema", p.schema};
      Run listed = Cli.run(with(scope, "prune", "--url", p.url, "--keep", b, "--idle-days", "1"));
      assertEquals(0, listed.code(), listed.all());
      assertTrue(listed.out().contains(db == Db.MARIADB ? "(tables' creation times)" : "(draft file's time)"),
          listed.out());
    }
  }

  /**
   * A stamp written where the draft has one already moves the declaration's instant and keeps the creation's; on a
   * new table it writes both (one statement, on every database: no {@code ON CONFLICT}).
   */
  @ParameterizedTest
  @EnumSource(Db.class)
  void aLaterStampKeepsTheCreationAndMovesTheDeclaration(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String draft = new DraftNames(p.newBranch()).draftOf(p.schema); // dropped with the place
      Instant created = Instant.ofEpochMilli(1_700_000_000_000L);
      Instant later = created.plus(Duration.ofDays(3));
      try (BranchConnection trunk = new Target(p.url).trunk()) {
        trunk.backend().createSchema(trunk, draft);
        trunk.backend().catalog().attachAllSchemas(trunk);
        Activity activity = new Activity(trunk.backend());
        activity.stamp(trunk, draft, created, false);
        DraftActivity first = activity.read(trunk, draft, true);
        assertEquals(List.of(created, created), List.of(first.created(), first.declared()));
        activity.stamp(trunk, draft, later, true);
        DraftActivity second = activity.read(trunk, draft, true);
        assertEquals(List.of(created, later), List.of(second.created(), second.declared()));
      }
    }
  }

  private static DraftActivity stampOf(Place p, String draft) throws Exception {
    try (BranchConnection trunk = new Target(p.url).trunk()) {
      trunk.backend().catalog().attachAllSchemas(trunk);
      return new Activity(trunk.backend()).read(trunk, draft, true);
    }
  }

  /** Branch x on schema y_s and branch x_y on s both make br_x_y_s: prune names it and drops nothing. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aDraftNameTwoBranchesMakeAlikeStopsItBeforeAnythingIsDropped(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String x = p.newBranch();
      String xy = x + "_y";
      String shared = new DraftNames(xy).draftOf(p.schema);
      p.dropLater(shared);
      String ySchema = "y_" + p.schema;
      p.dropLater(ySchema);
      p.exec("CREATE TABLE " + p.table("animal") + " (animal_id INT PRIMARY KEY)",
          (db == Db.MARIADB ? "CREATE DATABASE " : "CREATE SCHEMA ") + ySchema);
      p.onBranch(x, "CREATE TABLE " + p.table("weight") + " (animal_id INT PRIMARY KEY)");
      p.onBranch(xy, "CREATE TABLE " + p.table("cage") + " (cage_id INT PRIMARY KEY)");

      Run refused = Cli.run("prune", "--url", p.url, "--schema", p.schema + "," + ySchema, "--keep", "nobody",
          "--yes");
      assertEquals(2, refused.code(), refused.all());
      assertTrue(refused.err().contains("Cannot tell whose draft " + shared), refused.err());
      assertTrue(refused.err().contains("Nothing was pruned"), refused.err());
      assertTrue(p.draftExists(x) && p.draftExists(xy), "nothing dropped");
    }
  }

  @org.junit.jupiter.api.Test
  void keepListsReadCommasSpacesLinesAndComments() {
    assertEquals(List.of("pr_1", "pr_2", "main", "pr_3"),
        List.copyOf(PruneCommand.names("pr_1, pr_2 main # the trunk\n\n# closed: pr_9\npr_3\n")));
  }

  private static String[] with(String[] scope, String... args) {
    String[] out = new String[args.length + scope.length];
    System.arraycopy(args, 0, out, 0, args.length);
    System.arraycopy(scope, 0, out, args.length, scope.length);
    return out;
  }
}

package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.djbranch.cli.Cli.Run;
import org.djbranch.cli.Place.Db;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.backend.DraftActivity;
import org.djbranch.driver.edges.Edges;
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

  /** Makes a branch look last used {@code days} ago, as its declarations or the catalog would say. */
  private void age(Place p, String branch, int days) throws Exception {
    Instant then = Instant.now().minus(Duration.ofDays(days));
    String draft = new DraftNames(branch).draftOf(p.schema);
    if (p.db == Db.SQLITE) {
      try (var files = Files.list(temp)) {
        Path file = files.filter(f -> f.getFileName().toString().endsWith(draft)).findFirst().orElseThrow();
        Files.setLastModifiedTime(file, FileTime.from(then));
      }
      return;
    }
    try (BranchConnection trunk = new Target(p.url).trunk(); Statement s = trunk.createStatement()) {
      s.execute(trunk.backend().catalog().commentOnTableText(draft, Edges.TABLE, DraftActivity.stamp(then, then)));
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

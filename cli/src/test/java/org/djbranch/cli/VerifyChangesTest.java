package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.djbranch.cli.Cli.Run;
import org.djbranch.cli.Place.Db;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.backend.TableDescription;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code verify} replays the changes a branch made to its versions of pipeline tables on copies of trunk's
 * versions, in throwaway schemas: a change trunk's structure still takes passes, one trunk has since made impossible
 * fails before the merge would, and trunk is touched by neither — not even by an index dropped by its name alone.
 */
class VerifyChangesTest {
  @TempDir
  Path temp;

  @ParameterizedTest
  @EnumSource(Db.class)
  void changesAreReplayedOnTrunksStructureAndNeverOnTrunk(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String b = p.newBranch();
      p.exec("CREATE TABLE " + p.table("item") + " (item_id INT PRIMARY KEY, name VARCHAR(20))",
          "CREATE INDEX item_name ON " + indexed(p, "item") + " (name)",
          "INSERT INTO " + p.table("item") + " VALUES (1, 'one')");
      String dropIndex = switch (db) {
        case MARIADB -> "DROP INDEX item_name ON " + p.table("item");
        case SQLITE -> "DROP INDEX item_name"; // the name alone: looked up in main, trunk's file, if not confined
        default -> "DROP INDEX " + p.table("item_name");
      };
      p.onBranch(b, "ALTER TABLE " + p.table("item") + " ADD COLUMN note VARCHAR(20)",
          "CREATE INDEX item_note ON " + indexed(p, "item") + " (note)",
          dropIndex);
      String trunkBefore = trunkItem(p);

      Run ok = Cli.run("verify", "--url", p.url, "--branch", b);
      assertEquals(0, ok.code(), ok.all());
      assertTrue(ok.out().contains("3 changes of pipeline tables replayed"), ok.out());
      assertTrue(ok.out().contains("every change applies to trunk's structure"), ok.out());
      assertEquals(trunkBefore, trunkItem(p), "verify left trunk's table and indexes as they were");

      // Trunk moves on: the column the branch adds now exists there, so the merge would fail.
      p.exec("ALTER TABLE " + p.table("item") + " ADD COLUMN note INT");
      Run failed = Cli.run("verify", "--url", p.url, "--branch", b);
      assertEquals(1, failed.code(), failed.all());
      assertTrue(failed.out().contains("FAILED: 1 statement"), failed.out());
      assertTrue(failed.out().contains("change of pipeline table item"), failed.out());
      assertTrue(failed.out().contains("ADD COLUMN note VARCHAR(20)"), failed.out());
      try (BranchConnection trunk = new Target(p.url).trunk()) {
        PhysicalCatalog catalog = trunk.backend().catalog();
        catalog.attachAllSchemas(trunk);
        java.util.regex.Matcher named = java.util.regex.Pattern.compile("(djbv_\\w+) for").matcher(failed.out());
        assertTrue(named.find(), failed.out());
        String scratch = named.group(1);
        assertFalse(catalog.schemas(trunk).contains(scratch), "the throwaway schema " + scratch + " is dropped");
      }
    }
  }

  /** The table of CREATE INDEX: SQLite takes no schema there (the index's decides). */
  private static String indexed(Place p, String table) {
    return p.db == Db.SQLITE ? table : p.table(table);
  }

  /** Trunk's item as the catalog describes it: columns, key and indexes. */
  private static String trunkItem(Place p) throws Exception {
    try (BranchConnection trunk = new Target(p.url).trunk()) {
      TableDescription d = trunk.backend().catalog().describe(trunk, p.schema, "item");
      return d.toString();
    }
  }
}

package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.djbranch.cli.Cli.Run;
import org.djbranch.cli.Place.Db;
import org.djbranch.driver.naming.DraftNames;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code branches} lists what each live branch holds, and neither it nor {@code drop} guesses whose a draft name is
 * when two branches' names make it alike: branch {@code x} on schema {@code y_s} and branch {@code x_y} on {@code s}
 * both make {@code br_x_y_s}.
 */
class BranchesCommandTest {
  @TempDir
  Path temp;

  private static boolean schemaExists(Place p, String schema) throws Exception {
    Run r = Cli.run("shell", "--url", p.url, "--branch", "", "-e", p.db == Db.POSTGRESQL
        ? "SELECT count(*) AS found FROM pg_namespace WHERE nspname = '" + schema + "'"
        : "SELECT count(*) AS found FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '" + schema + "'");
    return r.out().contains("\n1");
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void branchesListsEveryBranchAndNoneOfThemDropsAnotherOnesDraft(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String x = p.newBranch();
      String xy = x + "_y";
      p.dropLater(new DraftNames(xy).draftOf(p.schema));
      p.exec("CREATE TABLE " + p.table("animal") + " (animal_id INT PRIMARY KEY)",
          "INSERT INTO " + p.table("animal") + " VALUES (1), (2)");
      p.onBranch(x, "CREATE TABLE " + p.table("weight") + " (animal_id INT PRIMARY KEY, grams INT,"
          + " FOREIGN KEY (animal_id) REFERENCES " + p.table("animal") + " (animal_id))",
          "INSERT INTO " + p.table("weight") + " VALUES (1, 20), (2, 25)");
      p.onBranch(xy, "CREATE TABLE " + p.table("cage") + " (cage_id INT PRIMARY KEY)",
          "CREATE TABLE " + p.table("note") + " (note_id INT PRIMARY KEY)",
          "INSERT INTO " + p.table("cage") + " VALUES (7)");
      String xDraft = new DraftNames(x).draftOf(p.schema);
      String shared = new DraftNames(xy).draftOf(p.schema); // br_<x>_y_<s>: also what x's draft of y_<s> would be named

      Run listed = Cli.run("branches", "--url", p.url);
      assertEquals(0, listed.code(), listed.all());
      String out = listed.out();
      int xAt = out.indexOf("branch " + x + "  (extends " + p.schema + ")");
      int xyAt = out.indexOf("branch " + xy + "  (extends " + p.schema + ")");
      assertTrue(xAt >= 0 && xyAt >= 0, out);
      String xBlock = out.substring(xAt, out.indexOf("\n\n", xAt) < 0 ? out.length() : out.indexOf("\n\n", xAt));
      assertTrue(xBlock.matches("(?s).*" + xDraft + "[\\s|]+" + p.schema + "[\\s|]+1[\\s|]+0[\\s|]+2[\\s|]+1.*"),
          "one table, no changed pipeline table, two rows, one symbolic edge: " + xBlock);
      String xyBlock = out.substring(xyAt, out.indexOf("\n\n", xyAt) < 0 ? out.length() : out.indexOf("\n\n", xyAt));
      assertTrue(xyBlock.matches("(?s).*" + shared + "[\\s|]+" + p.schema + "[\\s|]+2[\\s|]+0[\\s|]+1[\\s|]+0.*"), xyBlock);
      assertTrue(out.contains("warning: branch " + xy + " extends the name of branch " + x), out);

      // Only <s> exists, so br_<x>_y_<s> is x_y's: dropping x leaves it.
      Run dropX = Cli.run("drop", "--url", p.url, "--branch", x, "--yes");
      assertEquals(0, dropX.code(), dropX.all());
      assertFalse(dropX.out().contains(shared), dropX.out());
      assertFalse(schemaExists(p, xDraft));
      assertTrue(schemaExists(p, shared), "branch " + xy + "'s draft survives dropping branch " + x);

      // Once y_<s> exists too, the name reads both ways: listed as a warning, and no drop guesses.
      String ySchema = "y_" + p.schema;
      p.dropLater(ySchema);
      p.exec((db == Db.MARIADB ? "CREATE DATABASE " : "CREATE SCHEMA ") + ySchema);
      Run ambiguous = Cli.run("branches", "--url", p.url);
      assertTrue(ambiguous.out().contains("warning: " + shared + " is both branch " + x + "'s draft of " + ySchema
          + " and branch " + xy + "'s draft of " + p.schema), ambiguous.out());
      assertFalse(ambiguous.out().contains("branch " + xy + "  (extends"), "not listed as anyone's: " + ambiguous.out());
      for (String b : new String[] {x, xy}) {
        Run refused = Cli.run("drop", "--url", p.url, "--branch", b, "--yes");
        assertEquals(2, refused.code(), refused.all());
        assertTrue(refused.err().contains("Cannot tell whose draft " + shared) && refused.err().contains(ySchema),
            refused.err());
        assertTrue(schemaExists(p, shared));
      }
      try (Connection c = DriverManager.getConnection(p.url + (p.url.contains("?") ? "&" : "?") + "branch=");
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT count(*) FROM " + shared + ".cage")) {
        rs.next();
        assertEquals(1, rs.getInt(1), "the refused drops dropped nothing");
      }
    }
  }

  /**
   * A draft table the login cannot read (another team's draft it holds no grant on; here one whose storage was
   * discarded) does not hide every branch: {@code branches} lists them all, shows that draft's rows as {@code ?}
   * and says which table it could not count and why. Before, the whole listing failed on the first such table.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"MARIADB"})
  void aDraftTableThatCannotBeReadLeavesTheOtherBranchesListed(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String broken = p.newBranch();
      String fine = p.newBranch();
      String brokenDraft = new DraftNames(broken).draftOf(p.schema);
      p.dropLater(brokenDraft);
      p.dropLater(new DraftNames(fine).draftOf(p.schema));
      p.onBranch(broken, "CREATE TABLE " + p.table("lost") + " (id INT PRIMARY KEY) ENGINE=InnoDB",
          "INSERT INTO " + p.table("lost") + " VALUES (1)");
      p.onBranch(fine, "CREATE TABLE " + p.table("kept") + " (id INT PRIMARY KEY)",
          "INSERT INTO " + p.table("kept") + " VALUES (1), (2)");
      p.exec("ALTER TABLE `" + brokenDraft + "`.`lost` DISCARD TABLESPACE");

      Run listed = Cli.run("branches", "--url", p.url);
      assertEquals(0, listed.code(), listed.all());
      String out = listed.out();
      assertTrue(out.matches("(?s).*branch " + broken + " .*" + brokenDraft + "[\\s|]+" + p.schema
          + "[\\s|]+1[\\s|]+0[\\s|]+\\?[\\s|]+0.*"), out);
      assertTrue(out.matches("(?s).*branch " + fine + " .*[\\s|]+1[\\s|]+0[\\s|]+2[\\s|]+0.*"), out);
      assertTrue(out.contains("warning: the rows of `" + brokenDraft + "`.`lost` were not counted"), out);
    }
  }
}

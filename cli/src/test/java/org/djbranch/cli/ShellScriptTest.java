package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.djbranch.cli.Cli.Run;
import org.djbranch.cli.Place.Db;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shell running a script: where it stops, what it says, and --continue-on-error. */
class ShellScriptTest {
  @TempDir
  Path temp;

  private String sqlite() {
    return "jdbc:djbranch:sqlite:" + temp.resolve("s.db");
  }

  private static final String SCRIPT = "CREATE TABLE first_one (a INT);\nINSERT INTO nowhere VALUES (1);\n"
      + "CREATE TABLE third_one (a INT);\n";

  @Test
  void aScriptStopsAtTheFirstErrorAndSaysWhere() {
    Run r = Cli.run("shell", "--url", sqlite(), "--branch", "", "-e", SCRIPT);
    assertEquals(ExitCodes.ERROR, r.code(), r.all());
    assertTrue(r.err().contains("nowhere"), r.err());
    assertTrue(r.err().contains("stopped at statement 2 of 3; the 1 after it did not run"), r.err());
    Run tables = Cli.run("shell", "--url", sqlite(), "--branch", "", "-e",
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    assertTrue(tables.out().contains("first_one"), tables.out());
    assertFalse(tables.out().contains("third_one"), tables.out());
  }

  @Test
  void continueOnErrorRunsTheRestAndCountsTheFailures() {
    Run r = Cli.run("shell", "--url", sqlite(), "--branch", "", "--continue-on-error", "-e", SCRIPT);
    assertEquals(ExitCodes.ERROR, r.code(), r.all());
    assertTrue(r.err().contains("1 of 3 statements failed"), r.err());
    Run tables = Cli.run("shell", "--url", sqlite(), "--branch", "", "-e",
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    assertTrue(tables.out().contains("third_one"), tables.out());
    Run clean = Cli.run("shell", "--url", sqlite(), "--branch", "", "--continue-on-error", "-e", "SELECT 1;");
    assertEquals(0, clean.code(), clean.all());
    assertEquals("", clean.err());
  }

  /** pgjdbc's message starts with the server's severity; the shell says ERROR once, then the SQLState. */
  @Test
  void aPostgresErrorIsPrintedOnceWithItsSqlState() throws Exception {
    try (Place p = Place.create(Db.POSTGRESQL, temp)) {
      Run r = Cli.run("shell", "--url", p.url, "--branch", "", "-e", "SELECT * FROM " + p.table("nowhere"));
      assertEquals(ExitCodes.ERROR, r.code(), r.all());
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(r.err().startsWith("ERROR: relation \"" + p.table("nowhere") + "\" does not exist"), r.err());
      assertTrue(r.err().strip().endsWith("(SQLState 42P01)"), r.err());
      Run status = Cli.run("status", "--url", p.url.replace("user=postgres", "user=djbranch_nobody_here"),
          "--branch", "b1");
      assertEquals(ExitCodes.ERROR, status.code(), status.all());
      assertEquals(1, status.err().lines().count(), status.err());
      assertTrue(status.err().startsWith("djbranch status: ") && !status.err().contains("FATAL:"), status.err());
      assertTrue(status.err().contains("SQLState 28"), status.err());
    }
  }
}

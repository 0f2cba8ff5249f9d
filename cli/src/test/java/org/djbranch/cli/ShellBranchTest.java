package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.djbranch.cli.Cli.Run;
import org.djbranch.cli.Place.Db;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shell reads the branch from {@code --url} as the driver does: DDL meant for the branch lands in its draft, a bad
 * value is refused, a conflict with {@code --branch} is a usage error, and the first line says where it runs.
 */
class ShellBranchTest {
  @TempDir
  Path temp;

  @Test
  void theUrlsBranchIsTheShellsBranch() throws Exception {
    try (Place p = Place.create(Db.DUCKDB, temp)) {
      p.exec("CREATE TABLE " + p.table("animal") + " (animal_id INT PRIMARY KEY)");
      String b = p.newBranch();
      String url = p.url + "?branch=" + b;
      Run declare = Cli.run("shell", "--url", url, "-e", "CREATE TABLE " + p.table("trial")
          + " (animal_id INT PRIMARY KEY REFERENCES " + p.table("animal") + " (animal_id));\n\\d " + p.table("trial"));
      assertEquals(0, declare.code(), declare.all());
      assertEquals("-- djbranch shell on DuckDB, branch " + b + ".", declare.out().lines().findFirst().orElse(""));
      assertTrue(declare.out().contains("binds to br_" + b + "_" + p.schema + ".trial (draft"), declare.out());

      Run same = Cli.run("shell", "--url", url, "--branch", b, "-e", "SELECT count(*) FROM " + p.table("trial"));
      assertEquals(0, same.code(), same.all());

      Run trunk = Cli.run("shell", "--url", p.url + "?branch=", "-e", "SELECT count(*) FROM " + p.table("trial"));
      assertEquals(2, trunk.code(), "the table is the branch's, not trunk's: " + trunk.all());
      assertTrue(trunk.out().startsWith("-- djbranch shell on DuckDB, trunk."), trunk.out());

      Run conflict = Cli.run("shell", "--url", url, "--branch", "other", "-e", "SELECT 1");
      assertEquals(2, conflict.code(), conflict.all());
      assertTrue(conflict.err().contains("--branch 'other'") && conflict.err().contains("branch=" + b),
          conflict.err());

      Run invalid = Cli.run("shell", "--url", p.url + "?branch=a-b", "-e", "SELECT 1");
      assertEquals(2, invalid.code(), invalid.all());
      assertTrue(invalid.err().contains("08001") && invalid.err().contains("a-b"), invalid.err());
    }
  }
}

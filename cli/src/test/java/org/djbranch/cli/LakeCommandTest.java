package org.djbranch.cli;

import org.djbranch.lake.util.CacheFolder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LakeCommandTest {
  @TempDir
  Path temp;
  private String previousCache;

  /** What the lake caches for readers goes to this test's folder, removed with it. */
  @BeforeEach
  void cacheHere() {
    previousCache = System.getProperty(CacheFolder.PROPERTY);
    System.setProperty(CacheFolder.PROPERTY, temp.resolve("cache").toString());
  }

  @AfterEach
  void restoreCache() {
    if (previousCache == null) {
      System.clearProperty(CacheFolder.PROPERTY);
    } else {
      System.setProperty(CacheFolder.PROPERTY, previousCache);
    }
  }

  private record Run(int code, String out, String err) {
  }

  private static Run run(String... args) {
    CommandLine cmd = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    CommandLine lake = cmd.getSubcommands().get("lake");
    lake.setOut(new PrintWriter(out));
    lake.setErr(new PrintWriter(err));
    lake.getSubcommands().values().forEach(c -> {
      c.setOut(new PrintWriter(out));
      c.setErr(new PrintWriter(err));
    });
    int code = cmd.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  private static Path fixture() {
    String prop = System.getProperty("djbranch.testdata");
    Path testdata = prop != null ? Path.of(prop) : Path.of("../testdata");
    return testdata.resolve("ducklake/v1.0_from_duckdb_1.5.2/catalog.ducklake");
  }

  @Test
  void initCheckoutCommitLogShow() throws Exception {
    Path root = temp.resolve("repo");
    Path source = temp.resolve("src");
    java.nio.file.Files.createDirectories(source.resolve("data/main/items"));
    java.nio.file.Files.copy(fixture(), source.resolve("catalog.ducklake"));
    try (var files = java.nio.file.Files.list(fixture().getParent().resolve("data/main/items"))) {
      for (Path p : files.toList()) {
        java.nio.file.Files.copy(p, source.resolve("data/main/items").resolve(p.getFileName()));
      }
    }
    Run init = run("lake", "init", root.toString(), "--from", source.resolve("catalog.ducklake").toString(), "-m", "first",
        "--lock-lease", "90s");
    assertEquals(0, init.code(), init.err());
    assertTrue(init.out().contains("made version"), init.out());
    assertTrue(java.nio.file.Files.readString(root.resolve("repository.json")).contains("\"lock_lease\" : \"PT1M30S\""));
    Run shortLease = run("lake", "init", temp.resolve("other").toString(), "--lock-lease", "1s");
    assertEquals(2, shortLease.code());
    assertTrue(shortLease.err().contains("lock_lease must be at least 2s"), shortLease.err());

    Run checkout = run("lake", "checkout", root.toString(), temp.resolve("work.sqlite").toString());
    assertEquals(0, checkout.code(), checkout.err());
    assertTrue(checkout.out().contains("ATTACH 'ducklake:sqlite:") && checkout.out().contains("DATA_INLINING_ROW_LIMIT 0"),
        checkout.out());

    Run commit = run("lake", "commit", temp.resolve("work.sqlite").toString());
    assertEquals(0, commit.code(), commit.err());
    assertTrue(commit.out().contains("nothing changed"), commit.out());

    // as git push says "Everything up-to-date": the branch holds what the working catalog holds
    Run nothingToPush = run("lake", "push", temp.resolve("work.sqlite").toString());
    assertEquals(0, nothingToPush.code(), nothingToPush.err());
    assertTrue(nothingToPush.out().contains("everything up-to-date: branch main of "), nothingToPush.out());

    Run empty = run("lake", "commit", temp.resolve("work.sqlite").toString(), "--allow-empty", "-m", "second");
    assertEquals(0, empty.code(), empty.err());
    assertTrue(empty.out().contains("not pushed yet"), empty.out());
    assertEquals(1, run("lake", "log", root.toString()).out().lines().count(), "commit moves no ref");

    Run push = run("lake", "push", temp.resolve("work.sqlite").toString());
    assertEquals(0, push.code(), push.err());
    assertTrue(push.out().contains("pushed version") && push.out().contains("to branch main"), push.out());

    Run pushAgain = run("lake", "push", temp.resolve("work.sqlite").toString());
    assertEquals(0, pushAgain.code(), "a retried push is no error: " + pushAgain.err());
    assertTrue(pushAgain.out().contains("everything up-to-date") && pushAgain.out().contains("already holds version "
        + push.out().replaceAll("(?s).*pushed version ([0-9a-f]{64}).*", "$1")), pushAgain.out());

    Run log = run("lake", "log", root.toString());
    assertEquals(2, log.out().lines().count(), log.out());
    assertTrue(log.out().contains("first") && log.out().contains("second"), log.out());

    Run gc = run("lake", "gc", root.toString(), "--dry-run", "--grace-period", "0s");
    assertEquals(0, gc.code(), gc.err());
    assertTrue(gc.out().contains("2 versions reachable from refs name 1 data files") && gc.out().contains("0 to delete"),
        gc.out());
    Run badGrace = run("lake", "gc", root.toString(), "--grace-period", "soon");
    assertEquals(2, badGrace.code());
    assertTrue(badGrace.err().contains("--grace-period must be a duration"), badGrace.err());

    Run status = run("lake", "status", temp.resolve("work.sqlite").toString());
    assertEquals(0, status.code(), status.err());
    assertTrue(status.out().startsWith("nothing changed since version "), status.out());
    Run statusJson = run("lake", "status", temp.resolve("work.sqlite").toString(), "--json");
    assertTrue(statusJson.out().contains("\"changes\" : [ ]") && statusJson.out().contains("\"from\" : \""),
        statusJson.out());
    String[] ids = log.out().lines().map(l -> l.substring(0, 12)).toArray(String[]::new);
    Run diff = run("lake", "diff", root.toString(), ids[1], "main");
    assertEquals(0, diff.code(), diff.err());
    assertTrue(diff.out().startsWith("no change from " + ids[1]), diff.out());
    Run diffJson = run("lake", "diff", root.toString(), ids[1], ids[0], "--json");
    assertTrue(diffJson.out().contains("\"changes\" : [ ]"), diffJson.out());
    Run badDiff = run("lake", "diff", root.toString(), "zzzz", "main");
    assertEquals(2, badDiff.code());
    assertTrue(badDiff.err().contains("no version zzzz"), badDiff.err());

    Run show = run("lake", "show", root.toString());
    assertTrue(show.out().contains("table    main.items (id INTEGER, label VARCHAR)"), show.out());

    Run bad = run("lake", "show", temp.resolve("nowhere").toString());
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("not a lake repository"), bad.err());
  }

  @Test
  void aRootInAnUnsupportedSchemeIsRefusedNamingTheSupportedOnes() throws Exception {
    Path cwd = Path.of("").toAbsolutePath();
    for (String[] args : new String[][] {{"lake", "init", "ftp://lake/repo/"}, {"lake", "log", "gs://lake/repo/"},
        {"lake", "checkout", "az://lake/repo/", temp.resolve("w.sqlite").toString()}}) {
      Run refused = run(args);
      assertEquals(2, refused.code(), String.join(" ", args) + ": " + refused.out());
      assertTrue(refused.err().contains("is not supported") && refused.err().contains("s3://bucket/prefix/")
          && refused.err().contains("http(s)://"), refused.err());
    }
    for (String scheme : new String[] {"ftp:", "gs:", "az:"}) {
      assertTrue(!java.nio.file.Files.exists(cwd.resolve(scheme)), "no local folder named " + scheme);
    }
  }

  @Test
  void everyLakeSubcommandPrintsItsHelp() {
    for (String sub : Main.commandLine().getSubcommands().get("lake").getSubcommands().keySet()) {
      for (String flag : new String[] {"--help", "-h"}) {
        Run help = run("lake", sub, flag);
        assertEquals(0, help.code(), sub + " " + flag + ": " + help.err());
        assertTrue(help.out().contains("Usage: djbranch lake " + sub), sub + " " + flag + ": " + help.out());
      }
    }
    Run checkout = run("lake", "checkout", "--help");
    assertTrue(checkout.out().contains("--version=<version>"), "checkout keeps its own --version: " + checkout.out());
  }
}

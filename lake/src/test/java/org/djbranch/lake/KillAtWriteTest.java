package org.djbranch.lake;

import org.djbranch.lake.repo.LocalRepository;
import org.djbranch.lake.util.CacheFolder;
import org.djbranch.lake.util.DurableFiles;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each local state file, its writer killed (SIGKILL) half way through writing it: the checkout's
 * JSON at checkout, commit and push; the staged version at commit; the version's files and the
 * ref at push. Afterwards the working catalog still commits and pushes, and {@code gc} removes the
 * {@code .part} the kill left in the repository.
 */
class KillAtWriteTest {
  @TempDir
  Path temp;

  /** {@code <step> <root> <working catalog>}: checkout, commit or push, run by a child process. */
  public static void main(String[] args) throws Exception {
    Path work = Path.of(args[2]);
    switch (args[0]) {
      case "checkout" -> Lake.local(Path.of(args[1])).checkout("main", null, work);
      case "commit" -> Lake.commit(work, "killed commit", false);
      case "push" -> Push.push(work, new Push.Listener() { });
      default -> throw new IllegalArgumentException(args[0]);
    }
  }

  @ParameterizedTest(name = "{0} killed writing {1}")
  @CsvSource({
      "checkout, work.sqlite.djbranch.json",
      "commit, work.sqlite.djbranch.json",
      "commit, version.json",
      "commit, files.json",
      "push, ducklake.duckdb",
      "push, version.json",
      "push, main",
      "push, work.sqlite.djbranch.json"})
  void theWorkingCatalogStillCommitsAndPushes(String step, String file) throws Exception {
    Path root = temp.resolve("repo");
    LocalRepository.init(root, "data/");
    Lake lake = Lake.local(root);
    assertTrue(lake.importCatalog(Fixtures.copy(Fixtures.V10, temp), "main", "import").madeVersion());
    Path work = temp.resolve("work").resolve("work.sqlite");
    Files.createDirectories(work.getParent());
    if (!step.equals("checkout")) {
      lake.checkout("main", null, work);
      add(lake, work, 4);
      if (step.equals("push")) {
        assertTrue(Lake.commit(work, "four", false).madeVersion());
      }
    }

    long started = System.nanoTime();
    Process child = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"),
        // the temporary folders a killed writer never removes go with the test's own
        "-Djava.io.tmpdir=" + Files.createDirectories(temp.resolve("tmp")),
        "-D" + DurableFiles.KILL_AT_WRITE + "=" + file, "-D" + CacheFolder.PROPERTY + "=" + CacheFolder.root(), "-cp", System.getProperty("java.class.path"),
        KillAtWriteTest.class.getName(), step, root.toString(), work.toString())
        .redirectErrorStream(true).redirectOutput(temp.resolve("child.out").toFile()).start();
    assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child finished");
    assertEquals(137, child.exitValue(), "killed by SIGKILL at the write: " + Files.readString(temp.resolve("child.out")));
    System.out.printf("%s killed writing %s after %.1f s%n", step, file, (System.nanoTime() - started) / 1e9);
    assertFalse(parts(temp).isEmpty(), "the kill came half way through a write: its .part is left");

    if (step.equals("checkout")) {
      assertFalse(Files.exists(work), "a checkout killed before its end leaves no working catalog");
      lake.checkout("main", null, work);
      add(lake, work, 4);
    }
    if (WorkingCatalog.open(work).record().staged() == null) {
      assertTrue(Lake.commit(work, "four", false).madeVersion());
    }
    Push.push(work, new Push.Listener() { });
    assertEquals(List.of(1, 2, 3, 4), rows(root));
    add(lake, work, 5);
    assertTrue(Lake.commit(work, "five", false).madeVersion());
    Push.push(work, new Push.Listener() { });
    assertEquals(List.of(1, 2, 3, 4, 5), rows(root));
    assertEquals(3, lake.log("main").size());

    // gc removes what the kill left in the repository once past the grace period
    List<Path> inRepository = parts(root);
    Gc.Result young = Gc.run(lake.repository(), Duration.ofHours(1), false, Instant.now());
    assertTrue(young.parts().isEmpty(), "a young .part may be a write in progress");
    Gc.Result gc = Gc.run(lake.repository(), Duration.ZERO, false, Instant.now().plusSeconds(5));
    assertEquals(inRepository.size(), gc.parts().size(), gc.parts().toString());
    assertEquals(List.of(), parts(root));
    assertEquals(List.of(1, 2, 3, 4, 5), rows(root));
  }

  private static void add(Lake lake, Path work, int id) throws Exception {
    new ExtensionLikeWriter(work, lake.repository().localDataFolder()).insert(1, "main/items",
        "SELECT " + id + "::INTEGER AS id, 'row " + id + "' AS label", "{id: 1, label: 2}", 1);
  }

  private static List<Path> parts(Path dir) throws Exception {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(p -> p.getFileName().toString().endsWith(DurableFiles.PART)).toList();
    }
  }

  private static List<Integer> rows(Path root) throws Exception {
    List<Integer> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:djbranch:lake:" + root + "?branch=main");
         Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id FROM main.items ORDER BY id")) {
      while (rs.next()) {
        out.add(rs.getInt(1));
      }
    }
    return out;
  }
}

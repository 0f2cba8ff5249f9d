package org.djbranch.lake;

import org.djbranch.lake.repo.FileList;
import org.djbranch.lake.repo.RepositoryConfig;
import org.djbranch.lake.repo.VersionInfo;
import org.djbranch.lake.util.CacheFolder;
import org.djbranch.lake.util.DurableFiles;
import org.djbranch.lake.util.LakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pushes to an s3:// root on a real S3-compatible server (S3Proxy, signatures checked): writers
 * in separate processes racing round after round, and a writer killed at each write of a push.
 */
class S3PushTest extends OnS3Proxy {
  private static final AtomicInteger REPOSITORIES = new AtomicInteger();

  /** A new repository at an s3:// root holding the v1.0 fixture (rows 1, 2, 3). */
  private static String repository() throws Exception {
    String root = s3.root("repo-" + REPOSITORIES.incrementAndGet() + "/");
    Lake lake = Lake.init(root, RepositoryConfig.of("data/"));
    Path fixture = Files.createDirectories(temp.resolve("fixture-" + REPOSITORIES.get()));
    assertTrue(lake.importCatalog(Fixtures.copy(Fixtures.V10, fixture), "main", "import").madeVersion());
    return root;
  }

  private static List<String> java(Path tmp) throws Exception {
    List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
        "-Djava.io.tmpdir=" + Files.createDirectories(tmp), "-D" + CacheFolder.PROPERTY + "=" + CacheFolder.root()));
    command.addAll(s3.javaOptions());
    return command;
  }

  @Test
  void ofTwoProcessesPushingChildrenOfOneParentEachRoundExactlyOneMovesTheRef() throws Exception {
    String root = repository();
    Lake reader = Lake.open(root, null);
    int rounds = 20;
    Path barrier = Files.createDirectories(temp.resolve("barrier"));
    Path workDir = Files.createDirectories(temp.resolve("rounds"));
    List<Process> writers = new ArrayList<>();
    for (String name : List.of("a", "b")) {
      List<String> command = java(temp.resolve("tmp-" + name));
      command.addAll(List.of("-cp", System.getProperty("java.class.path"), RoundWriter.class.getName(), root,
          workDir.toString(), name, name.equals("a") ? "1000" : "2000", barrier.toString(), String.valueOf(rounds)));
      writers.add(new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(temp.resolve("writer-" + name + ".out").toFile()).start());
    }
    long started = System.nanoTime();
    long preparing = 0;
    long pushing = 0;
    try {
      for (int round = 1; round <= rounds; round++) {
        String before = reader.branchVersion("main").orElseThrow();
        long t0 = System.nanoTime();
        Files.writeString(barrier.resolve("start-" + round), "");
        awaitBoth(barrier, "ready-" + round, writers);
        long t1 = System.nanoTime();
        Files.writeString(barrier.resolve("go-" + round), "");
        awaitBoth(barrier, "done-" + round, writers);
        long t2 = System.nanoTime();
        preparing += t1 - t0;
        pushing += t2 - t1;
        String a = Files.readString(barrier.resolve("done-" + round + "-a"));
        String b = Files.readString(barrier.resolve("done-" + round + "-b"));
        assertTrue(a.startsWith("won ") ^ b.startsWith("won "), "round " + round + ": exactly one wins: " + a + ", " + b);
        String won = (a.startsWith("won ") ? a : b).substring(4);
        String lost = (a.startsWith("won ") ? b : a);
        assertTrue(lost.startsWith("refused "), "round " + round + ": the other is refused as stale: " + lost);
        String loser = lost.substring("refused ".length());
        assertEquals(won, reader.branchVersion("main").orElseThrow(), "round " + round + ": the winner is the tip");
        VersionInfo tip = reader.version(won);
        assertEquals(List.of(before), tip.parents(), "round " + round + ": the winner's parent is the round's start");
        List<String> history = reader.log("main").stream().map(VersionInfo::id).toList();
        assertFalse(history.contains(loser), "round " + round + ": the loser's version is not reachable");
        Set<String> reachable = new HashSet<>();
        for (String id : history) {
          reader.files(id).files().forEach(f -> reachable.add(f.path()));
        }
        FileList loserFiles;
        try {
          loserFiles = reader.files(loser);
        } catch (LakeException refusedFirst) {
          // refused before it uploaded anything: the winner's ref had moved when it checked the parent (a loaded
          // machine staggers the two); then no file of its version is in the repository at all
          assertThrows(LakeException.class, () -> reader.version(loser), "round " + round + ": " + refusedFirst);
          continue;
        }
        Set<String> loserOwn = new HashSet<>();
        loserFiles.files().forEach(f -> loserOwn.add(f.path()));
        reader.files(before).files().forEach(f -> loserOwn.remove(f.path()));
        assertFalse(loserOwn.isEmpty());
        for (String f : loserOwn) {
          assertFalse(reachable.contains(f), "round " + round + ": the loser's data file " + f + " is not reachable");
        }
      }
    } finally {
      for (Process p : writers) {
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      }
    }
    System.out.printf("s3: %d rounds of two racing writer processes in %.1f s (checkouts and commits %.1f s, "
        + "pushes %.1f s)%n", rounds, (System.nanoTime() - started) / 1e9, preparing / 1e9, pushing / 1e9);
    assertEquals(rounds + 1, reader.log("main").size());
    assertEquals(rounds + 3, rows(root).size(), "the fixture's 3 rows and one per round");
  }

  private static void awaitBoth(Path barrier, String prefix, List<Process> writers) throws Exception {
    long deadline = System.currentTimeMillis() + 60_000;
    while (!Files.exists(barrier.resolve(prefix + "-a")) || !Files.exists(barrier.resolve(prefix + "-b"))) {
      for (Process p : writers) {
        assertTrue(p.isAlive(), "a writer stopped: " + Files.readString(temp.resolve("writer-"
            + (writers.indexOf(p) == 0 ? "a" : "b") + ".out")));
      }
      assertTrue(System.currentTimeMillis() < deadline, "writers did not reach " + prefix);
      Thread.sleep(5);
    }
  }

  /**
   * The push is killed (SIGKILL) as it is about to send each of its writes: a data file, the
   * catalog, dataset.json, files.json, version.json, the claim that moves the ref, the ref's hint.
   * Until the claim, readers see the branch as it was; from the claim on, the new version. The
   * push run again converges, and gc then deletes no file a version names.
   */
  @ParameterizedTest(name = "killed sending {0}")
  @ValueSource(strings = {"data file", "ducklake.duckdb", "dataset.json", "files.json", "version.json", "claim", "main"})
  void aPushKilledAtAnyWriteChangesNothingReadersSeeUntilItsClaimAndARerunConverges(String write) throws Exception {
    String root = repository();
    Lake reader = Lake.open(root, null);
    String first = reader.branchVersion("main").orElseThrow();
    Path work = temp.resolve("kill-" + REPOSITORIES.get()).resolve("work.sqlite");
    String staged = commitRowFour(root, work);

    List<String> command = java(work.getParent().resolve("tmp"));
    command.addAll(List.of("-D" + DurableFiles.KILL_AT_WRITE + "=" + write, "-cp", System.getProperty("java.class.path"),
        KillAtWriteTest.class.getName(), "push", root, work.toString()));
    Path out = work.getParent().resolve("child.out");
    Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child finished");
    assertEquals(137, child.exitValue(), "killed by SIGKILL at the write: " + Files.readString(out));

    boolean claimed = write.equals("main");
    assertEquals(claimed ? staged : first, reader.branchVersion("main").orElseThrow(), "the branch after the kill");
    assertEquals(claimed ? List.of(1, 2, 3, 4) : List.of(1, 2, 3), rows(root), "what a reader sees after the kill");

    Push.Result again = Push.push(work, new Push.Listener() { });
    assertEquals(staged, again.versionId());
    assertEquals(List.of(1, 2, 3, 4), rows(root));
    assertEquals(List.of(staged, first), reader.log("main").stream().map(VersionInfo::id).toList());
    Gc.Result gc = Gc.run(reader.repository(), Duration.ZERO, false, Instant.now().plusSeconds(5));
    assertEquals(List.of(), gc.deleted(), "every data file is named by a version");
    for (FileList.Entry f : reader.files(staged).files()) {
      assertTrue(reader.repository().stat("data/" + f.path()).isPresent(), f.path());
    }
  }

  /**
   * AWS answers {@code 409 ConditionalRequestConflict} to a conditional write while another of the same key is in
   * flight (a relay in front of S3Proxy answers it here). On a claim it means another push from the same version
   * is moving the branch: this push has lost, the branch and what readers see are as they were, and nothing names
   * the claim. On a data file or a file of the version it is a wait: the write is asked again and the push goes on.
   */
  @Test
  void aConflictAnsweredToTheClaimLosesThePushAndOneAnsweredToAFileIsWaitedOut() throws Exception {
    String root = repository();
    Lake reader = Lake.open(root, null);
    String first = reader.branchVersion("main").orElseThrow();
    Path work = temp.resolve("conflict-" + REPOSITORIES.get()).resolve("work.sqlite");
    String staged = commitRowFour(root, work);
    String key = "/" + S3Proxy.BUCKET + "/" + root.substring(("s3://" + S3Proxy.BUCKET + "/").length());

    String endpoint = System.getProperty("AWS_ENDPOINT_URL");
    try (RequestLog log = RequestLog.before(s3.port())) {
      System.setProperty("AWS_ENDPOINT_URL", log.endpoint());
      log.answerConflict("PUT " + key + "data/", 2);
      log.answerConflict("PUT " + key + "refs/claims/main/" + first, 1);
      LakeException lost = assertThrows(LakeException.class, () -> Push.push(work, new Push.Listener() { }));
      assertEquals(LakeException.CONFLICT, lost.getSQLState(), lost.getMessage());
      assertTrue(lost.getMessage().contains("409") && lost.getMessage().contains("another push"), lost.getMessage());
      assertEquals(first, reader.branchVersion("main").orElseThrow(), "the branch after the lost claim");
      assertEquals(List.of(1, 2, 3), rows(root), "what a reader sees after the lost claim");
      assertFalse(reader.repository().stat("refs/claims/main/" + first).isPresent(), "no claim was made");
      List<String> dataPuts = log.requests().stream().filter(r -> r.startsWith("PUT " + key + "data/")).toList();
      assertEquals(3, dataPuts.size(), "the data file asked twice more after two conflicts: " + log.requests());
      assertEquals(1, new HashSet<>(dataPuts).size(), dataPuts.toString());
      assertTrue(reader.repository().stat(dataPuts.get(0).substring(("PUT " + key).length())).isPresent());

      assertEquals(staged, Push.push(work, new Push.Listener() { }).versionId(), "pushed again, it moves the branch");
    } finally {
      System.setProperty("AWS_ENDPOINT_URL", endpoint);
    }
    assertEquals(List.of(1, 2, 3, 4), rows(root));
    assertEquals(List.of(staged, first), reader.log("main").stream().map(VersionInfo::id).toList());
  }

  /** Checks branch main out into {@code work}, inserts row 4 as the extension would, commits: the version staged. */
  private static String commitRowFour(String root, Path work) throws Exception {
    Files.createDirectories(work.getParent());
    Lake.open(root, Lake.localDataFolderFor(work)).checkout("main", null, work);
    new ExtensionLikeWriter(work, Lake.localDataFolderFor(work)).insert(1, "main/items",
        "SELECT 4::INTEGER AS id, 'four' AS label", "{id: 1, label: 2}", 1);
    return Lake.commit(work, "four", false).versionId().orElseThrow();
  }

  static List<Integer> rows(String root) throws Exception {
    return rows(root, "branch=main");
  }

  /** The ids of main.items in the version {@code query} ({@code branch=…} or {@code version=…}) names. */
  static List<Integer> rows(String root, String query) throws Exception {
    List<Integer> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:djbranch:lake:" + root + "?" + query);
         Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id FROM main.items ORDER BY id")) {
      while (rs.next()) {
        out.add(rs.getInt(1));
      }
    }
    return out;
  }
}

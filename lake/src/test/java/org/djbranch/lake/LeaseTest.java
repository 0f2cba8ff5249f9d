package org.djbranch.lake;

import org.djbranch.lake.repo.HttpRepository;
import org.djbranch.lake.repo.LocalRepository;
import org.djbranch.lake.repo.Repository;
import org.djbranch.lake.repo.RepositoryConfig;
import org.djbranch.lake.util.CacheFolder;
import org.djbranch.lake.util.LakeException;
import org.djbranch.lake.util.Sha256;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Locks over HTTP expire: a writer killed holding the branch's lock blocks others only for the
 * lease (set short in repository.json here); of writers finding the same expired lock exactly one
 * takes it over, even past a taker that died half way; a live writer keeps its lock through an
 * upload longer than the lease.
 */
class LeaseTest {
  private static final Duration LEASE = Duration.ofSeconds(3);

  @TempDir
  Path temp;
  private Httpd httpd;
  private Path localRoot;
  private String root;

  @BeforeEach
  void start() throws Exception {
    Path www = temp.resolve("www");
    localRoot = www.resolve("repo");
    LocalRepository.init(localRoot, RepositoryConfig.of("data/").withLockLease(LEASE));
    assertTrue(Lake.local(localRoot).importCatalog(Fixtures.copy(Fixtures.V10, temp), "main", "import").madeVersion());
    httpd = Httpd.serve(www, temp.resolve("httpd"));
    root = httpd.url("repo/");
  }

  @AfterEach
  void stop() throws Exception {
    if (httpd != null) {
      httpd.close();
    }
  }

  /** {@code <root> <working catalog> <id>}: checks out, adds a row, commits, and pushes until the lock is held; then waits to be killed. */
  public static void main(String[] args) throws Exception {
    Path work = checkoutAndAdd(args[0], Path.of(args[1]), Integer.parseInt(args[2]));
    Push.push(work, new Push.Listener() {
      @Override
      public void after(Push.Step step) {
        if (step == Push.Step.CHECKED) {
          System.out.println("HOLDING " + ProcessHandle.current().pid());
          System.out.flush();
          try {
            Thread.sleep(Long.MAX_VALUE); // until the test kills this process
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
      }
    });
  }

  static Path checkoutAndAdd(String root, Path work, int id) throws Exception {
    Lake lake = Lake.open(root, Lake.localDataFolderFor(work));
    lake.checkout("main", null, work);
    new ExtensionLikeWriter(work, Lake.localDataFolderFor(work)).insert(1, "main/items",
        "SELECT " + id + "::INTEGER AS id, 'row " + id + "' AS label", "{id: 1, label: 2}", 1);
    assertTrue(Lake.commit(work, "row " + id, false).madeVersion());
    return work;
  }

  @Test
  void aWriterKilledHoldingTheLockBlocksOthersOnlyForTheLease() throws Exception {
    Path dead = temp.resolve("work/dead.sqlite");
    Files.createDirectories(dead.getParent());
    Process child = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"),
        // the temporary folders a killed writer never removes go with the test's own
        "-Djava.io.tmpdir=" + Files.createDirectories(temp.resolve("tmp")),
        "-D" + CacheFolder.PROPERTY + "=" + CacheFolder.root(), "-cp",
        System.getProperty("java.class.path"), LeaseTest.class.getName(), root, dead.toString(), "40")
        .redirectErrorStream(true).redirectOutput(temp.resolve("child.out").toFile()).start();
    long deadline = System.currentTimeMillis() + 120_000;
    while (!Files.readString(temp.resolve("child.out")).contains("HOLDING")) {
      assertTrue(child.isAlive() && System.currentTimeMillis() < deadline, Files.readString(temp.resolve("child.out")));
      Thread.sleep(20);
    }
    child.destroyForcibly(); // SIGKILL, while it holds the lock
    assertTrue(child.waitFor(30, TimeUnit.SECONDS));
    String out = Files.readString(temp.resolve("child.out"));
    assertEquals(137, child.exitValue(), out);
    assertTrue(out.contains("HOLDING " + child.pid()), out);
    Path holder = localRoot.resolve("refs/locks/main/holder.json");
    String recorded = Files.readString(holder);
    assertTrue(recorded.contains("pid " + child.pid()) && recorded.contains("\"renewed\"")
        && recorded.contains("\"lease\" : \"PT3S\""), "the lock records its holder and time: " + recorded);

    Path work = checkoutAndAdd(root, temp.resolve("work/next.sqlite"), 41);
    long started = System.nanoTime();
    Push.Result pushed = Push.push(work, new Push.Listener() { });
    double waited = (System.nanoTime() - started) / 1e9;
    System.out.printf("push after a writer killed holding the lock: %.1f s (lease %d s)%n", waited, LEASE.toSeconds());
    assertTrue(waited < LEASE.toSeconds() + 10, "waited " + waited + " s");
    assertEquals(pushed.versionId(), Lake.local(localRoot).branchVersion("main").orElseThrow());
    assertEquals(List.of(1, 2, 3, 41), rows());
    assertFalse(Files.exists(localRoot.resolve("refs/locks/main")), "the lock taken over is released after the push");
  }

  @Test
  void ofTwoWritersFindingAnExpiredLockExactlyOneTakesItOver() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 10; round++) {
        // the lock a dead writer left, last renewed an hour ago
        Path lock = Files.createDirectories(localRoot.resolve("refs/locks/main"));
        Path holder = lock.resolve("holder.json");
        Files.writeString(holder, "{\n  \"format\" : \"djbranch-lake/lock\",\n  \"holder\" : \"dead writer " + round
            + "\",\n  \"token\" : \"dead-" + round + "\"\n}\n");
        Files.setLastModifiedTime(holder, FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        if (round % 2 == 1) {
          // and, every other round, the marker of a taker that died before writing its holder.json
          Path marker = Files.createDirectories(lock.resolve("takeover-"
              + Sha256.hex(Files.readAllBytes(holder)).substring(0, 16) + "-1"));
          Files.setLastModifiedTime(marker, FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        }
        Files.setLastModifiedTime(lock, FileTime.from(Instant.now().minus(Duration.ofHours(1))));

        CyclicBarrier barrier = new CyclicBarrier(2);
        List<Future<long[]>> takers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
          takers.add(pool.submit(() -> {
            Repository repo = new HttpRepository(URI.create(root), null);
            repo.config();
            barrier.await();
            long start = System.nanoTime();
            try (Repository.BranchLock held = repo.lockBranch("main")) {
              long got = System.nanoTime();
              Thread.sleep(300);
              return new long[] {start, got, System.nanoTime()};
            }
          }));
        }
        long[] a = takers.get(0).get(60, TimeUnit.SECONDS);
        long[] b = takers.get(1).get(60, TimeUnit.SECONDS);
        long[] first = a[1] < b[1] ? a : b;
        long[] second = a[1] < b[1] ? b : a;
        double takeover = (first[1] - first[0]) / 1e9;
        if (round == 0) {
          System.out.printf("takeover of an expired lock: %.2f s; the other writer got it %.2f s after its release%n",
              takeover, (second[1] - first[2]) / 1e9);
        }
        assertTrue(takeover < LEASE.toSeconds(), "the expired lock was taken over at once (" + takeover + " s)");
        assertTrue(second[1] >= first[2], "round " + round + ": both writers held the lock at once");
        assertFalse(Files.exists(localRoot.resolve("refs/locks/main")), "round " + round + ": released");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aLiveWriterKeepsItsLockThroughAnUploadLongerThanTheLease() throws Exception {
    Path slow = checkoutAndAdd(root, temp.resolve("work/slow.sqlite"), 50);
    Path other = checkoutAndAdd(root, temp.resolve("work/other.sqlite"), 51);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      CyclicBarrier uploading = new CyclicBarrier(2);
      Future<Push.Result> slowPush = pool.submit(() -> Push.push(slow, new Push.Listener() {
        @Override
        public void uploading(int index, int count, String path, long size) {
          try {
            uploading.await();
            Thread.sleep(LEASE.toMillis() * 3); // an upload taking three leases
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        }
      }));
      uploading.await(60, TimeUnit.SECONDS);
      long started = System.nanoTime();
      LakeException refused = assertThrows(LakeException.class, () -> Push.push(other, new Push.Listener() { }));
      double waited = (System.nanoTime() - started) / 1e9;
      assertTrue(refused.getMessage().contains("someone else pushed first"), refused.getMessage());
      assertTrue(waited > LEASE.toSeconds() * 2, "the second writer waited for the first (" + waited + " s)");
      Push.Result done = slowPush.get(60, TimeUnit.SECONDS);
      assertEquals(done.versionId(), Lake.local(localRoot).branchVersion("main").orElseThrow());
      assertEquals(List.of(1, 2, 3, 50), rows());
      System.out.printf("a writer waited %.1f s for a live writer's upload of three leases, then was refused%n", waited);
    } finally {
      pool.shutdownNow();
    }
  }

  private List<Integer> rows() throws Exception {
    List<Integer> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:djbranch:lake:" + localRoot + "?branch=main");
         Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id FROM main.items ORDER BY id")) {
      while (rs.next()) {
        out.add(rs.getInt(1));
      }
    }
    return out;
  }
}

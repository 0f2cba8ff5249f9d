package org.djbranch.lake;

import org.djbranch.lake.repo.FileList;
import org.djbranch.lake.repo.LocalRepository;
import org.djbranch.lake.repo.VersionInfo;
import org.djbranch.lake.util.CacheFolder;
import org.djbranch.lake.util.Json;
import org.djbranch.lake.util.LakeException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The proof of push: crash safety at every step, exactly one winner among writers racing from
 * the same parent (threads and processes, locally and over HTTP), and the refusal of a push whose
 * data file garbage collection removed.
 */
class PushTest {
  @TempDir
  Path temp;
  private Httpd httpd;
  private S3Proxy s3;
  private Path localRoot;
  /** The root as a reader names it: the folder, or over S3 the s3:// root (whose ref is its claims). */
  private String readerRoot;

  @AfterEach
  void stop() throws Exception {
    if (httpd != null) {
      httpd.close();
    }
    if (s3 != null) {
      s3.close();
    }
  }

  /** Makes a repository holding the v1.0 fixture (rows 1, 2, 3) and returns its root as a writer names it. */
  private String repository(String mode) throws Exception {
    // Over S3 the server keeps each object as a file under its bucket's folder: the same layout.
    if (mode.equals("s3")) {
      s3 = S3Proxy.start(temp.resolve("s3")).settings();
    }
    Path www = mode.equals("s3") ? s3.bucketFolder() : temp.resolve("www");
    localRoot = www.resolve("repo");
    LocalRepository.init(localRoot, "data/");
    CommitResult imported = Lake.local(localRoot).importCatalog(Fixtures.copy(Fixtures.V10, temp), "main", "import");
    assertTrue(imported.madeVersion(), imported.explanation());
    readerRoot = localRoot.toString();
    switch (mode) {
      case "local" -> {
        return localRoot.toString();
      }
      case "s3" -> {
        readerRoot = s3.root("repo/");
        return readerRoot;
      }
      default -> {
        httpd = Httpd.serve(www, temp.resolve("httpd"));
        return httpd.url("repo/");
      }
    }
  }

  private Lake readerSide() throws LakeException {
    return Lake.open(readerRoot, null);
  }

  private List<Integer> rows() throws SQLException {
    List<Integer> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:djbranch:lake:" + readerRoot + "?branch=main");
       Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id FROM main.items ORDER BY id")) {
      while (rs.next()) {
        out.add(rs.getInt(1));
      }
    }
    return out;
  }

  private Path checkoutAndAdd(String root, String name, int id) throws Exception {
    Path work = temp.resolve("work").resolve(name + ".sqlite");
    Lake lake = Lake.open(root, Lake.localDataFolderFor(work));
    lake.checkout("main", null, work);
    new ExtensionLikeWriter(work, lake.repository().dataFilesInPlace() ? lake.repository().localDataFolder()
        : Lake.localDataFolderFor(work)).insert(1, "main/items",
        "SELECT " + id + "::INTEGER AS id, '" + name + "' AS label", "{id: 1, label: 2}", 1);
    assertTrue(Lake.commit(work, name, false).madeVersion());
    return work;
  }

  private static final class Injected extends RuntimeException {
    Injected(Push.Step step) {
      super("stopped after " + step);
    }
  }

  private static Push.Listener stopAfter(Push.Step stop) {
    return new Push.Listener() {
      @Override
      public void after(Push.Step step) {
        if (step == stop) {
          throw new Injected(step);
        }
      }
    };
  }

  @ParameterizedTest
  @ValueSource(strings = {"local", "http", "s3"})
  void aPushStoppedAfterAnyStepChangesNothingReadersSeeAndTheNextPushCompletes(String mode) throws Exception {
    String root = repository(mode);
    String first = readerSide().branchVersion("main").orElseThrow();
    Path work = checkoutAndAdd(root, "crash", 4);
    String staged = WorkingCatalog.open(work).record().staged();
    for (Push.Step step : List.of(Push.Step.CHECKED, Push.Step.DATA_FILES, Push.Step.CATALOG,
        Push.Step.DESCRIPTIONS, Push.Step.VERSION)) {
      assertThrows(Injected.class, () -> Push.push(work, stopAfter(step)), step.name());
      assertEquals(Set.of("main"), Set.copyOf(readerSide().repository().branches()), step.name());
      assertEquals(first, readerSide().branchVersion("main").orElseThrow(), "ref after " + step);
      assertEquals(List.of(1, 2, 3), rows(), "reader's view after " + step);
      assertEquals(staged, WorkingCatalog.open(work).record().staged(), "still to push after " + step);
    }
    // stopped after the ref moved but before the working catalog remembered it
    assertThrows(Injected.class, () -> Push.push(work, stopAfter(Push.Step.REF)));
    assertEquals(staged, readerSide().branchVersion("main").orElseThrow());
    Push.Result done = Push.push(work, new Push.Listener() { });
    assertEquals(staged, done.versionId());
    assertEquals(List.of(1, 2, 3, 4), rows());
    assertEquals(staged, WorkingCatalog.open(work).record().parent());
    assertEquals(null, WorkingCatalog.open(work).record().staged());
    assertFalse(Files.exists(WorkingCatalog.stagingFolder(work)));
    assertEquals(List.of(staged, first), readerSide().log("main").stream().map(VersionInfo::id).toList());
  }

  @ParameterizedTest
  @ValueSource(strings = {"local", "http"}) // on S3, S3PushTest races two processes twenty times
  void ofWritersRacingFromOneParentExactlyOneWinsAndAfterRetriesAllChangesAreKept(String mode) throws Exception {
    String root = repository(mode);
    String first = readerSide().branchVersion("main").orElseThrow();
    int threads = 3;
    int processes = 2;
    int n = threads + processes;
    Path barrier = Files.createDirectories(temp.resolve("barrier"));
    Path workDir = Files.createDirectories(temp.resolve("writers"));
    long start = System.nanoTime();
    List<Process> children = new ArrayList<>();
    for (int i = 0; i < processes; i++) {
      String name = "p" + i;
      String java = ProcessHandle.current().info().command().orElse("java");
      List<String> command = new ArrayList<>(List.of(java, "-D" + CacheFolder.PROPERTY + "=" + CacheFolder.root()));
      if (s3 != null) {
        command.addAll(s3.javaOptions());
      }
      command.addAll(List.of("-cp", System.getProperty("java.class.path"), Writer.class.getName(),
          root, workDir.toString(), name, String.valueOf(100 + i), barrier.toString()));
      children.add(new ProcessBuilder(command)
          .redirectErrorStream(true).redirectOutput(temp.resolve(name + ".out").toFile()).start());
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<Writer.Outcome>> futures = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      String name = "t" + i;
      int id = 200 + i;
      futures.add(pool.submit(() -> Writer.run(root, workDir, name, id, () -> {
        Files.writeString(barrier.resolve(name + ".ready"), "ready");
        while (!Files.exists(barrier.resolve("go"))) {
          Thread.sleep(5);
        }
      })));
    }
    long deadline = System.currentTimeMillis() + 120_000;
    while (countReady(barrier) < n) {
      for (Process p : children) {
        if (!p.isAlive() && p.exitValue() != 0) {
          throw new AssertionError("a writer process failed: " + Files.readString(temp.resolve("p"
              + children.indexOf(p) + ".out")));
        }
      }
      assertTrue(System.currentTimeMillis() < deadline, "writers did not all commit in time");
      Thread.sleep(10);
    }
    Files.writeString(barrier.resolve("go"), "go");
    List<Writer.Outcome> outcomes = new ArrayList<>();
    for (Future<Writer.Outcome> f : futures) {
      outcomes.add(f.get(180, TimeUnit.SECONDS));
    }
    pool.shutdown();
    for (int i = 0; i < processes; i++) {
      Process p = children.get(i);
      assertTrue(p.waitFor(180, TimeUnit.SECONDS), "writer process p" + i + " did not finish");
      String out = Files.readString(temp.resolve("p" + i + ".out"));
      assertEquals(0, p.exitValue(), out);
      String line = out.lines().filter(l -> l.startsWith("OUTCOME ")).findFirst().orElseThrow(() -> new AssertionError(out));
      String[] parts = line.split(" ");
      outcomes.add(new Writer.Outcome("p" + i, Boolean.parseBoolean(parts[1]), Integer.parseInt(parts[2])));
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf("%s: %d writers (%d threads, %d processes) pushed in %.1f s, %d pushes in all%n", mode, n,
        threads, processes, seconds, outcomes.stream().mapToInt(Writer.Outcome::pushes).sum());

    assertEquals(1, outcomes.stream().filter(Writer.Outcome::firstWon).count(),
        "exactly one first push wins: " + outcomes);
    List<VersionInfo> log = readerSide().log("main");
    assertEquals(n + 1, log.size(), "every writer's change is a version in the history");
    assertEquals(first, log.get(log.size() - 1).id());
    List<Integer> expected = new ArrayList<>(List.of(1, 2, 3));
    IntStream.range(0, processes).forEach(i -> expected.add(100 + i));
    IntStream.range(0, threads).forEach(i -> expected.add(200 + i));
    assertEquals(expected, rows(), "the last version holds every writer's row");
    Set<String> labels = log.stream().map(VersionInfo::message).collect(Collectors.toSet());
    assertEquals(n + 1, labels.size());
    for (VersionInfo v : log) {
      for (FileList.Entry f : readerSide().files(v.id()).files()) {
        Path file = localRoot.resolve("data").resolve(f.path());
        assertTrue(Files.isRegularFile(file) && Files.size(file) == f.size(), "data file " + f.path()
            + " of version " + v.id() + " is in the repository");
      }
    }
  }

  private static long countReady(Path barrier) throws IOException {
    try (Stream<Path> s = Files.list(barrier)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".ready")).count();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"local", "http", "s3"})
  void aPushIsRefusedWhenGcRemovedAnUnnamedDataFilePastTheGracePeriod(String mode) throws Exception {
    String root = repository(mode);
    Lake lake = Lake.open(root, null);
    Path work = checkoutAndAdd(root, "late", 7);
    if (!mode.equals("local")) {
      // the data file is uploaded by a push that stops before naming it
      assertThrows(Injected.class, () -> Push.push(work, stopAfter(Push.Step.DATA_FILES)));
    }
    FileList staged = readJsonFiles(WorkingCatalog.open(work).stagedVersion().orElseThrow().resolve("files.json"));
    Set<String> named = new HashSet<>(readerSide().files(readerSide().branchVersion("main").orElseThrow()).files()
        .stream().map(FileList.Entry::path).toList());
    String unnamed = staged.files().stream().map(FileList.Entry::path).filter(p -> !named.contains(p)).findFirst().orElseThrow();
    Path unnamedFile = localRoot.resolve("data").resolve(unnamed);
    assertTrue(Files.isRegularFile(unnamedFile));

    // young: kept whatever the grace period
    Gc.Result young = Gc.run(lake.repository(), null, false, Instant.now());
    assertEquals(List.of(unnamed), young.young());
    assertTrue(young.deleted().isEmpty());
    assertEquals(Duration.ofDays(7), young.grace(), "the documented default");
    // past the grace period: deleted; the files a ref's version names are never deleted, however old
    Instant old = Instant.now().minus(Duration.ofDays(30));
    try (Stream<Path> all = Files.walk(localRoot.resolve("data"))) {
      for (Path p : all.filter(Files::isRegularFile).toList()) {
        Files.setLastModifiedTime(p, FileTime.from(old));
      }
    }
    Gc.Result gc = Gc.run(lake.repository(), null, false, Instant.now());
    assertEquals(List.of(unnamed), gc.deleted());
    assertFalse(Files.exists(unnamedFile));
    for (String keep : named) {
      assertTrue(Files.isRegularFile(localRoot.resolve("data").resolve(keep)), keep);
    }
    assertEquals(List.of(1, 2, 3), rows());
    if (!mode.equals("local")) {
      // On a server the writer's folder still holds its copy, which push would upload again; the
      // refusal is for a file neither the repository nor the writer has.
      Files.delete(Lake.localDataFolderFor(work).resolve(unnamed));
    }
    LakeException refused = assertThrows(LakeException.class, () -> Push.push(work, new Push.Listener() { }));
    assertTrue(refused.getMessage().contains(unnamed) && refused.getMessage().contains("missing from the repository")
        && refused.getMessage().contains("grace period") && refused.getMessage().contains("Check out again"),
        refused.getMessage());
    assertEquals(List.of(1, 2, 3), rows());

    // redo: check out again, write again, push
    WorkingCatalog.delete(work);
    Path again = checkoutAndAdd(root, "late", 7);
    Push.push(again, new Push.Listener() { });
    assertEquals(List.of(1, 2, 3, 7), rows());
  }

  private static FileList readJsonFiles(Path p) throws Exception {
    return Json.read(Files.readAllBytes(p), FileList.class, p.toString());
  }

  @Test
  void gcKeepsEveryFileOfEveryVersionReachableFromARef() throws Exception {
    repository("local");
    String root = localRoot.toString();
    Path a = checkoutAndAdd(root, "a", 10);
    Push.push(a, new Push.Listener() { });
    Instant future = Instant.now().plus(Duration.ofDays(365));
    Gc.Result r = Gc.run(readerSide().repository(), Duration.ZERO, false, future);
    assertTrue(r.deleted().isEmpty(), r.deleted().toString());
    assertEquals(2, r.versions());
    assertEquals(2, r.named().size());
    assertEquals(List.of(1, 2, 3, 10), rows());
  }
}

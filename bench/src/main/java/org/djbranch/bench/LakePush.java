package org.djbranch.bench;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.djbranch.lake.Lake;
import org.djbranch.lake.Push;
import org.djbranch.lake.WorkingCatalog;
import org.djbranch.lake.repo.RepositoryConfig;
import org.djbranch.lake.repo.S3Repository;
import org.djbranch.lake.util.CacheFolder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * What a push to an S3 root costs over the bytes it sends (issue "lake roots on S3": at most 1.3 times an upload
 * of the same bytes with the same client in the same run). S3Proxy runs as a separate process on 127.0.0.1, with
 * the filesystem backend in a temporary folder and signatures checked.
 *
 * <p>Before each iteration, unmeasured, a repository at a new prefix gets the v1.0 fixture as its first version,
 * a working catalog is checked out from it, one Parquet file of 96 MB (the same file every iteration,
 * written once per trial) is added to {@code main.items}, and the working catalog commits. Then:
 *
 * <ul>
 *   <li>{@code push}: {@link Push#push}, what {@code djbranch lake push} runs: reads the repository's
 *       configuration and the branch, checks each data file the version names (HEAD), uploads the new one, the
 *       frozen catalog, {@code dataset.json}, {@code files.json} and {@code version.json}, and moves the branch
 *       (its claim, read back, and the hint).
 *   <li>{@code upload}: the same five files, the same bytes, each PUT once with the lake's own S3 client
 *       ({@link S3Repository#writeOnce}: create-only, unsigned payload) under a
 *       prefix of their own; nothing else. Like the command, it starts from a new client.
 *   <li>{@code inTurn}: the two in one fork, one iteration each in turn, in {@link Interleaved}'s order (upload,
 *       push, push, upload, ...: {@link Interleaved#rawAt} with the upload as the raw side), so every pair of
 *       neighbouring iterations holds one of each, measured seconds apart. JMH measures {@code push} and
 *       {@code upload} one after the other, a minute or more apart, and on a machine shared with other work the
 *       load changes by more than the difference between them in that time; {@link Ratios} takes the median of
 *       the pairs' ratios, which is the figure the target is judged by.
 * </ul>
 *
 * Single shot: each iteration is one push or one upload. The server, the objects and every file made are
 * removed after the trial (each iteration's after it).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Threads(1)
public class LakePush {
  /**
   * Rows of the added Parquet file: an INTEGER id and 48 random hex characters, 96 MB in Parquet; with the frozen
   * catalog (4 MB) and the version's three small files, a push sends 100 MB.
   */
  static final long ROWS = 1_840_000;
  private static final String FIXTURE = "ducklake/v1.0_from_duckdb_1.5.2/catalog.ducklake";
  /** {@code main.items} of the fixture, and its folder under data_dir. */
  private static final long ITEMS = 1;
  private static final String ITEMS_DIR = "main/items";

  private Path work;
  private S3ProxyServer s3;
  private Path parquet;
  private Path fixture;
  private int round;

  /** This iteration's working catalog, committed and not pushed. */
  private Path catalog;
  /** What {@link #upload} sends: per file, its path under the root and the local file. */
  private final List<String[]> files = new ArrayList<>();
  private long bytes;
  /** Whether {@link #inTurn} pushes in this iteration (else it uploads). */
  private boolean pushNow;
  private int warmups;
  private int measured;

  @Setup(Level.Trial)
  public void start() throws Exception {
    work = Files.createTempDirectory("djbranch-lake-push");
    System.setProperty(CacheFolder.PROPERTY, work.resolve("cache").toString());
    s3 = S3ProxyServer.start(work.resolve("s3")).settings();
    parquet = work.resolve("rows.parquet");
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Statement s = duck.createStatement()) {
      s.execute("SELECT setseed(0.5)");
      s.execute("COPY (SELECT i::INTEGER AS id, md5(random()::VARCHAR) || substr(md5(random()::VARCHAR), 1, 16) "
          + "AS label FROM range(" + ROWS + ") t(i)) TO '" + parquet + "' (FORMAT parquet, FIELD_IDS {id: 1, label: 2})");
    }
    fixture = copyFixture(work.resolve("fixture"));
    System.out.printf("%nLakePush: one data file of %.1f MB (%d rows)%n", Files.size(parquet) / 1e6, ROWS);
  }

  /** A repository at a new prefix holding the fixture, and a working catalog with a committed version adding the file. */
  @Setup(Level.Iteration)
  public void stage(IterationParams iteration) throws Exception {
    pushNow = iteration.getType() == IterationType.WARMUP ? warmups++ % 2 == 1 : !Interleaved.rawAt(measured++);
    round++;
    String root = s3.root("push-" + round + "/");
    Lake.init(root, RepositoryConfig.of("data/")).importCatalog(fixture, "main", "fixture");
    catalog = work.resolve("work-" + round).resolve("w.sqlite");
    Path data = Lake.localDataFolderFor(catalog);
    Lake.open(root, data).checkout("main", null, catalog);
    String added = LakeAppend.insert(catalog, data, ITEMS, ITEMS_DIR, parquet, ROWS);
    if (!Lake.commit(catalog, "rows", false).madeVersion()) {
      throw new IllegalStateException("the commit of " + catalog + " made no version");
    }
    files.clear();
    files.add(new String[] {"data/" + added, data.resolve(added).toString()});
    Path version = WorkingCatalog.open(catalog).stagedVersion().orElseThrow();
    String id = version.getFileName().toString();
    for (String name : List.of("ducklake.duckdb", "dataset.json", "files.json", "version.json")) {
      files.add(new String[] {"versions/" + id + "/" + name, version.resolve(name).toString()});
    }
    bytes = 0;
    for (String[] f : files) {
      bytes += Files.size(Path.of(f[1]));
    }
  }

  @Benchmark
  public Push.Result push() throws Exception {
    Push.Result r = Push.push(catalog, new Push.Listener() { });
    if (r.uploaded() != 1) {
      throw new IllegalStateException("the push uploaded " + r.uploaded() + " data files, not the one added");
    }
    return r;
  }

  @Benchmark
  public long upload() throws Exception {
    S3Repository repo = new S3Repository(s3.root("upload-" + round + "/"), null);
    for (String[] f : files) {
      repo.writeOnce(f[0], Path.of(f[1]), (existing, candidate) -> false);
    }
    return bytes;
  }

  /** {@link #push} or {@link #upload}, in turn; six pairs of measured iterations. */
  @Benchmark
  @Warmup(iterations = 2)
  @Measurement(iterations = 12)
  public Object inTurn() throws Exception {
    return pushNow ? push() : upload();
  }

  @TearDown(Level.Iteration)
  public void removeRound() throws Exception {
    S3ProxyServer.deleteTree(s3.folder("push-" + round));
    S3ProxyServer.deleteTree(s3.folder("upload-" + round));
    S3ProxyServer.deleteTree(work.resolve("work-" + round));
  }

  @TearDown(Level.Trial)
  public void stop() throws Exception {
    System.out.printf("%nLakePush: each iteration sent %.1f MB in %d files (a data file, the frozen catalog, "
        + "dataset.json, files.json, version.json)%n", bytes / 1e6, files.size());
    try {
      s3.close();
    } finally {
      System.clearProperty(CacheFolder.PROPERTY);
      S3ProxyServer.deleteTree(work);
    }
  }

  /**
   * The repository's {@code testdata/ducklake} fixture folder copied into {@code target}: found under the
   * system property {@code djbranch.testdata}, else beside the repository's {@code bench/target/benchmarks.jar},
   * else under the working folder.
   */
  private static Path copyFixture(Path target) throws Exception {
    Path catalog = testdata().resolve(FIXTURE);
    Path source = catalog.getParent();
    try (Stream<Path> walk = Files.walk(source)) {
      for (Path p : walk.toList()) {
        Path t = target.resolve(source.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
          t.toFile().setWritable(true);
        }
      }
    }
    return target.resolve(catalog.getFileName());
  }

  private static Path testdata() throws URISyntaxException {
    String named = System.getProperty("djbranch.testdata");
    if (named != null) {
      return Path.of(named);
    }
    Path jar = Path.of(LakePush.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path beside = jar.getParent() == null || jar.getParent().getParent() == null ? null
        : jar.getParent().getParent().resolveSibling("testdata");
    if (beside != null && Files.isRegularFile(beside.resolve(FIXTURE))) {
      return beside;
    }
    Path here = Path.of("testdata");
    if (!Files.isRegularFile(here.resolve(FIXTURE))) {
      throw new IllegalStateException("no testdata/" + FIXTURE + " beside " + jar + " nor under the working folder: "
          + "run from the repository's root or set -Ddjbranch.testdata=<the repository's testdata folder>");
    }
    return here;
  }
}

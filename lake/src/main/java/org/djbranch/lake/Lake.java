package org.djbranch.lake;

import org.djbranch.lake.catalog.BookkeepingTable;
import org.djbranch.lake.catalog.BookkeepingTables;
import org.djbranch.lake.catalog.CatalogCopy;
import org.djbranch.lake.catalog.CatalogModel;
import org.djbranch.lake.catalog.DuckDb;
import org.djbranch.lake.catalog.DuckLakeTypes;
import org.djbranch.lake.catalog.FrozenTypes;
import org.djbranch.lake.read.RemoteFiles;
import org.djbranch.lake.repo.DatasetDescription;
import org.djbranch.lake.repo.FileList;
import org.djbranch.lake.repo.HttpRepository;
import org.djbranch.lake.repo.LocalRepository;
import org.djbranch.lake.repo.RemoteRepository;
import org.djbranch.lake.repo.RepositoryConfig;
import org.djbranch.lake.repo.S3Repository;
import org.djbranch.lake.repo.Repository;
import org.djbranch.lake.repo.VersionInfo;
import org.djbranch.lake.repo.VersionPaths;
import org.djbranch.lake.util.DurableFiles;
import org.djbranch.lake.util.Json;
import org.djbranch.lake.util.LakeException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The steps on a repository: import, checkout, commit (push is {@link Push}), and reading versions for log and show. */
public final class Lake {
  public static final String DEFAULT_BRANCH = "main";
  private final Repository repo;

  public Lake(Repository repo) {
    this.repo = repo;
  }

  public static Lake local(Path root) {
    return new Lake(new LocalRepository(root));
  }

  /** The kinds of root a repository can have, for messages. */
  public static final String SUPPORTED_ROOTS = "a folder path, a file: URL, an http(s):// WebDAV root or an "
      + "s3://bucket/prefix/ root";

  /**
   * A repository at a folder path, a {@code file:} URL, an {@code http(s)://} root or an
   * {@code s3://} root. On a server, {@code localData} is the writer's folder for data files
   * (null when only reading). A root in any other scheme is refused, rather than taken for a
   * folder named after the scheme.
   */
  public static Lake open(String root, Path localData) throws LakeException {
    if (HttpRepository.isHttp(root)) {
      return new Lake(new HttpRepository(java.net.URI.create(root), localData));
    }
    if (S3Repository.isS3(root)) {
      return new Lake(new S3Repository(root, localData));
    }
    return local(localFolder(root));
  }

  /** Makes a repository at any root {@link #open} takes; an existing repository is left as it is. */
  public static Lake init(String root, RepositoryConfig config) throws LakeException {
    if (HttpRepository.isHttp(root)) {
      return new Lake(HttpRepository.init(java.net.URI.create(root), config));
    }
    if (S3Repository.isS3(root)) {
      return new Lake(S3Repository.init(root, config));
    }
    return new Lake(LocalRepository.init(localFolder(root), config));
  }

  private static Path localFolder(String root) throws LakeException {
    if (root.startsWith("file:")) {
      return Path.of(java.net.URI.create(root));
    }
    java.util.regex.Matcher scheme = java.util.regex.Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*):/.*").matcher(root);
    if (scheme.matches() && scheme.group(1).length() > 1) {
      throw new LakeException("a repository root in the scheme " + scheme.group(1) + ": is not supported: " + root
          + ". A root is " + SUPPORTED_ROOTS, LakeException.UNSUPPORTED);
    }
    return Path.of(root);
  }

  /** Over HTTP, the writer's data folder for a working catalog: {@code <catalog>.data/} beside it. */
  public static Path localDataFolderFor(Path catalog) {
    Path file = catalog.toAbsolutePath().normalize();
    return file.resolveSibling(file.getFileName() + ".data");
  }

  public Repository repository() {
    return repo;
  }

  // ---- reading versions ----

  public Optional<String> branchVersion(String branch) throws LakeException {
    LocalRepository.refPath(branch);
    repo.config(); // a folder that is no repository says so, rather than "no version yet"
    return repo.readRef(branch);
  }

  /** A version named by a full ID or a unique prefix of at least 4 characters. */
  public VersionInfo version(String idOrPrefix) throws LakeException {
    String id = idOrPrefix;
    if (id.length() != 64) {
      List<String> matches = idOrPrefix.length() < 4 ? List.of()
          : repo.versionIds().stream().filter(v -> v.startsWith(idOrPrefix)).toList();
      if (matches.size() != 1) {
        throw new LakeException((matches.isEmpty() ? "no version " : "more than one version starts with ")
            + idOrPrefix + " in " + repo.rootUrl(), LakeException.NOT_FOUND);
      }
      id = matches.get(0);
    }
    String path = VersionPaths.version(id);
    byte[] bytes = repo.read(path).orElseThrow(() -> new LakeException("no version " + idOrPrefix + " in "
        + repo.rootUrl() + " (" + path + " is missing)", LakeException.NOT_FOUND));
    return Json.read(bytes, VersionInfo.class, path);
  }

  public VersionInfo resolve(String branch, String versionOrNull) throws LakeException {
    if (versionOrNull != null && !versionOrNull.isEmpty()) {
      return version(versionOrNull);
    }
    String id = branchVersion(branch).orElseThrow(() -> new LakeException("branch " + branch + " of "
        + repo.rootUrl() + " has no version yet", LakeException.NOT_FOUND));
    return version(id);
  }

  public DatasetDescription dataset(String id) throws LakeException {
    String path = VersionPaths.dataset(id);
    return Json.read(repo.read(path).orElseThrow(() -> new LakeException(path + " is missing", LakeException.NOT_FOUND)),
        DatasetDescription.class, path);
  }

  public FileList files(String id) throws LakeException {
    String path = VersionPaths.files(id);
    return Json.read(repo.read(path).orElseThrow(() -> new LakeException(path + " is missing", LakeException.NOT_FOUND)),
        FileList.class, path);
  }

  /** The branch's versions, newest first, following first parents. */
  public List<VersionInfo> log(String branch) throws LakeException {
    List<VersionInfo> out = new ArrayList<>();
    Optional<String> next = branchVersion(branch);
    while (next.isPresent()) {
      VersionInfo v = version(next.get());
      out.add(v);
      next = v.parents().stream().findFirst();
    }
    return out;
  }

  // ---- status and diff ----

  /**
   * What changed in a working catalog since its checkout (or last push): its last snapshot
   * against the version it remembers as its parent, with the comparison commit uses.
   */
  public static Changes status(Path catalog) throws SQLException {
    WorkingCatalog working = WorkingCatalog.open(catalog);
    Lake lake = forCheckout(working);
    String data = Path.of(java.net.URI.create(working.record().dataPath())).toAbsolutePath() + "/";
    String parent = working.record().parent();
    try (Connection sqlite = DuckDb.sqlite(working.file()); Connection duck = DuckDb.inMemory()) {
      // Before the extension's first ATTACH the working catalog has no tables: an empty dataset.
      CatalogModel newer = BookkeepingTables.ofSqlite(sqlite).stream().anyMatch(t -> t.name().equals("ducklake_snapshot"))
          ? CatalogModel.load(sqlite, "", "the working catalog " + working.file()) : null;
      CatalogModel older = null;
      if (parent != null) {
        DuckDb.attach(duck, lake.repo.localCatalog(parent), "parent", true);
        older = CatalogModel.load(duck, "\"parent\".", "version " + parent);
      }
      return Changes.between(duck, parent == null ? "(none)" : parent, older, data, working.file().toString(), newer,
          data);
    }
  }

  /** What changed from version (or branch) {@code from} to {@code to}. */
  public Changes diff(String from, String to) throws SQLException {
    VersionInfo a = versionOrBranch(from);
    VersionInfo b = versionOrBranch(to);
    try (Connection duck = DuckDb.inMemory()) {
      DuckDb.attach(duck, repo.localCatalog(a.id()), "a", true);
      DuckDb.attach(duck, repo.localCatalog(b.id()), "b", true);
      return Changes.between(duck, a.id(), CatalogModel.load(duck, "\"a\".", "version " + a.id()), dataFolder(a.id()),
          b.id(), CatalogModel.load(duck, "\"b\".", "version " + b.id()), dataFolder(b.id()));
    }
  }

  /** A branch's version when {@code name} is a branch of the repository, else the version it names. */
  private VersionInfo versionOrBranch(String name) throws LakeException {
    if (LocalRepository.isBranchName(name) && repo.branches().contains(name)) {
      return resolve(name, null);
    }
    return version(name);
  }

  /** Where a version's data files are to read: in place, or (on a server) brought into the local cache. */
  private String dataFolder(String versionId) throws LakeException {
    Path folder = repo instanceof RemoteRepository remote ? RemoteFiles.dataFolder(remote, versionId)
        : repo.localDataFolder();
    return folder.toAbsolutePath() + "/";
  }

  // ---- import ----

  /**
   * Makes a version on {@code branch} from an existing DuckLake catalog in DuckDB format: its
   * data files are copied under {@code <root><data_dir>} at the same relative paths, its
   * bookkeeping tables frozen as they are. The branch's current version (if any) is the parent.
   */
  public CommitResult importCatalog(Path catalog, String branch, String message) throws SQLException {
    Path source = catalog.toAbsolutePath().normalize();
    if (!Files.isRegularFile(source)) {
      throw new LakeException("no catalog file " + source, LakeException.NOT_FOUND);
    }
    Optional<VersionInfo> parent = branchVersion(branch).map(this::versionUnchecked);
    Path work = tempDir("djbranch-import");
    try (Connection duck = DuckDb.inMemory()) {
      DuckDb.attach(duck, source, "source", true);
      List<BookkeepingTable> tables = BookkeepingTables.ofDuckDb(duck, "source");
      InlinedRows.refuseAny(duck, "\"source\".", tables, source.toString());
      CatalogModel model = CatalogModel.load(duck, "\"source\".", source.toString());
      String dataPath = model.metadata("data_path").orElseThrow(() -> new LakeException(source
          + " has no data_path in ducklake_metadata", LakeException.REFUSED));
      Path from = dataPath.startsWith("file://") ? Path.of(java.net.URI.create(dataPath))
          : source.getParent().resolve(dataPath);
      for (CatalogModel.FilePath file : model.allFiles()) {
        String relative = FilePaths.inside(file);
        Path origin = from.resolve(relative);
        if (!Files.isRegularFile(origin)) {
          throw new LakeException("data file " + origin + " named by table " + file.table() + " of " + source
              + " is missing", LakeException.NOT_FOUND);
        }
        if (!repo.dataFilesInPlace()) {
          continue; // on a server, the push below uploads it from where it is
        }
        Path target = repo.localDataFolder().resolve(relative);
        Files.createDirectories(target.getParent());
        if (!Files.exists(target)) {
          Files.copy(origin, target, StandardCopyOption.COPY_ATTRIBUTES);
        } else if (Files.mismatch(origin, target) != -1) {
          throw new LakeException("data file " + target + " is already in the repository with different "
              + "content than " + origin + "; data files are never rewritten", LakeException.CONFLICT);
        }
      }
      Path staged = work.resolve("ducklake.duckdb");
      DuckDb.attach(duck, staged, "frozen", false);
      CatalogCopy.duckDbToDuckDb(duck, "source", "frozen", model.snapshotId());
      duck.createStatement().execute("DETACH \"frozen\"");
      // On a server, the source's data folder is the writer's folder from which push uploads.
      Repository target = repo.dataFilesInPlace() ? repo : open(repo.rootUrl(), from).repository();
      CommitResult made = new VersionMaker(target).make(staged, parent, message, false, work.resolve("versions"));
      if (!made.madeVersion()) {
        return made;
      }
      Push.Result pushed = Push.pushVersion(target, work.resolve("versions").resolve(made.versionId().get()), branch,
          new Push.Listener() { });
      return new CommitResult(made.versionId(), "made version " + pushed.versionId() + " on branch " + branch);
    } catch (IOException e) {
      throw new LakeException("cannot import " + source + ": " + e, LakeException.IO, e);
    } finally {
      deleteTree(work);
    }
  }

  // ---- checkout ----

  /**
   * Makes a working catalog at {@code catalog} (a new SQLite file outside the repository) from
   * the branch's version, or an empty one before the first version, and remembers the version.
   */
  public WorkingCatalog checkout(String branch, String versionOrNull, Path catalog) throws SQLException {
    Path file = catalog.toAbsolutePath().normalize();
    if (repo instanceof LocalRepository local && file.startsWith(local.root())) {
      throw new LakeException("the working catalog " + file + " must be outside the repository "
          + local.root() + ": choose a path elsewhere", LakeException.REFUSED);
    }
    // A sidecar without its catalog is what a checkout killed before its last rename leaves: overwritten.
    if (Files.exists(file)) {
      throw new LakeException(file + " already exists: push or delete that working catalog, or check out "
          + "to another path", LakeException.REFUSED);
    }
    repo.config();
    Optional<VersionInfo> version = versionOrNull != null || branchVersion(branch).isPresent()
        ? Optional.of(resolve(branch, versionOrNull)) : Optional.empty();
    try {
      Files.createDirectories(file.getParent());
    } catch (IOException e) {
      throw new LakeException("cannot make the folder of " + file + ": " + e, LakeException.IO, e);
    }
    // Built beside its place and renamed last, after the sidecar: a checkout killed on the way
    // leaves no working catalog, only leftovers the next checkout to this path replaces.
    Path building = file.resolveSibling(file.getFileName() + ".checkout" + DurableFiles.PART);
    deleteQuietly(building);
    try (Connection sqlite = DuckDb.sqlite(building)) {
      if (version.isPresent()) {
        try (Connection duck = DuckDb.inMemory()) {
          DuckDb.attach(duck, repo.localCatalog(version.get().id()), "frozen", true);
          CatalogCopy.duckDbToSqlite(duck, "frozen", sqlite);
        }
        // The frozen data_path names where the repository was when the version was made; the
        // working catalog writes to where it is now.
        try (PreparedStatement ps = sqlite.prepareStatement(
            "UPDATE ducklake_metadata SET value = ? WHERE key = 'data_path' AND scope IS NULL AND value <> ?")) {
          ps.setString(1, repo.workingDataUrl());
          ps.setString(2, repo.workingDataUrl());
          ps.executeUpdate();
        }
        if (!repo.dataFilesInPlace()) {
          downloadDataFiles(version.get().id());
        }
      } else {
        // An empty SQLite file: the extension lays out its tables on the first ATTACH.
        try (Statement s = sqlite.createStatement()) {
          s.execute("PRAGMA user_version = 0");
          s.execute("VACUUM");
        }
      }
    } catch (SQLException e) {
      deleteQuietly(building);
      throw e;
    }
    WorkingCatalog working = new WorkingCatalog(file, new WorkingCatalog.Checkout(WorkingCatalog.Checkout.FORMAT,
        repo.rootUrl(), branch, version.map(VersionInfo::id).orElse(null), repo.workingDataUrl(), 0, null));
    working.save();
    try {
      DurableFiles.move(building, file);
    } catch (IOException e) {
      throw new LakeException("cannot move the new working catalog " + building + " to " + file + ": " + e,
          LakeException.IO, e);
    }
    return working;
  }

  /** On a server: brings the data files a version names into the writer's folder, so the working catalog reads them. */
  private void downloadDataFiles(String versionId) throws LakeException {
    RemoteRepository remote = (RemoteRepository) repo;
    String dataDir = repo.config().dataDir();
    for (FileList.Entry e : files(versionId).files()) {
      Path target = repo.localDataFolder().resolve(e.path());
      try {
        if (Files.isRegularFile(target) && Files.size(target) == e.size()) {
          continue;
        }
      } catch (IOException ex) {
        throw new LakeException("cannot read " + target + ": " + ex, LakeException.IO, ex);
      }
      remote.download(dataDir + e.path(), target);
    }
  }

  // ---- commit ----

  /**
   * Freezes the working catalog's last snapshot into a new version whose parent is the
   * remembered one, staged beside the working catalog ({@link WorkingCatalog#stagingFolder})
   * until {@link Push#push} writes it to the repository. No ref moves.
   */
  public static CommitResult commit(Path catalog, String message, boolean allowEmpty) throws SQLException {
    WorkingCatalog working = WorkingCatalog.open(catalog);
    if (working.record().staged() != null) {
      throw new LakeException("version " + working.record().staged() + " committed from " + working.file()
          + " is not pushed yet: push it first ('djbranch lake push " + working.file() + "')",
          LakeException.REFUSED);
    }
    Lake lake = forCheckout(working);
    CommitResult result = lake.commit(working, message, allowEmpty);
    if (result.madeVersion()) {
      new WorkingCatalog(working.file(), working.record().withStaged(result.versionId().get())).save();
      return new CommitResult(result.versionId(), result.explanation() + " (not pushed yet: run 'djbranch lake "
          + "push " + working.file() + "')");
    }
    return result;
  }

  static Lake forCheckout(WorkingCatalog working) throws LakeException {
    String url = working.record().repository();
    if (HttpRepository.isHttp(url) || S3Repository.isS3(url)) {
      return open(url, Path.of(java.net.URI.create(working.record().dataPath())));
    }
    if (!url.startsWith("file:")) {
      throw new LakeException("the working catalog " + working.file() + " was checked out from " + url
          + ", which is not " + SUPPORTED_ROOTS, LakeException.UNSUPPORTED);
    }
    return local(Path.of(java.net.URI.create(url)));
  }

  private CommitResult commit(WorkingCatalog working, String message, boolean allowEmpty) throws SQLException {
    Optional<VersionInfo> parent = Optional.ofNullable(working.record().parent()).map(this::versionUnchecked);
    Path work = tempDir("djbranch-commit");
    try (Connection sqlite = DuckDb.sqlite(working.file())) {
      List<BookkeepingTable> tables = BookkeepingTables.ofSqlite(sqlite);
      if (tables.stream().noneMatch(t -> t.name().equals("ducklake_snapshot"))) {
        throw new LakeException("the working catalog " + working.file() + " has no DuckLake tables yet: attach "
            + "it once with DuckDB (" + working.attachStatement("lake") + ") and write to it", LakeException.REFUSED);
      }
      InlinedRows.refuseAny(sqlite, "", tables, "the working catalog " + working.file());
      long last;
      try (Statement s = sqlite.createStatement();
         ResultSet rs = s.executeQuery("SELECT max(snapshot_id) FROM ducklake_snapshot")) {
        rs.next();
        last = rs.getLong(1);
      }
      if (parent.isPresent() && last == parent.get().snapshotId() && !allowEmpty) {
        return new CommitResult(Optional.empty(), "nothing changed: the last snapshot (" + last
            + ") is that of version " + parent.get().id() + " (use --allow-empty to make a version anyway)");
      }
      Path staged = work.resolve("ducklake.duckdb");
      try (Connection duck = DuckDb.inMemory()) {
        Map<String, BookkeepingTable> parentTables = new HashMap<>();
        if (parent.isPresent()) {
          DuckDb.attach(duck, repo.localCatalog(parent.get().id()), "parent", true);
          BookkeepingTables.ofDuckDb(duck, "parent").forEach(t -> parentTables.put(t.name(), t));
        }
        DuckDb.attach(duck, staged, "frozen", false);
        CatalogCopy.sqliteToDuckDb(sqlite, duck, "frozen", new FrozenTypes(parentTables, inlinedTypes(sqlite)), last);
      }
      return new VersionMaker(repo).make(staged, parent, message, allowEmpty, WorkingCatalog.stagingFolder(working.file()));
    } finally {
      deleteTree(work);
    }
  }

  /** For each inlined-data table of the working catalog, the DuckDB types of the user columns it stages. */
  private static Map<String, Map<String, String>> inlinedTypes(Connection sqlite) throws SQLException {
    Map<String, Map<String, String>> out = new HashMap<>();
    CatalogModel model;
    try {
      model = CatalogModel.load(sqlite, "", "the working catalog");
    } catch (LakeException e) {
      return out;
    }
    if (BookkeepingTables.ofSqlite(sqlite).stream().noneMatch(t -> t.name().equals("ducklake_inlined_data_tables"))) {
      return out;
    }
    try (Statement s = sqlite.createStatement();
       ResultSet rs = s.executeQuery("SELECT table_id, table_name FROM ducklake_inlined_data_tables")) {
      while (rs.next()) {
        long tableId = rs.getLong(1);
        Map<String, String> types = new HashMap<>();
        for (CatalogModel.Column c : model.topLevelColumns(tableId)) {
          DuckLakeTypes.primitive(c.type()).ifPresent(t -> types.put(c.name(), t));
        }
        out.put(rs.getString(2), types);
      }
    }
    return out;
  }

  private VersionInfo versionUnchecked(String id) {
    try {
      return version(id);
    } catch (LakeException e) {
      throw new IllegalStateException(e);
    }
  }

  static Path tempDir(String prefix) throws LakeException {
    try {
      return Files.createTempDirectory(prefix);
    } catch (IOException e) {
      throw new LakeException("cannot make a temporary folder: " + e, LakeException.IO, e);
    }
  }

  static void deleteTree(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(Lake::deleteQuietly);
    } catch (IOException ignored) {
      // a leftover temporary folder is harmless
    }
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException ignored) {
      // see deleteTree
    }
  }

  /** One-line summary of a dataset for show. */
  public static String summary(DatasetDescription d) {
    return d.tables().stream().map(t -> t.schema() + "." + t.name() + "(" + t.columns().stream()
        .map(c -> c.name() + " " + c.type()).collect(Collectors.joining(", ")) + ")")
        .collect(Collectors.joining("\n"));
  }
}

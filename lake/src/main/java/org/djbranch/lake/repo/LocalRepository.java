package org.djbranch.lake.repo;

import org.djbranch.lake.util.DurableFiles;
import org.djbranch.lake.util.Json;
import org.djbranch.lake.util.LakeException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A repository in a local folder. Files appear whole (written beside their place, then renamed
 * onto it) so a reader never sees half a file, and a ref moves under a lock that holds across
 * threads and processes, so two writers cannot both move it from the same version.
 */
public final class LocalRepository implements Repository {
  private static final Pattern BRANCH = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*");
  private static final Pattern VERSION_ID = Pattern.compile("[0-9a-f]{64}");

  private static final ConcurrentHashMap<Path, ReentrantLock> REF_LOCKS = new ConcurrentHashMap<>();

  private final Path root;
  private RepositoryConfig config;

  public LocalRepository(Path root) {
    this.root = root.toAbsolutePath().normalize();
  }

  /** Makes {@code repository.json} (and the data folder) in {@code root}; an existing repository is left as it is. */
  public static LocalRepository init(Path root, String dataDir) throws LakeException {
    return init(root, dataDir, null);
  }

  /** As {@link #init(Path, String)}, with the grace period garbage collection keeps unnamed data files (null: the default). */
  public static LocalRepository init(Path root, String dataDir, java.time.Duration grace) throws LakeException {
    return init(root, RepositoryConfig.of(dataDir).withGracePeriod(grace));
  }

  /** Makes {@code repository.json} as given (and the folders) in {@code root}; an existing repository is left as it is. */
  public static LocalRepository init(Path root, RepositoryConfig config) throws LakeException {
    config.checkDataDir();
    LocalRepository repo = new LocalRepository(root);
    Path file = repo.root.resolve(RepositoryConfig.FILE);
    try {
      Files.createDirectories(repo.root);
      if (!Files.exists(file)) {
        DurableFiles.write(file, Json.bytes(config));
      }
      Files.createDirectories(repo.root.resolve(repo.config().dataDir()));
      Files.createDirectories(repo.root.resolve("refs/heads"));
      Files.createDirectories(repo.root.resolve("versions"));
    } catch (IOException e) {
      throw io("cannot make a repository in " + repo.root, e);
    }
    return repo;
  }

  public Path root() {
    return root;
  }

  @Override
  public String rootUrl() {
    String url = root.toUri().toString();
    return url.endsWith("/") ? url : url + "/";
  }

  @Override
  public RepositoryConfig config() throws LakeException {
    if (config == null) {
      byte[] bytes = read(RepositoryConfig.FILE).orElseThrow(() -> new LakeException(
          root + " is not a lake repository (it has no " + RepositoryConfig.FILE
              + "): run 'djbranch lake init' there first", LakeException.NOT_FOUND));
      RepositoryConfig read = Json.read(bytes, RepositoryConfig.class, root.resolve(RepositoryConfig.FILE).toString());
      if (!RepositoryConfig.FORMAT.equals(read.format()) || read.dataDir() == null) {
        throw new LakeException(root.resolve(RepositoryConfig.FILE) + " is not a djbranch-lake repository file",
            LakeException.NOT_FOUND);
      }
      config = read;
    }
    return config;
  }

  @Override
  public Path localDataFolder() throws LakeException {
    return root.resolve(config().dataDir());
  }

  @Override
  public Optional<byte[]> read(String path) throws LakeException {
    try {
      return Optional.of(Files.readAllBytes(resolve(path)));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw io("cannot read " + resolve(path), e);
    }
  }

  @Override
  public Path localCatalog(String versionId) throws LakeException {
    Path file = resolve(VersionPaths.catalog(versionId));
    if (!Files.isRegularFile(file)) {
      throw new LakeException("version " + versionId + " has no frozen catalog " + file
          + ": the version is incomplete or was never written", LakeException.NOT_FOUND);
    }
    return file;
  }

  @Override
  public void writeOnce(String path, Path source, SameContent sameContent) throws LakeException {
    Path target = resolve(path);
    try {
      if (Files.exists(target)) {
        if (sameContent.test(target, source)) {
          return;
        }
        throw new LakeException(target + " is already there with different content; a version's files are "
            + "written once. Check out again, redo the work, commit and push again", LakeException.CONFLICT);
      }
      DurableFiles.copy(source, target);
    } catch (IOException e) {
      throw io("cannot write " + target, e);
    }
  }

  @Override
  public void syncDataFile(String path) throws LakeException {
    Path file = resolve(path);
    try {
      DurableFiles.sync(file);
      DurableFiles.syncFolder(file.getParent());
    } catch (IOException e) {
      throw io("cannot sync " + file + " to disk", e);
    }
  }

  @Override
  public Optional<String> readRef(String branch) throws LakeException {
    return read(refPath(branch)).map(b -> new String(b, StandardCharsets.UTF_8).trim());
  }

  /**
   * Compare and swap under a lock that holds across threads and processes: an in-JVM lock per
   * ref, then an OS lock on {@code refs/heads/<branch>.lock} (released by the OS if the process
   * dies, so a killed writer never leaves the branch locked). Under both, the ref is read,
   * compared, and replaced by an atomic rename.
   */
  @Override
  public void moveRef(String branch, Optional<String> expected, String newId) throws LakeException {
    Path ref = resolve(refPath(branch));
    Path lockFile = ref.resolveSibling(ref.getFileName() + ".lock");
    ReentrantLock inJvm = REF_LOCKS.computeIfAbsent(lockFile, k -> new ReentrantLock());
    inJvm.lock();
    try {
      Files.createDirectories(ref.getParent());
      try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
         FileLock ignored = channel.lock()) {
        Optional<String> current = readRef(branch);
        if (!current.equals(expected)) {
          throw Refs.moved(branch, current, expected, rootUrl());
        }
        DurableFiles.write(ref, (newId + "\n").getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw io("cannot move branch " + branch + " (lock " + lockFile + ")", e);
    } finally {
      inJvm.unlock();
    }
  }

  @Override
  public boolean dataFilesInPlace() {
    return true;
  }

  @Override
  public Optional<FileStat> stat(String path) throws LakeException {
    Path file = resolve(path);
    try {
      BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
      return a.isRegularFile() ? Optional.of(new FileStat(path, a.size(), a.lastModifiedTime().toInstant()))
          : Optional.empty();
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw io("cannot read the attributes of " + file, e);
    }
  }

  @Override
  public List<FileStat> listFiles(String dir) throws LakeException {
    Path folder = resolve(dir);
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    List<FileStat> out = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(folder)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
        if (a.isRegularFile()) {
          String rel = root.relativize(p).toString().replace(java.io.File.separatorChar, '/');
          out.add(new FileStat(rel, a.size(), a.lastModifiedTime().toInstant()));
        }
      }
    } catch (NoSuchFileException e) {
      // a file deleted while listing is simply not listed
    } catch (IOException e) {
      throw io("cannot list " + folder, e);
    }
    out.sort(java.util.Comparator.comparing(FileStat::path));
    return out;
  }

  @Override
  public List<FileStat> leftovers() throws LakeException {
    List<FileStat> out = new ArrayList<>();
    for (String dir : List.of("versions/", "refs/")) {
      listFiles(dir).stream().filter(f -> f.path().endsWith(DurableFiles.PART)).forEach(out::add);
    }
    return out;
  }

  @Override
  public void delete(String path) throws LakeException {
    try {
      Files.deleteIfExists(resolve(path));
    } catch (IOException e) {
      throw io("cannot delete " + resolve(path), e);
    }
  }

  @Override
  public List<String> branches() throws LakeException {
    Path heads = root.resolve("refs/heads");
    if (!Files.isDirectory(heads)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(heads)) {
      return files.map(p -> p.getFileName().toString())
          .filter(n -> BRANCH.matcher(n).matches() && !n.endsWith(".lock")).sorted().toList();
    } catch (IOException e) {
      throw io("cannot list " + heads, e);
    }
  }

  @Override
  public List<String> versionIds() throws LakeException {
    Path versions = root.resolve("versions");
    if (!Files.isDirectory(versions)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(versions)) {
      return new ArrayList<>(files.map(p -> p.getFileName().toString())
          .filter(n -> VERSION_ID.matcher(n).matches()).sorted().toList());
    } catch (IOException e) {
      throw io("cannot list " + versions, e);
    }
  }

  public static boolean isBranchName(String name) {
    return name != null && BRANCH.matcher(name).matches() && !name.endsWith(".lock");
  }

  public static String refPath(String branch) throws LakeException {
    if (branch == null || !BRANCH.matcher(branch).matches() || branch.endsWith(".lock")) {
      throw new LakeException("a branch name is letters, digits, '_', '.', '-' (not starting with '.' or '-'), "
          + "but was: " + branch, LakeException.REFUSED);
    }
    return "refs/heads/" + branch;
  }

  private Path resolve(String path) {
    return root.resolve(path);
  }

  private static LakeException io(String what, IOException e) {
    return new LakeException(what + ": " + e, LakeException.IO, e);
  }
}

package org.djbranch.lake.repo;

import org.djbranch.lake.util.CacheFolder;
import org.djbranch.lake.util.Json;
import org.djbranch.lake.util.LakeException;
import org.djbranch.lake.util.Sha256;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.regex.Pattern;

/**
 * What a repository on a server has, whatever the protocol ({@link HttpRepository} for WebDAV,
 * {@link S3Repository} for S3): new data files go to a folder on the writer's machine and push
 * uploads them; a version's frozen catalog comes down once into the {@link CacheFolder}; a file
 * is written once by a create-only request, and one found already there is downloaded and
 * compared (lake-writing.md, "Files of a version are written once").
 */
public abstract class RemoteRepository implements Repository {
  private static final Pattern VERSION_ID = Pattern.compile("[0-9a-f]{64}");

  private final Path localData;
  private RepositoryConfig config;

  /** @param localData the writer's folder for data files; null for a repository only read */
  protected RemoteRepository(Path localData) {
    this.localData = localData == null ? null : localData.toAbsolutePath().normalize();
  }

  /** The absolute URL of a path of the repository, for messages. */
  public String url(String path) {
    return rootUrl() + path;
  }

  /**
   * GETs {@code path} into {@code file}: true when it was there (200), false when there is no
   * such file (404); any other answer is an error naming it.
   */
  abstract boolean getInto(String path, Path file) throws LakeException, IOException;

  /** Downloads {@code path} into {@code target} (replaced); false, and target untouched, when there is no such file. */
  final boolean fetch(String path, Path target) throws LakeException {
    try {
      Path temp = partBeside(target);
      try {
        if (!getInto(path, temp)) {
          return false;
        }
        moveOnto(temp, target);
        return true;
      } finally {
        Files.deleteIfExists(temp);
      }
    } catch (IOException e) {
      throw new LakeException("cannot download " + url(path) + " to " + target + ": " + e, LakeException.IO, e);
    }
  }

  /** Writes {@code source} at {@code path} only if nothing is there: true when written, false when something was. */
  abstract boolean createOnly(String path, Path source) throws LakeException;

  @Override
  public RepositoryConfig config() throws LakeException {
    if (config == null) {
      byte[] bytes = read(RepositoryConfig.FILE).orElseThrow(() -> new LakeException(rootUrl()
          + " is not a lake repository (it has no " + RepositoryConfig.FILE + "): run 'djbranch lake init "
          + rootUrl() + "' first", LakeException.NOT_FOUND));
      RepositoryConfig read = Json.read(bytes, RepositoryConfig.class, url(RepositoryConfig.FILE));
      if (!RepositoryConfig.FORMAT.equals(read.format()) || read.dataDir() == null) {
        throw new LakeException(url(RepositoryConfig.FILE) + " is not a djbranch-lake repository file",
            LakeException.NOT_FOUND);
      }
      config = read;
    }
    return config;
  }

  /** Writes {@code repository.json} unless the root has one already. */
  void writeConfigOnce(RepositoryConfig initial) throws LakeException {
    initial.checkDataDir();
    if (read(RepositoryConfig.FILE).isPresent()) {
      return;
    }
    try {
      Path temp = Files.createTempFile("djbranch-repository", ".json");
      try {
        Files.write(temp, Json.bytes(initial));
        writeOnce(RepositoryConfig.FILE, temp, (a, b) -> true);
      } finally {
        Files.deleteIfExists(temp);
      }
    } catch (IOException e) {
      throw new LakeException("cannot write " + url(RepositoryConfig.FILE) + ": " + e, LakeException.IO, e);
    }
  }

  @Override
  public Path localDataFolder() throws LakeException {
    if (localData == null) {
      throw new LakeException("the repository " + rootUrl() + " is on a server and was opened without a local "
          + "data folder; check out a working catalog to write to it", LakeException.UNSUPPORTED);
    }
    return localData;
  }

  @Override
  public String workingDataUrl() throws LakeException {
    String url = localDataFolder().toUri().toString();
    return url.endsWith("/") ? url : url + "/";
  }

  @Override
  public boolean dataFilesInPlace() {
    return false;
  }

  /** The server makes what it stored durable; a PUT it answered is there. */
  @Override
  public void syncDataFile(String path) {
  }

  @Override
  public Path localCatalog(String versionId) throws LakeException {
    if (!VERSION_ID.matcher(versionId).matches()) {
      throw new LakeException("not a version ID: " + versionId, LakeException.NOT_FOUND);
    }
    // A version's files are written once, so a downloaded catalog never goes stale.
    String key = Sha256.hex(rootUrl().getBytes(StandardCharsets.UTF_8)).substring(0, 16);
    Path cached = CacheFolder.root().resolve("catalogs").resolve(key).resolve(versionId).resolve("ducklake.duckdb");
    if (Files.isRegularFile(cached)) {
      CacheFolder.used(cached);
      return cached;
    }
    String path = VersionPaths.catalog(versionId);
    if (!fetch(path, cached)) {
      throw new LakeException("version " + versionId + " has no frozen catalog " + url(path)
          + ": the version is incomplete or was never written", LakeException.NOT_FOUND);
    }
    CacheFolder.bound(versionId);
    return cached;
  }

  /** Downloads a file of the repository to a local path (written beside it, then renamed). */
  public void download(String path, Path target) throws LakeException {
    if (!fetch(path, target)) {
      throw new LakeException("cannot download " + url(path) + ": there is no such file", LakeException.NOT_FOUND);
    }
  }

  /** Makes a temporary file beside {@code target} for {@link #fetch} to fill and rename. */
  private static Path partBeside(Path target) throws IOException {
    Files.createDirectories(target.toAbsolutePath().getParent());
    return Files.createTempFile(target.toAbsolutePath().getParent(), "." + target.getFileName(), ".part");
  }

  private static void moveOnto(Path part, Path target) throws IOException {
    Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  @Override
  public void writeOnce(String path, Path source, SameContent sameContent) throws LakeException {
    if (createOnly(path, source)) {
      return;
    }
    // Already there: compare with what this writer would have written.
    try {
      Path existing = Files.createTempFile("djbranch-existing", ".part");
      try {
        download(path, existing);
        if (sameContent.test(existing, source)) {
          return;
        }
      } finally {
        Files.deleteIfExists(existing);
      }
    } catch (IOException e) {
      throw new LakeException("cannot compare " + url(path) + ": " + e, LakeException.IO, e);
    }
    throw new LakeException(url(path) + " is already there with different content; a version's files are "
        + "written once. Check out again, redo the work, commit and push again", LakeException.CONFLICT);
  }
}

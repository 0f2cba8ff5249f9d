package org.djbranch.lake;

import org.djbranch.lake.repo.FileList;
import org.djbranch.lake.repo.Repository;
import org.djbranch.lake.repo.VersionInfo;
import org.djbranch.lake.repo.VersionPaths;
import org.djbranch.lake.util.Json;
import org.djbranch.lake.util.LakeException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Optional;

/**
 * Writes a committed version to its repository in the spec's order and moves the branch on
 * condition:
 * <ol>
 *   <li>check: the branch's current version is among the version's parents, and every data file
 *       it names is in the repository (or, over HTTP, in the writer's folder, to be uploaded);</li>
 *   <li>data files (uploaded over HTTP; a local working catalog wrote them in place);</li>
 *   <li>{@code versions/<ID>/ducklake.duckdb};</li>
 *   <li>{@code dataset.json} and {@code files.json};</li>
 *   <li>{@code version.json};</li>
 *   <li>the ref, by compare and swap against the version read in step 1.</li>
 * </ol>
 * Until the last step no ref names anything written, so a push stopped at any point has changed
 * nothing a reader sees; run again, it finds its files already there with the same content and
 * goes on.
 */
public final class Push {
  /** The steps, in order; {@link Listener#after} is told of each once it is done. */
  public enum Step { CHECKED, DATA_FILES, CATALOG, DESCRIPTIONS, VERSION, REF }

  /** What a push reports while it runs. Every method has a no-op default. */
  public interface Listener {
    /** Before uploading data file {@code index} (1-based) of {@code count}. */
    default void uploading(int index, int count, String path, long size) {
    }

    default void after(Step step) throws LakeException {
    }
  }

  /** What a push did. */
  public record Result(String versionId, String branch, int uploaded, long uploadedBytes, String explanation) {
  }

  private Push() {
  }

  /** Pushes the version the working catalog's last commit made, and remembers it as pushed. */
  public static Result push(Path catalog, Listener listener) throws LakeException {
    WorkingCatalog working = WorkingCatalog.open(catalog);
    if (working.stagedVersion().isEmpty()) {
      return upToDate(working);
    }
    Path dir = working.stagedVersion().get();
    if (!Files.isDirectory(dir)) {
      throw new LakeException("the committed version " + working.record().staged() + " is missing from " + dir
          + ": commit again", LakeException.NOT_FOUND);
    }
    Repository repo = Lake.forCheckout(working).repository();
    Result result = pushVersion(repo, dir, working.record().branch(), listener);
    new WorkingCatalog(working.file(), working.record().withParent(result.versionId()).withStaged(null)).save();
    Lake.deleteTree(dir);
    try (var left = Files.list(dir.getParent())) {
      if (left.findAny().isEmpty()) {
        Files.deleteIfExists(dir.getParent());
      }
    } catch (IOException ignored) {
      // an empty staging folder is harmless
    }
    return result;
  }

  /**
   * A push with nothing committed since the last push: nothing to do when the branch still holds
   * the version the working catalog last pushed or checked out (as {@code git push} says
   * "Everything up-to-date"); refused otherwise, since there is no version to push.
   */
  private static Result upToDate(WorkingCatalog working) throws LakeException {
    String branch = working.record().branch();
    String parent = working.record().parent();
    if (parent != null) {
      Repository repo = Lake.forCheckout(working).repository();
      if (repo.readRef(branch).equals(Optional.of(parent))) {
        return new Result(parent, branch, 0, 0, "everything up-to-date: branch " + branch + " of "
            + repo.rootUrl() + " already holds version " + parent + ", and nothing was committed since");
      }
    }
    throw new LakeException("the working catalog " + working.file() + " has no committed version to push: run "
        + "'djbranch lake commit' first", LakeException.REFUSED);
  }

  /** Writes the version in {@code dir} (the four files of {@code versions/<ID>/}) and moves {@code branch} to it. */
  static Result pushVersion(Repository repo, Path dir, String branch, Listener listener) throws LakeException {
    VersionInfo info = readJson(dir.resolve("version.json"), VersionInfo.class);
    FileList files = readJson(dir.resolve("files.json"), FileList.class);
    // Over HTTP the branch is locked for the whole push (renewed during long uploads), so a
    // second writer waits and is refused before uploading anything; locally this is a no-op.
    try (Repository.BranchLock lock = repo.lockBranch(branch)) {
      return pushLocked(repo, dir, branch, listener, info, files);
    }
  }

  private static Result pushLocked(Repository repo, Path dir, String branch, Listener listener, VersionInfo info,
                                   FileList files) throws LakeException {
    String id = info.id();
    Optional<String> current = repo.readRef(branch);
    if (current.isPresent() && current.get().equals(id)) {
      return new Result(id, branch, 0, 0, "branch " + branch + " already holds version " + id);
    }
    if (current.isPresent() ? !info.parents().contains(current.get()) : !info.parents().isEmpty()) {
      throw new LakeException("push of version " + id + " refused: branch " + branch + " of " + repo.rootUrl()
          + " now holds version " + current.orElse("(none)") + ", which is not among the version's parents "
          + info.parents() + ": someone else pushed first. Check out again, redo the work, commit and push "
          + "again", LakeException.CONFLICT);
    }

    // 1. every data file the catalog names is in the repository, or here to be uploaded
    String dataDir = repo.config().dataDir();
    List<FileList.Entry> upload = new ArrayList<>();
    for (FileList.Entry e : files.files()) {
      Optional<Repository.FileStat> there = repo.stat(dataDir + e.path());
      if (there.isPresent()) {
        if (there.get().size() >= 0 && there.get().size() != e.size()) {
          throw new LakeException("push of version " + id + " refused: data file " + e.path() + " in "
              + repo.dataUrl() + " has " + there.get().size() + " bytes, not the " + e.size()
              + " the version names; data files are written once. Check out again, redo the work, "
              + "commit and push again", LakeException.CONFLICT);
        }
        continue;
      }
      Path local = repo.dataFilesInPlace() ? null : repo.localDataFolder().resolve(e.path());
      if (local == null || !Files.isRegularFile(local)) {
        throw new LakeException("push of version " + id + " refused: data file " + e.path() + " that its "
            + "catalog names is missing from the repository (" + repo.dataUrl() + e.path() + "). A data "
            + "file left unnamed longer than the grace period may have been deleted by 'djbranch lake gc'. "
            + "Check out again, redo the work, commit and push again", LakeException.NOT_FOUND);
      }
      upload.add(e);
    }
    listener.after(Step.CHECKED);

    // 2. data files: uploaded, or (written in place by the working catalog) synced to disk, so
    // that no ref names a file a power cut could still take away
    long bytes = 0;
    if (repo.dataFilesInPlace()) {
      Set<String> known = new HashSet<>();
      Optional<byte[]> named = current.isPresent() ? repo.read(VersionPaths.files(current.get())) : Optional.empty();
      if (named.isPresent()) {
        Json.read(named.get(), FileList.class, VersionPaths.files(current.get())).files().forEach(e -> known.add(e.path()));
      }
      for (FileList.Entry e : files.files()) {
        if (!known.contains(e.path())) {
          repo.syncDataFile(dataDir + e.path());
        }
      }
    }
    for (int i = 0; i < upload.size(); i++) {
      FileList.Entry e = upload.get(i);
      listener.uploading(i + 1, upload.size(), e.path(), e.size());
      repo.writeOnce(dataDir + e.path(), repo.localDataFolder().resolve(e.path()), Push::sameFile);
      bytes += e.size();
    }
    listener.after(Step.DATA_FILES);

    // 3. the catalog, 4. its descriptions, 5. version.json
    repo.writeOnce(VersionPaths.catalog(id), dir.resolve("ducklake.duckdb"),
        (existing, candidate) -> VersionMaker.sameCatalog(existing, info.catalogSha256()));
    listener.after(Step.CATALOG);
    repo.writeOnce(VersionPaths.dataset(id), dir.resolve("dataset.json"), VersionMaker::sameBytes);
    repo.writeOnce(VersionPaths.files(id), dir.resolve("files.json"), VersionMaker::sameBytes);
    listener.after(Step.DESCRIPTIONS);
    repo.writeOnce(VersionPaths.version(id), dir.resolve("version.json"), VersionMaker::sameBytes);
    listener.after(Step.VERSION);

    // 6. the ref, on condition
    repo.moveRef(branch, current, id);
    listener.after(Step.REF);
    return new Result(id, branch, upload.size(), bytes, "pushed version " + id + " to branch " + branch
        + (upload.isEmpty() ? "" : " (" + upload.size() + " data files, " + bytes + " bytes uploaded)"));
  }

  private static boolean sameFile(Path existing, Path candidate) throws LakeException {
    try {
      return Files.size(existing) == Files.size(candidate) && Files.mismatch(existing, candidate) == -1;
    } catch (IOException e) {
      throw new LakeException("cannot compare " + existing + " with " + candidate + ": " + e, LakeException.IO, e);
    }
  }

  private static <T> T readJson(Path file, Class<T> type) throws LakeException {
    try {
      return Json.read(Files.readAllBytes(file), type, file.toString());
    } catch (IOException e) {
      throw new LakeException("cannot read " + file + ": " + e, LakeException.IO, e);
    }
  }
}

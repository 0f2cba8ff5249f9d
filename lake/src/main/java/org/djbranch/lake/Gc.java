package org.djbranch.lake;

import org.djbranch.lake.repo.FileList;
import org.djbranch.lake.repo.Repository;
import org.djbranch.lake.repo.VersionInfo;
import org.djbranch.lake.util.LakeException;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Garbage collection of data files: deletes every file under {@code <root><data_dir>} that no
 * version reachable from a ref names (following all parents) and that last changed longer ago
 * than the grace period. A file a live ref's version names is never deleted, nor one younger
 * than the grace period (it may belong to a push in progress or a working catalog not yet
 * pushed). Versions' own folders are left as they are, but for the {@code .part} files a writer
 * killed part way left in them, which go after the grace period too.
 */
public final class Gc {
  /**
   * What a collection found and did.
   *
   * @param named    data files some reachable version names (kept)
   * @param young    unnamed data files younger than the grace period (kept)
   * @param deleted  unnamed data files past the grace period (deleted, or to delete on a dry run)
   * @param parts    {@code .part} files stopped writers left under {@code versions/} and {@code refs/},
   *                 past the grace period (deleted, or to delete on a dry run), by path from the root
   */
  public record Result(int versions, Set<String> named, List<String> young, List<String> deleted, Duration grace,
                       List<String> parts) {
  }

  private Gc() {
  }

  /**
   * @param graceOrNull overrides the repository's grace period when not null
   * @param dryRun      lists what would be deleted without deleting
   */
  public static Result run(Repository repo, Duration graceOrNull, boolean dryRun, Instant now) throws LakeException {
    Duration grace = graceOrNull != null ? graceOrNull : repo.config().grace();
    Lake lake = new Lake(repo);
    // Every version reachable from every ref; a version that cannot be read stops the
    // collection, since the files it names would be unknown.
    Set<String> seen = new HashSet<>();
    Set<String> named = new HashSet<>();
    Deque<String> todo = new ArrayDeque<>();
    for (String branch : repo.branches()) {
      repo.readRef(branch).ifPresent(todo::add);
    }
    while (!todo.isEmpty()) {
      String id = todo.pop();
      if (!seen.add(id)) {
        continue;
      }
      VersionInfo v;
      FileList files;
      try {
        v = lake.version(id);
        files = lake.files(id);
      } catch (LakeException e) {
        throw new LakeException("garbage collection stopped before deleting anything: version " + id
            + " reachable from a ref cannot be read (" + e.getMessage() + ")", e.getSQLState(), e);
      }
      files.files().forEach(f -> named.add(f.path()));
      todo.addAll(v.parents());
    }
    String dataDir = repo.config().dataDir();
    Instant cutoff = now.minus(grace);
    List<String> young = new ArrayList<>();
    List<String> deleted = new ArrayList<>();
    for (Repository.FileStat f : repo.listFiles(dataDir)) {
      String relative = f.path().substring(dataDir.length());
      if (named.contains(relative)) {
        continue;
      }
      if (!f.modified().isBefore(cutoff)) {
        young.add(relative);
        continue;
      }
      // A push may have named it since the refs were read: look once more before deleting.
      deleted.add(relative);
    }
    if (!deleted.isEmpty() && !dryRun) {
      Set<String> stillNamed = namedNow(repo, lake, seen);
      for (String relative : deleted) {
        if (!stillNamed.contains(relative)) {
          repo.delete(dataDir + relative);
        }
      }
      deleted.removeIf(stillNamed::contains);
    }
    // A .part file is a write stopped before its rename (or one still running, hence the grace period).
    List<String> parts = new ArrayList<>();
    for (Repository.FileStat f : repo.leftovers()) {
      if (f.modified().isBefore(cutoff)) {
        parts.add(f.path());
        if (!dryRun) {
          repo.delete(f.path());
        }
      }
    }
    return new Result(seen.size(), named, young, deleted, grace, parts);
  }

  /** Files named by versions that refs name now but did not when the collection started. */
  private static Set<String> namedNow(Repository repo, Lake lake, Set<String> seen) throws LakeException {
    Set<String> out = new HashSet<>();
    for (String branch : repo.branches()) {
      Optional<String> id = repo.readRef(branch);
      if (id.isPresent() && !seen.contains(id.get())) {
        lake.files(id.get()).files().forEach(f -> out.add(f.path()));
      }
    }
    return out;
  }
}

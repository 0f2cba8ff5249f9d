package org.djbranch.lake.util;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The one folder where the lake keeps what it can rebuild: the small databases of views that
 * make a version readable, and what readers of a repository on a server downloaded (frozen
 * catalogs, data files by content). {@code djbranch-lake-cache/} under the temporary folder, or
 * the folder the system property {@value #PROPERTY} names. It may be deleted whenever no
 * connection is open.
 *
 * <p>What was downloaded is kept to a size bound, the system property {@value #MAX_PROPERTY}
 * (bytes, or with a suffix {@code k}, {@code m}, {@code g}; {@link #DEFAULT_MAX_BYTES} when
 * absent): after each download, the least recently used frozen catalogs and versions' data
 * folders go first, and with a version's folder the data files no other cached version shares;
 * the version being opened stays.
 * Each use of an entry sets its time of last change, which is how recency is kept across
 * processes.
 */
public final class CacheFolder {
  public static final String PROPERTY = "djbranch.lake.cache";
  public static final String MAX_PROPERTY = "djbranch.lake.cache.max-bytes";
  public static final long DEFAULT_MAX_BYTES = 10L * 1024 * 1024 * 1024;
  /** The marker a version's data folder gets once every file is in it. */
  public static final String COMPLETE = ".complete";
  /** A data file linked by no version folder yet may be one a reader is assembling right now. */
  private static final Duration ORPHAN_AGE = Duration.ofMinutes(1);

  private CacheFolder() {
  }

  public static Path root() {
    String configured = System.getProperty(PROPERTY);
    return configured != null ? Path.of(configured)
        : Path.of(System.getProperty("java.io.tmpdir"), "djbranch-lake-cache");
  }

  /** The bound on downloaded bytes kept. */
  public static long maxBytes() throws LakeException {
    String text = System.getProperty(MAX_PROPERTY);
    if (text == null || text.isBlank()) {
      return DEFAULT_MAX_BYTES;
    }
    String t = text.trim().toLowerCase(Locale.ROOT);
    long unit = switch (t.charAt(t.length() - 1)) {
      case 'k' -> 1024L;
      case 'm' -> 1024L * 1024;
      case 'g' -> 1024L * 1024 * 1024;
      default -> 1L;
    };
    try {
      long n = Long.parseLong(unit == 1 ? t : t.substring(0, t.length() - 1));
      if (n < 0) {
        throw new NumberFormatException();
      }
      return n * unit;
    } catch (NumberFormatException e) {
      throw new LakeException(MAX_PROPERTY + " must be a number of bytes like 500m or 10g but was: " + text,
          LakeException.REFUSED);
    }
  }

  /** Marks a cached entry (a file, or a version's {@value #COMPLETE} marker) as just used. */
  public static void used(Path entry) {
    try {
      Files.setLastModifiedTime(entry, FileTime.from(Instant.now()));
    } catch (IOException ignored) {
      // recency is a hint; a file removed meanwhile is simply downloaded again
    }
  }

  /** A catalog ({@code catalogs/<root>/<ID>/ducklake.duckdb}) or a version's data folder ({@code versions/<ID>/}). */
  private record Entry(Path path, Instant used, boolean versionFolder) {
    String versionId() {
      return versionFolder ? path.getFileName().toString() : path.getParent().getFileName().toString();
    }
  }

  /**
   * Deletes least recently used entries until what was downloaded fits {@link #maxBytes()}. The
   * entries of {@code openingVersion} (its catalog and data folder) stay, so the version a reader
   * is opening is never taken from it.
   */
  public static synchronized void bound(String openingVersion) throws LakeException {
    long max = maxBytes();
    Path root = root();
    try {
      long total = size(root.resolve("catalogs")) + size(root.resolve("blobs"));
      if (total <= max) {
        return;
      }
      total -= deleteOrphanBlobs(root, Instant.now().minus(ORPHAN_AGE));
      List<Entry> entries = new ArrayList<>();
      for (Path p : files(root.resolve("catalogs"))) {
        entries.add(new Entry(p, Files.getLastModifiedTime(p).toInstant(), false));
      }
      for (Path p : files(root.resolve("versions"))) {
        if (p.getFileName().toString().equals(COMPLETE)) {
          entries.add(new Entry(p.getParent(), Files.getLastModifiedTime(p).toInstant(), true));
        }
      }
      entries.removeIf(e -> e.versionId().equals(openingVersion));
      entries.sort(Comparator.comparing(Entry::used));
      for (int i = 0; i < entries.size() && total > max; i++) {
        Entry e = entries.get(i);
        if (e.versionFolder()) {
          deleteTree(e.path());
          total -= deleteOrphanBlobs(root, Instant.now().minus(ORPHAN_AGE));
        } else {
          total -= sizeOf(e.path());
          Files.deleteIfExists(e.path());
        }
      }
    } catch (IOException e) {
      throw new LakeException("cannot keep the cache " + root + " within " + MAX_PROPERTY + "=" + max + ": " + e,
          LakeException.IO, e);
    }
  }

  /** Data files no version folder links any more (and not just downloaded): their bytes are freed. */
  private static long deleteOrphanBlobs(Path root, Instant before) throws IOException {
    long freed = 0;
    for (Path blob : files(root.resolve("blobs"))) {
      Object links;
      try {
        links = Files.getAttribute(blob, "unix:nlink");
      } catch (UnsupportedOperationException | IllegalArgumentException noLinkCount) {
        return freed; // copies, not links: a version folder's deletion freed its own bytes
      }
      if (links instanceof Integer n && n <= 1 && Files.getLastModifiedTime(blob).toInstant().isBefore(before)) {
        freed += sizeOf(blob);
        Files.deleteIfExists(blob);
      }
    }
    return freed;
  }

  private static List<Path> files(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).toList();
    } catch (java.io.UncheckedIOException e) {
      return List.of(); // another process changed the folder while it was walked: the next bound() sees it
    }
  }

  private static long size(Path dir) throws IOException {
    long sum = 0;
    for (Path p : files(dir)) {
      sum += sizeOf(p);
    }
    return sum;
  }

  private static long sizeOf(Path p) throws IOException {
    try {
      return Files.size(p);
    } catch (NoSuchFileException e) {
      return 0;
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (NoSuchFileException gone) {
      // another process removed it first
    }
  }
}

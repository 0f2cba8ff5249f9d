package org.djbranch.lake.repo;

import org.djbranch.lake.util.LakeException;

import java.time.Duration;
import java.time.format.DateTimeParseException;

/**
 * {@code repository.json} at the root: marks a folder as a lake repository, says where its data
 * files live ({@code <root><data_dir>}) and, optionally, how long a data file no version names
 * is kept before garbage collection may delete it ({@code grace_period}, an ISO-8601 duration;
 * {@link #DEFAULT_GRACE_PERIOD} when absent) and, over HTTP, how long a writer's lock on a branch
 * lasts unless renewed ({@code lock_lease}; {@link #DEFAULT_LOCK_LEASE} when absent). Written once
 * by {@code init}.
 */
public record RepositoryConfig(String format, int formatVersion, String dataDir, String gracePeriod,
                               String lockLease) {
  public static final String FORMAT = "djbranch-lake";
  public static final String FILE = "repository.json";
  public static final Duration DEFAULT_GRACE_PERIOD = Duration.ofDays(7);
  public static final Duration DEFAULT_LOCK_LEASE = Duration.ofMinutes(2);
  /** A lease shorter than this could expire between a renewal and the server's one-second clock. */
  public static final Duration MIN_LOCK_LEASE = Duration.ofSeconds(2);

  public static RepositoryConfig of(String dataDir) {
    return new RepositoryConfig(FORMAT, 1, dataDir, null, null);
  }

  public RepositoryConfig withGracePeriod(Duration grace) {
    return new RepositoryConfig(format, formatVersion, dataDir, grace == null ? null : grace.toString(), lockLease);
  }

  public RepositoryConfig withLockLease(Duration lease) throws LakeException {
    if (lease != null && lease.compareTo(MIN_LOCK_LEASE) < 0) {
      throw new LakeException("lock_lease must be at least " + MIN_LOCK_LEASE.toSeconds() + "s but was " + lease,
          LakeException.REFUSED);
    }
    return new RepositoryConfig(format, formatVersion, dataDir, gracePeriod, lease == null ? null : lease.toString());
  }

  /** Refuses a data_dir that is not a relative folder inside the root. */
  public void checkDataDir() throws LakeException {
    if (dataDir == null || !dataDir.endsWith("/") || dataDir.startsWith("/") || dataDir.contains("..")
        || dataDir.contains("\\")) {
      throw new LakeException("data_dir must be a relative folder ending with '/', like 'data/', but was: "
          + dataDir, LakeException.REFUSED);
    }
  }

  /** How long a writer's lock on a branch of an HTTP repository lasts unless renewed. */
  public Duration lease() throws LakeException {
    Duration d = lockLease == null ? DEFAULT_LOCK_LEASE : parseDuration(lockLease, FILE + " lock_lease");
    return d.compareTo(MIN_LOCK_LEASE) < 0 ? MIN_LOCK_LEASE : d;
  }

  /** The grace period this repository sets, or the default. */
  public Duration grace() throws LakeException {
    return gracePeriod == null ? DEFAULT_GRACE_PERIOD : parseDuration(gracePeriod, FILE + " grace_period");
  }

  /** Parses an ISO-8601 duration ({@code P7D}, {@code PT12H}) or a short form ({@code 7d}, {@code 12h}, {@code 30m}, {@code 0s}). */
  public static Duration parseDuration(String text, String what) throws LakeException {
    String t = text.trim();
    try {
      if (t.matches("[0-9]+[dhms]")) {
        long n = Long.parseLong(t.substring(0, t.length() - 1));
        return switch (t.charAt(t.length() - 1)) {
          case 'd' -> Duration.ofDays(n);
          case 'h' -> Duration.ofHours(n);
          case 'm' -> Duration.ofMinutes(n);
          default -> Duration.ofSeconds(n);
        };
      }
      Duration d = Duration.parse(t);
      if (d.isNegative()) {
        throw new DateTimeParseException("negative", t, 0);
      }
      return d;
    } catch (DateTimeParseException | NumberFormatException e) {
      throw new LakeException(what + " must be a duration like 7d, 12h, 30m or P7D but was: " + text,
          LakeException.REFUSED);
    }
  }
}

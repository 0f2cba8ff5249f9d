package org.djbranch.lake.repo;

import org.djbranch.lake.util.Json;
import org.djbranch.lake.util.LakeException;
import org.djbranch.lake.util.Sha256;

import java.net.InetAddress;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A writer's lock on a branch of an HTTP repository, held while a push writes its files and
 * moves the ref, and expiring if its holder dies.
 *
 * <p>The lock is the folder {@code refs/locks/<branch>/}: MKCOL creates it for exactly one client
 * (the server's mkdir decides). Its {@code holder.json} records who holds it and since when, and
 * the holder rewrites it every third of the lease ({@code lock_lease} of repository.json), from a
 * background thread, so a long upload keeps it. A lock whose {@code holder.json} has not changed
 * for longer than the lease — judged by the server's own clock, its {@code Last-Modified} against
 * its {@code Date} — belongs to a dead writer and may be taken over: each taker tries MKCOL on a
 * marker folder named after the stale {@code holder.json}'s content, which again only one client
 * creates; that one rewrites {@code holder.json} with {@code If-Match} on the stale ETag and holds
 * the lock. A writer whose lock was taken over (it stalled past its lease) notices when it renews
 * or before it moves the ref, and stops.
 */
final class HttpBranchLock implements AutoCloseable {
  /** What {@code holder.json} says. */
  record Holder(String format, String holder, String token, String acquired, String renewed, String lease) {
    static final String FORMAT = "djbranch-lake/lock";
  }

  /** How long a writer waits beyond the lease for a lock that stays alive. */
  private static final Duration WAIT_BEYOND_LEASE = Duration.ofSeconds(30);
  private static final ScheduledExecutorService RENEWER = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "djbranch-lake-lock-renewal");
    t.setDaemon(true);
    return t;
  });

  private final HttpRepository repo;
  private final String branch;
  private final String folder;
  private final String holderPath;
  private final Duration lease;
  private final String token = UUID.randomUUID().toString();
  private final String acquired = Instant.now().toString();
  private final boolean tookOver;
  private volatile String lostTo;
  private ScheduledFuture<?> renewal;

  private HttpBranchLock(HttpRepository repo, String branch, Duration lease, boolean tookOver) {
    this.repo = repo;
    this.branch = branch;
    this.folder = folderOf(branch);
    this.holderPath = folder + "holder.json";
    this.lease = lease;
    this.tookOver = tookOver;
  }

  static String folderOf(String branch) {
    return "refs/locks/" + branch + "/";
  }

  /** Waits for the branch's lock (taking over one whose lease expired) and holds it until {@link #close}. */
  static HttpBranchLock acquire(HttpRepository repo, String branch) throws LakeException {
    Duration lease = repo.config().lease();
    String folder = folderOf(branch);
    repo.makeFolders(folder.substring(0, folder.length() - 1)); // refs/locks/, not the lock itself
    long deadline = System.nanoTime() + lease.plus(WAIT_BEYOND_LEASE).toNanos();
    Instant firstSeenUndated = null;
    long pause = 20;
    while (true) {
      HttpResponse<String> made = repo.send(repo.request(folder).method("MKCOL", HttpRequest.BodyPublishers.noBody())
          .build(), HttpResponse.BodyHandlers.ofString(), "lock");
      if (made.statusCode() == 201) {
        HttpBranchLock lock = new HttpBranchLock(repo, branch, lease, false);
        lock.writeHolder(Optional.empty());
        return lock.renewing();
      }
      if (made.statusCode() != 405 && made.statusCode() != 423 && !(made.statusCode() == 403 && repo.madeMeanwhile(folder))) {
        HttpRepository.expect(made, "lock branch " + branch + " with " + repo.url(folder), 201);
      }
      Seen seen = look(repo, folder);
      // A server that gives no time of change: the lock's age counts from when this writer first saw it.
      if (seen.modified == null && firstSeenUndated == null) {
        firstSeenUndated = Instant.now();
      }
      Duration age = seen.modified != null ? Duration.between(seen.modified, seen.serverNow)
          : Duration.between(firstSeenUndated, Instant.now());
      if (age.compareTo(lease) > 0) {
        HttpBranchLock taken = takeOver(repo, branch, lease, seen);
        if (taken != null) {
          return taken.renewing();
        }
      }
      if (System.nanoTime() > deadline) {
        throw new LakeException("branch " + branch + " of " + repo.rootUrl() + " is locked by another writer ("
            + (seen.holder == null ? repo.url(folder) : seen.holder.holder() + ", since " + seen.holder.acquired()
            + ", renewed " + seen.holder.renewed()) + ") that keeps renewing its lease of " + lease.toSeconds()
            + " s: a push is running; try again when it is done", LakeException.CONFLICT);
      }
      HttpRepository.sleep(pause + (long) (Math.random() * pause));
      pause = Math.min(pause * 2, Math.max(50, Math.min(500, lease.toMillis() / 4)));
    }
  }

  /** What a waiter sees of a held lock: its holder, when that last changed, and the server's time. */
  private record Seen(Holder holder, byte[] bytes, String etag, Instant modified, Instant serverNow) {
  }

  private static Seen look(HttpRepository repo, String folder) throws LakeException {
    HttpResponse<byte[]> r = repo.send(repo.request(folder + "holder.json").GET().build(),
        HttpResponse.BodyHandlers.ofByteArray(), "read the lock");
    Instant serverNow = r.headers().firstValue("Date").map(HttpRepository::httpDate).orElse(Instant.now());
    if (r.statusCode() == 200) {
      Holder h;
      try {
        h = Json.read(r.body(), Holder.class, repo.url(folder + "holder.json"));
      } catch (LakeException e) {
        h = null; // half a holder cannot be: a PUT is whole. Treated as unknown, it still expires.
      }
      return new Seen(h, r.body(), r.headers().firstValue("ETag").orElse(null),
          r.headers().firstValue("Last-Modified").map(HttpRepository::httpDate).orElse(null), serverNow);
    }
    if (r.statusCode() != 404) {
      HttpRepository.expect(r, "read the lock " + repo.url(folder + "holder.json"), 200);
    }
    // A lock folder without holder.json: its writer died between MKCOL and the PUT. The folder's own age counts.
    return new Seen(null, null, null, repo.folderModified(folder).orElse(null), serverNow);
  }

  /**
   * Exactly one of the writers finding the same expired lock gets past the MKCOL of its takeover
   * marker, {@code takeover-<digest of the stale holder.json>-<round>/}. A marker older than the
   * lease belongs to a taker that died before writing {@code holder.json}: the next round's
   * marker is tried then, so a dead taker blocks no one longer than a dead holder.
   */
  private static HttpBranchLock takeOver(HttpRepository repo, String branch, Duration lease, Seen stale)
      throws LakeException {
    String generation = stale.bytes == null ? "none" : Sha256.hex(stale.bytes).substring(0, 16);
    for (int round = 1; round <= 100; round++) {
      String marker = folderOf(branch) + "takeover-" + generation + "-" + round + "/";
      HttpResponse<String> r = repo.send(repo.request(marker).method("MKCOL", HttpRequest.BodyPublishers.noBody())
          .build(), HttpResponse.BodyHandlers.ofString(), "take over the lock");
      if (r.statusCode() == 201) {
        HttpBranchLock lock = new HttpBranchLock(repo, branch, lease, true);
        return lock.writeHolder(Optional.ofNullable(stale.etag)) ? lock : null;
      }
      // Another writer made this round's marker (405, or 403 when its mkdir won a close race), or
      // the lock is gone (409). Only a marker older than the lease lets this writer try the next round.
      Optional<Instant> made = repo.folderModified(marker);
      if (made.isEmpty() || Duration.between(made.get(), stale.serverNow).compareTo(lease) <= 0) {
        return null;
      }
    }
    return null;
  }

  /**
   * Writes {@code holder.json}: on a fresh lock, only if there is none; on a takeover, only if it
   * is still the stale one ({@code If-Match}); on renewal, after checking it is still ours.
   */
  private boolean writeHolder(Optional<String> ifMatch) throws LakeException {
    Holder h = new Holder(Holder.FORMAT, holderName(), token, acquired, Instant.now().toString(), lease.toString());
    HttpRequest.Builder put = repo.request(holderPath).PUT(HttpRequest.BodyPublishers.ofByteArray(Json.bytes(h)));
    ifMatch.ifPresent(etag -> put.header("If-Match", etag));
    HttpResponse<String> r = repo.send(put.build(), HttpResponse.BodyHandlers.ofString(), "write the lock");
    if (r.statusCode() == 412) {
      return false;
    }
    HttpRepository.expect(r, "write the lock " + repo.url(holderPath), 201, 204, 200);
    return true;
  }

  private HttpBranchLock renewing() {
    long every = Math.max(200, lease.toMillis() / 3);
    renewal = RENEWER.scheduleWithFixedDelay(this::renew, every, every, TimeUnit.MILLISECONDS);
    return this;
  }

  private void renew() {
    try {
      Optional<String> owner = owner();
      if (owner.isPresent()) {
        lostTo = owner.get();
        renewal.cancel(false);
        return;
      }
      writeHolder(Optional.empty());
    } catch (LakeException e) {
      // a failed renewal is retried at the next tick; the lease covers several
    }
  }

  /** Empty while the lock is this writer's; else who holds it now. */
  private Optional<String> owner() throws LakeException {
    Seen now = look(repo, folder);
    if (now.holder != null && token.equals(now.holder.token())) {
      return Optional.empty();
    }
    return Optional.of(now.holder == null ? "nobody (the lock is gone)" : now.holder.holder());
  }

  /** Refuses to go on when the lease ran out and another writer took the lock over. */
  void ensureHeld() throws LakeException {
    Optional<String> owner = lostTo != null ? Optional.of(lostTo) : owner();
    if (owner.isPresent()) {
      throw new LakeException("the lock on branch " + branch + " of " + repo.rootUrl() + " was taken over by "
          + owner.get() + " after this writer did not renew it within its lease of " + lease.toSeconds()
          + " s; nothing was moved. Push again", LakeException.CONFLICT);
    }
  }

  boolean tookOver() {
    return tookOver;
  }

  /** Releases the lock if it is still this writer's; one left behind (server unreachable) expires after the lease. */
  @Override
  public void close() {
    renewal.cancel(false);
    try {
      if (lostTo == null && owner().isEmpty()) {
        repo.send(repo.request(folder).DELETE().build(), HttpResponse.BodyHandlers.discarding(), "unlock");
      }
    } catch (LakeException ignored) {
      // see above: the lease ends it
    }
  }

  private static String holderName() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (Exception e) {
      host = "unknown host";
    }
    return System.getProperty("user.name") + "@" + host + " pid " + ProcessHandle.current().pid();
  }
}

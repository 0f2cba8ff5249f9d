package org.djbranch.driver.layout;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.SqlState;

/**
 * The process's branch layouts, one per database and branch.
 *
 * <p>A process that visits thousands of branches must not keep thousands of listings: the most recently used
 * layouts are kept, up to the bound a connection sets (the connection property {@code layoutCacheSize}, default
 * {@link #DEFAULT_SIZE}), and the least recently used is dropped first.
 * A dropped layout that open connections still work with stays theirs and is found again by the next connection
 * to the same database and branch, so the connections of one branch always share one layout (a declaration on one
 * is seen by all); once no connection holds it, it is reclaimed, and the next use lists the schemas again.
 */
public final class BranchLayouts {
  /** How many layouts are kept until a connection sets another bound. */
  public static final int DEFAULT_SIZE = 256;

  private static final Object LOCK = new Object();
  /** Most recently used last; guarded by LOCK. */
  private static final LinkedHashMap<String, BranchLayout> RECENT = new LinkedHashMap<>(64, 0.75f, true);
  /** Every layout handed out, held weakly: a connection's strong reference keeps it here. Guarded by LOCK. */
  private static final Map<String, Held> HELD = new HashMap<>();
  private static final ReferenceQueue<BranchLayout> RECLAIMED = new ReferenceQueue<>();
  private static int bound = DEFAULT_SIZE;

  private BranchLayouts() {}

  private static final class Held extends WeakReference<BranchLayout> {
    final String key;

    Held(String key, BranchLayout layout) {
      super(layout, RECLAIMED);
      this.key = key;
    }
  }

  /**
   * The layout for a database, named by the wrapped URL (held only as a key, never shown) and the login, and a
   * branch. A new layout compares names as the server behind {@code internal} does ({@link Backend#forServer}: at
   * most one round trip, asked outside the lock).
   */
  public static BranchLayout of(String innerUrl, String user, Backend backend, String branch,
      java.sql.Connection internal) throws java.sql.SQLException {
    String key = branch + '\u0000' + user + '\u0000' + innerUrl;
    BranchLayout found = find(key);
    if (found != null) {
      return found;
    }
    Backend server = backend.forServer(internal);
    synchronized (LOCK) {
      BranchLayout layout = find(key);
      if (layout == null) {
        layout = new BranchLayout(branch, server);
        HELD.put(key, new Held(key, layout));
        RECENT.put(key, layout);
        trim();
      }
      return layout;
    }
  }

  /** The layout under {@code key} still held, made the most recently used; null when there is none. */
  private static BranchLayout find(String key) {
    synchronized (LOCK) {
      forgetReclaimed();
      BranchLayout layout = RECENT.get(key);
      if (layout == null) {
        Held held = HELD.get(key);
        layout = held == null ? null : held.get();
        if (layout != null) {
          RECENT.put(key, layout);
          trim();
        }
      }
      return layout;
    }
  }

  /**
   * Sets the bound from a connection's setting (null: unchanged), read from {@code source} (which the message
   * names); a value that is not a positive whole number fails the connection.
   */
  public static void limit(String value, String source) throws BranchSqlException {
    if (value == null) {
      return;
    }
    int size;
    try {
      size = Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      size = 0;
    }
    if (size < 1) {
      throw SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION.exception("The layout cache size '" + value
          + "' from " + source + " is not usable: it must be a whole number of branch layouts, at least 1"
          + " (default " + DEFAULT_SIZE + ").");
    }
    synchronized (LOCK) {
      bound = size;
      trim();
    }
  }

  private static void trim() {
    var eldest = RECENT.entrySet().iterator();
    while (RECENT.size() > bound && eldest.hasNext()) {
      eldest.next();
      eldest.remove();
    }
  }

  /** Drops the weak entries of layouts the garbage collector reclaimed (unless the key was reused since). */
  private static void forgetReclaimed() {
    for (var ref = RECLAIMED.poll(); ref != null; ref = RECLAIMED.poll()) {
      Held held = (Held) ref;
      HELD.remove(held.key, held);
    }
  }
}

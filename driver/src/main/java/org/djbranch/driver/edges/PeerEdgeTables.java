package org.djbranch.driver.edges;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which drafts' {@code ~edge} a peer created with the specification's five columns only (Branch Resolution §4.3), so
 * djbranch writes its rows with those five and no more. Learned where djbranch reads a {@code ~edge} (every listing
 * of a draft holding one reads it before any declaration writes) and where its {@code CREATE TABLE IF NOT EXISTS}
 * finds the table already there; a draft not recorded holds djbranch's own table. Per process, by the database's
 * URL and the draft's name, as the layout cache is.
 */
final class PeerEdgeTables {
  private static final Map<String, Boolean> SPEC_ONLY = new ConcurrentHashMap<>();

  private PeerEdgeTables() {}

  /** Records whether the draft's ~edge holds the spec's five columns only. */
  static void record(Connection c, String draftKey, boolean specOnly) throws SQLException {
    String key = key(c, draftKey);
    if (specOnly) {
      SPEC_ONLY.put(key, true);
    } else {
      SPEC_ONLY.remove(key);
    }
  }

  /** Whether the draft's ~edge is known to hold the spec's five columns only. */
  static boolean specOnly(Connection c, String draftKey) throws SQLException {
    return !SPEC_ONLY.isEmpty() && SPEC_ONLY.containsKey(key(c, draftKey));
  }

  private static String key(Connection c, String draftKey) throws SQLException {
    return c.getMetaData().getURL() + "\u0000" + draftKey;
  }
}

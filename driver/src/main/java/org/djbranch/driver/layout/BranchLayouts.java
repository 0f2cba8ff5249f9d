package org.djbranch.driver.layout;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.djbranch.driver.backend.Backend;

/** The process's branch layouts, one per database and branch. */
public final class BranchLayouts {
  private static final Map<String, BranchLayout> LAYOUTS = new ConcurrentHashMap<>();

  private BranchLayouts() {}

  /**
   * The layout for a database, named by the wrapped URL (held only as a key, never shown) and the login, and a
   * branch.
   */
  public static BranchLayout of(String innerUrl, String user, Backend backend, String branch) {
    String key = branch + '\u0000' + user + '\u0000' + innerUrl;
    return LAYOUTS.computeIfAbsent(key, k -> new BranchLayout(branch, backend));
  }
}

package org.djbranch.driver.backend;

import java.time.Instant;

/**
 * When a branch's draft was created and last declared into, as far as the database tells ({@code null}: it does
 * not), and where that came from: the stamp declarations write ({@code edges.Activity}), or the catalog's own clock
 * where the database keeps one ({@link PhysicalCatalog#activity}).
 */
public record DraftActivity(Instant created, Instant declared, String source) {
  public static final DraftActivity UNKNOWN = new DraftActivity(null, null, "unknown");

  /** The last time the draft is known to have been used: its last declaration, else its creation. */
  public Instant lastUsed() {
    return declared != null ? declared : created;
  }
}

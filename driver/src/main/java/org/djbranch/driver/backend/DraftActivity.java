package org.djbranch.driver.backend;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * When a branch's draft was created and last declared into, as far as the database tells ({@code null}: it does
 * not), and where that came from: the stamp a declaration writes as the comment of the draft's {@code ~edge} table
 * ({@link #stamp}), or the catalog's own clock where the database keeps one.
 */
public record DraftActivity(Instant created, Instant declared, String source) {
  /** How a stamp comment starts: {@code djbranch created=<instant> declared=<instant>}. */
  public static final String PREFIX = "djbranch";

  public static final DraftActivity UNKNOWN = new DraftActivity(null, null, "unknown");

  /** The comment text that records both instants. */
  public static String stamp(Instant created, Instant declared) {
    return PREFIX + " created=" + created + " declared=" + declared;
  }

  /** The instants a stamp comment records, or null when {@code comment} is not one. */
  public static DraftActivity read(String comment) {
    if (comment == null || !comment.startsWith(PREFIX + " ")) {
      return null;
    }
    Instant created = null;
    Instant declared = null;
    for (String part : comment.substring(PREFIX.length()).trim().split("\\s+")) {
      try {
        if (part.startsWith("created=")) {
          created = Instant.parse(part.substring("created=".length()));
        } else if (part.startsWith("declared=")) {
          declared = Instant.parse(part.substring("declared=".length()));
        }
      } catch (DateTimeParseException e) {
        return null;
      }
    }
    return declared == null && created == null ? null
        : new DraftActivity(created, declared != null ? declared : created, "stamp");
  }

  /** The last time the draft is known to have been used: its last declaration, else its creation. */
  public Instant lastUsed() {
    return declared != null ? declared : created;
  }
}

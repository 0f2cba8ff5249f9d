package org.djbranch.bench;

/**
 * How a benchmark connects: the database's own driver, or djbranch wrapping it. The {@code kind} parameter of a
 * benchmark names one of these by {@link #id()}; a kind is measured as soon as its id is listed in the
 * benchmark's {@code @Param} (or passed as {@code -p kind=...} on the command line).
 */
public enum Kind {
  /** The database's own driver, as the application would use it without djbranch. */
  RAW("raw", null),
  /** djbranch with an explicit empty branch: the pass-through. */
  TRUNK("trunk", ""),
  /** djbranch on the branch {@code bench1}: every statement passes the lexer, draft tables are rewritten. */
  BRANCH("branch", "bench1");

  private static final String JDBC = "jdbc:";
  private static final String DJBRANCH = "jdbc:djbranch:";

  private final String id;
  private final String branch;

  Kind(String id, String branch) {
    this.id = id;
    this.branch = branch;
  }

  /** The name used in {@code @Param} values and in the results. */
  public String id() {
    return id;
  }

  /** The branch this kind connects to: {@code null} for the raw driver, empty for trunk. */
  public String branch() {
    return branch;
  }

  /** The kind named {@code id}, failing with the list of known names otherwise. */
  public static Kind of(String id) {
    for (Kind k : values()) {
      if (k.id.equals(id)) {
        return k;
      }
    }
    throw new IllegalArgumentException("Unknown kind " + id + "; known kinds are raw, trunk and branch.");
  }

  /** The URL this kind opens for the raw driver's {@code rawUrl} ({@code jdbc:<driver>:...}). */
  public String url(String rawUrl) {
    if (!rawUrl.startsWith(JDBC)) {
      throw new IllegalArgumentException("A JDBC URL starts with jdbc:");
    }
    if (branch == null) {
      return rawUrl;
    }
    String wrapped = DJBRANCH + rawUrl.substring(JDBC.length());
    return wrapped + (wrapped.indexOf('?') < 0 ? '?' : '&') + "branch=" + branch;
  }
}

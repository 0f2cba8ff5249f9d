package org.djbranch.driver.naming;

import java.util.function.UnaryOperator;
import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.SqlState;

/**
 * The one draft-name function (Branch Resolution §2.1): on branch {@code b}, logical schema {@code s} is realised
 * by the draft schema {@code br_<b>_<s>} beside it. Everything that derives, recognises or strips a draft name —
 * the layout, the SQLite backend's files, the {@code djbranch} command — asks this class.
 */
public final class DraftNames {
  /** What every draft schema's name starts with, whatever its branch. */
  public static final String PREFIX = "br_";

  private final String branch;
  private final String prefix;
  /** How the database compares schema names; null: without regard to case. */
  private final UnaryOperator<String> key;
  private final String prefixKey;
  /** The database's identifier limit every derived name must fit (Branch Resolution §1.3); null: not checked. */
  private final NameLimit limit;

  /**
   * A branch's draft names, recognised without regard to case and derived without a limit: for reading names that
   * exist, in any catalog. Everything that derives a name to create or use asks a backend for its
   * {@code draftNames}, which carry the database's limit.
   */
  public DraftNames(String branch) {
    this(branch, null, null);
  }

  /**
   * A branch's draft names as one database names them: {@code branch} as that database stores it, a physical
   * name recognised as a draft when it compares equal there ({@code key}: the backend's key of a schema name), and
   * every derived name checked against the database's identifier limit.
   */
  public DraftNames(String branch, UnaryOperator<String> key, NameLimit limit) {
    this.branch = branch;
    this.prefix = prefix(branch);
    this.key = key;
    this.prefixKey = key == null ? null : key.apply(prefix);
    this.limit = limit;
  }

  /** {@code br_<branch>_}: every draft schema of the branch starts with it. */
  public static String prefix(String branch) {
    return PREFIX + branch + "_";
  }

  public String branch() {
    return branch;
  }

  /** {@code br_<branch>_}. */
  public String prefix() {
    return prefix;
  }

  /**
   * The draft schema of a logical one: {@code br_<branch>_<schema>}; a {@code 42622} error naming it where it would
   * not fit the database's identifier limit (Branch Resolution §1.3). This is the only place a draft name is made,
   * so no path creates or uses one the database would cut (PostgreSQL silently keeps the first 63 bytes, and two
   * branches would then share one draft) or refuse with its own message (MySQL).
   */
  public String draftOf(String logical) throws BranchSqlException {
    String draft = prefix + logical;
    if (limit == null) {
      return draft;
    }
    return limit.check(draft, "draft schema of " + logical + " on branch " + branch + ",",
        excess -> "Use a branch or schema name at least " + excess + " " + limit.unit(excess) + " shorter.");
  }

  /**
   * Fails with {@code 42622} when no draft of this branch can fit the identifier limit whatever its schema: the
   * prefix {@code br_<branch>_} with a one-character schema is already too long. For the commands that read a
   * branch's drafts, so a branch name that can have none is refused rather than found empty.
   */
  public void requireRoom() throws BranchSqlException {
    if (limit != null && !limit.fits(prefix + "s")) {
      int length = limit.measure(prefix);
      throw SqlState.NAME_TOO_LONG.exception("Branch " + branch + " can have no draft schema on " + limit.database()
          + ": its drafts are named " + prefix + "<schema>, and the prefix alone is " + length + " "
          + limit.unit(length) + " of the " + limit.describe() + " allowed. Use a shorter branch name.");
    }
  }

  /** The identifier limit derived names are checked against; null where none is. */
  public NameLimit limit() {
    return limit;
  }

  /**
   * Whether a schema name has the form of a draft of any branch, {@code br_<branch>_<schema>}: SQL clients on a
   * branch are shown none of them, not even another branch's.
   */
  public static boolean isAnyDraft(String schema) {
    if (schema == null || !schema.regionMatches(true, 0, "br_", 0, 3)) {
      return false;
    }
    int end = schema.indexOf('_', "br_".length() + 1);
    return end > 0 && end < schema.length() - 1;
  }

  /** Whether a schema name, as stored, is one of this branch's drafts. */
  public boolean isDraft(String schema) {
    return logicalOf(schema) != null;
  }

  /**
   * The logical schema a draft realises, or null when {@code schema} (as stored) is not a draft of this branch. The
   * prefix is compared as the database compares names: exactly on PostgreSQL, where {@code "BR_b_s"} is another
   * schema, without regard to case where the database has it so (DuckDB, MySQL with {@code lower_case_table_names}).
   */
  public String logicalOf(String schema) {
    if (schema == null || schema.length() <= prefix.length()) {
      return null;
    }
    boolean draft = key == null ? schema.regionMatches(true, 0, prefix, 0, prefix.length())
        : key.apply(schema.substring(0, prefix.length())).equals(prefixKey);
    return draft ? schema.substring(prefix.length()) : null;
  }

  /** One way of reading a physical schema name as a draft: branch {@code branch}'s draft of {@code logical}. */
  public record Reading(String draft, String branch, String logical) {
    @Override
    public String toString() {
      return "branch " + branch + "'s draft of " + logical;
    }
  }

  /**
   * Every way {@code physical} reads as a draft name, shortest branch first; none for a name not starting
   * {@code br_}. The name joins two names that may both hold underscores, so one physical name can read several
   * ways: {@code br_x_audit_y_s} is branch {@code x}'s draft of {@code audit_y_s} and branch {@code x_audit_y}'s
   * draft of {@code s}. Every reading derives {@code physical} again.
   */
  public static java.util.List<Reading> readings(String physical) {
    java.util.List<Reading> out = new java.util.ArrayList<>();
    String start = prefix("").substring(0, prefix("").length() - 1); // "br_"
    if (!physical.startsWith(start)) {
      return out;
    }
    for (int i = start.length() + 1; i < physical.length() - 1; i++) {
      if (physical.charAt(i) != '_') {
        continue;
      }
      String branch = physical.substring(start.length(), i);
      String logical = physical.substring(i + 1);
      if (branch.matches("[A-Za-z0-9_]+") && (prefix(branch) + logical).equals(physical)) {
        out.add(new Reading(physical, branch, logical));
      }
    }
    return out;
  }

  /**
   * Whose draft {@code physical} is: of its {@link #readings}, the one whose logical schema exists ({@code exists}
   * says which names do), as a draft's base is created with it (Branch Resolution §2.4); where none exists, the only
   * reading there is; null when that cannot be told (two readings with existing schemas, or several with none).
   */
  public static Reading owner(String physical, java.util.function.Predicate<String> exists) {
    java.util.List<Reading> readings = readings(physical);
    Reading plausible = null;
    for (Reading r : readings) {
      if (exists.test(r.logical())) {
        if (plausible != null) {
          return null;
        }
        plausible = r;
      }
    }
    if (plausible != null) {
      return plausible;
    }
    return readings.size() == 1 ? readings.get(0) : null;
  }
}

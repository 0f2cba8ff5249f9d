package org.djbranch.driver.naming;

import java.util.function.UnaryOperator;

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

  /** A branch's draft names, recognised without regard to case (the {@code djbranch} command reads any catalog). */
  public DraftNames(String branch) {
    this(branch, null);
  }

  /**
   * A branch's draft names as one database names them: {@code branch} as that database stores it, and a physical
   * name recognised as a draft when it compares equal there ({@code key}: the backend's key of a schema name).
   */
  public DraftNames(String branch, UnaryOperator<String> key) {
    this.branch = branch;
    this.prefix = prefix(branch);
    this.key = key;
    this.prefixKey = key == null ? null : key.apply(prefix);
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

  /** The draft schema of a logical one: {@code br_<branch>_<schema>}. */
  public String draftOf(String logical) {
    return prefix + logical;
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
      if (branch.matches("[A-Za-z0-9_]+") && new DraftNames(branch).draftOf(logical).equals(physical)) {
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

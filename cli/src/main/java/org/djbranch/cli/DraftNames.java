package org.djbranch.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Draft schema names read backwards: {@code br_<branch>_<schema>} (spec 2.1) joins two names that may both hold
 * underscores, so one physical name can read as several (branch, schema) pairs — {@code br_x_audit_y_s} is branch
 * {@code x}'s draft of {@code audit_y_s} and branch {@code x_audit_y}'s draft of {@code s}.
 */
final class DraftNames {
  static final String PREFIX = "br_";

  private DraftNames() {}

  /** One way of reading a physical schema name as a draft. */
  record Reading(String draft, String branch, String logical) {
    @Override
    public String toString() {
      return "branch " + branch + "'s draft of " + logical;
    }
  }

  /** The draft schema of {@code logical} on {@code branch} (spec 2.1). */
  static String draft(String branch, String logical) {
    return PREFIX + branch + "_" + logical;
  }

  /** Every reading of {@code physical} as a draft, shortest branch first; none for a name not starting br_. */
  static List<Reading> readings(String physical) {
    List<Reading> out = new ArrayList<>();
    if (!physical.startsWith(PREFIX)) {
      return out;
    }
    for (int i = PREFIX.length() + 1; i < physical.length() - 1; i++) {
      if (physical.charAt(i) != '_') {
        continue;
      }
      String branch = physical.substring(PREFIX.length(), i);
      String logical = physical.substring(i + 1);
      if (branch.matches("[A-Za-z0-9_]+") && !logical.isEmpty()) {
        out.add(new Reading(physical, branch, logical));
      }
    }
    return out;
  }
}

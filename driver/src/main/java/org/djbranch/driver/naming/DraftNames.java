package org.djbranch.driver.naming;

/**
 * The one draft-name function (Branch Resolution §2.1): on branch {@code b}, logical schema {@code s} is realised
 * by the draft schema {@code br_<b>_<s>} beside it. Everything that derives, recognises or strips a draft name —
 * the layout, the SQLite backend's files, the {@code djbranch} command — asks this class.
 */
public final class DraftNames {
  private final String branch;
  private final String prefix;

  public DraftNames(String branch) {
    this.branch = branch;
    this.prefix = prefix(branch);
  }

  /** {@code br_<branch>_}: every draft schema of the branch starts with it. */
  public static String prefix(String branch) {
    return "br_" + branch + "_";
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

  /** Whether a schema name, written physically, is one of this branch's drafts. */
  public boolean isDraft(String schema) {
    return schema.startsWith(prefix);
  }

  /**
   * The logical schema a draft realises, or null when {@code schema} is not a draft of this branch. The prefix is
   * matched without regard to case: a catalog may list the name lower-cased (MySQL with
   * {@code lower_case_table_names}) where the branch was written in capitals.
   */
  public String logicalOf(String schema) {
    return schema.regionMatches(true, 0, prefix, 0, prefix.length()) && schema.length() > prefix.length()
        ? schema.substring(prefix.length()) : null;
  }
}

package org.djbranch.driver.naming;

/**
 * DataJoint's hidden tables: a name starting with {@code ~} ({@code ~lineage}, {@code ~~jobs}, and djbranch's own
 * {@code ~edge}, Branch Resolution §4.3) is a schema's bookkeeping, not one of its tables, and DataJoint lists none of
 * them. A draft holds its own, beside the pipeline's of the same names: they are the draft's, so a listing of the
 * logical schema shows the pipeline's alone, never the draft's as its tables or as copies the pipeline's shadow, and
 * nothing merges, promotes or draws them as tables of the branch.
 */
public final class HiddenTables {
  /** What every hidden table's name starts with. */
  public static final String PREFIX = "~";

  private HiddenTables() {}

  /** Whether {@code table} (as stored, or an index or sequence named after one) is a hidden table's. */
  public static boolean isHidden(String table) {
    return table != null && table.startsWith(PREFIX);
  }
}

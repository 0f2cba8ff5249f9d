package org.djbranch.driver.naming;

/**
 * DataJoint's part naming (Branch Resolution §3.4): a part table is named {@code <master>__<part>}, where the master's name may
 * carry a tier prefix ({@code #}, {@code _}, {@code __}, {@code ~}).
 */
public final class PartNames {
  private PartNames() {}

  /** The master's table name of a part table's name, or null when the name is not a part's. */
  public static String masterOf(String table) {
    int start = 0;
    while (start < table.length() && "_#~".indexOf(table.charAt(start)) >= 0) {
      start++;
    }
    int separator = table.indexOf("__", start);
    return separator > start && separator + 2 < table.length() ? table.substring(0, separator) : null;
  }
}

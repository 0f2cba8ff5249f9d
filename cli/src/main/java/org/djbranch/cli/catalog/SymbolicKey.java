package org.djbranch.cli.catalog;

import java.util.List;

/**
 * One foreign key of a draft table as its {@code ~edge} rows record it: the rows of one constraint, ordered by
 * {@code ordinal_position}, folded back into the constraint they stand for.
 */
public record SymbolicKey(String name, QualifiedName child, QualifiedName parent, List<String> columns,
    List<String> parentColumns, String updateRule, String deleteRule) {

  /** {@code (a, b) -> s.p (x, y)}: for listings. */
  public String describe() {
    return child.table() + " (" + String.join(", ", columns) + ") -> " + parent + " (" + String.join(", ", parentColumns)
        + ")";
  }
}

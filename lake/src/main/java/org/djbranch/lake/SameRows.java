package org.djbranch.lake;

import org.djbranch.lake.catalog.CatalogModel;
import org.djbranch.lake.read.RowDiff;

import java.sql.Connection;
import java.util.Optional;

/**
 * The second half of the nothing-changed rule: every table of the new catalog holds the same
 * rows, as a multiset, as the table of the same name in the parent ({@link RowDiff}). A table
 * that cannot be read counts as changed.
 */
final class SameRows {
  private SameRows() {
  }

  static boolean allTables(Connection duck, CatalogModel next, CatalogModel parent, String dataFolder) {
    for (CatalogModel.Table t : next.tables()) {
      String name = next.qualifiedName(t);
      Optional<CatalogModel.Table> old = parent.tables().stream()
          .filter(p -> parent.qualifiedName(p).equals(name)).findFirst();
      if (old.isEmpty()) {
        return false;
      }
      Optional<RowDiff.Counts> counts = RowDiff.of(duck, parent, old.get(), dataFolder, next, t, dataFolder);
      if (counts.isEmpty() || !counts.get().same()) {
        return false;
      }
    }
    return true;
  }
}

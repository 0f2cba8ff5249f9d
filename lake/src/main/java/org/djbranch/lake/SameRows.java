package org.djbranch.lake;

import org.djbranch.lake.catalog.CatalogModel;
import org.djbranch.lake.read.TableScanSql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The second half of the nothing-changed rule: every table of the new catalog holds the same
 * rows, as a multiset, as the table of the same name in the parent. Tables whose live files are
 * the same files are equal without reading; the others are read from Parquet and compared in
 * DuckDB ({@code EXCEPT ALL} both ways). A table that cannot be read counts as changed.
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
      if (fileSet(next, t).equals(fileSet(parent, old.get()))) {
        continue;
      }
      try {
        String a = TableScanSql.of(next, t, dataFolder, true);
        String b = TableScanSql.of(parent, old.get(), dataFolder, true);
        String sql = "WITH a AS (" + a + "), b AS (" + b + ") SELECT "
            + "(SELECT count(*) FROM (SELECT * FROM a EXCEPT ALL SELECT * FROM b)) + "
            + "(SELECT count(*) FROM (SELECT * FROM b EXCEPT ALL SELECT * FROM a))";
        try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery(sql)) {
          rs.next();
          if (rs.getLong(1) != 0) {
            return false;
          }
        }
      } catch (SQLException e) {
        return false;
      }
    }
    return true;
  }

  /** The files a table's rows come from at the snapshot, with what trims them. */
  private static List<String> fileSet(CatalogModel model, CatalogModel.Table table) {
    List<String> files = new ArrayList<>();
    for (CatalogModel.DataFile f : model.dataFiles(table.id())) {
      StringBuilder entry = new StringBuilder(model.pathOf(table, f.path(), f.pathIsRelative()).path());
      if (f.partialMax() != null && f.partialMax() > model.snapshotId()) {
        entry.append(" until ").append(model.snapshotId());
      }
      model.deleteFiles(f.id()).forEach(d -> entry.append(" minus ").append(d.path()));
      files.add(entry.toString());
    }
    files.sort(null);
    return files;
  }
}

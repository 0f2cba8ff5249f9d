package org.djbranch.lake.read;

import org.djbranch.lake.catalog.CatalogModel;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How the rows of one table differ between two catalogs, as multisets (lake-writing.md, "When
 * nothing changed"): a table whose live files (with their delete files and snapshot bounds) are
 * the same files is the same, unread; otherwise both are read from Parquet and compared in
 * DuckDB with {@code EXCEPT ALL} both ways, the counts being the rows only the newer holds
 * (added) and only the older holds (removed). The one comparison commit, status and diff use.
 */
public final class RowDiff {
  /** Rows only in the newer table, rows only in the older one. */
  public record Counts(long added, long removed) {
    public static final Counts NONE = new Counts(0, 0);

    public boolean same() {
      return added == 0 && removed == 0;
    }
  }

  private RowDiff() {
  }

  /**
   * The counts, or empty when a table cannot be read or the two have different columns (which
   * counts as changed).
   *
   * @param oldData where the older catalog's data files are, ending with '/' (and {@code newData} the newer's);
   *                both catalogs belong to one repository
   */
  public static Optional<Counts> of(Connection duck, CatalogModel older, CatalogModel.Table oldTable, String oldData,
                                    CatalogModel newer, CatalogModel.Table newTable, String newData) {
    // Data files are written once: the same paths of one repository are the same rows.
    if (fileSet(older, oldTable).equals(fileSet(newer, newTable))) {
      return Optional.of(Counts.NONE);
    }
    try {
      String a = TableScanSql.of(newer, newTable, newData, true);
      String b = TableScanSql.of(older, oldTable, oldData, true);
      String sql = "WITH a AS (" + a + "), b AS (" + b + ") SELECT "
          + "(SELECT count(*) FROM (SELECT * FROM a EXCEPT ALL SELECT * FROM b)), "
          + "(SELECT count(*) FROM (SELECT * FROM b EXCEPT ALL SELECT * FROM a))";
      try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery(sql)) {
        rs.next();
        return Optional.of(new Counts(rs.getLong(1), rs.getLong(2)));
      }
    } catch (SQLException e) {
      return Optional.empty();
    }
  }

  /** The number of rows of a table at its catalog's snapshot, or empty when it cannot be read. */
  public static Optional<Long> count(Connection duck, CatalogModel model, CatalogModel.Table table, String data) {
    try (Statement s = duck.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM (" + TableScanSql.of(model, table, data, true) + ")")) {
      rs.next();
      return Optional.of(rs.getLong(1));
    } catch (SQLException e) {
      return Optional.empty();
    }
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

package org.djbranch.lake.read;

import org.djbranch.lake.catalog.CatalogModel;
import org.djbranch.lake.catalog.DuckLakeTypes;
import org.djbranch.lake.util.LakeException;
import org.djbranch.lake.util.Sql;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The DuckDB query that yields a DuckLake table's rows at a catalog's snapshot from its Parquet
 * files alone: columns matched by field id (a renamed column still reads), columns added later
 * filled with their {@code initial_default}, rows named by the file's delete files left out,
 * and, in a file holding rows of several snapshots ({@code partial_max}), rows of later
 * snapshots left out.
 */
public final class TableScanSql {
  /** Field id DuckLake gives the per-row snapshot column of files with {@code partial_max}. */
  static final long SNAPSHOT_FIELD_ID = 2147483539L;

  private TableScanSql() {
  }

  /**
   * @param dataFolder where data_path points, as DuckDB should open it, ending with '/'
   * @param byName     order the columns by name (for comparisons) instead of by column order
   */
  public static String of(CatalogModel model, CatalogModel.Table table, String dataFolder, boolean byName)
      throws LakeException {
    List<CatalogModel.Column> columns = new ArrayList<>(model.topLevelColumns(table.id()));
    if (byName) {
      columns.sort(Comparator.comparing(CatalogModel.Column::name));
    }
    String select = columns.stream().map(c -> Sql.ident(c.name())).collect(Collectors.joining(", "));
    List<String> parts = new ArrayList<>();
    for (CatalogModel.DataFile file : model.dataFiles(table.id())) {
      if (file.mappingId() != null) {
        throw new LakeException("data file " + file.path() + " of table " + model.qualifiedName(table)
            + " maps columns by name (mapping_id " + file.mappingId() + "), which this reader does not "
            + "support yet", LakeException.UNSUPPORTED);
      }
      parts.add(fileScan(model, table, file, columns, select, dataFolder));
    }
    if (parts.isEmpty()) {
      List<String> nulls = new ArrayList<>();
      for (CatalogModel.Column c : columns) {
        nulls.add("CAST(NULL AS " + DuckLakeTypes.of(model, c) + ") AS " + Sql.ident(c.name()));
      }
      String empty = String.join(", ", nulls);
      return "SELECT " + (empty.isEmpty() ? "1 AS \"_empty\"" : empty) + " WHERE false";
    }
    return String.join("\nUNION ALL\n", parts);
  }

  private static String fileScan(CatalogModel model, CatalogModel.Table table, CatalogModel.DataFile file,
                   List<CatalogModel.Column> columns, String select, String dataFolder) throws LakeException {
    StringBuilder schema = new StringBuilder("MAP {");
    boolean first = true;
    for (CatalogModel.Column c : columns) {
      schema.append(first ? "" : ", ").append(c.id()).append(": {name: ").append(Sql.literal(c.name()))
          .append(", type: ").append(Sql.literal(DuckLakeTypes.of(model, c))).append(", default_value: ")
          .append(c.initialDefault() == null ? "NULL"
              : "CAST(" + Sql.literal(c.initialDefault()) + " AS " + DuckLakeTypes.of(model, c) + ")")
          .append('}');
      first = false;
    }
    boolean laterRows = file.partialMax() != null && file.partialMax() > model.snapshotId();
    if (laterRows) {
      schema.append(first ? "" : ", ").append(SNAPSHOT_FIELD_ID)
          .append(": {name: '_ducklake_snapshot', type: 'BIGINT', default_value: NULL}");
    }
    schema.append('}');
    String path = location(model.pathOf(table, file.path(), file.pathIsRelative()), dataFolder);
    StringBuilder sql = new StringBuilder("SELECT ").append(select.isEmpty() ? "1 AS \"_empty\"" : select)
        .append(" FROM read_parquet(").append(Sql.literal(path)).append(", schema = ").append(schema)
        .append(", file_row_number = true)");
    List<String> where = new ArrayList<>();
    List<CatalogModel.DeleteFile> deletes = model.deleteFiles(file.id());
    if (!deletes.isEmpty()) {
      String list = deletes.stream().map(d -> Sql.literal(location(model.pathOf(table, d.path(), d.pathIsRelative()), dataFolder)))
          .collect(Collectors.joining(", "));
      where.add("file_row_number NOT IN (SELECT pos FROM read_parquet([" + list + "]))");
    }
    if (laterRows) {
      where.add("\"_ducklake_snapshot\" <= " + model.snapshotId());
    }
    if (!where.isEmpty()) {
      sql.append(" WHERE ").append(String.join(" AND ", where));
    }
    return sql.toString();
  }

  /** A recorded path as DuckDB opens it: absolute ones as they are, relative ones under the data folder. */
  static String location(CatalogModel.FilePath path, String dataFolder) {
    return path.absolute() ? path.path() : dataFolder + path.path();
  }
}

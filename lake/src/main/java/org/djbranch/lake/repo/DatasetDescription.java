package org.djbranch.lake.repo;

import java.util.List;

/**
 * {@code versions/<ID>/dataset.json}: the dataset a version holds, as a reader sees it — every
 * table with its columns and types, every view with its SQL, sorted by schema and name. It
 * names no snapshot, file or time, so two versions holding the same data describe it in the
 * same bytes (the nothing-changed rule compares its SHA-256 with the parent's).
 */
public record DatasetDescription(String format, List<Table> tables, List<View> views) {
  public static final String FORMAT = "djbranch-lake/dataset";

  public record Table(String schema, String name, List<Column> columns) {
  }

  /** {@code type} is DuckLake's type name ({@code int32}, {@code varchar}, {@code decimal(9,2)}, ...). */
  public record Column(String name, String type, boolean nullable) {
  }

  public record View(String schema, String name, String dialect, String sql) {
  }
}

package org.djbranch.lake.catalog;

import java.util.List;
import java.util.Optional;

/** One {@code ducklake_*} table of a catalog: its columns with declared types, and its primary key. */
public record BookkeepingTable(String name, List<Column> columns, List<String> primaryKey) {

  public record Column(String name, String type) {
  }

  public Optional<Column> column(String columnName) {
    return columns.stream().filter(c -> c.name().equalsIgnoreCase(columnName)).findFirst();
  }

  public boolean has(String columnName) {
    return column(columnName).isPresent();
  }
}

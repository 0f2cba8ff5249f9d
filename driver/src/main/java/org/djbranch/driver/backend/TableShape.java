package org.djbranch.driver.backend;

import java.util.HashSet;
import java.util.List;

/** What a name collision is judged by (Branch Resolution §3.5): the primary key in order and the set of column names. */
public record TableShape(List<String> columns, List<String> primaryKey) {
  public TableShape {
    columns = List.copyOf(columns);
    primaryKey = List.copyOf(primaryKey);
  }

  /** Equal primary keys in order and equal column sets, column names compared as {@code backend} compares them. */
  public boolean sameAs(TableShape other, Backend backend) {
    return normalized(primaryKey, backend).equals(normalized(other.primaryKey, backend))
        && new HashSet<>(normalized(columns, backend)).equals(new HashSet<>(normalized(other.columns, backend)));
  }

  private static List<String> normalized(List<String> names, Backend backend) {
    return names.stream().map(backend::columnKey).toList();
  }

  @Override
  public String toString() {
    return "primary key " + primaryKey + ", columns " + columns;
  }
}

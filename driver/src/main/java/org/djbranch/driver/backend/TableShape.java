package org.djbranch.driver.backend;

import java.util.HashSet;
import java.util.List;

/** What a name collision is judged by (spec 3.5): the primary key in order and the set of column names. */
public record TableShape(List<String> columns, List<String> primaryKey) {
  public TableShape {
    columns = List.copyOf(columns);
    primaryKey = List.copyOf(primaryKey);
  }

  /** Equal primary keys in order and equal column sets, names compared as {@code caseInsensitive} says. */
  public boolean sameAs(TableShape other, boolean caseInsensitive) {
    return normalized(primaryKey, caseInsensitive).equals(normalized(other.primaryKey, caseInsensitive))
        && new HashSet<>(normalized(columns, caseInsensitive))
            .equals(new HashSet<>(normalized(other.columns, caseInsensitive)));
  }

  private static List<String> normalized(List<String> names, boolean caseInsensitive) {
    return caseInsensitive ? names.stream().map(Backend::lower).toList() : names;
  }

  @Override
  public String toString() {
    return "primary key " + primaryKey + ", columns " + columns;
  }
}

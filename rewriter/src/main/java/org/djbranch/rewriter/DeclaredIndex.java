package org.djbranch.rewriter;

import java.util.List;

/**
 * An index a CREATE TABLE declares beside its primary key: a UNIQUE constraint, a MySQL {@code KEY}/{@code INDEX}.
 * {@code name} null where none is written; columns as the database stores them.
 */
public record DeclaredIndex(String name, List<String> columns) {
  public DeclaredIndex {
    columns = List.copyOf(columns);
  }
}

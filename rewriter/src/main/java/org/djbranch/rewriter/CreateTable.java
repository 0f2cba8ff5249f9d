package org.djbranch.rewriter;

import java.util.List;

/**
 * The structure of a CREATE TABLE: its name, column names in order, primary key in order, foreign keys as declared,
 * and the other indexes it declares (UNIQUE, MySQL's KEY and INDEX). {@code temporary}: a TEMP or TEMPORARY table,
 * the session's own (in a schema of temporary tables, or shadowing a table of its name for the session alone, as
 * MySQL does), in no schema the pipeline holds.
 */
public record CreateTable(TableRef table, boolean ifNotExists, List<String> columns,
              List<String> primaryKey, List<ForeignKey> foreignKeys, List<DeclaredIndex> indexes, boolean temporary) {
  public CreateTable {
    columns = List.copyOf(columns);
    primaryKey = List.copyOf(primaryKey);
    foreignKeys = List.copyOf(foreignKeys);
    indexes = List.copyOf(indexes);
  }
}

package org.djbranch.rewriter;

import java.util.List;

/**
 * The structure of a CREATE TABLE: its name, column names in order, primary key in order, foreign keys as declared,
 * and the other indexes it declares (UNIQUE, MySQL's KEY and INDEX).
 */
public record CreateTable(TableRef table, boolean ifNotExists, List<String> columns,
              List<String> primaryKey, List<ForeignKey> foreignKeys, List<DeclaredIndex> indexes) {
  public CreateTable {
    columns = List.copyOf(columns);
    primaryKey = List.copyOf(primaryKey);
    foreignKeys = List.copyOf(foreignKeys);
    indexes = List.copyOf(indexes);
  }
}

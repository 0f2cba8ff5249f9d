package org.djbranch.rewriter;

import java.util.List;

/**
 * One foreign key as declared. start/end: the span to cut out so the statement stays valid without it: for a
 * table-level constraint the element with its leading (or trailing) comma and any CONSTRAINT name; for a
 * column-level REFERENCES clause just "REFERENCES p(c) ON ...". onDelete/onUpdate: "CASCADE", "RESTRICT",
 * "NO ACTION", "SET NULL", "SET DEFAULT", or null when not written. The constraint's name, its MySQL index name
 * ({@code FOREIGN KEY idx (a)}, else null) and the column names as the database stores them: quoted exactly,
 * unquoted folded as the dialect folds them.
 */
public record ForeignKey(String name, List<String> columns, TableRef parent,
             List<String> parentColumns, String onDelete, String onUpdate, int start, int end, String indexName) {
  public ForeignKey {
    columns = List.copyOf(columns);
    parentColumns = List.copyOf(parentColumns);
  }

  /** A key written without a MySQL index name. */
  public ForeignKey(String name, List<String> columns, TableRef parent, List<String> parentColumns, String onDelete,
      String onUpdate, int start, int end) {
    this(name, columns, parent, parentColumns, onDelete, onUpdate, start, end, null);
  }
}

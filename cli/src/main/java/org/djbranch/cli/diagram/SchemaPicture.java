package org.djbranch.cli.diagram;

import java.util.List;

/**
 * What a diagram shows: the logical schemas as a connection's metadata presents them, each table marked as the
 * pipeline's or the branch's draft, and every foreign key marked as a real constraint or a symbolic edge.
 *
 * @param title what the picture is of: the database and trunk or the branch
 * @param schemas one cluster each, in the order asked for
 * @param keys every foreign key among the tables drawn
 */
public record SchemaPicture(String title, List<Schema> schemas, List<Key> keys) {

  /** A logical schema; {@code draft} is the physical schema holding the branch's tables, null on trunk. */
  public record Schema(String name, String draft, List<Table> tables) {}

  /** Where a table lives: the pipeline's schema, or the branch's draft of it. */
  public enum Kind {
    /** A table the pipeline holds, unchanged on the branch. */
    PIPELINE,
    /** A table the branch declared. */
    DRAFT,
    /** A pipeline table the branch changed: drawn as the branch's own copy of it. */
    CHANGED
  }

  public record Table(String schema, String name, Kind kind, List<Column> columns) {
    /** {@code schema.name}: how keys refer to the table. */
    public String id() {
      return schema + "." + name;
    }
  }

  /** {@code primaryKey}: the column is part of the table's primary key. */
  public record Column(String name, String type, boolean primaryKey) {}

  /**
   * A foreign key from {@code child}'s {@code columns} to {@code parent}'s; {@code symbolic} when it is a row of a
   * draft's {@code ~edge} table rather than a constraint the database holds.
   */
  public record Key(String name, String child, String parent, List<String> columns, List<String> parentColumns,
      boolean symbolic) {}

  public int tableCount() {
    return schemas.stream().mapToInt(s -> s.tables().size()).sum();
  }
}

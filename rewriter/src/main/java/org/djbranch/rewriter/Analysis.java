package org.djbranch.rewriter;

import java.util.List;

/** What the analyzer found in one statement: its kind, every table reference with its span, and DDL structure. */
public final class Analysis {
  private final StatementKind kind;
  private final List<TableRef> tables;
  private final TableRef target;
  private final CreateTable createTable;
  private final List<ForeignKey> addedForeignKeys;
  private final String droppedSchema;
  private final TableRef renamedTo;
  private final boolean fromFallback;
  private final boolean droppedSchemaExact;
  private final List<TableRename> renames;
  private final List<DroppedConstraint> droppedConstraints;
  private final List<RenamedColumn> renamedColumns;
  private final boolean cascade;
  private final List<SelectItemSpan> unaliasedItems;

  Analysis(StatementKind kind, List<TableRef> tables, TableRef target, CreateTable createTable,
       List<ForeignKey> addedForeignKeys, String droppedSchema, TableRef renamedTo, boolean fromFallback) {
    this(kind, tables, target, createTable, addedForeignKeys, droppedSchema, false, renamedTo, fromFallback);
  }

  Analysis(StatementKind kind, List<TableRef> tables, TableRef target, CreateTable createTable,
       List<ForeignKey> addedForeignKeys, String droppedSchema, boolean droppedSchemaExact, TableRef renamedTo,
       boolean fromFallback) {
    this(kind, tables, target, createTable, addedForeignKeys, droppedSchema, droppedSchemaExact, renamedTo,
        fromFallback, renamedTo == null || target == null ? List.of() : List.of(new TableRename(target, renamedTo)),
        List.of(), List.of(), false, List.of());
  }

  private Analysis(StatementKind kind, List<TableRef> tables, TableRef target, CreateTable createTable,
       List<ForeignKey> addedForeignKeys, String droppedSchema, boolean droppedSchemaExact, TableRef renamedTo,
       boolean fromFallback, List<TableRename> renames, List<DroppedConstraint> droppedConstraints,
       List<RenamedColumn> renamedColumns, boolean cascade, List<SelectItemSpan> unaliasedItems) {
    this.unaliasedItems = List.copyOf(unaliasedItems);
    this.renames = List.copyOf(renames);
    this.droppedConstraints = List.copyOf(droppedConstraints);
    this.renamedColumns = List.copyOf(renamedColumns);
    this.cascade = cascade;
    this.droppedSchemaExact = droppedSchemaExact;
    this.kind = kind;
    this.tables = List.copyOf(tables);
    this.target = target;
    this.createTable = createTable;
    this.addedForeignKeys = List.copyOf(addedForeignKeys);
    this.droppedSchema = droppedSchema;
    this.renamedTo = renamedTo;
    this.fromFallback = fromFallback;
  }

  public StatementKind kind() {
    return kind;
  }

  /** Every table reference in the text, in text order (never CTE names nor aliases). */
  public List<TableRef> tables() {
    return tables;
  }

  /** DDL: the object created/altered/dropped/truncated/renamed/commented; null otherwise. */
  public TableRef target() {
    return target;
  }

  /** kind == CREATE_TABLE, else null. */
  public CreateTable createTable() {
    return createTable;
  }

  /** ALTER TABLE ... ADD [CONSTRAINT x] FOREIGN KEY ...; empty otherwise. */
  public List<ForeignKey> addedForeignKeys() {
    return addedForeignKeys;
  }

  /** The dropped schema as the database stores it: an unquoted name folded as the dialect folds it. */
  Analysis withDroppedSchemaStored(Dialect dialect) {
    if (droppedSchema == null || droppedSchemaExact) {
      return this;
    }
    return new Analysis(kind, tables, target, createTable, addedForeignKeys, dialect.fold(droppedSchema), true,
        renamedTo, fromFallback, renames, droppedConstraints, renamedColumns, cascade, unaliasedItems);
  }

  /**
   * With what the statement changes besides its target: the renames of {@code RENAME TABLE a TO b, c TO d} (the
   * first pair is target and renamedTo; empty keeps the one pair of ALTER TABLE ... RENAME TO), the constraints and
   * columns an ALTER TABLE drops and renames, and DROP ... CASCADE.
   */
  Analysis withAlterations(List<TableRename> pairs, List<DroppedConstraint> dropped, List<RenamedColumn> columns,
      boolean dropCascade) {
    return new Analysis(kind, tables, target, createTable, addedForeignKeys, droppedSchema, droppedSchemaExact,
        renamedTo, fromFallback, pairs.isEmpty() ? renames : pairs, dropped, columns, dropCascade, unaliasedItems);
  }

  /**
   * As this analysis, each table the statement reads taken as written: a query whose rows the wrapped driver may
   * change itself (an updatable result set's {@code updateRow}, {@code insertRow}, {@code deleteRow}).
   */
  public Analysis readsWritten() {
    List<TableRef> written = tables.stream()
        .map(r -> r.role() == TableRef.Role.READ ? r.withRole(TableRef.Role.WRITE) : r).toList();
    return new Analysis(kind, written, target, createTable, addedForeignKeys, droppedSchema, droppedSchemaExact,
        renamedTo, fromFallback, renames, droppedConstraints, renamedColumns, cascade, unaliasedItems);
  }

  /** With the select items written without an alias that may be labelled by their text. */
  Analysis withUnaliasedItems(List<SelectItemSpan> items) {
    return new Analysis(kind, tables, target, createTable, addedForeignKeys, droppedSchema, droppedSchemaExact,
        renamedTo, fromFallback, renames, droppedConstraints, renamedColumns, cascade, items);
  }

  /**
   * The select items written without an alias (in any select list of the statement, and RETURNING) that are neither a
   * column nor {@code *}, in no particular order: the ones a database may label by their text.
   */
  List<SelectItemSpan> unaliasedItems() {
    return unaliasedItems;
  }

  /** DROP SCHEMA / DROP DATABASE name, as the database stores it (quotes removed, unquoted names folded), else null. */
  public String droppedSchema() {
    return droppedSchema;
  }

  /** ALTER TABLE .. RENAME TO / RENAME TABLE a TO b: the new name; else null. */
  public TableRef renamedTo() {
    return renamedTo;
  }

  /**
   * The tables renamed, in the order the database renames them: one pair for ALTER TABLE ... RENAME TO, each pair
   * of RENAME TABLE; empty otherwise.
   */
  public List<TableRename> renames() {
    return renames;
  }

  /** ALTER TABLE ... DROP CONSTRAINT / DROP FOREIGN KEY, in order; empty otherwise. */
  public List<DroppedConstraint> droppedConstraints() {
    return droppedConstraints;
  }

  /** ALTER TABLE ... RENAME COLUMN a TO b (MySQL: CHANGE a b ...), in order; empty otherwise. */
  public List<RenamedColumn> renamedColumns() {
    return renamedColumns;
  }

  /** DROP ... CASCADE: the dependent objects go too, where the database drops them. */
  public boolean cascade() {
    return cascade;
  }

  /** True when JSqlParser could not parse the statement and the token-level DDL reader produced this analysis. */
  public boolean fromFallback() {
    return fromFallback;
  }

  @Override
  public String toString() {
    return kind + " " + tables + (createTable != null ? " " + createTable : "") + (addedForeignKeys.isEmpty() ? "" : " +" + addedForeignKeys);
  }
}

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

  Analysis(StatementKind kind, List<TableRef> tables, TableRef target, CreateTable createTable,
       List<ForeignKey> addedForeignKeys, String droppedSchema, TableRef renamedTo, boolean fromFallback) {
    this(kind, tables, target, createTable, addedForeignKeys, droppedSchema, false, renamedTo, fromFallback);
  }

  Analysis(StatementKind kind, List<TableRef> tables, TableRef target, CreateTable createTable,
       List<ForeignKey> addedForeignKeys, String droppedSchema, boolean droppedSchemaExact, TableRef renamedTo,
       boolean fromFallback) {
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
        renamedTo, fromFallback);
  }

  /** DROP SCHEMA / DROP DATABASE name, as the database stores it (quotes removed, unquoted names folded), else null. */
  public String droppedSchema() {
    return droppedSchema;
  }

  /** ALTER TABLE .. RENAME TO / RENAME TABLE a TO b: the new name; else null. */
  public TableRef renamedTo() {
    return renamedTo;
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

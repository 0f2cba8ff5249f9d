package org.djbranch.driver.ddl;

import org.djbranch.rewriter.StatementKind;

/**
 * How each kind of DDL is treated on a branch: the one table both {@link Declarations#run} (execute) and
 * {@link Declarations#prepare} read, so a statement is refused, rewritten or declared alike however it is sent. Each
 * kind has its planner; {@link Declarations} switches over this enum in switch expressions, so a kind without a
 * planner does not compile.
 */
enum DdlKind {
  /** CREATE TABLE: binding, ~edge rows, schemas (Branch Resolution §3, §4): {@link CreateTablePlanner}. */
  DECLARE_TABLE(true),
  /** ALTER TABLE: refused on a pipeline table; on a draft table its keys become ~edge rows: {@link AlterTablePlanner}. */
  ALTER_TABLE(true),
  /** DROP TABLE / VIEW: refused on a pipeline table; a draft table's ~edge rows go with it: {@link DropPlanner}. */
  DROP(true),
  /** CREATE VIEW / SEQUENCE / TYPE: a new object lands in the draft: {@link ObjectPlanner}. */
  CREATE_OBJECT(true),
  /** RENAME TABLE: refused on a pipeline table; a draft table is renamed in the draft: {@link RenamePlanner}. */
  RENAME(true),
  /** TRUNCATE, COMMENT, CREATE / DROP / ALTER INDEX: refused on a pipeline table, else rewritten: {@link ObjectPlanner}. */
  CHANGE_EXISTING(false),
  /** CREATE / DROP TRIGGER, where the backend contains triggers (else refused first): {@link TriggerPlanner}. */
  TRIGGER(true),
  /** DROP / ALTER / COMMENT ON a type, domain or sequence named alone: {@link NamedObjectPlanner}. */
  NAMED_OBJECT(true),
  /** DROP SCHEMA: refused on a logical schema (Branch Resolution §5.7): {@link ObjectPlanner}. */
  DROP_SCHEMA(false),
  /** Any other DDL: physical names put in, nothing refused. */
  OTHER(false);

  /** Whether it takes several steps, so a prepared one is kept and run through {@link Declarations#run} when executed. */
  final boolean steps;

  DdlKind(boolean steps) {
    this.steps = steps;
  }

  static DdlKind of(StatementKind kind) {
    switch (kind) {
      case CREATE_TABLE:
        return DECLARE_TABLE;
      case ALTER_TABLE:
        return ALTER_TABLE;
      case DROP_TABLE:
      case DROP_VIEW:
        return DROP;
      case CREATE_VIEW:
      case CREATE_SEQUENCE:
      case CREATE_TYPE:
        return CREATE_OBJECT;
      case RENAME:
        return RENAME;
      case TRUNCATE:
      case COMMENT:
      case CREATE_INDEX:
      case DROP_INDEX:
      case ALTER_INDEX:
        return CHANGE_EXISTING;
      case OBJECT_CHANGE:
        return NAMED_OBJECT;
      case DROP_SCHEMA:
        return DROP_SCHEMA;
      case CREATE_TRIGGER:
      case DROP_TRIGGER:
        return TRIGGER;
      default:
        return OTHER;
    }
  }
}

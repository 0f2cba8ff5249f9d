package org.djbranch.rewriter;

/** What a statement does, as far as branch resolution cares. */
public enum StatementKind {
  SELECT, INSERT, UPDATE, DELETE, MERGE, UPSERT,
  CREATE_TABLE, CREATE_VIEW, CREATE_INDEX, CREATE_SEQUENCE, CREATE_TYPE, CREATE_OTHER,
  ALTER_TABLE, DROP_TABLE, DROP_VIEW, DROP_INDEX, DROP_SCHEMA, DROP_OTHER,
  TRUNCATE, RENAME, COMMENT, CREATE_TRIGGER, DROP_TRIGGER, ALTER_INDEX, OBJECT_CHANGE, OTHER;

  public boolean isDdl() {
    return ordinal() >= CREATE_TABLE.ordinal() && this != OTHER;
  }
}

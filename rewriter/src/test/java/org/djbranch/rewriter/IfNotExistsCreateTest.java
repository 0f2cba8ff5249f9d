package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class IfNotExistsCreateTest {
  @Test
  void readsTheSchemaOrIndexAnIfNotExistsCreateNames() {
    IfNotExistsCreate schema = IfNotExistsCreate.read("create schema if not exists proj_ephys", Dialect.POSTGRESQL);
    assertEquals(IfNotExistsCreate.Kind.SCHEMA, schema.kind());
    assertEquals("proj_ephys", schema.name().name());
    IfNotExistsCreate database = IfNotExistsCreate.read("CREATE DATABASE IF NOT EXISTS `Lab`", Dialect.MYSQL);
    assertEquals("Lab", database.name().name());
    assertEquals(true, database.name().quoted());
    IfNotExistsCreate index = IfNotExistsCreate.read("CREATE UNIQUE INDEX IF NOT EXISTS \"subject_name\" ON s.subject"
        + " (name)", Dialect.POSTGRESQL);
    assertEquals(IfNotExistsCreate.Kind.INDEX, index.kind());
    assertEquals("subject_name", index.name().name());
    assertEquals("s", IfNotExistsCreate.read("CREATE INDEX IF NOT EXISTS s.i ON t (c)", Dialect.SQLITE).name().schema());
  }

  @Test
  void readsTheViewOrSequenceAnIfNotExistsCreateNames() throws Exception {
    IfNotExistsCreate view = IfNotExistsCreate.read("CREATE VIEW IF NOT EXISTS s.v AS SELECT 1", Dialect.DUCKDB);
    assertEquals(IfNotExistsCreate.Kind.VIEW, view.kind());
    assertEquals("v", view.name().name());
    assertEquals(IfNotExistsCreate.Kind.VIEW, IfNotExistsCreate.read("create materialized view if not exists s.mv as"
        + " select 1", Dialect.POSTGRESQL).kind());
    for (Dialect d : Dialect.values()) {
      String sql = "CREATE SEQUENCE IF NOT EXISTS s.seq START WITH 5 INCREMENT BY 50";
      IfNotExistsCreate sequence = IfNotExistsCreate.read(sql, d);
      assertEquals(IfNotExistsCreate.Kind.SEQUENCE, sequence.kind(), d.name());
      assertEquals("s", sequence.name().schema());
      // the parser cannot read the three words: it is given the statement without them, at the same offsets
      Analysis a = Analyzer.analyze(sql, d);
      assertEquals(StatementKind.CREATE_SEQUENCE, a.kind(), d.name());
      assertEquals("s.seq", sql.substring(a.target().start(), a.target().end()), d.name());
    }
    assertNull(IfNotExistsCreate.read("CREATE TEMP SEQUENCE IF NOT EXISTS q", Dialect.POSTGRESQL), "the session's");
  }

  @Test
  void anythingElseIsNotOne() {
    assertNull(IfNotExistsCreate.read("CREATE SCHEMA proj_ephys", Dialect.POSTGRESQL), "no IF NOT EXISTS");
    assertNull(IfNotExistsCreate.read("CREATE INDEX IF NOT EXISTS ON s.t (c)", Dialect.POSTGRESQL), "no name");
    assertNull(IfNotExistsCreate.read("CREATE SCHEMA IF NOT EXISTS AUTHORIZATION alice", Dialect.POSTGRESQL));
    assertNull(IfNotExistsCreate.read("CREATE TABLE IF NOT EXISTS s.t (id INT)", Dialect.POSTGRESQL));
    assertNull(IfNotExistsCreate.read("SELECT 1", Dialect.POSTGRESQL));
  }
}

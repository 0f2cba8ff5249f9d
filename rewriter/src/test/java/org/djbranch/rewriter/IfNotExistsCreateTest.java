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
  void anythingElseIsNotOne() {
    assertNull(IfNotExistsCreate.read("CREATE SCHEMA proj_ephys", Dialect.POSTGRESQL), "no IF NOT EXISTS");
    assertNull(IfNotExistsCreate.read("CREATE INDEX IF NOT EXISTS ON s.t (c)", Dialect.POSTGRESQL), "no name");
    assertNull(IfNotExistsCreate.read("CREATE SCHEMA IF NOT EXISTS AUTHORIZATION alice", Dialect.POSTGRESQL));
    assertNull(IfNotExistsCreate.read("CREATE TABLE IF NOT EXISTS s.t (id INT)", Dialect.POSTGRESQL));
    assertNull(IfNotExistsCreate.read("SELECT 1", Dialect.POSTGRESQL));
  }
}

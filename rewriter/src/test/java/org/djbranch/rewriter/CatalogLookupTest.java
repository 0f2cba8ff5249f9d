package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class CatalogLookupTest {
  /** Flyway's question whether its history table exists, as Flyway sends it on PostgreSQL. */
  private static final String FLYWAY = "SELECT EXISTS (\n  SELECT 1\n  FROM   pg_catalog.pg_class c\n"
      + "  JOIN   pg_catalog.pg_namespace n ON n.oid = c.relnamespace\n  WHERE  n.nspname = ?\n"
      + "  AND    c.relname = ?\n  AND    c.relkind = 'r'\n)";

  @Test
  void readsWhichParametersNameTheSchemaAndTheRelation() {
    assertEquals(new CatalogLookup(1, 2), CatalogLookup.read(FLYWAY, Dialect.POSTGRESQL));
    assertEquals(new CatalogLookup(3, 2), CatalogLookup.read("SELECT c.oid FROM pg_class c, pg_namespace n WHERE"
        + " c.relkind = ? AND c.relname=? AND n.oid = c.relnamespace AND n.nspname=?", Dialect.POSTGRESQL));
    assertEquals(new CatalogLookup(1, 2), CatalogLookup.read("select n.nspname, c.relname from PG_NAMESPACE n join"
        + " PG_CLASS c on c.relnamespace = n.oid where NSPNAME = ? and RELNAME = ? order by c.relname",
        Dialect.POSTGRESQL), "selected and ordered by: only the comparisons count");
  }

  @Test
  void anythingElseIsNotALookupOfOneRelation() {
    assertNull(CatalogLookup.read(FLYWAY, Dialect.MYSQL), "PostgreSQL's catalog");
    assertNull(CatalogLookup.read("SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
        + " ON n.oid = c.relnamespace WHERE n.nspname = ?", Dialect.POSTGRESQL), "a listing of a schema");
    assertNull(CatalogLookup.read("SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
        + " ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relname = ?", Dialect.POSTGRESQL),
        "a schema written as a literal");
    assertNull(CatalogLookup.read("SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
        + " WHERE n.nspname = ? AND c.relname = ? OR n.nspname = ?", Dialect.POSTGRESQL), "two schemas");
    assertNull(CatalogLookup.read("SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
        + " WHERE n.nspname = $1 AND c.relname = $2", Dialect.POSTGRESQL), "numbered parameters");
    assertNull(CatalogLookup.read("SELECT relname FROM my_tables WHERE nspname = ? AND relname = ?",
        Dialect.POSTGRESQL), "not the catalog");
    assertNull(CatalogLookup.read("SELECT * FROM s.t WHERE id = ?", Dialect.POSTGRESQL));
  }
}

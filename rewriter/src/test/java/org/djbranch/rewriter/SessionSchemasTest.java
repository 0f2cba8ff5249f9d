package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionSchemasTest {
  private static List<String> stored(String sql, Dialect d) {
    return SessionSchemas.names(sql, d).stream().map(SessionSchemas.Name::stored).toList();
  }

  @Test
  void readsTheNamesAsTheDatabaseStoresThem() {
    assertEquals(List.of("search_path", "to", "br_b_s", "S", "public"),
        stored("SET search_path TO BR_B_S, \"S\", public", Dialect.POSTGRESQL));
    assertEquals(List.of("br_b_s"), stored("USE `br_b_s`", Dialect.MYSQL));
    assertEquals(List.of("schema", "br_b_s"), stored("SET schema = 'br_b_s'", Dialect.DUCKDB));
  }

  @Test
  void aSearchPathSettingIsReadEntryByEntry() {
    // PostgreSQL's setting: quoted entries exactly, unquoted folded (A to Z only), an unquoted dot part of the name.
    assertEquals(List.of(List.of("$user"), List.of("public"), List.of("X y"), List.of("a.b"), List.of("Émile")),
        SessionSchemas.pathEntries("\"$user\", PUBLIC , \"X y\",a.b, ÉMILE", Dialect.POSTGRESQL, false));
    assertEquals(List.of(List.of("say \"hi\""), List.of("x,y")),
        SessionSchemas.pathEntries("\"say \"\"hi\"\"\", \"x,y\"", Dialect.POSTGRESQL, false));
    assertEquals(List.of(), SessionSchemas.pathEntries("\"\"", Dialect.POSTGRESQL, false));
    assertEquals(List.of(), SessionSchemas.pathEntries("", Dialect.DUCKDB, true));
    // DuckDB's: catalog.schema, quoted where needed, case kept.
    assertEquals(List.of(List.of("memory", "x,y"), List.of("memory", "A"), List.of("B c")),
        SessionSchemas.pathEntries("memory.\"x,y\",memory.A,B c", Dialect.DUCKDB, true));
  }

  @Test
  void postgresqlFoldsOnlyAToZ() {
    assertEquals("émile_x", Dialect.POSTGRESQL.fold("éMILE_X"));
    assertEquals("Émile", Dialect.POSTGRESQL.fold("ÉMILE"));
    assertEquals("ÉMILE", Dialect.DUCKDB.fold("ÉMILE"));
  }

  @Test
  void aNameIsSwappedInTheFormItWasWrittenIn() {
    String sql = "SET search_path TO br_b_s, 'x'";
    List<Edit> edits = new ArrayList<>();
    for (SessionSchemas.Name n : SessionSchemas.names(sql, Dialect.POSTGRESQL)) {
      if (n.stored().equals("br_b_s") || n.stored().equals("x")) {
        edits.add(new Edit(n.start(), n.end(), n.written("s", Dialect.POSTGRESQL)));
      }
    }
    assertEquals("SET search_path TO \"s\", 's'", Splicer.apply(sql, edits));
  }
}

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

package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** PostgreSQL's SET CONSTRAINTS is read with the names it lists, each with its span; ALL lists none. */
class ConstraintModesTest {
  @Test
  void readsTheNamesASetConstraintsLists() {
    String sql = "SET CONSTRAINTS \"app_tag_post_id_fk\", s.other_fk IMMEDIATE";
    assertEquals(List.of("\"app_tag_post_id_fk\"", "s.other_fk"), ConstraintModes.read(sql, Dialect.POSTGRESQL)
        .names().stream().map(n -> sql.substring(n.start(), n.end())).toList());
    assertEquals(List.of(), ConstraintModes.read("set constraints all deferred", Dialect.POSTGRESQL).names());
    assertNull(ConstraintModes.read("SET search_path TO s", Dialect.POSTGRESQL));
    assertNull(ConstraintModes.read("SET CONSTRAINTS a", Dialect.POSTGRESQL), "no mode");
  }
}

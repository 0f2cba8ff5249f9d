package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sequence of a pipeline table the branch copied is the copy's own, in the draft, named as trunk's; a sequence
 * function names it however the application writes it: qualified by the logical schema ({@code setval('s.t_id_seq',
 * n)}, as pg_dump writes it), alone ({@code setval('t_id_seq', n)}), or through the table ({@code
 * setval(pg_get_serial_sequence('t', 'id'), n)}, as Django resets sequences after loading rows). Before, each set
 * trunk's sequence — logical first, and the path puts trunk's schema before the draft — where a lower value would
 * have made trunk's next insert collide with a key it holds.
 */
class CopiedSequencesTest {
  @TempDir
  Path dir;

  @Test
  void sequenceFunctionsReachTheCopysOwnSequence() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      String t = p.table("t");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id serial PRIMARY KEY, v int)", "INSERT INTO " + t + " (v) VALUES (1)");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = DriverManager.getConnection(p.branchUrl(branch) + "&currentSchema=" + p.schema)) {
        exec(c, "INSERT INTO t (v) VALUES (2)"); // the branch's copy of t, with its own sequence
        assertEquals(List.of(List.of("100")), rows(c, "SELECT setval('" + p.schema + ".t_id_seq', 100)"));
        exec(c, "INSERT INTO t (v) VALUES (3)");
        assertEquals(List.of(List.of("200")), rows(c, "SELECT setval('t_id_seq', 200)"));
        exec(c, "INSERT INTO t (v) VALUES (4)");
        assertEquals(List.of(List.of("300")), rows(c, "SELECT setval(pg_get_serial_sequence('t', 'id'), 300)"));
        exec(c, "INSERT INTO t (v) VALUES (5)");
        assertEquals(List.of(List.of("1"), List.of("2"), List.of("101"), List.of("201"), List.of("301")),
            rows(c, "SELECT id FROM t ORDER BY id"));
        assertEquals(List.of(List.of("301")), rows(c, "SELECT currval('t_id_seq')"));
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT last_value FROM " + p.table("t_id_seq")),
            "trunk's sequence");
        exec(raw, "INSERT INTO " + t + " (v) VALUES (9)");
        assertEquals(List.of(List.of("1"), List.of("2")), rows(raw, "SELECT id FROM " + t + " ORDER BY id"));
      }
    }
  }
}

package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A sequence the pipeline holds, moved on a branch by {@code nextval} or {@code setval} (as Hibernate draws its
 * keys: {@code select nextval('entity_seq')}, prepared, before each batch of inserts), is copied into the draft first,
 * standing where trunk's stands, and the branch draws from its copy from then on, by any spelling of the name and on
 * any connection of the branch: trunk's sequence never moves. Before, every key the branch drew advanced trunk's.
 * {@code pipelineWrites=refuse} refuses it; {@code pass} moves trunk's, as the specification leaves rows to the login.
 */
class PipelineSequencesOnBranchTest {
  @TempDir
  Path dir;

  private static long next(Connection c, String sequence) throws Exception {
    try (PreparedStatement ps = c.prepareStatement("select nextval('" + sequence + "')");
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static void trunkSequence(TestDatabase p) throws Exception {
    try (Connection raw = p.raw()) {
      exec(raw, "CREATE SEQUENCE " + p.table("entity_seq") + " START WITH 100 INCREMENT BY 50");
      assertEquals(100, next(raw, p.schema + ".entity_seq"));
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB"})
  void aSequenceMovedOnABranchIsTheBranchsCopy(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      trunkSequence(p);
      String branch = newBranch();
      p.draftFor(branch);
      String qualified = p.schema + ".entity_seq";
      try (Connection c = p.branch(branch)) {
        assertEquals(150, next(c, qualified), "the copy stands where trunk's does");
        assertEquals(200, next(c, qualified));
        exec(c, "SET search_path = " + p.schema);
        assertEquals(250, next(c, "entity_seq"), "named alone, along the path");
        assertEquals(List.of(List.of("250")), rows(c, "SELECT currval('" + qualified + "')"));
        if (db == Db.POSTGRESQL) {
          exec(c, "SELECT setval('" + qualified + "', 1000)");
        }
      }
      long expected = db == Db.POSTGRESQL ? 1050 : 300;
      try (Connection c = p.branch(branch)) {
        assertEquals(expected, next(c, qualified), "another connection of the branch draws from the copy");
      }
      if (db != Db.DUCKDB) {
        try (Connection c = DriverManager.getConnection(p.elsewhereUrl(branch))) {
          assertEquals(expected + 50, next(c, qualified), "and another process");
        }
      }
      try (Connection raw = p.raw()) {
        assertEquals(150, next(raw, qualified), "trunk's sequence did not move");
      }
    }
  }

  /**
   * Two connections of a branch move the same pipeline sequence at once, the first inside a transaction it has not
   * committed: the second waits for the draft, then draws from the copy the first made, and neither fails.
   */
  @Test
  void twoConnectionsMovingOneSequenceShareOneCopy() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      trunkSequence(p);
      String branch = newBranch();
      p.draftFor(branch);
      String qualified = p.schema + ".entity_seq";
      try (Connection first = p.branch(branch); Connection second = p.branch(branch)) {
        first.setAutoCommit(false);
        assertEquals(150, next(first, qualified));
        CompletableFuture<Long> waiting = CompletableFuture.supplyAsync(
            () -> {
              try {
                return next(second, qualified);
              } catch (Exception e) {
                throw new CompletionException(e);
              }
            });
        Thread.sleep(300);
        assertFalse(waiting.isDone(), "the second waits for the first's transaction");
        first.commit();
        assertEquals(200, waiting.get(30, TimeUnit.SECONDS));
      }
      try (Connection raw = p.raw()) {
        assertEquals(150, next(raw, qualified), "trunk's sequence did not move");
      }
    }
  }

  /** The copied sequence is the one a later copy of a table whose column owns it draws from, where it stands. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL"})
  void aTableCopiedAfterItsSequenceDrawsFromTheBranchsCopy(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String t = p.table("t");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id SERIAL PRIMARY KEY, name TEXT)", "INSERT INTO " + t
            + " (name) VALUES ('a'), ('b')");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        assertEquals(3, next(c, p.schema + ".t_id_seq"));
        exec(c, "INSERT INTO " + t + " (name) VALUES ('c')"); // copies the table, whose column owns the sequence
        assertEquals(List.of(List.of("4")), rows(c, "SELECT id FROM " + t + " WHERE name = 'c'"));
        assertEquals(List.of(List.of(p.schema + ".t_id_seq")),
            rows(c, "SELECT pg_get_serial_sequence('" + t + "', 'id')"));
      }
      try (Connection raw = p.raw()) {
        assertEquals(3, next(raw, p.schema + ".t_id_seq"), "trunk's sequence did not move");
        assertEquals(List.of(List.of("2")), rows(raw, "SELECT count(*) FROM " + t));
      }
    }
  }

  /**
   * A table's own sequence named through the table, {@code setval(pg_get_serial_sequence('t', 'id'), n)}, as Django
   * resets sequences ({@code sqlsequencereset}), moves the branch's copy of the table, made first: trunk's sequence
   * stays, and the branch's next key follows the value set. Qualified, and unqualified along the path.
   */
  @Test
  void aTablesSequenceNamedThroughTheTableIsTheBranchsCopys() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      try (Connection raw = p.raw()) {
        for (String t : List.of("t", "u")) {
          exec(raw, "CREATE TABLE " + p.table(t) + " (id SERIAL PRIMARY KEY, name TEXT)",
              "INSERT INTO " + p.table(t) + " (name) VALUES ('a'), ('b'), ('c')");
        }
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "SELECT setval(pg_get_serial_sequence('" + p.schema + ".t', 'id'), 100)",
            "SET search_path = " + p.schema,
            "SELECT setval(pg_get_serial_sequence('\"u\"','id'), coalesce(max(\"id\"), 1) + 40, max(\"id\") IS NOT null)"
                + " FROM \"u\"");
        exec(c, "INSERT INTO t (name) VALUES ('d')", "INSERT INTO u (name) VALUES ('d')");
        assertEquals(List.of(List.of("101")), rows(c, "SELECT id FROM t WHERE name = 'd'"));
        assertEquals(List.of(List.of("44")), rows(c, "SELECT id FROM u WHERE name = 'd'"));
      }
      try (Connection raw = p.raw()) {
        assertEquals(4, next(raw, p.schema + ".t_id_seq"), "trunk's sequence did not move");
        assertEquals(4, next(raw, p.schema + ".u_id_seq"), "trunk's sequence did not move");
        assertEquals(List.of(List.of("3")), rows(raw, "SELECT count(*) FROM " + p.table("t")));
      }
    }
  }

  /**
   * A table the branch declares whose default draws from a pipeline sequence ({@code DEFAULT nextval('s.seq')}), and
   * a view that calls {@code nextval}, draw from the branch's copy, made when they are declared: before, every row
   * they gave moved trunk's sequence. Qualified, and named alone along the path; a table whose column owns the
   * sequence, copied later, draws from the same copy, as trunk's table and the new one share trunk's.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB"})
  void aDeclaredDefaultOrViewDrawsFromTheBranchsCopy(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      trunkSequence(p);
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE " + p.table("d") + " (id BIGINT DEFAULT nextval('" + p.schema + ".entity_seq'), v INT)",
            "INSERT INTO " + p.table("d") + " (v) VALUES (1)",
            "SET search_path = " + p.schema,
            "CREATE TABLE e (id BIGINT DEFAULT nextval('entity_seq'), v INT)",
            "INSERT INTO e (v) VALUES (2)");
        assertEquals(List.of(List.of("150", "1")), rows(c, "SELECT id, v FROM " + p.table("d")));
        assertEquals(List.of(List.of("200", "2")), rows(c, "SELECT id, v FROM e"));
        if (db == Db.POSTGRESQL) {
          exec(c, "CREATE VIEW w AS SELECT nextval('entity_seq') AS n");
          assertEquals(List.of(List.of("250")), rows(c, "SELECT n FROM w"));
        }
      }
      try (Connection raw = p.raw()) {
        assertEquals(150, next(raw, p.schema + ".entity_seq"), "trunk's sequence did not move");
      }
    }
  }

  /**
   * A nextval or setval whose sequence the text does not name as a string (a parameter, an expression, a cast, another
   * kind of string, a quoted function name) may move trunk's sequence, and which one only the database knows: it is
   * refused (55000, saying how to write it), before it runs. Trunk's sequence never moves, whatever the spelling.
   * Before, every one of these moved it.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB"})
  void aSequenceCallTheTextDoesNotNameIsRefused(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      trunkSequence(p);
      String branch = newBranch();
      p.draftFor(branch);
      String q = p.schema + ".entity_seq";
      List<String> unread = new java.util.ArrayList<>(List.of("SELECT nextval('" + p.schema + ".' || 'entity_seq')",
          "SELECT nextval(('" + q + "'))", "SELECT nextval(CAST('" + q + "' AS regclass))",
          "SELECT \"nextval\"(lower('" + q + "'))"));
      if (db == Db.POSTGRESQL) {
        unread.addAll(List.of("SELECT nextval(E'" + q + "')", "SELECT nextval($$" + q + "$$)",
            "SELECT setval(('" + q + "')::regclass, 7)"));
      }
      try (Connection c = p.branch(branch)) {
        for (String sql : unread) {
          SQLException refused = assertThrows(SQLException.class, () -> rows(c, sql), sql);
          assertEquals("55000", refused.getSQLState(), sql + ": " + refused.getMessage());
          assertTrue(refused.getMessage().contains("nextval('s.seq')"), refused.getMessage());
        }
        SQLException refused = assertThrows(SQLException.class, () -> {
          try (PreparedStatement ps = c.prepareStatement("SELECT nextval(?)")) {
            ps.setString(1, q);
            ps.executeQuery().close();
          }
        }, "a parameter");
        assertEquals("55000", refused.getSQLState(), refused.getMessage());
        assertEquals(150, next(c, q), "written as a string, the branch's copy moves");
      }
      try (Connection raw = p.raw()) {
        assertEquals(150, next(raw, q), "trunk's sequence did not move");
      }
    }
  }

  /**
   * A table declared like a pipeline table with its defaults, where one draws from a sequence, would draw from
   * trunk's sequence, which the database names by its identity. On PostgreSQL ({@code CREATE TABLE d (LIKE t
   * INCLUDING ALL)}, a temporary table too) it draws from the branch's copy of the sequence, made as it is
   * declared, in every default that names it; trunk's sequence stays. MariaDB cannot say where such a default names its sequence, so {@code CREATE
   * TABLE d LIKE t} is refused there (55000) before anything is declared. Before, every row written into the new
   * table moved trunk's sequence.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aTableLikeAPipelineTableDrawsFromTheBranchsCopyOfItsSequence(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      try (Connection raw = p.raw()) {
        if (db == Db.POSTGRESQL) {
          exec(raw, "CREATE TABLE " + p.table("t") + " (id SERIAL PRIMARY KEY, v INT DEFAULT 3, w BIGINT DEFAULT"
              + " nextval('" + p.schema + ".t_id_seq') * 10)", "INSERT INTO " + p.table("t") + " (v) VALUES (1)");
        } else {
          exec(raw, "CREATE SEQUENCE " + p.table("s"), "CREATE TABLE " + p.table("t") + " (id INT DEFAULT NEXTVAL("
              + p.table("s") + ") PRIMARY KEY, v INT DEFAULT 3)");
        }
        exec(raw, "CREATE TABLE " + p.table("plain") + " (id INT PRIMARY KEY, v INT DEFAULT 3)");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        if (db == Db.POSTGRESQL) {
          exec(c, "CREATE TABLE " + p.table("d") + " (LIKE " + p.table("t") + " INCLUDING ALL)",
              "INSERT INTO " + p.table("d") + " (v) VALUES (5)", "INSERT INTO " + p.table("t") + " (v) VALUES (6)");
          assertEquals(List.of(List.of("3", "5", "40")), rows(c, "SELECT id, v, w FROM " + p.table("d")));
          assertEquals(List.of(List.of("5")), rows(c, "SELECT id FROM " + p.table("t") + " WHERE v = 6"),
              "the table's own copy, made later, draws from the same copy");
          // the copy has given 3 to 6 (each row draws twice: id, and w); trunk's would give 3
          exec(c, "CREATE TEMP TABLE tt (LIKE " + p.table("t") + " INCLUDING ALL)", "INSERT INTO tt (v) VALUES (7)");
          assertEquals(List.of(List.of("7")), rows(c, "SELECT id FROM tt"), "and so does the session's own table");
        } else {
          SQLException refused = assertThrows(SQLException.class,
              () -> exec(c, "CREATE TABLE " + p.table("d") + " LIKE " + p.table("t")));
          assertEquals("55000", refused.getSQLState(), refused.getMessage());
          assertTrue(refused.getMessage().contains("EXCLUDING DEFAULTS"), refused.getMessage());
        }
        exec(c, db == Db.POSTGRESQL ? "CREATE TABLE " + p.table("e") + " (LIKE " + p.table("plain") + " INCLUDING ALL)"
            : "CREATE TABLE " + p.table("e") + " LIKE " + p.table("plain"), "INSERT INTO " + p.table("e") + " (id) VALUES (1)");
        assertEquals(List.of(List.of("1", "3")), rows(c, "SELECT id, v FROM " + p.table("e")));
      }
      if (db == Db.POSTGRESQL) {
        try (Connection raw = p.raw()) {
          assertEquals(3, next(raw, p.schema + ".t_id_seq"), "trunk's sequence did not move");
        }
      }
    }
  }

  /** A table's own sequence drawn by a declared default first, then by the table's copy: one copy, as on trunk. */
  @Test
  void aDeclaredDefaultOnATablesSequenceSharesItWithTheTablesCopy() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      String t = p.table("t");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id SERIAL PRIMARY KEY, name TEXT)",
            "INSERT INTO " + t + " (name) VALUES ('a'), ('b')");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "SET search_path = " + p.schema, "CREATE TABLE d (id INT DEFAULT nextval('t_id_seq'), v INT)",
            "INSERT INTO d (v) VALUES (1)", "INSERT INTO t (name) VALUES ('c')");
        assertEquals(List.of(List.of("3")), rows(c, "SELECT id FROM d"));
        assertEquals(List.of(List.of("4")), rows(c, "SELECT id FROM t WHERE name = 'c'"));
      }
      try (Connection raw = p.raw()) {
        assertEquals(3, next(raw, p.schema + ".t_id_seq"), "trunk's sequence did not move");
      }
    }
  }

  /**
   * A sequence and a type the branch declares, then a table naming both by the logical schema: the type binds to
   * the draft's. Before, the sequence's and type's names were held as tables of the draft once declared, and the
   * type, so held, was left naming the pipeline's schema: "type s.mood does not exist".
   */
  @Test
  void aTypeDeclaredAfterASequenceIsFoundByTheNextDeclaration() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE SEQUENCE " + p.table("s2"), "CREATE TYPE " + p.table("mood") + " AS ENUM ('calm', 'busy')",
            "CREATE TABLE " + p.table("d") + " (id INT DEFAULT nextval('" + p.schema + ".s2'), m " + p.table("mood")
                + ")",
            "INSERT INTO " + p.table("d") + " (m) VALUES ('busy')");
        assertEquals(List.of(List.of("1", "busy")), rows(c, "SELECT id, m FROM " + p.table("d")));
      }
    }
  }

  private static long drawn(Connection c, String sql) throws Exception {
    try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /**
   * MariaDB's sequences (10.3 on) are named, not written in strings: {@code NEXTVAL(s.seq)}, {@code NEXT VALUE FOR
   * seq} (as Hibernate's MariaDB dialect draws its keys), {@code SETVAL}, a declared table's {@code DEFAULT
   * NEXTVAL(seq)}. A pipeline sequence they would move is copied into the draft first, and a sequence the branch
   * declares is found, by either spelling and qualified or not. Before, every key the branch drew moved trunk's,
   * and the branch's own sequence was "Unknown SEQUENCE".
   */
  @Test
  void mariaDbSequencesOnABranch() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.MARIADB, dir)) {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE SEQUENCE " + p.table("entity_seq") + " START WITH 100 INCREMENT BY 50 NOCACHE");
      }
      String branch = newBranch();
      p.draftFor(branch);
      String qualified = p.table("entity_seq");
      try (Connection c = p.branch(branch)) {
        assertEquals(100, drawn(c, "SELECT NEXTVAL(" + qualified + ")"), "the copy stands where trunk's does");
        assertEquals(150, drawn(c, "SELECT NEXT VALUE FOR " + qualified));
        exec(c, "USE " + p.schema);
        assertEquals(200, drawn(c, "SELECT next value for entity_seq"), "named alone, in the current database");
        exec(c, "CREATE SEQUENCE own_seq START WITH 7",
            "CREATE TABLE d (id BIGINT DEFAULT NEXTVAL(entity_seq), v INT)", "INSERT INTO d (v) VALUES (1)");
        assertEquals(7, drawn(c, "SELECT NEXTVAL(own_seq)"), "the branch's own sequence is found");
        assertEquals(8, drawn(c, "SELECT NEXT VALUE FOR " + p.table("own_seq")));
        assertEquals(List.of(List.of("250", "1")), rows(c, "SELECT id, v FROM d"));
        exec(c, "SELECT SETVAL(entity_seq, 1000)");
      }
      try (Connection c = p.branch(branch)) {
        assertEquals(1050, drawn(c, "SELECT NEXTVAL(" + qualified + ")"), "another connection draws from the copy");
      }
      try (Connection c = DriverManager.getConnection(p.branchUrl(branch) + "&pipelineWrites=refuse")) {
        exec(c, "CREATE SEQUENCE " + p.table("later_seq"));
      }
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE SEQUENCE " + p.table("trunk_seq") + " START WITH 5 NOCACHE");
      }
      try (Connection c = DriverManager.getConnection(p.branchUrl(branch) + "&pipelineWrites=refuse")) {
        SQLException refused = assertThrows(SQLException.class,
            () -> drawn(c, "SELECT NEXTVAL(" + p.table("trunk_seq") + ")"));
        assertEquals("55000", refused.getSQLState(), refused.getMessage());
        assertTrue(refused.getMessage().contains("pipelineWrites"), refused.getMessage());
      }
      try (Connection raw = p.raw()) {
        assertEquals(100, drawn(raw, "SELECT NEXTVAL(" + qualified + ")"), "trunk's sequence did not move");
        assertEquals(5, drawn(raw, "SELECT NEXTVAL(" + p.table("trunk_seq") + ")"), "nor this one");
      }
    }
  }

  /**
   * A MariaDB pipeline table whose key defaults to {@code NEXTVAL(seq)}, copied by the branch's first row, draws
   * from the branch's copy of the sequence, standing where trunk's stands, and so does the branch's {@code
   * NEXTVAL(seq)}: before, every row the branch wrote into its copy moved trunk's sequence.
   */
  @Test
  void aCopiedMariaDbTableDrawsItsDefaultFromTheBranchsCopy() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.MARIADB, dir)) {
      String t = p.table("t");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE SEQUENCE " + p.table("t_seq") + " START WITH 10 NOCACHE",
            "CREATE TABLE " + t + " (id BIGINT NOT NULL DEFAULT NEXTVAL(" + p.table("t_seq") + ") PRIMARY KEY,"
                + " v INT)", "INSERT INTO " + t + " (v) VALUES (1), (2)");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "INSERT INTO " + t + " (v) VALUES (3)", "INSERT INTO " + t + " (v) VALUES (4)");
        assertEquals(List.of(List.of("10", "1"), List.of("11", "2"), List.of("12", "3"), List.of("13", "4")),
            rows(c, "SELECT id, v FROM " + t + " ORDER BY id"));
        assertEquals(14, drawn(c, "SELECT NEXTVAL(" + p.table("t_seq") + ")"), "one sequence for the table and calls");
      }
      try (Connection raw = p.raw()) {
        assertEquals(12, drawn(raw, "SELECT NEXTVAL(" + p.table("t_seq") + ")"), "trunk's sequence did not move");
        assertEquals(List.of(List.of("2")), rows(raw, "SELECT count(*) FROM " + t));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB"})
  void refuseRefusesAndPassMovesTrunks(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      trunkSequence(p);
      String branch = newBranch();
      p.draftFor(branch);
      String qualified = p.schema + ".entity_seq";
      try (Connection c = DriverManager.getConnection(p.branchUrl(branch) + "&pipelineWrites=refuse")) {
        SQLException refused = assertThrows(SQLException.class, () -> next(c, qualified));
        assertEquals("55000", refused.getSQLState());
        assertTrue(refused.getMessage().contains(qualified)
            && refused.getMessage().contains("pipelineWrites"), refused.getMessage());
      }
      try (Connection c = DriverManager.getConnection(p.branchUrl(branch) + "&pipelineWrites=pass")) {
        assertEquals(150, next(c, qualified));
      }
      try (Connection raw = p.raw()) {
        assertEquals(200, next(raw, qualified), "pass moved trunk's");
      }
    }
  }
}

package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code ~edge} follows the draft tables it describes (Branch Resolution §4.3): a renamed table or column keeps its
 * symbolic keys under the new name, a dropped symbolic key restricts nothing more, a referenced draft parent is
 * dropped only as the database drops a referenced table, and on MySQL the index a key implies is the one MySQL
 * itself would make.
 */
class EdgesFollowTablesTest {
  @TempDir
  Path dir;

  /** The pipeline's subject table, with three rows. */
  private static void pipeline(TestDatabase p) throws SQLException {
    try (Connection raw = p.raw()) {
      exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id))",
          "INSERT INTO " + p.table("subject") + " VALUES (1), (2), (3)");
    }
  }

  /** A draft parent and a draft child whose key cascades, with one child row under parent 1. */
  private static void parentAndChild(TestDatabase p, Connection c, String rule) throws SQLException {
    exec(c, "CREATE TABLE " + p.table("parent") + " (id INT NOT NULL, PRIMARY KEY (id))",
        "CREATE TABLE " + p.table("child") + " (id INT NOT NULL, parent_id INT NOT NULL, subject_id INT,"
            + " PRIMARY KEY (id), CONSTRAINT fk_child_parent FOREIGN KEY (parent_id) REFERENCES " + p.parent("parent")
            + " (id)" + rule + ", CONSTRAINT fk_child_subject FOREIGN KEY (subject_id) REFERENCES "
            + p.parent("subject") + " (subject_id) ON DELETE CASCADE)",
        "INSERT INTO " + p.table("parent") + " VALUES (1), (2), (3)",
        "INSERT INTO " + p.table("child") + " VALUES (10, 1, 1)");
  }

  private static String count(Connection c, String table) throws SQLException {
    return rows(c, "SELECT count(*) FROM " + table).get(0).get(0);
  }

  private static String quote(TestDatabase p, String name) {
    return p.db == Db.MARIADB ? "`" + name + "`" : "\"" + name + "\"";
  }

  /** The draft's ~edge rows, as constraint|referencing table|referenced table|column|referenced column. */
  private static List<String> edges(TestDatabase p, Connection c, String draft) throws SQLException {
    return rows(c, "SELECT constraint_name, referencing_table, referenced_table, column_name, referenced_column_name"
        + " FROM " + quote(p, draft) + "." + quote(p, "~edge") + " ORDER BY 1").stream()
        .map(r -> String.join("|", r).replace("`", "\"")).toList();
  }

  private static String renameTable(TestDatabase p, String from, String to) {
    return p.db == Db.MARIADB ? "RENAME TABLE " + p.table(from) + " TO " + p.table(to)
        : "ALTER TABLE " + p.table(from) + " RENAME TO " + quote(p, to);
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void aRenamedTableKeepsItsKeysUnderItsNewName(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        parentAndChild(p, c, " ON DELETE CASCADE");
        // The parent renamed: a delete of its rows cascades into the child under the new name, at once.
        exec(c, renameTable(p, "parent", "parent2"));
        exec(c, "DELETE FROM " + p.table("parent2") + " WHERE id = 1");
        assertEquals("0", count(c, p.table("child")), "the cascade followed the renamed parent");
        assertThrows(SQLException.class, () -> count(c, p.table("parent")), "the old name binds no more");
        // The child renamed (on MySQL through ALTER TABLE ... RENAME TO, the other spelling): its keys go with it.
        exec(c, p.db == Db.MARIADB ? "ALTER TABLE " + p.table("child") + " RENAME TO " + p.table("child2")
            : renameTable(p, "child", "child2"));
        exec(c, "INSERT INTO " + p.table("child2") + " VALUES (20, 2, 2)");
        exec(c, "DELETE FROM " + p.table("parent2") + " WHERE id = 2");
        assertEquals("0", count(c, p.table("child2")));
        // Columns renamed on both sides of the key: the rows name the new columns.
        exec(c, "INSERT INTO " + p.table("child2") + " VALUES (30, 3, 3)",
            "ALTER TABLE " + p.table("parent2") + " RENAME COLUMN id TO pid",
            "ALTER TABLE " + p.table("child2") + " RENAME COLUMN parent_id TO p_id");
        String child = quote(p, draft) + "." + quote(p, "child2");
        assertEquals(List.of("fk_child_parent|" + child + "|" + quote(p, draft) + "." + quote(p, "parent2") + "|p_id|pid",
            "fk_child_subject|" + child + "|" + (db == Db.SQLITE ? quote(p, "main") : quote(p, p.schema)) + "."
                + quote(p, "subject") + "|subject_id|subject_id").stream().map(s -> s.replace("`", "\"")).toList(),
            edges(p, c, draft));
        exec(c, "DELETE FROM " + p.table("parent2") + " WHERE pid = 3");
        assertEquals("0", count(c, p.table("child2")));
      }
      // A pipeline table's rename is refused where the branch does not copy pipeline tables ...
      try (Connection c = java.sql.DriverManager.getConnection(p.branchUrl(branch) + "&pipelineChanges=refuse")) {
        SQLException refused = assertThrows(SQLException.class, () -> exec(c, renameTable(p, "subject", "moved")));
        assertEquals("55000", refused.getSQLState());
      }
      // ... and by default renames the branch's own copy of it: the old name binds no more on the branch.
      try (Connection c = p.branch(branch)) {
        exec(c, renameTable(p, "subject", "moved"));
        assertEquals("3", count(c, p.table("moved")));
        assertThrows(SQLException.class, () -> count(c, p.table("subject")));
      }
      try (Connection trunk = p.branch("")) {
        assertEquals("3", count(trunk, p.table("subject")));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB"})
  void aRenameIntoAnotherSchemaOrOntoATakenNameIsRefused(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        parentAndChild(p, c, "");
        SQLException taken = assertThrows(SQLException.class, () -> exec(c, renameTable(p, "parent", "subject")));
        assertEquals("42P07", taken.getSQLState(), taken.getMessage());
        if (db == Db.MARIADB) {
          SQLException moved = assertThrows(SQLException.class, () -> exec(c, "RENAME TABLE " + p.table("parent")
              + " TO `test`.`parent`"));
          assertEquals("55000", moved.getSQLState());
          assertTrue(moved.getMessage().contains(p.schema), moved.getMessage());
          // Within the schema, written through the draft's physical name: the trivially right case.
          exec(c, "RENAME TABLE " + p.table("parent") + " TO `" + draft + "`.`parent3`");
          assertEquals("3", count(c, p.table("parent3")));
          assertTrue(BranchFixture.tablesIn(p, "test").stream().noneMatch(t -> t.startsWith("parent")));
        }
        assertTrue(BranchFixture.tablesIn(p, p.schema).equals(List.of("subject")), "nothing reached the pipeline");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB"})
  void aDroppedSymbolicKeyRestrictsNothingMore(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        parentAndChild(p, c, "");
        SQLException restricted = assertThrows(SQLException.class,
            () -> exec(c, "DELETE FROM " + p.table("parent") + " WHERE id = 1"));
        assertEquals("23503", restricted.getSQLState());
        String drop = db == Db.MARIADB ? " DROP FOREIGN KEY " : " DROP CONSTRAINT ";
        // Beside another action, which still reaches the database.
        exec(c, "ALTER TABLE " + p.table("child") + drop + "fk_child_parent, ADD COLUMN extra INT");
        exec(c, "DELETE FROM " + p.table("parent") + " WHERE id = 1");
        assertEquals("1", count(c, p.table("child")), "no cascade either: the key is gone");
        assertEquals(1, rows(c, "SELECT extra FROM " + p.table("child")).size());
        assertEquals(1, edges(p, c, draft).size());
        // A name that is no key of the table: the database's own error.
        SQLException none = assertThrows(SQLException.class,
            () -> exec(c, "ALTER TABLE " + p.table("child") + drop + "fk_child_parent"));
        if (db == Db.POSTGRESQL) {
          assertEquals("42704", none.getSQLState(), none.getMessage());
        }
        if (db == Db.MARIADB) {
          assertEquals(1091, none.getErrorCode(), none.getMessage());
        }
        // The other key, dropped alone: no DDL is left to send, and the pipeline parent restricts nothing on trunk.
        exec(c, "ALTER TABLE " + p.table("child") + drop + "fk_child_subject");
        assertTrue(edges(p, c, draft).isEmpty());
        exec(c, "DELETE FROM " + p.table("subject") + " WHERE subject_id = 1");
        assertEquals("1", count(c, p.table("child")), "the cascade is gone with the key");
        if (db != Db.DUCKDB) {
          // A real constraint of a draft table (unique, check) is the database's to drop.
          String constraint = db == Db.MARIADB ? "CHECK (extra < 9)" : "UNIQUE (extra)";
          String refusedRow = "INSERT INTO " + p.table("child") + " VALUES (12, 5, NULL, " + (db == Db.MARIADB ? 10 : 7) + ")";
          exec(c, "INSERT INTO " + p.table("child") + " VALUES (11, 5, NULL, 7)",
              "ALTER TABLE " + p.table("child") + " ADD CONSTRAINT ck_extra " + constraint);
          assertThrows(SQLException.class, () -> exec(c, refusedRow));
          exec(c, "ALTER TABLE " + p.table("child") + " DROP CONSTRAINT ck_extra", refusedRow);
        }
      }
    }
  }

  /** Where DDL is not transactional (MySQL) too: the rows a refused statement would have changed are as they were. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB"})
  void aStatementTheDatabaseRefusesLeavesTheKeysAsTheyWere(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        parentAndChild(p, c, "");
        List<String> before = edges(p, c, draft);
        String drop = db == Db.MARIADB ? " DROP FOREIGN KEY " : " DROP CONSTRAINT ";
        assertThrows(SQLException.class, () -> exec(c, "ALTER TABLE " + p.table("child") + drop + "fk_child_parent,"
            + " ADD COLUMN x no_such_type"));
        assertEquals(before, edges(p, c, draft));
        SQLException restricted = assertThrows(SQLException.class,
            () -> exec(c, "DELETE FROM " + p.table("parent") + " WHERE id = 1"));
        assertEquals("23503", restricted.getSQLState(), "the key still stands");
        if (db == Db.MARIADB) {
          assertThrows(SQLException.class, () -> exec(c, "ALTER TABLE " + p.table("parent") + " RENAME TO "
              + p.table("parent2") + ", ADD COLUMN x no_such_type"));
          assertEquals(before, edges(p, c, draft));
          assertEquals("3", count(c, p.table("parent")));
        }
        // Run again as it should have been written, it does what it says.
        exec(c, "ALTER TABLE " + p.table("child") + drop + "fk_child_parent" + (db == Db.DUCKDB ? "" : ", ADD COLUMN x INT"));
        exec(c, "DELETE FROM " + p.table("parent") + " WHERE id = 1");
        assertEquals(1, edges(p, c, draft).size());
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void aReferencedDraftParentIsDroppedOnlyAsTheDatabaseDropsOne(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        parentAndChild(p, c, " ON DELETE CASCADE");
        SQLException refused = assertThrows(SQLException.class, () -> exec(c, "DROP TABLE " + p.table("parent")));
        assertEquals("2BP01", refused.getSQLState(), refused.getMessage());
        assertTrue(refused.getMessage().contains("fk_child_parent") && refused.getMessage().contains("child"),
            refused.getMessage());
        assertEquals("3", count(c, p.table("parent")), "the parent is still there");
        boolean cascades = db == Db.POSTGRESQL || db == Db.DUCKDB;
        if (!cascades) {
          // CASCADE does not drop a key here (MySQL parses it and ignores it; SQLite has none).
          if (db == Db.MARIADB) {
            assertThrows(SQLException.class, () -> exec(c, "DROP TABLE " + p.table("parent") + " CASCADE"));
          }
          exec(c, "DROP TABLE " + p.table("child"), "DROP TABLE " + p.table("parent"));
          assertTrue(edges(p, c, draft).isEmpty());
          return;
        }
        exec(c, "DROP TABLE " + p.table("parent") + " CASCADE");
        assertEquals("1", count(c, p.table("child")), "the child stays");
        assertEquals(1, edges(p, c, draft).size(), "only the child's key to the pipeline is left");
        // A new parent of that name: its rows are no child's parent any more, a delete takes nothing with it.
        exec(c, "CREATE TABLE " + p.table("parent") + " (id INT NOT NULL, PRIMARY KEY (id))",
            "INSERT INTO " + p.table("parent") + " VALUES (1)",
            "DELETE FROM " + p.table("parent") + " WHERE id = 1");
        assertEquals("1", count(c, p.table("child")));
        if (db == Db.POSTGRESQL) {
          // Parent and child dropped together: nothing is left to depend on either.
          exec(c, "CREATE TABLE " + p.table("kid") + " (id INT NOT NULL PRIMARY KEY REFERENCES " + p.table("child")
              + " (id))", "DROP TABLE " + p.table("child") + ", " + p.table("kid"));
          assertTrue(edges(p, c, draft).isEmpty());
        }
      }
    }
  }

  /** On MySQL the index a symbolic key keeps is the one a real key would have made: same name, same columns. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"MARIADB"})
  void theIndexAKeyImpliesIsTheOneMySqlMakes(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      String longColumn = "c" + "x".repeat(63);
      String longTable = "t" + "y".repeat(59);
      String subject = p.table("subject");
      // The same tables with real keys, beside the pipeline: dropped before it, since their keys reference it.
      String real = "djb_real_" + Long.toHexString(System.nanoTime());
      List<String[]> tables = List.of(
          new String[] {"led_by_key", "(subject_id INT NOT NULL, PRIMARY KEY (subject_id), FOREIGN KEY (subject_id)"
              + " REFERENCES " + subject + " (subject_id))"},
          new String[] {"led_by_index", "(id INT NOT NULL PRIMARY KEY, subject_id INT, KEY ix (subject_id, id),"
              + " FOREIGN KEY (subject_id) REFERENCES " + subject + " (subject_id))"},
          new String[] {"unnamed", "(id INT NOT NULL PRIMARY KEY, subject_id INT, FOREIGN KEY (subject_id) REFERENCES "
              + subject + " (subject_id))"},
          new String[] {"named", "(id INT NOT NULL PRIMARY KEY, subject_id INT, CONSTRAINT fk_named FOREIGN KEY"
              + " (subject_id) REFERENCES " + subject + " (subject_id))"},
          new String[] {"index_named", "(id INT NOT NULL PRIMARY KEY, subject_id INT, FOREIGN KEY ix_fk (subject_id)"
              + " REFERENCES " + subject + " (subject_id))"},
          new String[] {"twice", "(id INT NOT NULL PRIMARY KEY, subject_id INT, FOREIGN KEY (subject_id) REFERENCES "
              + subject + " (subject_id), FOREIGN KEY (subject_id) REFERENCES " + subject + " (subject_id) ON DELETE"
              + " CASCADE)"},
          new String[] {"collides", "(id INT NOT NULL PRIMARY KEY, subject_id INT, KEY subject_id (id), FOREIGN KEY"
              + " (subject_id) REFERENCES " + subject + " (subject_id))"},
          new String[] {"led_later", "(id INT NOT NULL PRIMARY KEY, subject_id INT, FOREIGN KEY (subject_id)"
              + " REFERENCES " + subject + " (subject_id), KEY (subject_id, id))"});
      try (Connection c = p.branch(branch); Connection raw = p.raw()) {
        exec(raw, "CREATE DATABASE `" + real + "`");
        try {
          sameIndexes(p, c, raw, real, draft, tables);
        } finally {
          exec(raw, "DROP DATABASE `" + real + "`");
        }
        // Where MySQL's own name would pass 64 characters (MariaDB then refuses the table: 1280), a shortened one.
        exec(c, "CREATE TABLE " + p.table(longTable) + " (id INT NOT NULL PRIMARY KEY, " + longColumn + " INT, KEY "
            + longColumn + " (id), FOREIGN KEY (" + longColumn + ") REFERENCES " + subject + " (subject_id))");
        List<List<String>> long64 = rows(raw, "SELECT INDEX_NAME, COLUMN_NAME FROM information_schema.STATISTICS"
            + " WHERE TABLE_SCHEMA = '" + draft + "' AND TABLE_NAME = '" + longTable + "'");
        assertEquals(java.util.Set.of(List.of(longColumn, "id"), List.of(longColumn.substring(0, 62) + "_2", longColumn),
            List.of("PRIMARY", "id")), new java.util.HashSet<>(long64));
      }
    }
  }

  /** Declares {@code tables} on the branch and, with real keys, in schema {@code real}: their indexes are the same. */
  private static void sameIndexes(TestDatabase p, Connection c, Connection raw, String real, String draft,
      List<String[]> tables) throws SQLException {
    String subject = p.table("subject");
    for (String[] t : tables) {
      exec(c, "CREATE TABLE " + p.table(t[0]) + " " + t[1]);
      exec(raw, "CREATE TABLE `" + real + "`.`" + t[0] + "` " + t[1]);
    }
    exec(c, "CREATE TABLE " + p.table("altered") + " (id INT NOT NULL PRIMARY KEY, subject_id INT)",
        "ALTER TABLE " + p.table("altered") + " ADD FOREIGN KEY (subject_id) REFERENCES " + subject + " (subject_id)");
    exec(raw, "CREATE TABLE `" + real + "`.`altered` (id INT NOT NULL PRIMARY KEY, subject_id INT)",
        "ALTER TABLE `" + real + "`.`altered` ADD FOREIGN KEY (subject_id) REFERENCES " + subject + " (subject_id)");
    String indexes = "SELECT TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME FROM information_schema.STATISTICS"
        + " WHERE TABLE_SCHEMA = '%s' AND TABLE_NAME <> '~edge' ORDER BY 1, 2, 3";
    assertEquals(rows(raw, String.format(indexes, real)), rows(raw, String.format(indexes, draft)));
  }
}

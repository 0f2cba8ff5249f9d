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
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Branch Resolution §5.2: inside a branch, deletes and key changes follow the symbolic foreign keys as the stripped clauses said
 * — cascade, restrict, set null, over several levels, across the draft/pipeline boundary — while a trunk session
 * never sees them and is never blocked by them.
 */
class ReferentialActionsTest {
  @TempDir
  Path dir;

  private static void declare(TestDatabase p, Connection c) throws SQLException {
    String subject = p.table("subject");
    exec(c, "CREATE TABLE " + p.table("note") + " (subject_id INT NOT NULL, body VARCHAR(20), PRIMARY KEY (subject_id),"
            + " FOREIGN KEY (subject_id) REFERENCES " + subject + " (subject_id) ON DELETE CASCADE)",
        "CREATE TABLE " + p.table("note_detail") + " (subject_id INT NOT NULL, line INT NOT NULL,"
            + " PRIMARY KEY (subject_id, line), FOREIGN KEY (subject_id) REFERENCES " + p.table("note")
            + " (subject_id) ON DELETE CASCADE ON UPDATE CASCADE)",
        "CREATE TABLE " + p.table("trial") + " (trial_id INT NOT NULL, subject_id INT NOT NULL, PRIMARY KEY (trial_id),"
            + " FOREIGN KEY (subject_id) REFERENCES " + subject + " (subject_id))",
        "CREATE TABLE " + p.table("tag") + " (tag_id INT NOT NULL, subject_id INT, PRIMARY KEY (tag_id),"
            + " FOREIGN KEY (subject_id) REFERENCES " + subject + " (subject_id) ON DELETE SET NULL)",
        "INSERT INTO " + p.table("note") + " VALUES (1, 'one'), (2, 'two')",
        "INSERT INTO " + p.table("note_detail") + " VALUES (1, 1), (1, 2), (2, 1)",
        "INSERT INTO " + p.table("trial") + " VALUES (10, 3)",
        "INSERT INTO " + p.table("tag") + " VALUES (100, 2), (101, 3)");
  }

  private static String count(Connection c, String table) throws SQLException {
    return rows(c, "SELECT count(*) FROM " + table).get(0).get(0);
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void deletesFollowTheSymbolicForeignKeys(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id))",
            "INSERT INTO " + p.table("subject") + " VALUES (1), (2), (3)");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        declare(p, c);
        // CASCADE over two levels, from a pipeline parent into draft children and grandchildren.
        exec(c, "DELETE FROM " + p.table("subject") + " WHERE subject_id = 1");
        assertEquals("1", count(c, p.table("note")));
        assertEquals("1", count(c, p.table("note_detail")));
        // RESTRICT (NO ACTION, the default): refused naming both tables, and nothing changed.
        SQLException e = assertThrows(SQLException.class,
            () -> exec(c, "DELETE FROM " + p.table("subject") + " WHERE subject_id = 3"));
        assertEquals("23503", e.getSQLState());
        assertTrue(e.getMessage().contains("subject") && e.getMessage().contains("trial"), e.getMessage());
        assertEquals("2", count(c, p.table("subject")));
        assertEquals("2", count(c, p.table("tag")));
        // SET NULL, with a cascade beside it (under an alias where the database's DELETE takes one).
        boolean alias = db == Db.POSTGRESQL || db == Db.DUCKDB;
        exec(c, "DELETE FROM " + p.table("subject") + (alias ? " s WHERE s.subject_id = 2" : " WHERE subject_id = 2"));
        assertEquals(List.of(Arrays.asList("100", null), List.of("101", "3")),
            rows(c, "SELECT tag_id, subject_id FROM " + p.table("tag") + " ORDER BY tag_id"));
        assertEquals("0", count(c, p.table("note_detail")));
        // Draft parent, draft child: a key change cascades (ON UPDATE CASCADE).
        exec(c, "INSERT INTO " + p.table("note") + " VALUES (7, 'seven')",
            "INSERT INTO " + p.table("note_detail") + " VALUES (7, 1)",
            "UPDATE " + p.table("note") + " SET subject_id = 8 WHERE subject_id = 7");
        assertEquals(List.of(List.of("8", "1")), rows(c, "SELECT subject_id, line FROM " + p.table("note_detail")));
      }
      try (Connection trunk = p.branch("")) {
        // Trunk never sees a symbolic edge, so the branch's trial row blocks nothing there (Branch Resolution §5.2);
        // and the branch's deletes went to its own copy of subject, so trunk still has all three.
        exec(trunk, "DELETE FROM " + p.table("subject") + " WHERE subject_id = 3");
        assertEquals("2", count(trunk, p.table("subject")));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aRefusedDeleteInsideTheApplicationsTransactionLeavesItToTheApplication(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id))",
            "INSERT INTO " + p.table("subject") + " VALUES (1), (2), (3)");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        declare(p, c);
        c.setAutoCommit(false);
        exec(c, "DELETE FROM " + p.table("subject") + " WHERE subject_id = 1");
        assertThrows(SQLException.class, () -> exec(c, "DELETE FROM " + p.table("subject") + " WHERE subject_id = 3"));
        c.rollback();
        c.setAutoCommit(true);
        assertEquals("3", count(c, p.table("subject")));
        assertEquals("2", count(c, p.table("note")), "the cascade was part of the transaction rolled back");
      }
    }
  }

  /** What ORMs send: prepared deletes and key updates, one at a time and in a batch, honour the edges too. */
  @ParameterizedTest
  @EnumSource(Db.class)
  void preparedDeletesAndUpdatesFollowTheSymbolicForeignKeys(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id))",
            "INSERT INTO " + p.table("subject") + " VALUES (1), (2), (3)");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        declare(p, c);
        try (java.sql.PreparedStatement delete = c.prepareStatement("DELETE FROM " + p.table("subject")
            + " WHERE subject_id = ?")) {
          delete.setInt(1, 1);
          assertEquals(1, delete.executeUpdate());
          assertEquals("1", count(c, p.table("note")), "note 1 cascaded");
          delete.setInt(1, 3);
          SQLException e = assertThrows(SQLException.class, delete::executeUpdate);
          assertEquals("23503", e.getSQLState());
          delete.setInt(1, 2);
          delete.addBatch();
          delete.executeBatch();
          assertEquals("0", count(c, p.table("note_detail")));
          assertEquals(List.of(Arrays.asList("100", null), List.of("101", "3")),
              rows(c, "SELECT tag_id, subject_id FROM " + p.table("tag") + " ORDER BY tag_id"));
        }
        exec(c, "INSERT INTO " + p.table("note") + " VALUES (7, 'seven')",
            "INSERT INTO " + p.table("note_detail") + " VALUES (7, 1)");
        try (java.sql.PreparedStatement move = c.prepareStatement("UPDATE " + p.table("note")
            + " SET subject_id = ? WHERE body = ?")) {
          move.setInt(1, 9);
          move.setString(2, "seven");
          move.executeUpdate();
        }
        assertEquals(List.of(List.of("9", "1")), rows(c, "SELECT subject_id, line FROM " + p.table("note_detail")));
      }
    }
  }
}

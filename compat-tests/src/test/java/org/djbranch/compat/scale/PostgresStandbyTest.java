package org.djbranch.compat.scale;

import static org.djbranch.compat.scale.Sql.exec;
import static org.djbranch.compat.scale.Sql.one;
import static org.djbranch.compat.scale.Sql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.djbranch.driver.BranchConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * A branch on a PostgreSQL primary with a streaming hot standby (docs/scaling-out.md): declared through a
 * multi-host URL with targetServerType=primary, read on the standby once replicated, refused there with an error
 * that says where to declare, and intact after the standby is promoted. The steps build on each other, in order.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PostgresStandbyTest {
  private static PostgresStandby pair;
  private static final String SCHEMA = Sql.unique("djb_");
  private static final String BRANCH = Sql.unique("s");
  private static final String DRAFT = "br_" + BRANCH + "_" + SCHEMA;
  private static final String EDGES = "SELECT constraint_name, referencing_table, referenced_table, column_name,"
      + " delete_rule FROM \"" + DRAFT + "\".\"~edge\" ORDER BY referencing_table";
  private static List<List<String>> edgesOnPrimary;

  @BeforeAll
  static void startPair() throws Exception {
    pair = PostgresStandby.start();
    try (Connection c = pair.raw(pair.primaryPort)) {
      exec(c, "CREATE SCHEMA " + SCHEMA,
          "CREATE TABLE " + SCHEMA + ".subject (subject_id INT PRIMARY KEY, name TEXT)",
          "INSERT INTO " + SCHEMA + ".subject VALUES (1, 'ann'), (2, 'bob'), (3, 'cy')");
    }
  }

  @AfterAll
  static void stopPair() {
    if (pair != null) {
      pair.close(); // both clusters and their files: nothing of the schema outlives them
    }
  }

  private static Connection branchOn(String url) throws SQLException {
    Connection c = DriverManager.getConnection(url);
    exec(c, "SET search_path TO " + SCHEMA);
    return c;
  }

  @Test
  @Order(1)
  void aMultiHostUrlWithTargetServerTypePrimaryDeclaresOnThePrimary() throws Exception {
    try (Connection c = branchOn(pair.multiHostBranchUrl(BRANCH))) {
      assertEquals(Integer.toString(pair.primaryPort), one(c, "SELECT inet_server_port()"));
      exec(c, "CREATE TABLE note (subject_id INT PRIMARY KEY REFERENCES subject (subject_id) ON DELETE CASCADE,"
              + " body TEXT)",
          "CREATE TABLE trial (trial_id INT PRIMARY KEY, subject_id INT NOT NULL REFERENCES subject (subject_id))",
          "INSERT INTO note VALUES (1, 'one'), (2, 'two')", "INSERT INTO trial VALUES (10, 3)");
      assertEquals(BRANCH, c.unwrap(BranchConnection.class).branch());
    }
    try (Connection raw = pair.raw(pair.primaryPort)) {
      assertEquals("2", one(raw, "SELECT count(*) FROM \"" + DRAFT + "\".note"));
      edgesOnPrimary = rows(raw, EDGES);
      assertEquals(2, edgesOnPrimary.size(), edgesOnPrimary.toString());
    }
  }

  @Test
  @Order(2)
  void aBranchSessionOnTheStandbyReadsTheDraftsOnceReplicated() throws Exception {
    pair.caughtUp();
    try (Connection c = branchOn(pair.branchUrl(pair.standbyPort, BRANCH))) {
      assertEquals("t", one(c, "SELECT pg_is_in_recovery()"));
      assertEquals(List.of(List.of("1", "ann", "one"), List.of("2", "bob", "two")), rows(c, "SELECT s.subject_id,"
          + " s.name, n.body FROM subject s JOIN note n ON n.subject_id = s.subject_id ORDER BY s.subject_id"));
      assertEquals(edgesOnPrimary, rows(c, EDGES));
    }
  }

  @Test
  @Order(3)
  void aDeclarationOnTheStandbyNamesItAndSaysToTargetThePrimary() throws Exception {
    try (Connection c = branchOn(pair.branchUrl(pair.standbyPort, BRANCH))) {
      for (String declaration : List.of(
          "CREATE TABLE tag (tag_id INT PRIMARY KEY, subject_id INT REFERENCES subject (subject_id))",
          "CREATE TABLE note (subject_id INT PRIMARY KEY REFERENCES subject (subject_id) ON DELETE CASCADE,"
              + " body TEXT)")) {
        SQLException refused = assertThrows(SQLException.class, () -> exec(c, declaration));
        assertEquals("25006", refused.getSQLState(), refused.getMessage());
        String message = refused.getMessage();
        assertTrue(message.contains("standby") && message.contains("127.0.0.1:" + pair.standbyPort)
            && message.contains("targetServerType=primary"), message);
      }
      // Nothing changed, and the session goes on reading.
      assertEquals("2", one(c, "SELECT count(*) FROM note"));
    }
    try (Connection raw = pair.raw(pair.primaryPort)) {
      assertEquals(edgesOnPrimary, rows(raw, EDGES));
    }
  }

  @Test
  @Order(4)
  void afterPromotionTheSameUrlReconnectsAndTheBranchIsIntact() throws Exception {
    pair.caughtUp();
    pair.failOver();
    try (Connection c = branchOn(pair.multiHostBranchUrl(BRANCH))) {
      assertEquals(Integer.toString(pair.standbyPort), one(c, "SELECT inet_server_port()"));
      assertEquals("f", one(c, "SELECT pg_is_in_recovery()"));
      assertEquals(List.of(List.of("1", "one"), List.of("2", "two")),
          rows(c, "SELECT subject_id, body FROM note ORDER BY subject_id"));
      assertEquals(edgesOnPrimary, rows(c, EDGES));
      // The symbolic keys still act: a cascade, and a refusal naming both tables.
      exec(c, "DELETE FROM subject WHERE subject_id = 1");
      assertEquals(List.of(List.of("2")), rows(c, "SELECT subject_id FROM note"));
      SQLException restricted = assertThrows(SQLException.class,
          () -> exec(c, "DELETE FROM subject WHERE subject_id = 3"));
      assertEquals("23503", restricted.getSQLState());
      // And the branch declares again, on the new primary.
      exec(c, "CREATE TABLE tag (tag_id INT PRIMARY KEY, subject_id INT REFERENCES subject (subject_id))",
          "INSERT INTO tag VALUES (5, 2)");
      assertEquals("1", one(c, "SELECT count(*) FROM tag"));
    }
  }
}

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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A branch on a 3-node MariaDB Galera cluster (docs/scaling-out.md): Galera replicates DDL in total order and rows
 * by certification, so a draft declared through one node is there on the others, and the branch's symbolic keys
 * and declarations hold across nodes.
 */
class GaleraBranchTest {
  private static GaleraCluster cluster;
  private String schema;
  private String branch;

  @BeforeAll
  static void startCluster() throws Exception {
    cluster = GaleraCluster.start();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** The pipeline: schema {@code djb_...} with a subject table of three rows, made through node 1. */
  @BeforeEach
  void pipeline() throws Exception {
    schema = Sql.unique("djb_");
    branch = Sql.unique("g");
    try (Connection c = cluster.raw(1)) {
      exec(c, "CREATE DATABASE " + schema,
          "CREATE TABLE " + schema + ".subject (subject_id INT NOT NULL PRIMARY KEY, name VARCHAR(20))",
          "INSERT INTO " + schema + ".subject VALUES (1, 'ann'), (2, 'bob'), (3, 'cy')");
    }
    // A URL naming the schema can only connect to a node that has applied its creation.
    caughtUp(2);
    caughtUp(3);
  }

  @AfterEach
  void dropSchemas() throws Exception {
    try (Connection c = cluster.raw(1)) {
      for (List<String> db : rows(c, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME IN ('"
          + schema + "', 'br_" + branch + "_" + schema + "')")) {
        exec(c, "DROP DATABASE `" + db.get(0) + "`");
      }
    }
  }

  private Connection onNode(int n) throws SQLException {
    return DriverManager.getConnection(cluster.branchUrl(n, schema, branch));
  }

  private String draft() {
    return "br_" + branch + "_" + schema;
  }

  /** Waits until node {@code n} has applied what was committed before (Galera applies asynchronously). */
  private static void caughtUp(int n) throws SQLException {
    try (Connection c = cluster.raw(n)) {
      one(c, "SELECT 1"); // wsrep_sync_wait=1: this read waits for everything the node received to be applied
    }
  }

  @Test
  void aDeclarationOnOneNodeIsSeenByBranchSessionsOnTheOthers() throws Exception {
    try (Connection node2 = onNode(2)) {
      // Node 2's session listed the schema before the draft existed.
      assertEquals("3", one(node2, "SELECT count(*) FROM subject"));
      try (Connection node1 = onNode(1)) {
        exec(node1, "CREATE TABLE note (subject_id INT NOT NULL PRIMARY KEY, body VARCHAR(20),"
                + " FOREIGN KEY (subject_id) REFERENCES subject (subject_id) ON DELETE CASCADE)",
            "INSERT INTO note VALUES (1, 'first'), (2, 'second')");
      }
      caughtUp(2);
      // Its listing is stale: the "does not exist" retry lists again and finds the draft table.
      assertEquals(List.of(List.of("1", "first"), List.of("2", "second")),
          rows(node2, "SELECT subject_id, body FROM note ORDER BY subject_id"));
    }
    caughtUp(3);
    try (Connection node3 = onNode(3)) {
      assertEquals(List.of(List.of("1", "ann", "first")), rows(node3, "SELECT s.subject_id, s.name, n.body"
          + " FROM subject s JOIN note n ON n.subject_id = s.subject_id WHERE s.subject_id = 1"));
      // The trunk of node 3 has no such table: it lives in the draft only.
      try (Connection raw = cluster.raw(3)) {
        assertEquals("0", one(raw, "SELECT count(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '" + schema
            + "' AND TABLE_NAME = 'note'"));
        assertEquals("1", one(raw, "SELECT count(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '"
            + draft() + "' AND TABLE_NAME = 'note'"));
      }
    }
  }

  @Test
  void referentialActionsHoldAcrossNodes() throws Exception {
    try (Connection node1 = onNode(1)) {
      exec(node1, "CREATE TABLE note (subject_id INT NOT NULL PRIMARY KEY, body VARCHAR(20),"
              + " FOREIGN KEY (subject_id) REFERENCES subject (subject_id) ON DELETE CASCADE)",
          "CREATE TABLE trial (trial_id INT NOT NULL PRIMARY KEY, subject_id INT NOT NULL,"
              + " FOREIGN KEY (subject_id) REFERENCES subject (subject_id))",
          "INSERT INTO note VALUES (1, 'one'), (2, 'two')", "INSERT INTO trial VALUES (10, 3)");
    }
    caughtUp(2);
    try (Connection node2 = onNode(2)) {
      // A session on node 2 reads the ~edge rows node 1 wrote, and honours them.
      exec(node2, "DELETE FROM subject WHERE subject_id = 1");
      SQLException refused = assertThrows(SQLException.class,
          () -> exec(node2, "DELETE FROM subject WHERE subject_id = 3"));
      assertEquals("23503", refused.getSQLState());
      assertTrue(refused.getMessage().contains("trial"), refused.getMessage());
    }
    caughtUp(3);
    try (Connection raw = cluster.raw(3)) {
      assertEquals(List.of(List.of("2"), List.of("3")),
          rows(raw, "SELECT subject_id FROM " + schema + ".subject ORDER BY subject_id"));
      assertEquals(List.of(List.of("2")), rows(raw, "SELECT subject_id FROM " + draft() + ".note"));
      assertEquals(List.of(List.of("10")), rows(raw, "SELECT trial_id FROM " + draft() + ".trial"));
    }
  }

  @Test
  void firstDeclarationsFromTwoNodesAtOnceAllLand() throws Exception {
    int perNode = 10;
    CyclicBarrier start = new CyclicBarrier(2);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<Void>> sessions = new ArrayList<>();
      for (int n = 1; n <= 2; n++) {
        int node = n;
        sessions.add(pool.submit(() -> {
          // The server retries an autocommit statement that lost certification once by itself; off, so that
          // every conflict reaches the driver, which must run the declaration again.
          try (Connection c = DriverManager.getConnection(cluster.branchUrl(node, schema, branch)
              + "&sessionVariables=wsrep_retry_autocommit=0")) {
            start.await(30, TimeUnit.SECONDS);
            // Every statement into the same new draft: its schema, its ~edge table, then rows of ~edge.
            for (int i = 0; i < perNode; i++) {
              exec(c, "CREATE TABLE t" + node + "_" + i + " (id INT NOT NULL PRIMARY KEY, subject_id INT NOT NULL,"
                  + " FOREIGN KEY (subject_id) REFERENCES subject (subject_id) ON DELETE CASCADE)");
            }
          }
          return null;
        }));
      }
      for (Future<Void> s : sessions) {
        s.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    caughtUp(3);
    List<List<String>> expected = new ArrayList<>();
    for (int n = 1; n <= 2; n++) {
      for (int i = 0; i < perNode; i++) {
        expected.add(List.of("t" + n + "_" + i));
      }
    }
    try (Connection raw = cluster.raw(3)) {
      assertEquals(expected, rows(raw, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '"
          + draft() + "' AND TABLE_NAME <> '~edge' ORDER BY TABLE_NAME"));
      List<List<String>> edges = new ArrayList<>();
      for (List<String> t : expected) {
        edges.add(List.of("`" + draft() + "`.`" + t.get(0) + "`", "`" + schema + "`.`subject`", "CASCADE"));
      }
      assertEquals(edges, rows(raw, "SELECT referencing_table, referenced_table, delete_rule FROM `" + draft()
          + "`.`~edge` ORDER BY referencing_table"));
    }
    // And a session on node 3 honours all of them.
    try (Connection node3 = onNode(3)) {
      exec(node3, "INSERT INTO t1_0 VALUES (1, 2)", "INSERT INTO t2_5 VALUES (1, 2)",
          "DELETE FROM subject WHERE subject_id = 2");
      assertEquals("0", one(node3, "SELECT (SELECT count(*) FROM t1_0) + (SELECT count(*) FROM t2_5)"));
    }
  }

  @Test
  void loadBalancedAndReplicationUrlsWorkOnABranch() throws Exception {
    // loadbalance://: each transaction may go to another node; the branch's layout is one for the URL.
    try (Connection c = DriverManager.getConnection(cluster.multiHostBranchUrl("loadbalance", schema, branch,
        "&sessionVariables=wsrep_sync_wait=1"))) {
      exec(c, "CREATE TABLE note (subject_id INT NOT NULL PRIMARY KEY, body VARCHAR(20),"
              + " FOREIGN KEY (subject_id) REFERENCES subject (subject_id) ON DELETE CASCADE)",
          "INSERT INTO note VALUES (1, 'one'), (3, 'three')", "DELETE FROM subject WHERE subject_id = 3");
      assertEquals(List.of(List.of("1", "one")), rows(c, "SELECT subject_id, body FROM note"));
    }
    // replication://: writes on the first host (the source), reads on the others after setReadOnly(true).
    try (Connection c = DriverManager.getConnection(cluster.multiHostBranchUrl("replication", schema, branch,
        "&sessionVariables=wsrep_sync_wait=1"))) {
      exec(c, "CREATE TABLE tag (tag_id INT NOT NULL PRIMARY KEY, subject_id INT,"
              + " FOREIGN KEY (subject_id) REFERENCES subject (subject_id) ON DELETE SET NULL)",
          "INSERT INTO tag VALUES (7, 2)");
      c.setReadOnly(true);
      assertTrue(!one(c, "SELECT @@port").equals(Integer.toString(cluster.port(1))), "reads go to a replica");
      assertEquals(List.of(List.of("7", "2", "bob", "one")), rows(c, "SELECT t.tag_id, t.subject_id, s.name,"
          + " (SELECT body FROM note) FROM tag t JOIN subject s ON s.subject_id = t.subject_id"));
      // A declaration on the read-only side says where to declare instead.
      SQLException refused = assertThrows(SQLException.class,
          () -> exec(c, "CREATE TABLE later (id INT NOT NULL PRIMARY KEY, subject_id INT,"
              + " FOREIGN KEY (subject_id) REFERENCES subject (subject_id))"));
      assertEquals("25006", refused.getSQLState(), refused.getMessage());
      assertTrue(refused.getMessage().contains("setReadOnly(false)"), refused.getMessage());
      c.setReadOnly(false);
      exec(c, "CREATE TABLE later (id INT NOT NULL PRIMARY KEY, subject_id INT,"
          + " FOREIGN KEY (subject_id) REFERENCES subject (subject_id))", "INSERT INTO later VALUES (1, 1)");
      assertEquals("1", one(c, "SELECT count(*) FROM later"));
    }
  }
}

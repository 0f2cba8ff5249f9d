package org.djbranch.compat.scale;

import static org.djbranch.compat.scale.Sql.exec;
import static org.djbranch.compat.scale.Sql.one;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.djbranch.compat.Db;
import org.djbranch.compat.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process that visits thousands of branches (a CI runner, a notebook server) keeps the layouts of the most
 * recently used ones only, up to layoutCacheSize; layouts that open connections still use stay shared by them.
 */
class ManyBranchesTest {
  private static final int BRANCHES = 2000;
  private static final int BOUND = 100;
  private static final int PIPELINE_TABLES = 150;
  private static final int CONTROL = 300;

  @TempDir
  Path dir;

  /** The bound is process-wide: later tests get the default back. */
  @AfterEach
  void defaultBound() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.SQLITE, dir);
        Connection c = DriverManager.getConnection(p.branchUrl(null) + "?layoutCacheSize=256&branch=")) {
      c.isValid(1);
    }
  }

  @Test
  void retainedMemoryStaysFlatOnceTheBoundIsReached() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.SQLITE, dir)) {
      try (Connection raw = p.raw()) {
        raw.setAutoCommit(false);
        for (int i = 0; i < PIPELINE_TABLES; i++) {
          exec(raw, "CREATE TABLE pipeline_table_" + i + " (id INTEGER PRIMARY KEY, value TEXT)");
        }
        raw.commit();
      }
      // Bounded: 2,000 branches, the retained heap read every 500.
      long started = System.nanoTime();
      long[] bounded = new long[BRANCHES / 500];
      for (int i = 1; i <= BRANCHES; i++) {
        visit(p, "many" + i, BOUND);
        if (i % 500 == 0) {
          bounded[i / 500 - 1] = retainedHeap();
        }
      }
      long elapsedMs = (System.nanoTime() - started) / 1_000_000;
      // The control: with room for all of them, CONTROL more branches are all retained; what one costs.
      for (int i = 1; i <= CONTROL; i++) {
        visit(p, "kept" + i, BRANCHES + CONTROL);
      }
      long unbounded = retainedHeap();
      long perLayout = (unbounded - bounded[bounded.length - 1]) / CONTROL;
      StringBuilder figures = new StringBuilder("layout cache bound " + BOUND + ", " + PIPELINE_TABLES
          + " pipeline tables, retained heap");
      for (int k = 0; k < bounded.length; k++) {
        figures.append(k == 0 ? ": after " : ", after ").append((k + 1) * 500).append(" branches ")
            .append(kb(bounded[k]));
      }
      figures.append(" (").append(elapsedMs).append(" ms); with no bound, ").append(CONTROL)
          .append(" more branches ").append(kb(unbounded)).append(" (").append(kb(perLayout)).append(" a layout)");
      System.out.println(figures);
      assertTrue(perLayout > 4_000, "a layout of " + PIPELINE_TABLES + " tables is measurable: " + figures);
      // Flat: the last 1,500 branches retain less than 5 % of what 1,500 layouts take.
      long growth = bounded[bounded.length - 1] - bounded[0];
      assertTrue(growth < perLayout * 1500 / 20, "retained heap grew by " + kb(growth) + ": " + figures);
    }
  }

  /** Opens a connection on {@code branch} with the given bound; opening lists the schema (all pipeline tables). */
  private static void visit(TestDatabase p, String branch, int bound) throws SQLException {
    Properties props = new Properties();
    props.setProperty("branch", branch);
    try (Connection c = DriverManager.getConnection(p.branchUrl(null) + "?layoutCacheSize=" + bound, props)) {
      assertEquals("0", one(c, "SELECT count(*) FROM pipeline_table_1"));
    }
  }

  @Test
  void aLayoutDroppedFromTheCacheStaysSharedByTheConnectionsStillUsingIt() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT PRIMARY KEY)");
      }
      String branch = Sql.unique("keep");
      p.draftFor(branch);
      String url = p.branchUrl(branch) + "&layoutCacheSize=3&currentSchema=" + p.schema;
      try (Connection held = DriverManager.getConnection(url)) {
        exec(held, "CREATE TABLE early (id INT PRIMARY KEY)");
        // Other branches push this one out of the cache while the connection stays open.
        for (int i = 0; i < 10; i++) {
          String other = Sql.unique("other");
          p.draftFor(other);
          try (Connection c = DriverManager.getConnection(p.branchUrl(other) + "&currentSchema=" + p.schema)) {
            exec(c, "CREATE TABLE early (id INT PRIMARY KEY)");
          }
        }
        // A new connection of the same branch still gets the held layout: what it declares, the held connection
        // sees at once, even inside a transaction, where no listing is retried.
        try (Connection next = DriverManager.getConnection(url)) {
          exec(next, "CREATE TABLE late (id INT PRIMARY KEY)", "INSERT INTO late VALUES (1)");
        }
        held.setAutoCommit(false);
        assertEquals("1", one(held, "SELECT count(*) FROM late"));
        held.rollback();
      }
      // Once no connection holds it, it goes: a new connection lists again and finds both tables.
      try (Connection again = DriverManager.getConnection(url)) {
        again.setAutoCommit(false);
        assertEquals("0", one(again, "SELECT count(*) FROM early"));
        assertEquals("1", one(again, "SELECT count(*) FROM late"));
        again.rollback();
      }
    }
  }

  @Test
  void aBadBoundFailsTheConnectionNamingIt() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.SQLITE, dir)) {
      SQLException e = assertThrows(SQLException.class,
          () -> DriverManager.getConnection(p.branchUrl("b") + "&layoutCacheSize=none").close());
      assertEquals("08001", e.getSQLState());
      assertTrue(e.getMessage().contains("layoutCacheSize") && e.getMessage().contains("'none'"), e.getMessage());
    }
  }

  /** The heap still in use after full collections. */
  private static long retainedHeap() throws InterruptedException {
    var memory = ManagementFactory.getMemoryMXBean();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      System.gc();
      System.runFinalization(); // closed connections of earlier tests release what they held
      Thread.sleep(20);
      used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
    }
    return used;
  }

  private static String kb(long bytes) {
    return (bytes / 1024) + " KB";
  }
}

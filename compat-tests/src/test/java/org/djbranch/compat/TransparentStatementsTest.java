package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.draft;
import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** On a branch, application code written with logical names works as if the branch's tables were merged. */
class TransparentStatementsTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(Db.class)
  void theSameCodeReturnsOnTheBranchWhatTheMergedSchemaReturnsOnTrunk(Db db) throws Exception {
    List<String> onBranch;
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      EphysApp.declarePipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        EphysApp app = new EphysApp(p);
        app.declareBranchTables(c);
        onBranch = app.run(c);
      }
      try (Connection raw = p.raw()) {
        // The pipeline's schema holds exactly what it held: the rows the branch wrote went to the draft.
        assertEquals(List.of(List.of("3")), rows(raw, "SELECT count(*) FROM " + p.table("subject")));
      }
    }
    List<String> merged;
    try (TestDatabase p = TestDatabase.create(db, dir); Connection trunk = p.branch("")) {
      EphysApp.declarePipeline(p);
      EphysApp app = new EphysApp(p);
      app.declareBranchTables(trunk);
      merged = app.run(trunk);
    }
    assertEquals(merged, onBranch);
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB"})
  void unqualifiedNamesResolveAgainstTheCurrentSchema(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      EphysApp.declarePipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        if (db == Db.MARIADB) {
          c.setCatalog(p.schema);
        } else {
          c.setSchema(p.schema);
        }
        exec(c, "CREATE TABLE note (subject_id INT NOT NULL, body VARCHAR(20), PRIMARY KEY (subject_id))",
            "INSERT INTO note SELECT subject_id, species FROM subject");
        assertEquals(List.of(List.of("mouse", "2")), rows(c, "SELECT n.body, count(*) FROM note n JOIN subject s"
            + " ON s.subject_id = n.subject_id WHERE n.body = 'mouse' GROUP BY n.body"));
        assertEquals(3, rows(c, "SELECT * FROM " + p.table("note")).size());
      }
      try (Connection raw = p.raw()) {
        assertEquals(3, rows(raw, "SELECT * FROM " + (db == Db.MARIADB ? "`" + draft(branch, p.schema) + "`.note"
            : "\"" + draft(branch, p.schema) + "\".note")).size());
      }
    }
  }

  /** A statement that changes the current schema (USE, SET search_path) is followed, as setSchema is. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB"})
  void aStatementChangingTheCurrentSchemaIsFollowed(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      EphysApp.declarePipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, db == Db.POSTGRESQL ? "SET search_path TO " + p.schema + ", public" : "USE " + p.schema);
        exec(c, "CREATE TABLE memo (id INT PRIMARY KEY, body VARCHAR(10))", "INSERT INTO memo VALUES (1, 'x')");
        assertEquals(List.of(List.of("x")), rows(c, "SELECT body FROM memo"));
      }
      try (Connection raw = p.raw()) {
        String q = db == Db.MARIADB ? "`" : "\"";
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT id FROM " + q + draft + q + ".memo"));
      }
    }
  }

  /** One parse per statement shape: other literals reuse the plan, a prepared statement is analysed once. */
  @ParameterizedTest
  @EnumSource(Db.class)
  void aStatementShapeIsParsedOnce(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      EphysApp.declarePipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE " + p.table("shaped") + " (id INT PRIMARY KEY, v VARCHAR(10))");
        long before = org.djbranch.rewriter.Analyzer.parseCount();
        for (int id = 1; id <= 20; id++) {
          exec(c, "INSERT INTO " + p.table("shaped") + " VALUES (" + id + ", 'v" + id + "')");
        }
        for (int id = 1; id <= 20; id++) {
          rows(c, "SELECT v FROM " + p.table("shaped") + " WHERE id = " + id);
        }
        assertEquals(2, org.djbranch.rewriter.Analyzer.parseCount() - before, "one parse per shape");
        try (java.sql.PreparedStatement ps = c.prepareStatement("SELECT v FROM " + p.table("shaped") + " WHERE id > ?")) {
          long prepared = org.djbranch.rewriter.Analyzer.parseCount();
          for (int id = 0; id < 5; id++) {
            ps.setInt(1, id);
            ps.executeQuery().close();
          }
          assertEquals(prepared, org.djbranch.rewriter.Analyzer.parseCount(), "executions parse nothing");
        }
        // Statements naming only pipeline tables are never parsed.
        long pipeline = org.djbranch.rewriter.Analyzer.parseCount();
        for (int id = 1; id <= 5; id++) {
          rows(c, "SELECT species FROM " + p.table("subject") + " WHERE subject_id = " + id);
        }
        assertEquals(pipeline, org.djbranch.rewriter.Analyzer.parseCount());
      }
    }
  }

  /** The server's own record of the last statement: pipeline statements arrive byte for byte. */
  @Test
  void pipelineStatementsReachTheDatabaseByteIdentical() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      EphysApp.declarePipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch); Connection observer = p.raw()) {
        exec(c, "CREATE TABLE " + p.table("extra") + " (id INT PRIMARY KEY)");
        int pid = Integer.parseInt(rows(c, "SELECT pg_backend_pid()").get(0).get(0));
        String pipeline = "select  /* as written */ species\n  from " + p.table("subject") + " s where s.subject_id=1";
        exec(c, pipeline);
        assertEquals(pipeline, lastQuery(observer, pid));
        String onDraft = "select count(*) /* kept */ from " + p.table("extra") + " where id > 0";
        exec(c, onDraft);
        assertEquals(onDraft.replace(p.table("extra"), "\"" + draft(branch, p.schema) + "\".\"extra\""),
            lastQuery(observer, pid));
      }
    }
  }

  private static String lastQuery(Connection observer, int pid) throws Exception {
    try (Statement s = observer.createStatement();
        ResultSet rs = s.executeQuery("SELECT query FROM pg_stat_activity WHERE pid = " + pid)) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** A pool's connections share one layout: a table declared on one is reached from the others at once. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aPoolSeesADeclarationFromEveryConnection(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      EphysApp.declarePipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(p.branchUrl(branch));
      config.setMaximumPoolSize(8);
      config.setMinimumIdle(8);
      try (HikariDataSource pool = new HikariDataSource(config)) {
        List<Connection> held = new ArrayList<>();
        try {
          for (int i = 0; i < 8; i++) {
            held.add(pool.getConnection());
          }
          exec(held.get(0), "CREATE TABLE " + p.table("pooled") + " (id INT PRIMARY KEY)");
          for (int i = 1; i < 8; i++) {
            exec(held.get(i), "INSERT INTO " + p.table("pooled") + " VALUES (" + i + ")");
          }
          assertEquals(List.of(List.of("7")), rows(held.get(3), "SELECT count(*) FROM " + p.table("pooled")));
        } finally {
          for (Connection c : held) {
            c.close();
          }
        }
      }
    }
  }

  /** SQLite attaches a draft per connection: one opened before the draft existed attaches it when first named. */
  @org.junit.jupiter.api.Test
  void sqliteConnectionsOpenedEarlierReachADraftCreatedLater() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.SQLITE, dir)) {
      EphysApp.declarePipeline(p);
      String branch = newBranch();
      try (Connection first = p.branch(branch); Connection second = p.branch(branch)) {
        exec(first, "CREATE TABLE note (id INT PRIMARY KEY, body VARCHAR(10))", "INSERT INTO note VALUES (1, 'a')");
        exec(second, "INSERT INTO note VALUES (2, 'b')");
        try (java.sql.PreparedStatement ps = second.prepareStatement("SELECT count(*) FROM note WHERE id > ?")) {
          ps.setInt(1, 0);
          try (java.sql.ResultSet rs = ps.executeQuery()) {
            rs.next();
            assertEquals(2, rs.getInt(1));
          }
        }
        assertEquals(List.of(List.of("2")), rows(first, "SELECT count(*) FROM note"));
      }
    }
  }

  /**
   * Another process declared a table: in autocommit the first "does not exist" lists the schema again and retries
   * once; inside a transaction nothing is retried, since the failed statement may have spoiled it.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "SQLITE"})
  void aTableDeclaredElsewhereIsFoundAfterOneRefreshOutsideTransactions(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      EphysApp.declarePipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch);
          Connection other = java.sql.DriverManager.getConnection(p.elsewhereUrl(branch))) {
        exec(c, "SELECT * FROM " + p.table("subject"));
        exec(other, "CREATE TABLE " + p.table("late") + " (id INT PRIMARY KEY)",
            "INSERT INTO " + p.table("late") + " VALUES (42)");
        assertEquals(List.of(List.of("42")), rows(c, "SELECT id FROM " + p.table("late")));

        // A DELETE or UPDATE that names a draft this connection knows is routed by the branch's rules: it too
        // finds a table declared elsewhere after one refresh.
        exec(c, "CREATE TABLE " + p.table("known") + " (id INT PRIMARY KEY)",
            "INSERT INTO " + p.table("known") + " VALUES (7)");
        exec(other, "CREATE TABLE " + p.table("gone") + " (id INT PRIMARY KEY, n INT)",
            "INSERT INTO " + p.table("gone") + " VALUES (7, 0), (42, 0)",
            "CREATE TABLE " + p.table("gone2") + " (id INT PRIMARY KEY)",
            "INSERT INTO " + p.table("gone2") + " VALUES (7), (42)");
        String known = " WHERE id IN (SELECT id FROM " + p.table("known") + ")";
        try (java.sql.Statement s = c.createStatement()) {
          assertEquals(1, s.executeUpdate("UPDATE " + p.table("gone") + " SET n = 1" + known));
          assertEquals(1, s.executeUpdate("DELETE FROM " + p.table("gone2") + known));
        }
        assertEquals(List.of(List.of("7", "1"), List.of("42", "0")),
            rows(other, "SELECT id, n FROM " + p.table("gone") + " ORDER BY id"));
        assertEquals(List.of(List.of("42")), rows(other, "SELECT id FROM " + p.table("gone2")));

        // A prepared statement runs again, prepared anew with the parameters and settings the application gave it.
        exec(other, "CREATE TABLE " + p.table("late_read") + " (id INT PRIMARY KEY, n INT)",
            "INSERT INTO " + p.table("late_read") + " VALUES (1, 10), (2, 20), (3, 30)",
            "CREATE TABLE " + p.table("late_write") + " (id INT PRIMARY KEY, n INT)",
            "INSERT INTO " + p.table("late_write") + " VALUES (1, 0)");
        try (PreparedStatement read = c.prepareStatement(
            "SELECT n FROM " + p.table("late_read") + " WHERE id >= ? ORDER BY id")) {
          read.setMaxRows(2);
          read.setInt(1, 1);
          assertEquals(List.of("10", "20"), column(read.executeQuery()));
          read.setInt(1, 3);
          assertEquals(List.of("30"), column(read.executeQuery()), "the statement prepared anew stays in use");
        }
        try (PreparedStatement write = c.prepareStatement(
            "UPDATE " + p.table("late_write") + " SET n = ? WHERE id = ?")) {
          write.setInt(1, 5);
          write.setInt(2, 1);
          assertEquals(1, write.executeUpdate());
        }
        assertEquals(List.of(List.of("5")), rows(other, "SELECT n FROM " + p.table("late_write")));

        // A write of a table this process has not seen looks it up in the live catalog before it is prepared (a
        // table may be the pipeline's, made since the listing, which a branch copies before writing): even a batch
        // too large to be held twice, which a stale layout could not try again, runs at its first attempt.
        exec(other, "CREATE TABLE " + p.table("late_bulk") + " (id INT PRIMARY KEY)");
        String bulk = "INSERT INTO " + p.table("late_bulk") + " VALUES (?)";
        int entries = db == Db.SQLITE ? 100 : 10_001;
        assertEquals(entries, bulkInsert(c, bulk, entries).length);
        assertEquals(List.of(List.of(String.valueOf(entries))),
            rows(other, "SELECT count(*) FROM " + p.table("late_bulk")));

        // Inside a transaction nothing is retried, since the failed statement may have spoiled it; the schema is
        // listed again once the transaction is over, so the application's next attempt finds the table.
        exec(other, "CREATE TABLE " + p.table("later") + " (id INT PRIMARY KEY)",
            "INSERT INTO " + p.table("later") + " VALUES (42)");
        c.setAutoCommit(false);
        java.sql.SQLException e = org.junit.jupiter.api.Assertions.assertThrows(java.sql.SQLException.class,
            () -> rows(c, "SELECT id FROM " + p.table("later")));
        assertTrue(e.getMessage().contains("later"), e.getMessage());
        c.rollback();
        assertEquals(List.of(List.of("42")), rows(c, "SELECT id FROM " + p.table("later")));
        c.commit();
        exec(other, "CREATE TABLE " + p.table("later_prepared") + " (id INT PRIMARY KEY)",
            "INSERT INTO " + p.table("later_prepared") + " VALUES (43)");
        String prepared = "SELECT id FROM " + p.table("later_prepared") + " WHERE id = ?";
        e = org.junit.jupiter.api.Assertions.assertThrows(java.sql.SQLException.class,
            () -> selectOne(c, prepared, 43));
        assertTrue(e.getMessage().contains("later_prepared"), e.getMessage());
        c.rollback();
        assertEquals(List.of("43"), selectOne(c, prepared, 43));
        c.commit();
        c.setAutoCommit(true);
      }
    }
  }

  /**
   * SQLite, and MariaDB with server-side prepares, look a table up when a statement is prepared: a table another
   * process declared after this one listed the schema is found there as well, once the schema is listed again.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"SQLITE", "MARIADB"})
  void aTableDeclaredElsewhereIsFoundWhenPrepared(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      EphysApp.declarePipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      String here = p.branchUrl(branch) + (db == Db.MARIADB ? "&useServerPrepStmts=true" : "");
      try (Connection c = java.sql.DriverManager.getConnection(here);
          Connection other = java.sql.DriverManager.getConnection(p.elsewhereUrl(branch))) {
        exec(c, "SELECT * FROM " + p.table("subject"));
        exec(other, "CREATE TABLE " + p.table("late") + " (id INT PRIMARY KEY)",
            "INSERT INTO " + p.table("late") + " VALUES (42)");
        assertEquals(List.of("42"), selectOne(c, "SELECT id FROM " + p.table("late") + " WHERE id = ?", 42));
      }
    }
  }

  /** Prepares an insert of one parameter and runs it as one batch of the values 0 to {@code entries - 1}. */
  private static int[] bulkInsert(Connection c, String insert, int entries) throws java.sql.SQLException {
    try (PreparedStatement ps = c.prepareStatement(insert)) {
      for (int i = 0; i < entries; i++) {
        ps.setInt(1, i);
        ps.addBatch();
      }
      return ps.executeBatch();
    }
  }

  /** Prepares a query of one integer parameter and reads its first column. */
  private static List<String> selectOne(Connection c, String query, int value) throws java.sql.SQLException {
    try (PreparedStatement ps = c.prepareStatement(query)) {
      ps.setInt(1, value);
      return column(ps.executeQuery());
    }
  }

  /** The first column of every row, closing the result set. */
  private static List<String> column(ResultSet rs) throws java.sql.SQLException {
    List<String> out = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}

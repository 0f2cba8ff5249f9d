package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.BatchUpdateException;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.djbranch.driver.BranchConnection;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Declarations sent in a batch or as a call, as migration tools, Spring's script runner and schema tools may send
 * them, run on a branch as {@code execute} runs them: a batch holding one runs its statements one at a time, in
 * order, and answers with the update counts the database gives the same batch on trunk, or on a failure with a
 * {@link BatchUpdateException} holding the counts so far; a call whose text is a declaration declares. None of it is
 * an unsupported feature, on which HikariCP would close the connection: the pool hands out the same physical
 * connection after each, and it still works.
 */
class DeclarationBatchAndCallTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(Db.class)
  void declarationsInABatchOrACallRunAsExecuteRunsThem(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, species VARCHAR(20),"
            + " PRIMARY KEY (subject_id))", "INSERT INTO " + p.table("subject") + " VALUES (1, 'mouse')",
            "INSERT INTO " + p.table("subject") + " VALUES (2, 'rat')");
      }
      int[] onTrunk;
      try (Connection raw = p.raw(); Statement s = raw.createStatement()) {
        for (String sql : declareAndFill(p, "note_on_trunk")) {
          s.addBatch(sql);
        }
        onTrunk = s.executeBatch();
      }
      String branch = newBranch();
      p.draftFor(branch);
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(p.branchUrl(branch));
      config.setMaximumPoolSize(1);
      try (HikariDataSource pool = new HikariDataSource(config)) {
        BranchConnection physical = physical(pool);

        int[] counts;
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
          for (String sql : declareAndFill(p, "note")) {
            s.addBatch(sql);
          }
          counts = s.executeBatch();
        }
        assertArrayEquals(onTrunk, counts, "the counts the database gives the same batch on trunk");
        assertSame(physical, physical(pool), "after a batch declaring a table");
        try (Connection c = pool.getConnection()) {
          assertEquals(List.of(List.of("1", "kept")), rows(c, "SELECT subject_id, body FROM " + p.table("note")));
          SQLException restricted = assertThrows(SQLException.class,
              () -> exec(c, "DELETE FROM " + p.table("subject") + " WHERE subject_id = 1"));
          assertEquals("23503", restricted.getSQLState(), "the batch's foreign key is a symbolic key of the branch: "
              + restricted.getMessage());
        }
        assertFalse(BranchFixture.tablesIn(p, p.schema).contains("note"), "trunk has no note");

        // A failing statement stops the batch with the counts of those before it; what ran stays.
        BatchUpdateException failed;
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
          s.addBatch("CREATE TABLE " + p.table("tally") + " (tally_id INT NOT NULL, PRIMARY KEY (tally_id))");
          s.addBatch("INSERT INTO " + p.table("tally") + " VALUES (1)");
          s.addBatch("INSERT INTO " + p.table("tally") + " VALUES (1)");
          s.addBatch("INSERT INTO " + p.table("tally") + " VALUES (2)");
          failed = assertThrows(BatchUpdateException.class, s::executeBatch);
        }
        assertArrayEquals(new int[] {onTrunk[0], 1}, failed.getUpdateCounts(), failed.getMessage());
        assertNotEquals("0A000", failed.getSQLState(), failed.getMessage());
        assertSame(physical, physical(pool), "after a failed batch");
        try (Connection c = pool.getConnection()) {
          assertEquals(List.of(List.of("1")), rows(c, "SELECT tally_id FROM " + p.table("tally")));
        }

        // A refusal in a batch is a failed statement (55000), as it is on its own.
        SQLException refused;
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
          refused = assertThrows(SQLException.class, () -> {
            s.addBatch("CREATE TABLE " + p.table("later") + " (later_id INT NOT NULL, PRIMARY KEY (later_id))");
            s.addBatch("CALL " + p.table("refresh_all") + "()"); // runs statements its text does not show
            s.executeBatch();
          });
        }
        assertEquals("55000", refused.getSQLState(), refused.getMessage());
        assertSame(physical, physical(pool), "after a refusal in a batch");

        // A declaration handed to prepareCall declares; a parameter is a statement error, not a lost connection.
        try (Connection c = pool.getConnection();
            CallableStatement call = c.prepareCall("CREATE TABLE " + p.table("called") + " (called_id INT NOT NULL,"
                + " PRIMARY KEY (called_id))")) {
          assertFalse(call.execute());
          SQLException parameter = assertThrows(SQLException.class, () -> call.setInt(1, 7));
          assertNotEquals("0A000", parameter.getSQLState(), parameter.getMessage());
          exec(c, "INSERT INTO " + p.table("called") + " VALUES (7)");
          assertEquals(List.of(List.of("7")), rows(c, "SELECT called_id FROM " + p.table("called")));
        }
        assertSame(physical, physical(pool), "after a call declaring a table");
        assertFalse(BranchFixture.tablesIn(p, p.schema).contains("called"), "trunk has no called");

        // A prepared declaration added to its batch twice runs twice, as written.
        try (Connection c = pool.getConnection();
            PreparedStatement ps = c.prepareStatement("CREATE TABLE IF NOT EXISTS " + p.table("twice")
                + " (twice_id INT NOT NULL, PRIMARY KEY (twice_id))")) {
          ps.addBatch();
          ps.addBatch();
          assertEquals(2, ps.executeBatch().length);
          assertEquals(List.of(), rows(c, "SELECT twice_id FROM " + p.table("twice")));
        }
        assertSame(physical, physical(pool), "after a batch of a prepared declaration");
        assertEquals(1, pool.getHikariPoolMXBean().getTotalConnections());
      }
    }
  }

  /** A table with a foreign key to subject, declared and filled in one batch. */
  private static List<String> declareAndFill(TestDatabase p, String table) {
    return List.of("CREATE TABLE " + p.table(table) + " (subject_id INT NOT NULL, body VARCHAR(20),"
            + " PRIMARY KEY (subject_id), FOREIGN KEY (subject_id) REFERENCES " + p.parent("subject") + " (subject_id))",
        "INSERT INTO " + p.table(table) + " VALUES (1, 'kept')",
        "INSERT INTO " + p.table(table) + " VALUES (2, 'gone')",
        "DELETE FROM " + p.table(table) + " WHERE subject_id = 2");
  }

  private static BranchConnection physical(HikariDataSource pool) throws SQLException {
    try (Connection c = pool.getConnection()) {
      return c.unwrap(BranchConnection.class);
    }
  }
}

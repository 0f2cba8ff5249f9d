package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.djbranch.driver.BranchConnection;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A refusal is a failed statement to a pool, not a lost connection: after each kind of refusal HikariCP hands out the
 * same physical connection again, and it still works. HikariCP evicts a connection whose error carries an SQLState of
 * class 08, 0A000, 57P01 to 57P03 or 01002, or a vendor code it knows as fatal.
 */
class PoolRefusalTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(Db.class)
  void everyKindOfRefusalLeavesThePoolItsConnection(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir).inSpecificationMode()) {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, species VARCHAR(20),"
            + " PRIMARY KEY (subject_id))", "INSERT INTO " + p.table("subject") + " VALUES (1, 'mouse')");
      }
      String branch = newBranch();
      p.draftFor(branch);
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(p.branchUrl(branch));
      config.setMaximumPoolSize(1);
      try (HikariDataSource pool = new HikariDataSource(config)) {
        try (Connection c = pool.getConnection()) {
          exec(c, "CREATE TABLE " + p.table("note") + " (subject_id INT NOT NULL, body VARCHAR(20),"
                  + " PRIMARY KEY (subject_id), FOREIGN KEY (subject_id) REFERENCES " + p.parent("subject")
                  + " (subject_id) ON DELETE RESTRICT)",
              "INSERT INTO " + p.table("note") + " VALUES (1, 'kept')");
        }
        BranchConnection physical = physical(pool);
        for (Map.Entry<String, Refusal> kind : refusals(p).entrySet()) {
          SQLException e;
          try (Connection c = pool.getConnection()) {
            e = assertThrows(SQLException.class, () -> kind.getValue().run(c), kind.getKey());
          }
          assertSame(physical, physical(pool), "the pool's connection after " + kind.getKey() + ", refused with "
              + e.getSQLState() + ": " + e.getMessage());
          assertEquals(1, pool.getHikariPoolMXBean().getTotalConnections());
          String state = e.getSQLState();
          assertFalse(state == null || state.startsWith("08") || state.equals("0A000") || state.startsWith("57P"),
              kind.getKey() + ": " + state + " " + e.getMessage());
        }
        try (Connection c = pool.getConnection()) {
          assertEquals(1, BranchFixture.rows(c, "SELECT * FROM " + p.table("note")).size());
        }
      }
    }
  }

  private static BranchConnection physical(HikariDataSource pool) throws SQLException {
    try (Connection c = pool.getConnection()) {
      return c.unwrap(BranchConnection.class);
    }
  }

  interface Refusal {
    void run(Connection c) throws SQLException;
  }

  /**
   * One statement of each kind the branch refuses, by the name a report gives it. (Declarations in a batch or as a
   * call are not refused: {@link DeclarationBatchAndCallTest}.)
   */
  private static Map<String, Refusal> refusals(TestDatabase p) {
    Map<String, Refusal> out = new LinkedHashMap<>();
    out.put("ALTER of a pipeline table", c -> exec(c, "ALTER TABLE " + p.table("subject") + " ADD COLUMN w INT"));
    out.put("DROP of a pipeline table", c -> exec(c, "DROP TABLE " + p.table("subject")));
    if (p.db != Db.SQLITE) {
      out.put("TRUNCATE of a pipeline table", c -> exec(c, "TRUNCATE TABLE " + p.table("subject")));
      out.put("DROP SCHEMA of a logical schema", c -> exec(c, (p.db == Db.MARIADB ? "DROP DATABASE " : "DROP SCHEMA ")
          + (p.db == Db.MARIADB ? "`" + p.schema + "`" : "\"" + p.schema + "\"")));
    }
    out.put("a new index on a pipeline table", c -> exec(c, "CREATE INDEX subject_species ON " + p.table("subject")
        + " (species)"));
    out.put("a new part of a pipeline master", c -> exec(c, "CREATE TABLE " + p.table("subject__weight")
        + " (subject_id INT NOT NULL, grams FLOAT, PRIMARY KEY (subject_id))"));
    out.put("a symbolic key's RESTRICT", c -> exec(c, "DELETE FROM " + p.table("subject")));
    return out;
  }
}

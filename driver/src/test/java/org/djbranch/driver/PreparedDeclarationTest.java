package org.djbranch.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Frameworks such as MyBatis and jOOQ prepare every statement, DDL included: on a branch a prepared declaration runs
 * its steps when it executes, and preparing alone changes nothing.
 */
class PreparedDeclarationTest {
  @TempDir
  Path dir;

  private String url(String branch) {
    return "jdbc:djbranch:sqlite:" + dir.resolve("p.db") + "?branch=" + branch;
  }

  @Test
  void aPreparedCreateTableDeclaresIntoTheDraftWhenExecuted() throws Exception {
    try (Connection trunk = DriverManager.getConnection(url("")); Statement s = trunk.createStatement()) {
      s.execute("CREATE TABLE recording (recording_id INT PRIMARY KEY)");
      s.execute("INSERT INTO recording VALUES (1)");
    }
    try (Connection c = DriverManager.getConnection(url("b1"))) {
      PreparedStatement ps = c.prepareStatement("CREATE TABLE IF NOT EXISTS score (recording_id INT NOT NULL"
          + " REFERENCES recording (recording_id), value DOUBLE, PRIMARY KEY (recording_id))");
      assertEquals(0, count(c, "SELECT count(*) FROM sqlite_master WHERE name = 'score'"), "preparing declares nothing");
      SQLException parameter = assertThrows(SQLException.class, () -> ps.setInt(1, 1), "a declaration takes no parameters");
      assertEquals("07009", parameter.getSQLState(), "a failed statement, not an unsupported feature");
      ps.executeUpdate();
      ps.close();
      assertEquals(1, count(c, "SELECT count(*) FROM \"br_b1_main\".sqlite_master WHERE name = 'score'"));
      assertEquals(1, count(c, "SELECT count(*) FROM \"br_b1_main\".\"~edge\" WHERE referenced_table LIKE '%recording%'"));
      try (PreparedStatement insert = c.prepareStatement("INSERT INTO score VALUES (?, 0.5)")) {
        insert.setInt(1, 1);
        insert.executeUpdate();
      }
      assertEquals(1, count(c, "SELECT count(*) FROM score s JOIN recording r ON r.recording_id = s.recording_id"));
      try (Statement s = c.createStatement()) {
        s.addBatch("CREATE TABLE other (x INT PRIMARY KEY)");
        s.addBatch("INSERT INTO other VALUES (1)");
        assertEquals(2, s.executeBatch().length, "a batch declares, then fills what it declared");
      }
      assertEquals(1, count(c, "SELECT count(*) FROM \"br_b1_main\".other"));
    }
  }

  private static int count(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getInt(1);
    }
  }
}

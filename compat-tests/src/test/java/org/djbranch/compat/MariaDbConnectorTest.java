package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.draft;
import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.djbranch.compat.BranchFixture.tablesIn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.BranchConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MariaDB Connector/J as the wrapped driver ({@code jdbc:djbranch:mariadb://}): a branch declares into its draft
 * with its key kept as an {@code ~edge} row, lists the table under the logical schema, refuses to change the pipeline,
 * and trunk answers as the raw driver does.
 */
class MariaDbConnectorTest {
  @TempDir
  Path dir;

  private static String url(TestDatabase p, String branch) {
    return "jdbc:djbranch:mariadb://127.0.0.1:3306/" + p.schema + "?user=root&password=&connectTimeout=5000"
        + (branch == null ? "" : "&branch=" + branch + TestDatabase.SPECIFICATION);
  }

  @Test
  void aBranchThroughMariaDbConnectorJ() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.MARIADB, dir)) {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, species VARCHAR(20),"
            + " PRIMARY KEY (subject_id))", "INSERT INTO " + p.table("subject") + " VALUES (1, 'mouse')");
      }
      String branch = newBranch();
      String draft = draft(branch, p.schema);
      p.dropLater(draft);
      try (Connection c = DriverManager.getConnection(url(p, branch))) {
        assertTrue(c.unwrap(BranchConnection.class).branch().equals(branch));
        assertTrue(c.getMetaData().getDriverName().contains("MariaDB"), "the wrapped driver is MariaDB Connector/J");
        assertFalse(c.isWrapperFor(org.mariadb.jdbc.Connection.class), "whose own connection a branch never hands out");
        exec(c, "CREATE TABLE note (subject_id INT NOT NULL, body VARCHAR(20), PRIMARY KEY (subject_id),"
            + " CONSTRAINT note_subject FOREIGN KEY (subject_id) REFERENCES subject (subject_id))",
            "INSERT INTO note VALUES (1, 'kept')");
        assertEquals(List.of(List.of("1", "mouse", "kept")),
            rows(c, "SELECT s.subject_id, s.species, n.body FROM subject s JOIN note n USING (subject_id)"));
        assertEquals(List.of(List.of("note_subject")), rows(c, "SELECT constraint_name FROM `" + draft + "`.`~edge`"));
        List<String> listed = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getTables(p.schema, null, "%", new String[] {"TABLE"})) {
          while (rs.next()) {
            listed.add(rs.getString("TABLE_NAME"));
          }
        }
        assertEquals(List.of("note", "subject"), listed);
        SQLException e = assertThrows(SQLException.class, () -> exec(c, "ALTER TABLE subject ADD COLUMN w INT"));
        assertTrue(e.getMessage().contains(p.schema + ".subject"), e.getMessage());
      }
      assertEquals(List.of("subject"), tablesIn(p, p.schema), "trunk is untouched");
      assertEquals(List.of("note"), tablesIn(p, draft).stream().filter(t -> !t.startsWith("~")).toList());
      try (Connection trunk = DriverManager.getConnection(url(p, "")); Connection raw = DriverManager.getConnection(
          "jdbc:" + url(p, null).substring("jdbc:djbranch:".length()))) {
        String q = "SELECT * FROM subject";
        assertEquals(rows(raw, q), rows(trunk, q));
        assertEquals(null, trunk.unwrap(BranchConnection.class).branch());
      }
    }
  }
}

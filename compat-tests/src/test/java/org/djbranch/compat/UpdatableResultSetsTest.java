package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An updatable result set ({@code CONCUR_UPDATABLE}) changes rows by statements the wrapped driver makes itself,
 * which the branch never sees: so a query made for one takes the pipeline tables it reads as written, and its
 * {@code updateRow}, {@code insertRow} and {@code deleteRow} change the branch's copies, made first. Before, they
 * changed trunk's rows (pgjdbc, MariaDB's drivers). {@code pipelineWrites=refuse} refuses the query.
 */
class UpdatableResultSetsTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void anUpdatableResultSetChangesTheBranchsCopy(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String t = p.table("t");
      String u = p.table("u");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id INT PRIMARY KEY, v INT)", "INSERT INTO " + t + " VALUES (1, 1), (2, 2)",
            "CREATE TABLE " + u + " (id INT PRIMARY KEY, v INT)", "INSERT INTO " + u + " VALUES (1, 1)");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        try (Statement s = c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE);
            ResultSet rs = s.executeQuery("SELECT id, v FROM " + t + " ORDER BY id")) {
          rs.next();
          rs.updateInt(2, 10);
          rs.updateRow();
          rs.next();
          rs.deleteRow();
          rs.moveToInsertRow();
          rs.updateInt(1, 3);
          rs.updateInt(2, 30);
          rs.insertRow();
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT id, v FROM " + u + " WHERE id = ?",
            ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_UPDATABLE)) {
          ps.setInt(1, 1);
          try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            rs.updateInt(2, 11);
            rs.updateRow();
          }
        }
        assertEquals(List.of(List.of("1", "10"), List.of("3", "30")), rows(c, "SELECT id, v FROM " + t + " ORDER BY id"));
        assertEquals(List.of(List.of("1", "11")), rows(c, "SELECT id, v FROM " + u));
      }
      String refusing = newBranch();
      p.draftFor(refusing);
      try (Connection c = DriverManager.getConnection(p.branchUrl(refusing) + "&pipelineWrites=refuse");
          Statement s = c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE)) {
        SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT id, v FROM " + t).close());
        assertEquals("55000", e.getSQLState(), e.getMessage());
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1", "1"), List.of("2", "2")), rows(raw, "SELECT id, v FROM " + t + " ORDER BY id"),
            "trunk's rows stay");
        assertEquals(List.of(List.of("1", "1")), rows(raw, "SELECT id, v FROM " + u));
      }
    }
  }
}

package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.draft;
import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A branch login that may read the pipeline and create only inside provisioned drafts (Branch Resolution §2.3, §2.4, §8): where
 * it may not create the draft or the base schema, the error names that schema and says it must be provisioned.
 */
class ProvisioningTest {
  @TempDir
  Path dir;

  /** A real login with no right to create schemas, reading the place's schema. */
  private static final class RestrictedLogin implements AutoCloseable {
    final TestDatabase place;
    final String name = "djb_login_" + newBranch();

    RestrictedLogin(TestDatabase place) throws SQLException {
      this.place = place;
      try (Connection admin = place.raw()) {
        if (place.db == Db.POSTGRESQL) {
          exec(admin, "CREATE ROLE " + name + " LOGIN", "GRANT USAGE ON SCHEMA \"" + place.schema + "\" TO " + name,
              "GRANT SELECT ON ALL TABLES IN SCHEMA \"" + place.schema + "\" TO " + name);
        } else {
          exec(admin, "CREATE USER '" + name + "'@'%'", "GRANT SELECT ON `" + place.schema + "`.* TO '" + name + "'@'%'");
        }
      }
    }

    /** Provisions a schema for this login, as the platform would. */
    void provision(String schema) throws SQLException {
      place.dropLater(schema);
      try (Connection admin = place.raw()) {
        if (place.db == Db.POSTGRESQL) {
          exec(admin, "CREATE SCHEMA \"" + schema + "\" AUTHORIZATION " + name);
        } else {
          exec(admin, "CREATE DATABASE `" + schema + "`", "GRANT ALL ON `" + schema + "`.* TO '" + name + "'@'%'");
        }
      }
    }

    Connection branch(String branch) throws SQLException {
      String url = place.db == Db.POSTGRESQL
          ? "jdbc:djbranch:postgresql://127.0.0.1:5432/test?user=" + name
          : "jdbc:djbranch:mysql://127.0.0.1:3306/" + place.schema + "?user=" + name
              + "&password=&useSSL=false&allowPublicKeyRetrieval=true";
      return DriverManager.getConnection(url + "&branch=" + branch);
    }

    @Override
    public void close() throws SQLException {
      try (Connection admin = place.raw()) {
        if (place.db == Db.POSTGRESQL) {
          exec(admin, "DROP OWNED BY " + name + " CASCADE", "DROP ROLE " + name);
        } else {
          exec(admin, "DROP USER '" + name + "'@'%'");
        }
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aDraftTheLoginMayNotCreateMustBeProvisioned(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir); RestrictedLogin login = new RestrictedLogin(p)) {
      try (Connection admin = p.raw()) {
        exec(admin, "CREATE TABLE " + p.table("subject") + " (subject_id INT PRIMARY KEY)");
      }
      try (Connection admin = p.raw()) { // the grant above preceded the table
        exec(admin, db == Db.POSTGRESQL ? "GRANT SELECT ON " + p.table("subject") + " TO " + login.name : "SELECT 1");
      }
      String branch = newBranch();
      String draft = draft(branch, p.schema);
      p.dropLater(draft);
      try (Connection c = login.branch(branch)) {
        SQLException e = assertThrows(SQLException.class,
            () -> exec(c, "CREATE TABLE " + p.table("score") + " (subject_id INT PRIMARY KEY)"));
        assertEquals("42501", e.getSQLState());
        assertTrue(e.getMessage().contains("draft schema " + draft) && e.getMessage().contains("provisioned"),
            e.getMessage());
      }
      // Provisioned, the same statement declares into it, and the login reads the pipeline beside it.
      login.provision(draft);
      String branch2 = branch; // same branch: the draft now exists for it
      try (Connection c = login.branch(branch2)) {
        exec(c, "CREATE TABLE " + p.table("score") + " (subject_id INT PRIMARY KEY REFERENCES " + p.table("subject")
            + " (subject_id), value FLOAT)");
        exec(c, "INSERT INTO " + p.table("score") + " VALUES (1, 0.5)");
        assertEquals(List.of(List.of("1", "0.5")), rows(c, "SELECT subject_id, value FROM " + p.table("score")));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aBaseSchemaTheLoginMayNotCreateMustBeProvisioned(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir); RestrictedLogin login = new RestrictedLogin(p)) {
      String branch = newBranch();
      String base = p.schema + "_stage";
      login.provision(draft(branch, base));
      p.dropLater(base);
      try (Connection c = login.branch(branch)) {
        String q = db == Db.MARIADB ? "`" : "\"";
        SQLException e = assertThrows(SQLException.class, () -> exec(c, "CREATE TABLE " + q + base + q + "." + q + "t" + q
            + " (id INT PRIMARY KEY)"));
        assertEquals("42501", e.getSQLState());
        assertTrue(e.getMessage().contains("base schema " + base) && e.getMessage().contains("provisioned"),
            e.getMessage());
      }
    }
  }
}

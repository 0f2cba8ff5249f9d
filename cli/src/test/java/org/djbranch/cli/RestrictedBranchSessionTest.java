package org.djbranch.cli;

import static org.djbranch.cli.RestrictedCredentialsTest.column;
import static org.djbranch.cli.RestrictedCredentialsTest.exec;
import static org.djbranch.cli.RestrictedCredentialsTest.pipeline;
import static org.djbranch.cli.RestrictedCredentialsTest.provision;
import static org.djbranch.cli.RestrictedCredentialsTest.reimport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.cli.Cli.Run;
import org.djbranch.cli.Place.Db;
import org.djbranch.driver.naming.DraftNames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A branch session on a login {@code djbranch provision} made (spec 8): it drives the whole branch, is refused every
 * change of the pipeline with the error naming the grant, and shares drafts with another login through a draft role.
 */
class RestrictedBranchSessionTest {
  @TempDir
  Path temp;

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aProvisionedLoginDrivesTheWholeBranch(Db db) throws Exception {
    try (Place p = Place.create(db, temp); Logins logins = new Logins(p)) {
      pipeline(p);
      String b = p.newBranch();
      String login = logins.newLogin();
      assertEquals(0, provision(p, b, login, "--apply").code());
      String draft = new DraftNames(b).draftOf(p.schema);
      try (Connection c = DriverManager.getConnection(p.loginUrl(login, b))) {
        for (int run = 0; run < 2; run++) { // a module imported again, and again: converges
          exec(c, reimport(p).toArray(new String[0]));
          exec(c, "CREATE TABLE IF NOT EXISTS " + p.table("score") + " (subject_id INT, session_id INT, score INT,"
                  + " PRIMARY KEY (subject_id, session_id), FOREIGN KEY (subject_id, session_id) REFERENCES "
                  + p.table("session") + " (subject_id, session_id))",
              "CREATE TABLE IF NOT EXISTS " + p.table("remark") + " (subject_id INT, session_id INT, remark_id INT,"
                  + " body VARCHAR(40), PRIMARY KEY (subject_id, session_id, remark_id), FOREIGN KEY (subject_id,"
                  + " session_id) REFERENCES " + p.table("score") + " (subject_id, session_id) ON DELETE CASCADE)");
        }
        exec(c, "INSERT INTO " + p.table("score") + " VALUES (1, 1, 7), (1, 2, 8), (2, 1, 9)",
            "INSERT INTO " + p.table("remark") + " VALUES (1, 1, 1, 'first'), (1, 2, 1, 'second')");
        assertEquals(List.of("ann", "ann", "bob"), column(c, "SELECT s.name FROM " + p.table("score") + " x JOIN "
            + p.table("subject") + " s ON s.subject_id = x.subject_id ORDER BY x.subject_id, x.session_id"));
        exec(c, "DELETE FROM " + p.table("score") + " WHERE session_id = 2");
        assertEquals(List.of("first"), column(c, "SELECT body FROM " + p.table("remark")), "the delete cascaded");
        // Metadata presents the draft's tables under the logical schema, with their symbolic keys.
        String catalog = db == Db.MARIADB ? p.schema : null;
        String schema = db == Db.MARIADB ? null : p.schema;
        List<String> keys = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getImportedKeys(catalog, schema, "remark")) {
          while (rs.next()) {
            keys.add(rs.getString("PKTABLE_NAME") + "." + rs.getString("PKCOLUMN_NAME"));
          }
        }
        assertEquals(List.of("score.subject_id", "score.session_id"), keys);
        List<String> pk = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getPrimaryKeys(catalog, schema, "subject")) {
          while (rs.next()) {
            pk.add(rs.getString("COLUMN_NAME"));
          }
        }
        assertEquals(List.of("subject_id"), pk, "the pipeline's key, read by a login that may only read it");

      }
      // As the specification has it (additive only, rows written where they are), every change of the pipeline is
      // refused; where the database refuses it, the error names the grant.
      try (Connection c = DriverManager.getConnection(p.loginUrl(login, b) + "&pipelineChanges=refuse"
          + "&pipelineWrites=pass")) {
        for (String ddl : List.of("ALTER TABLE " + p.table("subject") + " ADD COLUMN extra INT",
            "DROP TABLE " + p.table("session"), "TRUNCATE TABLE " + p.table("session"),
            "CREATE INDEX subject_other ON " + p.table("subject") + " (name, subject_id)",
            "CREATE TABLE " + p.table("subject") + " (subject_id INT PRIMARY KEY, name VARCHAR(20))",
            "INSERT INTO " + p.table("subject") + " VALUES (3, 'cy')")) {
          SQLException e = assertThrows(SQLException.class, () -> exec(c, ddl), ddl);
          assertTrue(e.getMessage().contains("subject") || e.getMessage().contains("session"), e.getMessage());
          if ("42501".equals(e.getSQLState())) {
            assertTrue(e.getMessage().contains("login ") && e.getMessage().contains(login)
                && e.getMessage().contains("GRANT "), e.getMessage());
          }
        }
        SQLException insert = assertThrows(SQLException.class, () -> exec(c, "INSERT INTO " + p.table("subject")
            + " VALUES (3, 'cy')"));
        assertEquals("42501", insert.getSQLState(), insert.getMessage());
        assertTrue(insert.getMessage().contains("may not insert into " + p.schema + ".subject")
            && insert.getMessage().contains("GRANT INSERT"), insert.getMessage());
      }
      // By default the branch copies what it changes: the login, which may only read the pipeline, alters and
      // writes the branch's own copy of subject.
      try (Connection c = DriverManager.getConnection(p.loginUrl(login, b))) {
        exec(c, "ALTER TABLE " + p.table("subject") + " ADD COLUMN extra INT",
            "INSERT INTO " + p.table("subject") + " (subject_id, name, extra) VALUES (3, 'cy', 1)");
        assertEquals(List.of("ann", "bob", "cy"), column(c, "SELECT name FROM " + p.table("subject")
            + " ORDER BY subject_id"));
      }
      // Nothing reached the pipeline, and the draft holds what was declared, and its copy of subject.
      assertEquals(List.of("session", "subject"), p.tables(p.schema));
      assertEquals(List.of("remark", "score", "subject"), p.tables(draft));
    }
  }

  /**
   * On PostgreSQL the login may read where the pipeline's sequences stand, which a copy of a table whose column owns
   * one, and a copy of a sequence its nextval moves, need; it may not move them. Before, provision granted the
   * tables only, and both copies failed with 42501.
   */
  @Test
  void aProvisionedLoginCopiesTablesWithSequencesAndMovesOnlyTheCopies() throws Exception {
    try (Place p = Place.create(Db.POSTGRESQL, temp); Logins logins = new Logins(p)) {
      p.exec("CREATE TABLE " + p.table("item") + " (id SERIAL PRIMARY KEY, name VARCHAR(20))",
          "INSERT INTO " + p.table("item") + " (name) VALUES ('a'), ('b')",
          "CREATE SEQUENCE " + p.table("entity_seq") + " START WITH 100");
      String b = p.newBranch();
      String login = logins.newLogin();
      assertEquals(0, provision(p, b, login, "--apply").code());
      try (Connection c = DriverManager.getConnection(p.loginUrl(login, b))) {
        exec(c, "INSERT INTO " + p.table("item") + " (name) VALUES ('c')");
        assertEquals(List.of("3"), column(c, "SELECT id FROM " + p.table("item") + " WHERE name = 'c'"));
        assertEquals(List.of("100", "101"), column(c, "SELECT nextval('" + p.schema + ".entity_seq') FROM"
            + " generate_series(1, 2)"));
      }
      try (Connection raw = DriverManager.getConnection(p.url)) {
        assertEquals(List.of("3"), column(raw, "SELECT nextval('" + p.schema + ".item_id_seq')"));
        assertEquals(List.of("100"), column(raw, "SELECT nextval('" + p.schema + ".entity_seq')"));
        // provisioned before it granted the sequences: the error names the sequence and the grant on it
        exec(raw, "CREATE TABLE " + p.table("other") + " (id SERIAL PRIMARY KEY)",
            "REVOKE SELECT ON ALL SEQUENCES IN SCHEMA " + p.schema + " FROM " + login);
      }
      try (Connection c = DriverManager.getConnection(p.loginUrl(login, b))) {
        SQLException denied = assertThrows(SQLException.class,
            () -> exec(c, "ALTER TABLE " + p.table("other") + " ADD COLUMN extra INT"));
        assertEquals("42501", denied.getSQLState(), denied.getMessage());
        assertTrue(denied.getMessage().contains("may not read other_id_seq: GRANT SELECT ON SEQUENCE other_id_seq TO "
            + login), denied.getMessage());
      }
    }
  }

  /** Spec 8, "Draft ownership on PostgreSQL": one login declares, another drops and re-declares, both read. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void twoLoginsInOneDraftRoleRebuildEachOthersDrafts(Db db) throws Exception {
    try (Place p = Place.create(db, temp); Logins logins = new Logins(p)) {
      pipeline(p);
      String b = p.newBranch();
      String role = logins.newRole();
      String alice = logins.newLogin();
      String bob = logins.newLogin();
      assertEquals(0, provision(p, b, alice, "--draft-role", role, "--apply").code());
      Run second = provision(p, b, bob, "--draft-role", role, "--apply");
      assertEquals(0, second.code(), second.all());
      String declare = "CREATE TABLE " + p.table("weight") + " (subject_id INT PRIMARY KEY, grams INT,"
          + " FOREIGN KEY (subject_id) REFERENCES " + p.table("subject") + " (subject_id))";
      try (Connection a = DriverManager.getConnection(p.loginUrl(alice, b) + "&draftRole=" + role)) {
        exec(a, declare, "INSERT INTO " + p.table("weight") + " VALUES (1, 20)");
      }
      try (Connection c = DriverManager.getConnection(p.loginUrl(bob, b) + "&draftRole=" + role)) {
        assertEquals(List.of("20"), column(c, "SELECT grams FROM " + p.table("weight")));
        exec(c, "DROP TABLE " + p.table("weight"), declare, "INSERT INTO " + p.table("weight") + " VALUES (2, 30)");
      }
      try (Connection a = DriverManager.getConnection(p.loginUrl(alice, b) + "&draftRole=" + role)) {
        assertEquals(List.of("30"), column(a, "SELECT grams FROM " + p.table("weight")));
        exec(a, "DROP TABLE " + p.table("weight"), declare);
      }
      if (db == Db.POSTGRESQL) { // a login that is no member of the role is told to become one
        String carol = logins.newLogin();
        assertEquals(0, provision(p, b, carol, "--apply").code());
        try (Connection c = DriverManager.getConnection(p.loginUrl(carol, b) + "&draftRole=" + role)) {
          SQLException e = assertThrows(SQLException.class, () -> exec(c, "CREATE TABLE " + p.table("other")
              + " (id INT PRIMARY KEY)"));
          assertEquals("42501", e.getSQLState());
          assertTrue(e.getMessage().contains("may not act as the draft role " + role + ": GRANT " + role + " TO "
              + carol), e.getMessage());
        }
      }
    }
  }

  /** A login that may use the draft but was never granted its tables is told exactly what to grant. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL"})
  void aLoginMissingAGrantOnTheDraftIsToldWhichGrant(Db db) throws Exception {
    try (Place p = Place.create(db, temp); Logins logins = new Logins(p)) {
      pipeline(p);
      String b = p.newBranch();
      String alice = logins.newLogin();
      String carol = logins.newLogin();
      assertEquals(0, provision(p, b, alice, "--apply").code());
      try (Connection a = DriverManager.getConnection(p.loginUrl(alice, b))) {
        exec(a, "CREATE TABLE " + p.table("weight") + " (subject_id INT PRIMARY KEY, FOREIGN KEY (subject_id)"
            + " REFERENCES " + p.table("subject") + " (subject_id))");
      }
      String draft = new DraftNames(b).draftOf(p.schema);
      p.exec("CREATE ROLE " + carol + " LOGIN", "GRANT USAGE ON SCHEMA " + p.schema + " TO " + carol,
          "GRANT SELECT ON ALL TABLES IN SCHEMA " + p.schema + " TO " + carol,
          "GRANT USAGE ON SCHEMA " + draft + " TO " + carol);
      try (Connection c = DriverManager.getConnection(p.loginUrl(carol, b))) {
        SQLException e = assertThrows(SQLException.class, () -> column(c, "SELECT name FROM " + p.table("subject")));
        assertEquals("42501", e.getSQLState());
        assertTrue(e.getMessage().contains("login " + carol + " may not read " + draft + ".~edge: GRANT SELECT ON ALL"
            + " TABLES IN SCHEMA " + draft + " TO " + carol), e.getMessage());
      }
    }
  }
}

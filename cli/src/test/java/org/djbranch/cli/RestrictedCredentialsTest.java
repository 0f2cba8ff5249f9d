package org.djbranch.cli;

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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The create-only credential of spec 8, made by {@code djbranch provision --apply} itself for real logins: read on
 * the pipeline, create inside the branch's drafts. Such a login drives a whole branch — a pipeline module imported
 * again, drafts declared with keys, rows, joins, cascades, metadata — and is refused every change of the pipeline.
 */
class RestrictedCredentialsTest {
  @TempDir
  Path temp;

  /** The pipeline: two tables with a key between them, an index, and rows, declared by the administrator. */
  static void pipeline(Place p) throws SQLException {
    p.exec("CREATE TABLE " + p.table("subject") + " (subject_id INT PRIMARY KEY, name VARCHAR(20))",
        "CREATE INDEX subject_name ON " + p.table("subject") + " (name)",
        "CREATE TABLE " + p.table("session") + " (subject_id INT, session_id INT, PRIMARY KEY (subject_id, session_id),"
            + " FOREIGN KEY (subject_id) REFERENCES " + p.table("subject") + " (subject_id))",
        "INSERT INTO " + p.table("subject") + " VALUES (1, 'ann'), (2, 'bob')",
        "INSERT INTO " + p.table("session") + " VALUES (1, 1), (1, 2), (2, 1)");
  }

  /** What importing the pipeline's module sends again: agreeing declarations of what exists (issue 14). */
  static List<String> reimport(Place p) {
    return List.of("CREATE SCHEMA IF NOT EXISTS " + p.schema,
        "CREATE TABLE IF NOT EXISTS " + p.table("subject") + " (subject_id INT PRIMARY KEY, name VARCHAR(20))",
        "CREATE INDEX IF NOT EXISTS subject_name ON " + p.table("subject") + " (name)",
        "CREATE TABLE IF NOT EXISTS " + p.table("session") + " (subject_id INT, session_id INT,"
            + " PRIMARY KEY (subject_id, session_id), FOREIGN KEY (subject_id) REFERENCES " + p.table("subject")
            + " (subject_id))");
  }

  static Run provision(Place p, String branch, String login, String... more) {
    List<String> args = new ArrayList<>(List.of("provision", "--url", p.url, "--branch", branch, "--login", login,
        "--schemas", p.schema));
    args.addAll(List.of(more));
    return Cli.run(args.toArray(new String[0]));
  }

  static void exec(Connection c, String... sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }

  static List<String> column(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void provisionPrintsWithoutRunningAndAppliesTwiceWithoutError(Db db) throws Exception {
    try (Place p = Place.create(db, temp); Logins logins = new Logins(p)) {
      String b = p.newBranch();
      String login = logins.newLogin();
      String draft = new DraftNames(b).draftOf(p.schema);
      String fresh = p.schema + "_new"; // a schema the branch introduces: its base is provisioned with the draft
      p.dropLater(fresh);
      p.dropLater(new DraftNames(b).draftOf(fresh));

      Run printed = Cli.run("provision", "--url", p.url, "--branch", b, "--login", login, "--schemas",
          p.schema + "," + fresh);
      assertEquals(0, printed.code(), printed.all());
      assertTrue(printed.out().contains("Not run"), printed.out());
      assertTrue(printed.out().contains(draft) && printed.out().contains(fresh), printed.out());
      assertThrows(SQLException.class, () -> DriverManager.getConnection(p.loginUrl(login, b)).close(),
          "printing created no login");

      Run applied = Cli.run("provision", "--url", p.url, "--branch", b, "--login", login, "--schemas",
          p.schema + "," + fresh, "--apply");
      assertEquals(0, applied.code(), applied.all());
      Run again = Cli.run("provision", "--url", p.url, "--branch", b, "--login", login, "--schemas",
          p.schema + "," + fresh, "--apply");
      assertEquals(0, again.code(), again.all());
      assertFalse(again.out().contains("CREATE SCHEMA") || again.out().contains("CREATE ROLE"),
          "a second run creates nothing: " + again.out());

      pipeline(p); // declared after the grants: the login reads it all the same
      try (Connection c = DriverManager.getConnection(p.loginUrl(login, b))) {
        exec(c, "CREATE TABLE " + p.table("score") + " (subject_id INT PRIMARY KEY, score INT, FOREIGN KEY (subject_id)"
            + " REFERENCES " + p.table("subject") + " (subject_id))", "INSERT INTO " + p.table("score") + " VALUES (1, 9)",
            "CREATE TABLE " + fresh + ".stage (id INT PRIMARY KEY)");
        assertEquals(List.of("ann 9"), column(c, "SELECT " + (db == Db.MARIADB ? "concat(name, ' ', score)"
            : "name || ' ' || score") + " FROM " + p.table("score") + " JOIN " + p.table("subject")
            + " USING (subject_id)"));
      }
    }
  }
}

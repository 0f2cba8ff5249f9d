package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.djbranch.driver.BranchConnection;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Branch Resolution §5.2, wherever the edges are and whenever they appear: a process that starts with no layout
 * cache honours children in a draft no statement of it has named; a prepared DELETE or UPDATE honours children
 * declared after it was prepared; and a prepared statement whose table no symbolic key names costs exactly the
 * round trips it costs unwrapped.
 */
class ReferentialActionsReachTest {
  @TempDir
  Path dir;

  /** A logical schema besides the test's own, holding the children: the parent's schema listing never shows them. */
  private static String otherSchema(TestDatabase p, String branch) {
    if (p.db == Db.SQLITE) {
      return "lab"; // a file beside the main one, removed with the directory
    }
    String lab = "djl_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    p.dropLater(lab);
    p.dropLater(BranchFixture.draft(branch, lab));
    return lab;
  }

  private static String quoted(TestDatabase p, String schema, String table) {
    return p.db == Db.MARIADB ? "`" + schema + "`.`" + table + "`" : "\"" + schema + "\".\"" + table + "\"";
  }

  private static void subjects(TestDatabase p) throws SQLException {
    try (Connection raw = p.raw()) {
      exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id))",
          "INSERT INTO " + p.table("subject") + " VALUES (1), (2), (3)");
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void aFreshProcessHonoursChildrenInADraftNoStatementOfItNamed(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      subjects(p);
      String branch = newBranch();
      p.draftFor(branch);
      String lab = otherSchema(p, branch);
      String note = quoted(p, lab, "note");
      String trial = quoted(p, lab, "trial");
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE " + note + " (subject_id INT NOT NULL, body VARCHAR(20), PRIMARY KEY (subject_id),"
                + " FOREIGN KEY (subject_id) REFERENCES " + p.parent("subject") + " (subject_id) ON DELETE CASCADE)",
            "CREATE TABLE " + trial + " (trial_id INT NOT NULL, subject_id INT NOT NULL, PRIMARY KEY (trial_id),"
                + " FOREIGN KEY (subject_id) REFERENCES " + p.parent("subject") + " (subject_id))",
            "INSERT INTO " + note + " VALUES (1, 'one'), (2, 'two')",
            "INSERT INTO " + trial + " VALUES (10, 3)");
      }
      // Every connection of this process is closed (DuckDB lets one process at a time open the file).
      List<String> answers = inFreshProcess(p.branchUrl(branch),
          "DELETE FROM " + p.table("subject") + " WHERE subject_id = 1",
          "prepared:DELETE FROM " + p.table("subject") + " WHERE subject_id = 3");
      assertEquals("ok 1", answers.get(0), "the delete of subject 1: " + answers);
      assertTrue(answers.get(1).startsWith("failed 23503") && answers.get(1).contains("trial"),
          "the RESTRICT child in the other draft refuses the delete of subject 3: " + answers);
      try (Connection c = p.branch(branch)) {
        assertEquals(List.of(List.of("2")), rows(c, "SELECT subject_id FROM " + note), "note 1 cascaded");
        assertEquals(List.of(List.of("2"), List.of("3")),
            rows(c, "SELECT subject_id FROM " + p.table("subject") + " ORDER BY subject_id"));
      }
    }
  }

  /**
   * Branch {@code b_lab}'s draft of {@code s} is named {@code br_b_lab_s}, which also reads as branch {@code b}'s
   * draft of {@code lab_s}: as no schema {@code lab_s} exists, it is {@code b_lab}'s, and a DELETE on branch {@code b}
   * neither cascades into it nor is refused by it.
   */
  @ParameterizedTest
  @EnumSource(Db.class)
  void aDraftOfAnotherBranchWhoseNameReadsAsOneOfThisBranchsIsLeftAlone(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      subjects(p);
      String branch = newBranch();
      String nested = branch + "_lab";
      p.draftFor(branch);
      p.draftFor(nested);
      try (Connection other = p.branch(nested)) {
        exec(other, "CREATE TABLE " + p.table("note") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id),"
                + " FOREIGN KEY (subject_id) REFERENCES " + p.parent("subject") + " (subject_id) ON DELETE CASCADE)",
            "CREATE TABLE " + p.table("trial") + " (trial_id INT NOT NULL, subject_id INT NOT NULL,"
                + " PRIMARY KEY (trial_id), FOREIGN KEY (subject_id) REFERENCES " + p.parent("subject")
                + " (subject_id))",
            "INSERT INTO " + p.table("note") + " VALUES (1)",
            "INSERT INTO " + p.table("trial") + " VALUES (10, 2)");
      }
      // The first connection of this branch in the process: it finds the branch's drafts.
      try (Connection c = p.branch(branch)) {
        exec(c, "DELETE FROM " + p.table("subject") + " WHERE subject_id IN (1, 2)");
      }
      try (Connection other = p.branch(nested)) {
        assertEquals(List.of(List.of("1")), rows(other, "SELECT subject_id FROM " + p.table("note")));
        assertEquals(List.of(List.of("2")), rows(other, "SELECT subject_id FROM " + p.table("trial")));
      }
    }
  }

  /** Runs the statements in a new JVM on one connection: its answers, one line per statement. */
  private static List<String> inFreshProcess(String url, String... statements) throws Exception {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), FreshProcessChild.class.getName(), url));
    command.addAll(List.of(statements));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    List<String> answers = new ArrayList<>();
    List<String> everything = new ArrayList<>();
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        everything.add(line);
        if (line.startsWith("ok ") || line.startsWith("failed ")) {
          answers.add(line);
        }
      }
    }
    assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the second process did not end");
    assertEquals(statements.length, answers.size(), "the second process said: " + everything);
    return answers;
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void aPreparedDeleteOrUpdateHonoursChildrenDeclaredAfterItWasPrepared(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      subjects(p);
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch);
          PreparedStatement delete = c.prepareStatement("DELETE FROM " + p.table("subject") + " WHERE subject_id = ?");
          PreparedStatement move = c.prepareStatement("UPDATE " + p.table("subject") + " SET subject_id = ?"
              + " WHERE subject_id = ?")) {
        // Prepared, and its parameters set, while nothing on the branch references subject (its text is not read
        // for referential actions yet); then another connection of the process declares.
        delete.setInt(1, 1);
        move.setInt(1, 20);
        move.setInt(2, 2);
        try (Connection other = p.branch(branch)) {
          exec(other, "CREATE TABLE " + p.table("note") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id),"
                  + " FOREIGN KEY (subject_id) REFERENCES " + p.parent("subject") + " (subject_id)"
                  + " ON DELETE CASCADE ON UPDATE CASCADE)",
              "INSERT INTO " + p.table("note") + " VALUES (1), (2)");
        }
        assertEquals(1, delete.executeUpdate());
        assertEquals(List.of(List.of("2")), rows(c, "SELECT subject_id FROM " + p.table("note")), "note 1 cascaded");
        assertEquals(1, move.executeUpdate());
        assertEquals(List.of(List.of("20")), rows(c, "SELECT subject_id FROM " + p.table("note")), "note 2 moved");
      }
    }
  }

  /**
   * A prepared DELETE, UPDATE or batch of a table no symbolic key names costs one round trip per execution, as on
   * the wrapped driver — on a branch with no symbolic keys, and on one whose keys name other tables.
   */
  @ParameterizedTest
  @EnumSource(Db.class)
  void aPreparedStatementOnATableWithNoChildrenCostsItsOwnRoundTripsOnly(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      subjects(p);
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("session") + " (session_id INT NOT NULL, PRIMARY KEY (session_id))");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        long bare = tripsOfPreparedWork(p, c);
        exec(c, "CREATE TABLE " + p.table("note") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id),"
            + " FOREIGN KEY (subject_id) REFERENCES " + p.parent("subject") + " (subject_id) ON DELETE CASCADE)");
        long besideEdges = tripsOfPreparedWork(p, c);
        System.out.println(db + ": round trips of 10 prepared DELETEs, 10 UPDATEs and a batch of 5, on a table no"
            + " symbolic key names: " + bare + " on a branch without keys, " + besideEdges + " beside keys");
        assertEquals(21, bare);
        assertEquals(21, besideEdges);
      }
    }
  }

  private static long tripsOfPreparedWork(TestDatabase p, Connection c) throws SQLException {
    BranchConnection bc = c.unwrap(BranchConnection.class);
    try (PreparedStatement delete = c.prepareStatement("DELETE FROM " + p.table("session") + " WHERE session_id = ?");
        PreparedStatement update = c.prepareStatement("UPDATE " + p.table("session") + " SET session_id = ?"
            + " WHERE session_id = ?")) {
      long start = bc.roundTrips();
      for (int i = 0; i < 10; i++) {
        delete.setInt(1, i);
        delete.executeUpdate();
        update.setInt(1, i + 100);
        update.setInt(2, i);
        update.executeUpdate();
      }
      for (int i = 0; i < 5; i++) {
        delete.setInt(1, i);
        delete.addBatch();
      }
      delete.executeBatch();
      return bc.roundTrips() - start;
    }
  }
}

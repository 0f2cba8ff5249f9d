package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A DataJoint pipeline and a Java tool on one branch (Branch Resolution §4.3, §4.4): the draft tables and the
 * {@code ~edge} rows are written here exactly as DataJoint's own library writes them, through the plain driver with
 * physical names (its tiers' names: {@code #lookup}, {@code _imported}, {@code __computed}, {@code master__part}; its
 * hidden {@code ~lineage} and {@code ~~jobs} beside them, in the pipeline and in the draft alike; a {@code ~edge} of
 * the specification's five columns, created first), and a djbranch session, the {@code djbranch} command and a
 * five-column reader (the query DataJoint's dependency loader runs) must each see one set of keys.
 */
class DataJointPeerTest {
  @TempDir
  Path dir;

  /** The pipeline on trunk: a lookup, a manual table with a real key to it, and DataJoint's hidden tables. */
  private static void pipeline(TestDatabase p) throws SQLException {
    try (Connection raw = p.raw()) {
      exec(raw, "CREATE TABLE " + p.table(p.schema, "#species") + " (species VARCHAR(20) NOT NULL, PRIMARY KEY (species))",
          "CREATE TABLE " + p.table(p.schema, "subject") + " (subject_id INT NOT NULL, species VARCHAR(20) NOT NULL,"
              + " PRIMARY KEY (subject_id), FOREIGN KEY (species) REFERENCES " + p.table(p.schema, "#species")
              + " (species) ON UPDATE CASCADE ON DELETE RESTRICT)",
          hiddenTables(p, p.schema).get(0), hiddenTables(p, p.schema).get(1),
          "INSERT INTO " + p.table(p.schema, "#species") + " VALUES ('mouse')",
          "INSERT INTO " + p.table(p.schema, "subject") + " VALUES (1, 'mouse'), (2, 'mouse')",
          "INSERT INTO " + p.table(p.schema, "~lineage") + " VALUES ('subject', 'subject_id', 'trunk')");
    }
  }

  /** DataJoint's ~lineage and ~~jobs of a schema (the columns that matter here). */
  private static List<String> hiddenTables(TestDatabase p, String schema) {
    return List.of("CREATE TABLE " + p.table(schema, "~lineage") + " (table_name VARCHAR(64) NOT NULL,"
            + " attribute_name VARCHAR(64) NOT NULL, lineage VARCHAR(255) NOT NULL,"
            + " PRIMARY KEY (table_name, attribute_name))",
        "CREATE TABLE " + p.table(schema, "~~jobs") + " (table_name VARCHAR(64) NOT NULL, key_hash CHAR(32) NOT NULL,"
            + " status VARCHAR(16) NOT NULL, PRIMARY KEY (table_name, key_hash))");
  }

  /**
   * A DataJoint session on the branch: its draft schema, its draft tables, and a ~edge with the specification's five
   * columns only.
   */
  private static void dataJointDeclares(TestDatabase p, String draft) throws SQLException {
    p.createSchema(draft);
    try (Connection raw = p.raw()) {
      exec(raw, hiddenTables(p, draft).get(0), hiddenTables(p, draft).get(1),
          "CREATE TABLE " + p.table(draft, "~edge") + " (constraint_name VARCHAR(255) NOT NULL,"
              + " referencing_table VARCHAR(255) NOT NULL, referenced_table VARCHAR(255) NOT NULL,"
              + " column_name VARCHAR(255) NOT NULL, referenced_column_name VARCHAR(255) NOT NULL,"
              + " PRIMARY KEY (referencing_table, constraint_name, column_name))",
          "CREATE TABLE " + p.table(draft, "_recording") + " (subject_id INT NOT NULL, recording_id INT NOT NULL,"
              + " PRIMARY KEY (subject_id, recording_id))",
          "CREATE TABLE " + p.table(draft, "__spikes") + " (subject_id INT NOT NULL, recording_id INT NOT NULL,"
              + " rate FLOAT, PRIMARY KEY (subject_id, recording_id))",
          "CREATE TABLE " + p.table(draft, "__spikes__unit") + " (subject_id INT NOT NULL, recording_id INT NOT NULL,"
              + " unit_id INT NOT NULL, PRIMARY KEY (subject_id, recording_id, unit_id))");
      edge(raw, p, draft, "_recording_ibfk_1", p.table(draft, "_recording"), p.table(p.schema, "subject"), "subject_id");
      edge(raw, p, draft, "__spikes_ibfk_1", p.table(draft, "__spikes"), p.table(draft, "_recording"), "subject_id",
          "recording_id");
      edge(raw, p, draft, "__spikes__unit_ibfk_1", p.table(draft, "__spikes__unit"), p.table(draft, "__spikes"),
          "subject_id", "recording_id");
      exec(raw, "INSERT INTO " + p.table(draft, "~lineage") + " VALUES ('_recording', 'subject_id', 'draft')",
          "INSERT INTO " + p.table(draft, "~~jobs") + " VALUES ('__spikes', '" + "0".repeat(32) + "', 'reserved')",
          "INSERT INTO " + p.table(draft, "_recording") + " VALUES (1, 1), (2, 1)",
          "INSERT INTO " + p.table(draft, "__spikes") + " VALUES (1, 1, 0.5)",
          "INSERT INTO " + p.table(draft, "__spikes__unit") + " VALUES (1, 1, 7)");
    }
  }

  /** One key's rows as DataJoint writes them: five columns, one row per column, in column order. */
  private static void edge(Connection raw, TestDatabase p, String draft, String name, String child, String parent,
      String... columns) throws SQLException {
    for (String column : columns) {
      exec(raw, "INSERT INTO " + p.table(draft, "~edge") + " (constraint_name, referencing_table, referenced_table,"
          + " column_name, referenced_column_name) VALUES ('" + name + "', '" + child.replace("'", "''") + "', '"
          + parent.replace("'", "''") + "', '" + column + "', '" + column + "')");
    }
  }

  /** What DataJoint's dependency loader reads of a ~edge: the five columns, named as it names them. */
  private static List<List<String>> fiveColumnRead(Connection c, TestDatabase p, String draft) throws SQLException {
    return rows(c, "SELECT constraint_name AS name, referencing_table, referenced_table, column_name AS attr,"
        + " referenced_column_name AS parent_attr FROM " + p.table(draft, "~edge")
        + " ORDER BY referencing_table, constraint_name, column_name");
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aBranchDataJointDeclaredIsReadAndItsKeysHonouredByADjbranchSession(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir).inSpecificationMode()) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      dataJointDeclares(p, draft);
      List<List<String>> written;
      try (Connection raw = p.raw()) {
        written = fiveColumnRead(raw, p, draft);
      }
      try (Connection c = p.branch(branch)) {
        // The logical schema lists the pipeline's tables and the draft's, each once; the hidden tables are the
        // pipeline's, listed as on trunk, and the draft's ~lineage, ~~jobs and ~edge are not tables of it.
        List<String> listed = tableNames(c.getMetaData(), p);
        assertEquals(List.of("#species", "__spikes", "__spikes__unit", "_recording", "subject", "~lineage", "~~jobs"),
            listed);
        assertEquals(List.of(List.of("subject", "subject_id", "trunk")),
            rows(c, "SELECT * FROM " + p.table(p.schema, "~lineage")), "the logical name binds the pipeline's own");
        // The five-column keys read with DataJoint's actions: ON UPDATE CASCADE ON DELETE RESTRICT.
        try (ResultSet rs = c.getMetaData().getImportedKeys(p.db == Db.MARIADB ? p.schema : null,
            p.db == Db.MARIADB ? null : p.schema, "__spikes")) {
          List<String> keys = new ArrayList<>();
          while (rs.next()) {
            keys.add(rs.getString("FKCOLUMN_NAME") + " -> " + rs.getString("PKTABLE_NAME") + "."
                + rs.getString("PKCOLUMN_NAME") + " " + rs.getShort("UPDATE_RULE") + " " + rs.getShort("DELETE_RULE"));
          }
          keys.sort(null);
          String actions = " " + DatabaseMetaData.importedKeyCascade + " " + DatabaseMetaData.importedKeyRestrict;
          assertEquals(List.of("recording_id -> _recording.recording_id" + actions,
              "subject_id -> _recording.subject_id" + actions), keys);
        }
        // Restrict: a parent with children is not deleted, in the draft or the pipeline.
        SQLException restricted = assertThrows(SQLException.class,
            () -> exec(c, "DELETE FROM " + p.table(p.schema, "_recording") + " WHERE subject_id = 1"));
        assertEquals("23503", restricted.getSQLState(), restricted.getMessage());
        SQLException pipelineParent = assertThrows(SQLException.class,
            () -> exec(c, "DELETE FROM " + p.table(p.schema, "subject") + " WHERE subject_id = 2"));
        assertEquals("23503", pipelineParent.getSQLState(), pipelineParent.getMessage());
        // Cascade: a key changed in the parent reaches its child (ON UPDATE CASCADE). The part goes first: a key
        // change cascades one level today.
        exec(c, "DELETE FROM " + p.table(p.schema, "__spikes__unit"));
        exec(c, "UPDATE " + p.table(p.schema, "_recording") + " SET recording_id = 5 WHERE subject_id = 1");
        assertEquals(List.of(List.of("1", "5")), rows(c, "SELECT subject_id, recording_id FROM "
            + p.table(p.schema, "__spikes")));
        exec(c, "UPDATE " + p.table(p.schema, "_recording") + " SET recording_id = 1 WHERE subject_id = 1",
            "INSERT INTO " + p.table(p.schema, "__spikes__unit") + " VALUES (1, 1, 7)");
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("2")), rows(raw, "SELECT count(*) FROM " + p.table(p.schema, "subject")),
            "trunk's rows are untouched");
        // djbranch read the peer's ~edge and rewrote none of its rows.
        assertEquals(written, fiveColumnRead(raw, p, draft));
      }

      String url = p.rawUrl();
      DjbranchCommand.Run status = DjbranchCommand.run("status", "--url", url, "--branch", branch);
      assertEquals(0, status.code(), status.toString());
      for (String expected : List.of("_recording", "__spikes__unit", "_recording_ibfk_1", "__spikes_ibfk_1")) {
        assertTrue(status.out().contains(expected), expected + " in " + status);
      }
      assertFalse(status.out().contains("~lineage") || status.out().contains("~~jobs"), status.toString());
      assertTrue(status.out().contains("shadowed names: none"), "no collision with the pipeline's: " + status);

      DjbranchCommand.Run verify = DjbranchCommand.run("verify", "--url", url, "--branch", branch);
      assertEquals(0, verify.code(), verify.toString());
      assertTrue(verify.out().contains("3 foreign keys restored from ~edge"), verify.toString());

      DjbranchCommand.Run promote = DjbranchCommand.run("promote", "--url", url, "--branch", branch);
      assertEquals(0, promote.code(), promote.toString());
      for (String expected : List.of("_recording", "__spikes", "__spikes__unit", "ON UPDATE CASCADE ON DELETE RESTRICT")) {
        assertTrue(promote.out().contains(expected), expected + " in " + promote);
      }
      assertFalse(promote.out().contains("~lineage") || promote.out().contains("~~jobs"), promote.toString());

      Path svg = dir.resolve("branch.svg");
      DjbranchCommand.Run diagram = DjbranchCommand.run("diagram", "--url", url, "--branch", branch, "--schema",
          p.schema, "-o", svg.toString());
      assertEquals(0, diagram.code(), diagram.toString());
      String picture = Files.readString(svg);
      for (String expected : List.of("_recording", "__spikes__unit", "#species")) {
        assertTrue(picture.contains(expected), expected + " drawn");
      }
      assertFalse(picture.contains("~lineage"), "hidden tables are not drawn");
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aPeerInsertsFiveColumnsIntoDjbranchsEdgeAndReadsWhatDjbranchWrote(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE " + p.table(p.schema, "_recording") + " (subject_id INT NOT NULL, recording_id INT NOT NULL,"
            + " PRIMARY KEY (subject_id, recording_id), CONSTRAINT _recording_ibfk_1 FOREIGN KEY (subject_id)"
            + " REFERENCES " + p.table(p.schema, "subject") + " (subject_id) ON UPDATE CASCADE ON DELETE RESTRICT)");
      }
      try (Connection raw = p.raw()) {
        // The dependency loader's query reads djbranch's rows: quoted full names, one row per column.
        assertEquals(List.of(List.of("_recording_ibfk_1", p.table(draft, "_recording"), p.table(p.schema, "subject"),
            "subject_id", "subject_id")), fiveColumnRead(raw, p, draft));
        // DataJoint declares a computed table and writes its key with the five columns: the defaults fill the rest.
        exec(raw, "CREATE TABLE " + p.table(draft, "__spikes") + " (subject_id INT NOT NULL, recording_id INT NOT NULL,"
            + " PRIMARY KEY (subject_id, recording_id))");
        edge(raw, p, draft, "__spikes_ibfk_1", p.table(draft, "__spikes"), p.table(draft, "_recording"), "subject_id",
            "recording_id");
        exec(raw, "INSERT INTO " + p.table(draft, "_recording") + " VALUES (1, 1)",
            "INSERT INTO " + p.table(draft, "__spikes") + " VALUES (1, 1)");
      }
      // A session that lists the draft afresh (another process) honours the peer's key.
      try (Connection c = java.sql.DriverManager.getConnection(p.elsewhereUrl(branch))) {
        SQLException restricted = assertThrows(SQLException.class,
            () -> exec(c, "DELETE FROM " + p.table(p.schema, "_recording")));
        assertEquals("23503", restricted.getSQLState(), restricted.getMessage());
        // djbranch declares another table: its own rows are written, the peer's are left as the peer wrote them.
        exec(c, "CREATE TABLE " + p.table(p.schema, "session_note") + " (subject_id INT NOT NULL, note VARCHAR(20),"
            + " PRIMARY KEY (subject_id), FOREIGN KEY (subject_id) REFERENCES " + p.table(p.schema, "subject")
            + " (subject_id))");
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("0", "CASCADE", "RESTRICT"), List.of("0", "CASCADE", "RESTRICT")),
            rows(raw, "SELECT ordinal_position, update_rule, delete_rule FROM " + p.table(draft, "~edge")
                + " WHERE constraint_name = '__spikes_ibfk_1'"), "the peer's rows are as it wrote them");
        assertEquals(4, fiveColumnRead(raw, p, draft).size(), "djbranch's two keys and the peer's");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aKeyWhoseActionsAPeersFiveColumnsCannotHoldIsRefused(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      dataJointDeclares(p, draft);
      try (Connection c = p.branch(branch)) {
        SQLException e = assertThrows(SQLException.class, () -> exec(c, "CREATE TABLE " + p.table(p.schema, "note")
            + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id), FOREIGN KEY (subject_id) REFERENCES "
            + p.table(p.schema, "subject") + " (subject_id) ON DELETE CASCADE)"));
        assertEquals("55000", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains("ON UPDATE CASCADE ON DELETE RESTRICT"), e.getMessage());
        exec(c, "CREATE TABLE " + p.table(p.schema, "note") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id),"
            + " FOREIGN KEY (subject_id) REFERENCES " + p.table(p.schema, "subject")
            + " (subject_id) ON UPDATE CASCADE ON DELETE RESTRICT)");
      }
      try (Connection raw = p.raw()) {
        assertTrue(fiveColumnRead(raw, p, draft).stream().anyMatch(r -> r.get(1).equals(p.table(draft, "note"))),
            "written into the peer's table with its five columns");
      }
    }
  }

  /** The tables of the test's logical schema as the branch session's metadata lists them, in name order. */
  private static List<String> tableNames(DatabaseMetaData md, TestDatabase p) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = md.getTables(p.db == Db.MARIADB ? p.schema : null, p.db == Db.MARIADB ? null : p.schema, "%",
        new String[] {"TABLE", "BASE TABLE"})) {
      while (rs.next()) {
        out.add(rs.getString("TABLE_NAME"));
      }
    }
    out.sort(null);
    return out;
  }
}

package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.draft;
import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.djbranch.compat.BranchFixture.tablesIn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.error.BranchSqlException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Declaration-time binding (Branch Resolution §3), the draft and base schemas (2.3, 2.4), ~edge (4.3) and additive-only refusals. */
class DeclarationTest {
  @TempDir
  Path dir;

  private static String q(TestDatabase p, String name) {
    return p.db == Db.MARIADB ? "`" + name + "`" : "\"" + name + "\"";
  }

  private static String t(TestDatabase p, String schema, String table) {
    return q(p, schema) + "." + q(p, table);
  }

  /** A pipeline on trunk: subject and session, with a real foreign key. */
  private static void pipeline(TestDatabase p) throws SQLException {
    try (Connection raw = p.raw()) {
      exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, species VARCHAR(20), PRIMARY KEY (subject_id))",
          "CREATE TABLE " + p.table("session") + " (subject_id INT NOT NULL, session_id INT NOT NULL,"
              + " PRIMARY KEY (subject_id, session_id), FOREIGN KEY (subject_id) REFERENCES " + p.parent("subject") + " (subject_id))",
          "INSERT INTO " + p.table("subject") + " VALUES (1, 'mouse')");
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void newTableLandsInTheDraftWithItsForeignKeysAsEdges(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE " + p.table("artifact") + " (subject_id INT NOT NULL, session_id INT NOT NULL,"
            + " artifact_id INT NOT NULL, score FLOAT, PRIMARY KEY (subject_id, session_id, artifact_id),"
            + " CONSTRAINT artifact_session FOREIGN KEY (subject_id, session_id) REFERENCES " + p.table("session")
            + " (subject_id, session_id) ON UPDATE CASCADE ON DELETE RESTRICT)");
        // Branch Resolution §2.1, §3.1: the pipeline's schema is unchanged; the new table is in the draft.
        assertFalse(tablesIn(p, p.schema).contains("artifact"));
        List<List<String>> edges = rows(c, "SELECT constraint_name, referencing_table, referenced_table, column_name,"
            + " referenced_column_name, ordinal_position, update_rule, delete_rule FROM " + t(p, draft, "~edge")
            + " ORDER BY ordinal_position");
        assertEquals(List.of(
            List.of("artifact_session", t(p, draft, "artifact"), t(p, p.schema, "session"), "subject_id", "subject_id",
                "1", "CASCADE", "RESTRICT"),
            List.of("artifact_session", t(p, draft, "artifact"), t(p, p.schema, "session"), "session_id", "session_id",
                "2", "CASCADE", "RESTRICT")), edges);
        // The draft table is usable and carries no constraint: a row with no parent is accepted (Branch Resolution §4.5).
        exec(c, "INSERT INTO " + t(p, draft, "artifact") + " VALUES (99, 99, 1, 0.5)");
      }
      if (db != Db.SQLITE) {
        assertEquals(List.of("artifact"), tablesIn(p, draft).stream().filter(n -> !n.startsWith("~")).toList());
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void aNameThePipelineHoldsBindsWhenTheShapeAgreesAndIsRefusedWhenNot(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        // Same shape, IF NOT EXISTS: binds, nothing is created (no draft schema either, Branch Resolution §2.3).
        exec(c, "CREATE TABLE IF NOT EXISTS " + p.table("subject") + " (subject_id INT NOT NULL, species VARCHAR(20),"
            + " PRIMARY KEY (subject_id))");
        assertTrue(tablesIn(p, draft(branch, p.schema)).isEmpty());
        // Same shape without IF NOT EXISTS: the database's own "already exists" error stands.
        SQLException exists = assertThrows(SQLException.class, () -> exec(c, "CREATE TABLE " + p.table("subject")
            + " (subject_id INT NOT NULL, species VARCHAR(20), PRIMARY KEY (subject_id))"));
        assertFalse(exists instanceof BranchSqlException, exists.getMessage());
        // Different shape: refused, naming the table and the schema (Branch Resolution §3.5).
        SQLException shape = assertThrows(SQLException.class, () -> exec(c, "CREATE TABLE IF NOT EXISTS "
            + p.table("subject") + " (subject_id INT NOT NULL, nickname VARCHAR(20), PRIMARY KEY (subject_id))"));
        assertEquals("42P07", shape.getSQLState());
        assertTrue(shape.getMessage().contains("subject") && shape.getMessage().contains(p.schema), shape.getMessage());
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void redeclaringADraftTableGoesToTheDraftAndDroppingItRemovesItsEdges(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      String ddl = "CREATE TABLE IF NOT EXISTS " + p.table("note") + " (subject_id INT NOT NULL REFERENCES "
          + p.table("subject") + " (subject_id), body VARCHAR(50), PRIMARY KEY (subject_id))";
      try (Connection c = p.branch(branch)) {
        exec(c, ddl);
        exec(c, ddl); // the draft table exists: binds there, nothing changes
        assertEquals(1, rows(c, "SELECT * FROM " + t(p, draft, "~edge")).size());
        exec(c, "DROP TABLE " + p.table("note"));
        assertEquals(0, rows(c, "SELECT * FROM " + t(p, draft, "~edge")).size());
        // Declared again after the drop, it records its edge anew.
        exec(c, ddl);
        assertEquals(List.of(List.of("note_subject_id_fkey")), rows(c, "SELECT constraint_name FROM " + t(p, draft, "~edge")));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void aNewPartUnderAPipelineMasterIsRefusedButANewMasterTakesItsParts(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        SQLException e = assertThrows(SQLException.class, () -> exec(c, "CREATE TABLE " + p.table("subject__weight")
            + " (subject_id INT NOT NULL, grams FLOAT, PRIMARY KEY (subject_id))"));
        assertEquals("55000", e.getSQLState());
        assertTrue(e.getMessage().contains("master subject") && e.getMessage().contains(p.schema), e.getMessage());
        exec(c, "CREATE TABLE " + p.table("_scan") + " (scan_id INT NOT NULL, PRIMARY KEY (scan_id))",
            "CREATE TABLE " + p.table("_scan__slice") + " (scan_id INT NOT NULL, slice INT NOT NULL,"
                + " PRIMARY KEY (scan_id, slice), FOREIGN KEY (scan_id) REFERENCES " + p.table("_scan") + " (scan_id))");
        List<List<String>> edges = rows(c, "SELECT referencing_table, referenced_table FROM " + t(p, draft, "~edge"));
        assertEquals(List.of(List.of(t(p, draft, "_scan__slice"), t(p, draft, "_scan"))), edges);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void structureThePipelineHoldsIsNotTheBranchsToChange(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir).inSpecificationMode()) {
      pipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        for (String sql : List.of("ALTER TABLE " + p.table("subject") + " ADD COLUMN weight INT",
            "DROP TABLE " + p.table("subject"), "TRUNCATE TABLE " + p.table("session"))) {
          if (db == Db.SQLITE && sql.startsWith("TRUNCATE")) {
            continue; // SQLite has no TRUNCATE
          }
          SQLException e = assertThrows(SQLException.class, () -> exec(c, sql), sql);
          assertEquals("55000", e.getSQLState(), sql);
          assertTrue(e.getMessage().contains(p.schema + "."), e.getMessage());
        }
        if (db != Db.SQLITE) {
          SQLException e = assertThrows(SQLException.class,
              () -> exec(c, (db == Db.MARIADB ? "DROP DATABASE " : "DROP SCHEMA ") + q(p, p.schema)));
          assertEquals("55000", e.getSQLState());
          assertTrue(e.getMessage().contains(p.schema) && e.getMessage().contains(draft(branch, p.schema)),
              e.getMessage());
        }
        // Rows are the credential's business: DML on pipeline tables passes.
        exec(c, "INSERT INTO " + p.table("subject") + " VALUES (2, 'rat')");
      }
      try (Connection raw = p.raw()) {
        assertEquals(2, rows(raw, "SELECT * FROM " + p.table("subject")).size());
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void eachLogicalSchemaIsListedOnceAndTrunkNeverLists(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection trunk = p.branch("")) {
        long before = trunk.unwrap(BranchConnection.class).roundTrips();
        exec(trunk, "SELECT * FROM " + p.table("subject"));
        assertEquals(before + 1, trunk.unwrap(BranchConnection.class).roundTrips());
      }
      try (Connection c = p.branch(branch)) {
        BranchConnection bc = c.unwrap(BranchConnection.class);
        long start = bc.roundTrips();
        exec(c, "SELECT * FROM " + p.table("subject"));
        exec(c, "SELECT * FROM " + p.table("session"));
        long afterTwo = bc.roundTrips();
        // The first touch of the schema lists it (one query) unless it was the connection's current schema,
        // listed when the connection opened; every later statement costs exactly itself.
        assertTrue(afterTwo - start == 2 || afterTwo - start == 3, "round trips: " + (afterTwo - start));
        exec(c, "SELECT * FROM " + p.table("subject"));
        assertEquals(afterTwo + 1, bc.roundTrips());
      }
      try (Connection second = p.branch(branch)) {
        // The layout is shared by the process: a second connection lists nothing for this schema again.
        BranchConnection bc = second.unwrap(BranchConnection.class);
        long start = bc.roundTrips();
        exec(second, "SELECT * FROM " + p.table("subject"));
        assertEquals(start + 1, bc.roundTrips());
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aDerivedNamePastTheIdentifierLimitFailsNamingTheSchema(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = "b".repeat(60);
      SQLException e = assertThrows(SQLException.class, () -> {
        try (Connection c = p.branch(branch)) {
          exec(c, "SELECT * FROM " + p.table("subject"));
        }
      });
      assertTrue(e.getMessage().contains("br_" + branch + "_"), e.getMessage());
      assertEquals("42622", e.getSQLState());
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB"})
  void aBranchMayIntroduceASchemaAndItsBaseIsCreatedEmpty(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String branch = newBranch();
      String fresh = p.schema + "_new";
      p.dropLater(fresh);
      p.dropLater(draft(branch, fresh));
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE " + t(p, fresh, "stage") + " (id INT NOT NULL, PRIMARY KEY (id))");
        exec(c, "INSERT INTO " + t(p, fresh, "stage") + " VALUES (1)");
        assertEquals(List.of(List.of("1")), rows(c, "SELECT id FROM " + t(p, fresh, "stage")));
      }
      assertTrue(tablesIn(p, fresh).isEmpty(), "the base schema exists and holds nothing");
      assertEquals(List.of("stage"), tablesIn(p, draft(branch, fresh)).stream().filter(n -> !n.startsWith("~")).toList());
      try (Connection raw = p.raw()) {
        assertInstanceOf(List.class, rows(raw, "SELECT * FROM " + t(p, draft(branch, fresh), "stage")));
      }
    }
  }

  /** Branch Resolution §8: a declaration stopped half-way completes when the same statement runs again. */
  @ParameterizedTest
  @EnumSource(Db.class)
  void aDeclarationInterruptedHalfWayCompletesOnReRun(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      String ddl = "CREATE TABLE IF NOT EXISTS " + p.table("weighing") + " (subject_id INT NOT NULL, grams FLOAT,"
          + " PRIMARY KEY (subject_id), FOREIGN KEY (subject_id) REFERENCES " + p.table("subject") + " (subject_id))";
      try (Connection c = p.branch(branch)) {
        // Stopped after the draft and its table, before the ~edge rows: made by hand, as a crash would leave it.
        exec(c, "CREATE TABLE " + p.table("placeholder") + " (id INT PRIMARY KEY)");
        exec(c, "CREATE TABLE " + t(p, draft, "weighing") + " (subject_id INT NOT NULL, grams FLOAT,"
            + " PRIMARY KEY (subject_id))");
      }
      try (Connection c = p.branch(branch)) {
        exec(c, ddl);
        assertEquals(List.of(List.of("weighing_subject_id_fkey", t(p, p.schema, "subject"))),
            rows(c, "SELECT constraint_name, referenced_table FROM " + t(p, draft, "~edge")
                + " WHERE referencing_table = '" + t(p, draft, "weighing").replace("'", "''") + "'"));
        exec(c, ddl); // and again: nothing changes
        assertEquals(1, rows(c, "SELECT * FROM " + t(p, draft, "~edge") + " WHERE referencing_table = '"
            + t(p, draft, "weighing").replace("'", "''") + "'").size());
      }
    }
  }

  /** Where DDL is transactional, a declaration whose table fails leaves no ~edge rows behind. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB"})
  void aFailedDeclarationLeavesNoEdges(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE " + p.table("placeholder") + " (id INT PRIMARY KEY)");
        assertThrows(SQLException.class, () -> exec(c, "CREATE TABLE " + p.table("broken") + " (subject_id INT"
            + " REFERENCES " + p.table("subject") + " (subject_id), x no_such_type)"));
        assertEquals(List.of(), rows(c, "SELECT * FROM " + t(p, draft, "~edge")));
        // The connection is usable afterwards, in autocommit as before.
        assertTrue(c.getAutoCommit());
        exec(c, "INSERT INTO " + p.table("placeholder") + " VALUES (1)");
      }
    }
  }

  /** Views, sequences and types a branch creates land in the draft; a trunk session sees none of them. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL"})
  void otherNewObjectsLandInTheDraftAndTrunkSeesNothing(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TYPE " + p.table("mood") + " AS ENUM ('calm', 'busy')",
            "CREATE SEQUENCE " + p.table("trial_seq"),
            "CREATE VIEW " + p.table("mice") + " AS SELECT subject_id FROM " + p.table("subject") + " WHERE species = 'mouse'");
        assertEquals(List.of(List.of("1")), rows(c, "SELECT count(*) FROM " + p.table("mice")));
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of(draft, "mice"), List.of(draft, "trial_seq")), rows(raw,
            "SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE c.relname IN ('mice', 'trial_seq') ORDER BY 2"));
        assertEquals(List.of(List.of(draft)), rows(raw, "SELECT n.nspname FROM pg_type t JOIN pg_namespace n"
            + " ON n.oid = t.typnamespace WHERE t.typname = 'mood' AND n.nspname LIKE '%" + p.schema + "'"));
      }
      try (Connection trunk = p.branch("")) {
        SQLException e = assertThrows(SQLException.class, () -> rows(trunk, "SELECT * FROM " + p.table("mice")));
        assertFalse(e instanceof BranchSqlException);
      }
    }
  }

  /** DataJoint's own DDL, as it declares a table on MySQL: table options with a comma, an unnamed INDEX. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"MARIADB"})
  void dataJointsMySqlDeclarationGoesThrough(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      String s = "`" + p.schema + "`";
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE IF NOT EXISTS " + s + ".`#session_quality` (\n"
            + "`subject_id` int NOT NULL COMMENT \"\",\n"
            + "`session_id` int NOT NULL COMMENT \"\",\n"
            + "`score` float NOT NULL COMMENT \"quality score\",\n"
            + "PRIMARY KEY (`subject_id`,`session_id`),\n"
            + "FOREIGN KEY (`subject_id`,`session_id`) REFERENCES " + s + ".`session` (`subject_id`,`session_id`)"
            + " ON UPDATE CASCADE ON DELETE RESTRICT,\n"
            + "INDEX (`score`)\n"
            + ") ENGINE=InnoDB, COMMENT \"session quality\"");
        assertEquals(List.of(List.of("session quality")), rows(c, "SELECT table_comment FROM information_schema.tables"
            + " WHERE table_schema = '" + draft + "' AND table_name = '#session_quality'"));
        assertEquals(2, rows(c, "SELECT * FROM `" + draft + "`.`~edge` WHERE update_rule = 'CASCADE'"
            + " AND delete_rule = 'RESTRICT'").size());
        assertEquals(List.of(List.of("score")), rows(c, "SELECT column_name FROM information_schema.statistics"
            + " WHERE table_schema = '" + draft + "' AND table_name = '#session_quality' AND index_name <> 'PRIMARY'"));
      }
    }
  }

  /** DataJoint's PostgreSQL form: the table, then CREATE INDEX and COMMENT ON as statements of their own. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL"})
  void dataJointsPostgresDeclarationGoesThrough(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      String table = t(p, p.schema, "#session_quality");
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE IF NOT EXISTS " + table + " (\n\"subject_id\" integer NOT NULL,\n"
                + "\"session_id\" integer NOT NULL,\n\"score\" real NOT NULL,\n"
                + "PRIMARY KEY (\"subject_id\",\"session_id\"),\n"
                + "FOREIGN KEY (\"subject_id\",\"session_id\") REFERENCES " + t(p, p.schema, "session")
                + " (\"subject_id\",\"session_id\") ON UPDATE CASCADE ON DELETE RESTRICT\n)",
            "CREATE INDEX \"session_quality_score\" ON " + table + " (\"score\")",
            "COMMENT ON TABLE " + table + " IS 'session quality'",
            "COMMENT ON COLUMN " + table + ".\"score\" IS 'quality score'");
      }
      try (Connection raw = p.raw()) {
        String physical = t(p, draft, "#session_quality");
        assertEquals(List.of(List.of("session quality", "quality score")), rows(raw, "SELECT obj_description('"
            + physical + "'::regclass), col_description('" + physical + "'::regclass, 3)"));
        assertEquals(List.of(List.of(draft)), rows(raw, "SELECT schemaname FROM pg_indexes"
            + " WHERE indexname = 'session_quality_score'"));
      }
    }
  }
}

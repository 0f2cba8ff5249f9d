package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Statements that reached trunk from a branch although nothing a branch runs may change the pipeline: an index of a
 * pipeline table dropped by name, a block or a routine that runs statements its text does not show, a trigger on a
 * pipeline table, a MySQL PREPARE of a text held in a variable, a GRANT. Each is refused with 55000 before it runs,
 * and trunk's catalog — tables, columns, indexes, constraints, triggers, routines, grants — is what it was.
 */
class NothingReachesTrunkTest {
  @TempDir
  Path dir;

  /** A pipeline table {@code item} with an index {@code item_name}, and one trigger on SQLite. */
  private static void pipeline(TestDatabase p) throws SQLException {
    try (Connection raw = p.raw()) {
      exec(raw, "CREATE TABLE " + p.table("item") + " (id INT PRIMARY KEY, name VARCHAR(40))",
          "CREATE INDEX item_name ON " + (p.db == Db.SQLITE ? "item" : p.table("item")) + " (name)",
          "INSERT INTO " + p.table("item") + " VALUES (1, 'a')");
      if (p.db == Db.SQLITE) {
        exec(raw, "CREATE TRIGGER trunk_tr AFTER INSERT ON item BEGIN SELECT 1; END");
      }
    }
  }

  /** The statements that reached trunk, in the spelling of {@code p}'s database. */
  private static List<String> reachingTrunk(TestDatabase p) {
    String item = p.table("item");
    String schema = p.db == Db.MARIADB ? "`" + p.schema + "`" : "\"" + p.schema + "\"";
    List<String> out = new ArrayList<>(List.of(
        "CALL " + schema + ".refresh_all()",
        "COMMENT ON INDEX " + schema + ".item_name IS 'x'",
        "ALTER INDEX " + schema + ".item_name RENAME TO item_name2"));
    switch (p.db) {
      case POSTGRESQL -> out.addAll(List.of(
          "DROP INDEX " + schema + ".item_name",
          "DROP INDEX IF EXISTS " + schema + ".item_name",
          "DO $$ BEGIN ALTER TABLE " + item + " ADD COLUMN extra int; END $$",
          "CREATE FUNCTION " + schema + ".f() RETURNS int LANGUAGE sql AS 'SELECT 1'",
          "CREATE OR REPLACE FUNCTION " + schema + ".tf() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW;"
              + " END $$",
          "CREATE TRIGGER tr BEFORE INSERT ON " + item + " FOR EACH ROW EXECUTE FUNCTION " + schema + ".tf()",
          "CREATE RULE r AS ON INSERT TO " + item + " DO INSTEAD NOTHING",
          "GRANT SELECT ON " + item + " TO PUBLIC",
          "REVOKE ALL ON " + item + " FROM PUBLIC",
          // every table or index of a tablespace, trunk's too
          "ALTER TABLE ALL IN TABLESPACE pg_default SET TABLESPACE pg_default",
          "ALTER INDEX ALL IN TABLESPACE pg_default SET TABLESPACE pg_default",
          // the server's own functions that change it for every session, as MySQL's FLUSH STATUS or PURGE do
          "SELECT pg_stat_reset()", "SELECT pg_reload_conf()", "SELECT pg_catalog.pg_drop_replication_slot('djb_none')",
          "SELECT * FROM pg_create_logical_replication_slot('djb_none', 'pgoutput')", "SELECT \"pg_switch_wal\"()"));
      case MARIADB -> out.addAll(List.of(
          "DROP INDEX item_name ON " + item,
          "PREPARE st FROM 'ALTER TABLE " + item.replace("'", "''") + " ADD COLUMN extra int'",
          "CREATE PROCEDURE " + schema + ".p() BEGIN DELETE FROM " + item + "; END",
          "CREATE DEFINER = CURRENT_USER TRIGGER " + schema + ".tr BEFORE INSERT ON " + item
              + " FOR EACH ROW SET NEW.name = 'x'",
          "CREATE EVENT " + schema + ".e ON SCHEDULE EVERY 1 DAY DO DELETE FROM " + item,
          "BEGIN NOT ATOMIC DELETE FROM " + item + "; END",
          "GRANT SELECT ON " + item + " TO CURRENT_USER",
          // the server's settings and state, which every session of trunk's meets (values as they stand, should
          // one run)
          "SET GLOBAL wait_timeout = 28800", "SET SESSION sql_mode = DEFAULT, @@global.max_connections = 151",
          "FLUSH TABLES WITH READ LOCK", "FLUSH STATUS", "PURGE BINARY LOGS BEFORE '2000-01-01'",
          "RESET QUERY CACHE", "STOP SLAVE", "SET PASSWORD FOR 'djb_nobody'@'%' = PASSWORD('x')"));
      case DUCKDB -> out.addAll(List.of(
          "DROP INDEX " + schema + ".item_name",
          "CREATE MACRO " + schema + ".twice(a) AS a * 2",
          // the database instance's settings, which trunk's connections of the process share
          "SET GLOBAL threads = 2", "RESET GLOBAL threads"));
      case SQLITE -> out.addAll(List.of(
          "DROP INDEX main.item_name",
          "DROP INDEX item_name",
          "CREATE TRIGGER tr AFTER INSERT ON item BEGIN DELETE FROM item; END",
          "DROP TRIGGER trunk_tr"));
      default -> throw new IllegalStateException(p.db.name());
    }
    return out;
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void statementsThatWouldChangeTrunkAreRefusedBeforeTheyRun(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      p.dropLater(p.draftFor(branch)); // whatever happens below
      // As the specification releases branches (additive only): every one is refused. By default the index drops
      // run on the branch's copy of the table instead (below).
      try (Connection c = java.sql.DriverManager.getConnection(p.branchUrl(branch) + "&pipelineChanges=refuse")) {
        for (String sql : reachingTrunk(p)) {
          SQLException e = assertThrows(SQLException.class, () -> exec(c, sql), sql);
          assertEquals("55000", e.getSQLState(), sql + ": " + e.getMessage());
          assertTrue(e.getMessage().contains(branch), "the refusal names the branch: " + e.getMessage());
          assertEquals(before, catalog.pipelineStructure(), "trunk changed by " + sql);
        }
        if (db == Db.MARIADB) {
          exec(c, "SET @q = 'ALTER TABLE " + p.table("item").replace("'", "''") + " ADD COLUMN extra int'");
          SQLException e = assertThrows(SQLException.class, () -> exec(c, "PREPARE st FROM @q"));
          assertEquals("55000", e.getSQLState(), e.getMessage());
        }
        // the branch still reads and writes the pipeline's rows as before
        assertEquals(List.of(List.of("1")), rows(c, "SELECT count(*) FROM " + p.table("item")));
        if (db == Db.MARIADB) { // and sets what is the session's own, a variable named global too
          exec(c, "SET SESSION wait_timeout = 100", "SET @global = 7");
          assertEquals(List.of(List.of("100", "7")), rows(c, "SELECT @@session.wait_timeout, @global"));
        }
      }
      assertEquals(before, catalog.pipelineStructure());
    }
  }

  /**
   * A statement calling a routine of the pipeline whose body writes (also through another routine, or in a
   * SQL-standard body) is refused before it runs, plain, prepared, or in a view the branch declares; a routine that
   * only reads runs. Before, {@code SELECT s.add_item(5)} on a branch inserted into trunk's table. With {@code
   * pipelineWrites=pass} the routine writes as the login allows, as the specification leaves rows to the login.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aCallOfAPipelineRoutineThatWritesIsRefused(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String blob = null; // PostgreSQL: a large object of trunk's
      try {
        pipeline(p);
        String item = p.table("item");
        String s = p.schema;
        List<String> refused = new ArrayList<>(List.of("SELECT " + s + ".add_item(5)", "SELECT " + s + ".via(6)",
            "SELECT name FROM " + item + " WHERE id = " + s + ".VIA(6)",
            "CREATE VIEW " + p.table("v") + " AS SELECT " + s + ".add_item(8) AS x"));
        try (Connection raw = p.raw()) {
          if (db == Db.POSTGRESQL) {
            exec(raw, "CREATE FUNCTION " + s + ".add_item(n int) RETURNS int LANGUAGE plpgsql AS $$ BEGIN INSERT INTO "
                + item + " VALUES (n, 'f'); RETURN n; END $$",
                "CREATE FUNCTION " + s + ".via(n int) RETURNS int LANGUAGE sql AS $$ SELECT " + s + ".add_item(n) $$",
                "CREATE FUNCTION " + s + ".atomic_add(n int) RETURNS void LANGUAGE sql BEGIN ATOMIC INSERT INTO " + item
                    + " VALUES (n, 'g'); END",
                "CREATE FUNCTION " + s + ".item_count() RETURNS bigint LANGUAGE sql STABLE AS 'SELECT count(*) FROM "
                    + item + "'",
                "CREATE PROCEDURE " + s + ".clear_items() LANGUAGE sql AS $$ DELETE FROM " + item + " $$");
            // a pipeline table whose default calls one: the branch's copy would call it for every row it wrote
            exec(raw, "CREATE TABLE " + p.table("ticket") + " (id int PRIMARY KEY DEFAULT " + s + ".add_item(100))");
            refused.add("SELECT " + s + ".atomic_add(7)");
            refused.add("SELECT * FROM " + s + ".add_item(9)");
            refused.add("INSERT INTO " + p.table("ticket") + " DEFAULT VALUES");
            refused.add("ALTER TABLE " + p.table("ticket") + " ADD COLUMN note text");
            // a large object is the database's, in no schema: removing or changing trunk's is refused too
            blob = rows(raw, "SELECT lo_from_bytea(0, 'trunk''s blob')").get(0).get(0);
            refused.addAll(List.of("SELECT lo_unlink(" + blob + ")",
                "SELECT pg_catalog.lo_put(" + blob + ", 0, 'x')"));
          } else {
            exec(raw, "CREATE FUNCTION " + s + ".add_item(n INT) RETURNS INT MODIFIES SQL DATA BEGIN INSERT INTO "
                + item + " VALUES (n, 'f'); RETURN n; END",
                "CREATE FUNCTION " + s + ".via(n INT) RETURNS INT RETURN " + s + ".add_item(n)",
                "CREATE FUNCTION " + s + ".item_count() RETURNS INT READS SQL DATA RETURN (SELECT count(*) FROM "
                    + item + ")",
                "CREATE PROCEDURE " + s + ".clear_items() BEGIN DELETE FROM " + item + "; END");
          }
        }
        String branch = newBranch();
        p.dropLater(p.draftFor(branch));
        try (Connection c = p.branch(branch)) {
          for (String sql : refused) {
            SQLException e = assertThrows(SQLException.class, () -> exec(c, sql), sql);
            assertEquals("55000", e.getSQLState(), sql + ": " + e.getMessage());
            assertTrue(e.getMessage().contains("pipelineWrites=pass"), e.getMessage());
          }
          SQLException prepared = assertThrows(SQLException.class,
              () -> c.prepareStatement("SELECT " + s + ".add_item(?)"));
          assertEquals("55000", prepared.getSQLState(), prepared.getMessage());
          // JDBC's escape hides the word CALL: before, {call s.clear_items()} emptied trunk's table on MariaDB
          for (String call : List.of("{call " + s + ".clear_items()}", "{? = call " + s + ".add_item(?)}")) {
            SQLException e = assertThrows(SQLException.class, () -> {
              try (var cs = c.prepareCall(call)) {
                if (call.startsWith("{?")) {
                  cs.registerOutParameter(1, java.sql.Types.INTEGER);
                  cs.setInt(2, 11);
                }
                cs.execute();
              }
            }, call);
            assertEquals("55000", e.getSQLState(), call + ": " + e.getMessage());
            assertTrue(e.getMessage().startsWith("CALL refused"), e.getMessage());
          }
          assertEquals(List.of(List.of("1")), rows(c, "SELECT " + s + ".item_count()"), "a routine that reads runs");
          exec(c, "INSERT INTO " + item + " VALUES (2, 'branch')"); // the branch's copy
          assertEquals(List.of(List.of("2")), rows(c, "SELECT count(*) FROM " + item));
        }
        try (Connection raw = p.raw()) {
          assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM " + item), "trunk's rows stayed");
        }
        try (Connection c = java.sql.DriverManager.getConnection(p.branchUrl(branch) + "&pipelineWrites=pass")) {
          exec(c, "SELECT " + s + ".add_item(10)");
        }
        try (Connection raw = p.raw()) {
          assertEquals(List.of(List.of("2")), rows(raw, "SELECT count(*) FROM " + item), "pass writes trunk's");
        }
      } finally {
        if (blob != null) {
          try (Connection raw = p.raw()) {
            assertEquals(List.of(List.of("trunk's blob")),
                rows(raw, "SELECT convert_from(lo_get(" + blob + "), 'UTF8')"), "trunk's large object stayed");
            exec(raw, "SELECT lo_unlink(" + blob + ")");
          }
        }
      }
    }
  }

  /**
   * MariaDB's spellings of a change, generated: {@code ALTER [ONLINE] [IGNORE] TABLE t [WAIT n | NOWAIT]}, {@code
   * RENAME TABLE [IF EXISTS] t [WAIT n | NOWAIT] TO u}, {@code TRUNCATE TABLE t WAIT n}, each also carried by {@code
   * SET STATEMENT ... FOR}. Whatever each does on the branch (runs on its copy, or is refused), trunk's structure
   * and rows stay. Before, ALTER ONLINE TABLE, ALTER IGNORE TABLE and RENAME TABLE t WAIT 5 TO u went to trunk as
   * written, and SET STATEMENT ... FOR DELETE deleted trunk's rows.
   */
  @org.junit.jupiter.api.Test
  void mariaDbSpellingsOfAChangeNeverReachTrunk() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.MARIADB, dir)) {
      pipeline(p);
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String item = p.table("item");
      List<String> statements = new ArrayList<>();
      int column = 0;
      for (String modifiers : List.of("", "ONLINE ", "IGNORE ", "ONLINE IGNORE ", "online ")) {
        for (String wait : List.of("", " WAIT 2", " NOWAIT")) {
          statements.add("ALTER " + modifiers + "TABLE " + item + wait + " ADD COLUMN c" + column++ + " INT");
          statements.add("RENAME TABLE " + (wait.isEmpty() ? "" : "IF EXISTS ") + item + wait + " TO "
              + p.table("item_r"));
          statements.add("RENAME TABLE " + p.table("item_r") + " TO " + item);
        }
      }
      statements.addAll(List.of("TRUNCATE TABLE " + item + " WAIT 2", "TRUNCATE " + item + " NOWAIT"));
      for (String statement : new ArrayList<>(statements)) {
        statements.add("SET STATEMENT lock_wait_timeout = 2 FOR " + statement);
      }
      statements.addAll(List.of("SET STATEMENT lock_wait_timeout = 2 FOR DELETE FROM " + item,
          "set statement sql_mode = '', lock_wait_timeout = (1 + 1) for update " + item + " set name = 'b'"));
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      try (Connection c = p.branch(branch)) {
        for (String sql : statements) {
          try {
            exec(c, sql);
          } catch (SQLException refusedOrFailed) {
            // refused by the branch, or failed as the database fails it: either way trunk must not have changed
          }
          assertEquals(before, catalog.pipelineStructure(), "trunk changed by " + sql);
          try (Connection raw = p.raw()) {
            assertEquals(List.of(List.of("1", "a")), rows(raw, "SELECT id, name FROM " + item), "by " + sql);
          }
        }
        // the spellings ran on the branch's copy: the columns ALTER ONLINE and ALTER IGNORE TABLE added are there
        assertEquals(List.of(), rows(c, "SELECT c0, c3, c6, c9 FROM " + item));
      }
    }
  }

  /**
   * PostgreSQL's names written with Unicode escapes ({@code U&"\0074"}): the branch cannot read which table they
   * name, so a statement holding one is refused (55000) before it runs. Before, {@code ALTER TABLE U&"s".item ...}
   * and {@code INSERT INTO U&"s".item ...} changed trunk's table, whose name the branch did not recognise.
   */
  @org.junit.jupiter.api.Test
  void aNameWrittenWithUnicodeEscapesIsRefused() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      pipeline(p);
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      StringBuilder escaped = new StringBuilder("U&\"");
      p.schema.chars().forEach(ch -> escaped.append(String.format("\\%04x", ch)));
      escaped.append('"');
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      try (Connection c = p.branch(branch)) {
        for (String sql : List.of("ALTER TABLE " + escaped + ".item ADD COLUMN z int",
            "INSERT INTO " + escaped + ".item VALUES (9, 'u')", "DELETE FROM \"" + p.schema + "\".U&\"\\0069tem\"")) {
          SQLException e = assertThrows(SQLException.class, () -> exec(c, sql), sql);
          assertEquals("55000", e.getSQLState(), sql + ": " + e.getMessage());
        }
        assertEquals(List.of(List.of("A")), rows(c, "SELECT U&'\\0041'"), "a string so written is read as sent");
      }
      assertEquals(before, catalog.pipelineStructure());
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM " + p.table("item")));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void byDefaultAPipelineIndexIsDroppedFromTheBranchsCopyAndTrunkKeepsIt(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      String drop = switch (db) {
        case MARIADB -> "DROP INDEX item_name ON " + p.table("item");
        case SQLITE -> "DROP INDEX item_name";
        default -> "DROP INDEX \"" + p.schema + "\".item_name";
      };
      try (Connection c = p.branch(branch)) {
        exec(c, drop);
        // gone from the branch's copy: dropping it again is the database's own error
        assertThrows(SQLException.class, () -> exec(c, drop));
        assertEquals(List.of(List.of("1")), rows(c, "SELECT count(*) FROM " + p.table("item")));
        for (String sql : reachingTrunk(p)) {
          // SQLite's and MariaDB's triggers are contained: on a pipeline table they go to the branch's copy; PostgreSQL's
          // and DuckDB's index names bind, to the copy, which no longer has the index dropped above
          boolean boundByName = (db == Db.SQLITE || db == Db.MARIADB) && sql.contains(" TRIGGER ")
              || (db == Db.POSTGRESQL || db == Db.DUCKDB) && sql.contains(" INDEX ");
          if (!sql.startsWith("DROP INDEX") && !sql.startsWith("PREPARE") && !boundByName) {
            SQLException e = assertThrows(SQLException.class, () -> exec(c, sql), sql);
            assertEquals("55000", e.getSQLState(), sql + ": " + e.getMessage());
          }
        }
      }
      assertEquals(before, catalog.pipelineStructure());
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void anIndexDroppedByNameIsTheDraftsWhereTheDraftHasIt(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      p.dropLater(p.draftFor(branch)); // whatever happens below
      String qualifier = db == Db.SQLITE ? "main." : "\"" + p.schema + "\".";
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE " + p.table("note") + " (id INT PRIMARY KEY, body VARCHAR(40))",
            "CREATE INDEX note_body ON " + p.table("note") + " (body)");
        // MySQL names the index's table (DROP INDEX i ON t), the others the index's schema
        exec(c, db == Db.MARIADB ? "DROP INDEX note_body ON " + p.table("note") : "DROP INDEX " + qualifier + "note_body");
        // dropped in the draft: declaring it again works, the pipeline's index is untouched
        exec(c, "CREATE INDEX note_body ON " + p.table("note") + " (body)");
      }
      assertEquals(before, catalog.pipelineStructure());
    }
  }

  /**
   * Rows loaded from a file (COPY ... FROM, MySQL's LOAD DATA) go into the branch's copy of the pipeline table, and
   * PostgreSQL's SELECT ... INTO declares its table in the draft; a COPY ... TO reads the branch's tables.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB"})
  void rowsFromAFileAndSelectIntoStayOnTheBranch(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      String item = p.table("item");
      Path rows = dir.resolve("rows.csv");
      java.nio.file.Files.writeString(rows, "2,b\n3,c\n");
      String load = switch (db) {
        // the server's own account runs the program, and may not read this test's folder
        case POSTGRESQL -> "COPY " + item + " FROM PROGRAM 'printf ''2,b\\n3,c\\n''' WITH (FORMAT csv)";
        case MARIADB -> "LOAD DATA LOCAL INFILE '" + rows + "' INTO TABLE " + item + " FIELDS TERMINATED BY ','";
        default -> "COPY " + item + " FROM '" + rows + "' (FORMAT csv)";
      };
      String local = db == Db.MARIADB ? "&allowLoadLocalInfile=true" : ""; // Connector/J sends no file without it
      try (Connection refusing = java.sql.DriverManager.getConnection(p.branchUrl(branch) + "&pipelineWrites=refuse"
          + local)) {
        SQLException e = assertThrows(SQLException.class, () -> exec(refusing, load));
        assertEquals("55000", e.getSQLState(), e.getMessage());
      }
      try (Connection c = java.sql.DriverManager.getConnection(p.branchUrl(branch) + local)) {
        exec(c, load);
        assertEquals(List.of(List.of("3")), rows(c, "SELECT count(*) FROM " + item), "the branch's copy has them");
        if (db == Db.POSTGRESQL) {
          exec(c, "SELECT id, name INTO " + p.table("picked") + " FROM " + item + " WHERE id > 1");
          assertEquals(List.of(List.of("2")), rows(c, "SELECT count(*) FROM " + p.table("picked")));
          exec(c, "SELECT * INTO TEMP scratch FROM " + item);
          assertEquals(List.of(List.of("3")), rows(c, "SELECT count(*) FROM scratch"), "read the branch's copy");
          try (java.sql.Statement s = c.createStatement()) {
            assertEquals(2, s.executeUpdate("COPY " + p.table("picked") + " TO PROGRAM 'cat > /dev/null'"),
                "COPY TO read the draft's table, which trunk does not hold");
          }
        }
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM " + item), "trunk's rows are as they were");
      }
      assertEquals(before, catalog.pipelineStructure(), "trunk's catalog, picked included, is as it was");
    }
  }

  /** A temporary table is the session's own: created where the database puts it, from what the branch reads. */
  @ParameterizedTest
  @EnumSource(Db.class)
  void aTemporaryTableIsTheSessionsOwnAndReadsTheBranch(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      try (Connection c = p.branch(branch)) {
        exec(c, "INSERT INTO " + p.table("item") + " VALUES (2, 'b')",
            "CREATE " + (db == Db.MARIADB ? "TEMPORARY" : "TEMP") + " TABLE picked AS SELECT * FROM " + p.table("item"));
        assertEquals(List.of(List.of("2")), rows(c, "SELECT count(*) FROM picked"), "the branch's copy was read");
        // a write to it is the session's own: the statement alone, no look in the catalog for a pipeline table
        org.djbranch.driver.BranchConnection bc = c.unwrap(org.djbranch.driver.BranchConnection.class);
        for (int id = 10; id < 13; id++) {
          long trips = bc.roundTrips();
          exec(c, "INSERT INTO picked (id, name) VALUES (" + id + ", 'x')");
          assertEquals(trips + 1, bc.roundTrips(), "round trips of a write to a temporary table");
        }
        assertFalse(new CatalogReader(p).draftTablesWithEdges(p.draftFor(branch)).containsKey("picked"),
            "not declared in the draft");
      }
      assertEquals(before, catalog.pipelineStructure());
    }
  }

  /**
   * A temporary view is the session's own as a temporary table is: created where the database puts it (never in the
   * draft, where PostgreSQL and SQLite refuse one), reading the branch's tables. MariaDB has no temporary views.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB", "SQLITE"})
  void aTemporaryViewIsTheSessionsOwnAndReadsTheBranch(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE " + p.table("note") + " (id INT PRIMARY KEY)",
            "INSERT INTO " + p.table("note") + " VALUES (1), (2), (3)",
            "INSERT INTO " + p.table("item") + " VALUES (2, 'b')",
            "CREATE TEMP VIEW seen AS SELECT (SELECT count(*) FROM " + p.table("note") + ") AS notes, count(*) AS items"
                + " FROM " + p.table("item"));
        assertEquals(List.of(List.of("3", "2")), rows(c, "SELECT notes, items FROM seen"),
            "the draft's table and the branch's copy were read");
        assertFalse(new CatalogReader(p).draftTablesWithEdges(p.draftFor(branch)).containsKey("seen"),
            "not declared in the draft");
        exec(c, "DROP VIEW seen");
      }
      assertEquals(before, catalog.pipelineStructure(), "trunk's catalog is as it was");
    }
  }

  /**
   * A database attached to a DuckDB connection ({@code ATTACH 'f' AS oth}, by the branch's connection or by another
   * connection of the process, which shares the instance) is not the branch's: every change of it, whichever way
   * its names are written (two parts, three, quoted, another case), is refused with 55000 before it runs, and the
   * attached file holds what it held. Before, {@code INSERT INTO oth.t} wrote the attached file's table and {@code
   * CREATE TABLE oth.t2} made a schema {@code oth} in trunk's database, after which trunk's own {@code oth.t} was
   * ambiguous. Reading it works, and so does copying its rows into a table of the branch.
   */
  /**
   * The wrapped driver's own objects ran anything past the branch: {@code unwrap(PgStatement.class).execute("DELETE
   * ...")}, a result set's or the metadata's unwrapped object's {@code getStatement()} or {@code getConnection()}, or
   * MariaDB's, DuckDB's and SQLite's own connection emptied trunk's table on all four databases. On a branch none is
   * handed out now: for every class and interface of the wrapped driver's that its connection, statements, result sets
   * and metadata are, {@code isWrapperFor} says no and {@code unwrap} is refused ({@code 0A000}); pgjdbc's connection
   * alone is handed out, as its interfaces, whose statements and {@code COPY} go through the branch. Off a branch every
   * one is handed out as the raw driver's, as before.
   */
  @ParameterizedTest
  @EnumSource(Db.class)
  void theWrappedDriversOwnObjectsAreNeverHandedOutOnABranch(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      List<String> checked = new ArrayList<>();
      try (Connection raw = p.raw(); Connection onBranch = p.branch(branch); Connection onTrunk = p.branch(null)) {
        for (boolean branchSide : new boolean[] {true, false}) {
          Connection c = branchSide ? onBranch : onTrunk;
          java.sql.Statement st = c.createStatement();
          java.sql.PreparedStatement ps = c.prepareStatement("SELECT id FROM " + p.table("item"));
          java.sql.DatabaseMetaData md = c.getMetaData();
          java.sql.Statement rawSt = raw.createStatement();
          java.sql.PreparedStatement rawPs = raw.prepareStatement("SELECT id FROM " + p.table("item"));
          Object[][] pairs = {
              {c, raw}, {st, rawSt}, {ps, rawPs}, {st.executeQuery("SELECT 1"), rawSt.executeQuery("SELECT 1")},
              {ps.executeQuery(), rawPs.executeQuery()}, {md, raw.getMetaData()},
              {md.getTables(null, null, "%", null), raw.getMetaData().getTables(null, null, "%", null)}};
          for (Object[] pair : pairs) {
            java.sql.Wrapper ours = (java.sql.Wrapper) pair[0];
            for (Class<?> own : driversOwn(pair[1].getClass())) {
              String what = own.getName() + " of " + pair[1].getClass().getName();
              boolean pgjdbcConnection = branchSide && db == Db.POSTGRESQL && ours == c && own.isInterface();
              if (branchSide && !pgjdbcConnection) {
                assertFalse(ours.isWrapperFor(own), what);
                SQLException refused = assertThrows(SQLException.class, () -> ours.unwrap(own), what);
                // refused, or djbranch's own answer (a merged metadata result set), which wraps nothing
                assertTrue(List.of("0A000", "HY000").contains(refused.getSQLState()), what + ": " + refused);
                checked.add(what);
              } else if (branchSide) {
                assertTrue(ours.isWrapperFor(own), what);
                assertFalse(ours.unwrap(own).getClass().getName().startsWith("org.postgresql"), what);
              } else {
                assertTrue(ours.isWrapperFor(own), what);
                assertTrue(own.isInstance(ours.unwrap(own)), what);
              }
            }
          }
        }
      }
      assertTrue(checked.size() >= 7, "the driver's own types of each object: " + checked);
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1", "a")), rows(raw, "SELECT id, name FROM " + p.table("item")));
      }
    }
  }

  /** The classes and interfaces of the wrapped driver's that {@code type} is: all but Java's own. */
  private static List<Class<?>> driversOwn(Class<?> type) {
    java.util.Set<Class<?>> out = new java.util.LinkedHashSet<>();
    java.util.ArrayDeque<Class<?>> todo = new java.util.ArrayDeque<>(List.of(type));
    while (!todo.isEmpty()) {
      Class<?> k = todo.pop();
      if (k == null || k.getName().startsWith("java.") || k.getName().startsWith("javax.") || !out.add(k)) {
        continue;
      }
      todo.add(k.getSuperclass() == null ? Object.class : k.getSuperclass());
      todo.addAll(List.of(k.getInterfaces()));
    }
    return List.copyOf(out);
  }

  /**
   * Row changes whose table the parser could not place wrote trunk's rows: MariaDB's {@code DELETE t.* FROM t} (its
   * delete list read as a column's qualifier, the FROM spliced to the branch's copy, and MariaDB deleting from trunk's
   * table) and {@code UPDATE (t) SET ...}, SQLite's {@code DELETE FROM 't'} and {@code main.'t'} (a string SQLite reads
   * as the table's name; {@code ALTER TABLE main.'t' ADD COLUMN d} added trunk's column). Now the first runs on the
   * branch's copy; the others, whose table djbranch cannot read, are refused ({@code 42601}; DDL {@code 55000}) rather
   * than sent as written. Trunk's rows are as they were after each, on a new branch.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"MARIADB", "SQLITE"})
  void aRowChangeWhoseTableIsNoPlainNameNeverReachesTrunk(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String item = db == Db.SQLITE ? "item" : p.table("item");
      List<String> refused = db == Db.MARIADB
          ? List.of("UPDATE (" + item + ") SET name = 'x'", "DELETE FROM (" + item + ") WHERE id = 1",
              "UPDATE (" + item + ") JOIN " + item + " AS j USING (id) SET j.name = 'x'")
          : List.of("DELETE FROM 'item'", "DELETE FROM main.'item' WHERE id = 1", "INSERT INTO 'item' VALUES (5, 'x')",
              "UPDATE 'item' SET name = 'x'", "REPLACE INTO main.'item' VALUES (1, 'x')",
              "ALTER TABLE main.'item' ADD COLUMN d INT", "CREATE INDEX item_d ON main . 'item' (name)");
      for (String sql : refused) {
        String branch = newBranch();
        p.draftFor(branch);
        try (Connection c = p.branch(branch)) {
          String state = assertThrows(SQLException.class, () -> exec(c, sql), sql).getSQLState();
          assertEquals(sql.startsWith("ALTER") || sql.startsWith("CREATE") ? "55000" : "42601", state, sql);
        }
        try (Connection raw = p.raw()) {
          assertEquals(List.of(List.of("1", "a")), rows(raw, "SELECT * FROM " + p.table("item")), sql);
        }
      }
      if (db == Db.MARIADB) {
        for (String sql : List.of("DELETE item.* FROM item WHERE id = 1", "DELETE QUICK x.* FROM item AS x WHERE x.id = 1",
            "DELETE " + p.table("item") + ".* FROM " + p.table("item") + " WHERE id = 1")) {
          String branch = newBranch();
          p.draftFor(branch);
          try (Connection c = p.branch(branch)) {
            exec(c, "USE " + p.schema, sql);
            assertEquals(List.of(List.of("0")), rows(c, "SELECT count(*) FROM item"), "the branch's copy: " + sql);
          }
          try (Connection raw = p.raw()) {
            assertEquals(List.of(List.of("1", "a")), rows(raw, "SELECT id, name FROM " + p.table("item")), sql);
          }
        }
      }
    }
  }

  @Test
  void aDuckDbBranchChangesNoAttachedDatabase() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.DUCKDB, dir)) {
      pipeline(p);
      List<String> files = List.of(dir.resolve("oth.duckdb").toString(), dir.resolve("shared.duckdb").toString());
      for (String file : files) {
        try (Connection o = java.sql.DriverManager.getConnection("jdbc:duckdb:" + file)) {
          exec(o, "CREATE TABLE t (id INT PRIMARY KEY, v INT)", "INSERT INTO t VALUES (1, 10)", "CREATE SCHEMA kept");
        }
      }
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      try (Connection raw = p.raw(); Connection c = p.branch(branch)) {
        exec(c, "ATTACH '" + files.get(0) + "' AS oth (READ_WRITE)");
        exec(raw, "ATTACH '" + files.get(1) + "' AS shared"); // the instance's, which the branch's connection shares
        List<String> refused = new ArrayList<>();
        for (String db : List.of("oth", "shared")) {
          for (String t : List.of(db + ".t", db + ".main.t", "\"" + db + "\".\"main\".\"t\"", db.toUpperCase() + ".T")) {
            refused.addAll(List.of("INSERT INTO " + t + " VALUES (2, 20)", "UPDATE " + t + " SET v = 0",
                "DELETE FROM " + t, "INSERT OR REPLACE INTO " + t + " VALUES (1, 0)",
                "ALTER TABLE " + t + " ADD COLUMN extra INT", "DROP TABLE " + t, "TRUNCATE " + t,
                "CREATE INDEX t_v ON " + t + " (v)", "COPY " + t + " FROM '" + dir.resolve("none.csv") + "'"));
          }
          refused.addAll(List.of("CREATE TABLE " + db + ".t2 (i INT)", "CREATE TABLE " + db + ".main.t2 AS SELECT 1 AS i",
              "CREATE VIEW " + db + ".v AS SELECT 1 AS i", "CREATE SCHEMA " + db + ".s2",
              "CREATE SCHEMA IF NOT EXISTS " + db + ".s2", "DROP SCHEMA " + db + ".kept", "DROP SCHEMA IF EXISTS "
              + db + ".kept CASCADE"));
        }
        for (String sql : refused) {
          SQLException e = assertThrows(SQLException.class, () -> exec(c, sql), sql);
          assertEquals("55000", e.getSQLState(), sql + ": " + e.getMessage());
          assertTrue(e.getMessage().contains("another database attached"), e.getMessage());
        }
        assertEquals(List.of(List.of("1", "10")), rows(c, "SELECT id, v FROM oth.t"));
        assertEquals(List.of(List.of("1", "10")), rows(c, "SELECT id, v FROM shared.main.t"));
        exec(c, "CREATE TABLE " + p.table("fromoth") + " AS SELECT * FROM oth.t",
            "INSERT INTO " + p.table("fromoth") + " SELECT id + 1, v FROM shared.t");
        assertEquals(List.of(List.of("2")), rows(c, "SELECT count(*) FROM " + p.table("fromoth")));
        exec(c, "DETACH oth");
        exec(raw, "DETACH shared");
      }
      for (String file : files) {
        try (Connection o = java.sql.DriverManager.getConnection("jdbc:duckdb:" + file)) {
          assertEquals(List.of(List.of("1", "10")), rows(o, "SELECT id, v FROM t"), file + ": its rows");
          assertEquals(List.of(List.of("kept"), List.of("main")), rows(o, "SELECT schema_name FROM duckdb_schemas()"
              + " WHERE database_name = current_database() ORDER BY 1"), file + ": its schemas");
          assertEquals(List.of(List.of("t", "id"), List.of("t", "v")), rows(o, "SELECT table_name, column_name FROM"
              + " duckdb_columns() WHERE database_name = current_database() ORDER BY 1, 2"), file + ": its tables and columns");
          assertEquals(List.of(List.of("0")), rows(o, "SELECT count(*) FROM duckdb_indexes()"
              + " WHERE database_name = current_database()"), file + ": no index");
        }
      }
      assertEquals(before, catalog.pipelineStructure(), "trunk's database: no schema named after the attached one");
    }
  }

  /**
   * A file attached to a SQLite branch connection ({@code ATTACH 'f' AS oth}) is a schema of the branch as {@code main}
   * is: a write of its tables goes to the branch's copy, made first with its keys, and the file keeps its rows and
   * tables. Before, the copy failed ("Table not found", no SQLState): the driver's metadata looks for a table's keys
   * in {@code main} alone.
   */
  @Test
  void aSqliteBranchWritesATableOfAnAttachedFileInItsCopy() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.SQLITE, dir)) {
      pipeline(p);
      String other = dir.resolve("other.sqlite").toString();
      try (Connection o = java.sql.DriverManager.getConnection("jdbc:sqlite:" + other)) {
        exec(o, "CREATE TABLE owner (id INTEGER PRIMARY KEY)", "CREATE TABLE pet (id INTEGER PRIMARY KEY, owner_id INT"
            + " REFERENCES owner (id) ON DELETE CASCADE, name TEXT)", "INSERT INTO owner VALUES (1), (2)",
            "INSERT INTO pet VALUES (10, 1, 'a'), (20, 2, 'b')");
      }
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      try (Connection c = p.branch(branch)) {
        exec(c, "ATTACH '" + other + "' AS oth", "INSERT INTO oth.pet VALUES (30, 1, 'c')",
            "UPDATE oth.pet SET name = 'z' WHERE id = 20", "DELETE FROM oth.owner WHERE id = 1",
            "ALTER TABLE oth.pet ADD COLUMN age INT", "CREATE TABLE oth.visit (id INT)");
        assertEquals(List.of(java.util.Arrays.asList("20", "2", "z", null)),
            rows(c, "SELECT id, owner_id, name, age FROM oth.pet ORDER BY id"),
            "the branch's copy, the owner's pets gone with it by the key's cascade");
      }
      try (Connection o = java.sql.DriverManager.getConnection("jdbc:sqlite:" + other)) {
        assertEquals(List.of(List.of("10", "1", "a"), List.of("20", "2", "b")),
            rows(o, "SELECT id, owner_id, name FROM pet ORDER BY id"), "the attached file's rows");
        assertEquals(List.of(List.of("1"), List.of("2")), rows(o, "SELECT id FROM owner ORDER BY id"));
        assertEquals(List.of(List.of("owner"), List.of("pet")),
            rows(o, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"), "its tables");
        assertEquals(List.of(List.of("3")), rows(o, "SELECT count(*) FROM pragma_table_info('pet')"), "its columns");
      }
    }
  }

  /**
   * SQLite binds a stored view's names in its own file, the draft's, where trunk's tables are not: a view over a
   * pipeline table reads the branch's own copy of it, made when the view is declared ({@code pipelineChanges=copy}),
   * and from then on the branch's writes to the table show through the view while trunk's table, rows and catalog
   * stay as they were. With {@code pipelineChanges=refuse} the view is refused when declared, saying what works
   * (a TEMP view, or copies), never accepted and then failing at use.
   */
  @Test
  void aSqliteViewOverThePipelineReadsTheBranchsCopyOfIt() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.SQLITE, dir)) {
      pipeline(p);
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String refusing = newBranch();
      p.dropLater(p.draftFor(refusing));
      try (Connection c = java.sql.DriverManager.getConnection(p.branchUrl(refusing) + "&pipelineChanges=refuse")) {
        SQLException refused = assertThrows(SQLException.class,
            () -> exec(c, "CREATE VIEW named AS SELECT name FROM item"));
        assertEquals("55000", refused.getSQLState(), refused.getMessage());
        assertTrue(refused.getMessage().contains("main.item") && refused.getMessage().contains("TEMP")
            && refused.getMessage().contains("pipelineChanges=copy"), refused.getMessage());
        exec(c, "CREATE TEMP VIEW named AS SELECT name FROM item");
        assertEquals(List.of(List.of("a")), rows(c, "SELECT name FROM named"));
      }
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE VIEW named AS SELECT upper(name) AS name FROM item WHERE id IN (SELECT id FROM main.item)");
        assertEquals(List.of(List.of("A")), rows(c, "SELECT name FROM named"));
        exec(c, "INSERT INTO item VALUES (2, 'b')");
        assertEquals(List.of(List.of("A"), List.of("B")), rows(c, "SELECT name FROM named ORDER BY name"),
            "the branch's rows of item, through the view");
        exec(c, "CREATE TABLE note (id INT PRIMARY KEY)", "INSERT INTO note VALUES (7)",
            "CREATE VIEW noted AS SELECT note.id, item.name FROM note, item WHERE item.id = 1");
        assertEquals(List.of(List.of("7", "a")), rows(c, "SELECT id, name FROM noted"));
      }
      try (Connection other = p.branch(branch)) {
        assertEquals(List.of(List.of("A"), List.of("B")), rows(other, "SELECT name FROM named ORDER BY name"),
            "another connection of the branch");
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM item"), "trunk's rows");
      }
      assertEquals(before, catalog.pipelineStructure(), "no view in trunk's file, item as it was");
    }
  }

  /**
   * SQLite's triggers are contained in the draft: one on a draft table fires there, one on a pipeline table goes to
   * the branch's copy of it (made first), their statements bind to the draft's tables; one whose statements write a
   * pipeline table is refused when declared; DROP TRIGGER reaches the
   * draft's trigger, and trunk's trigger of a copied table is gone from the branch. Trunk's catalog, triggers
   * included, and its rows stay as they were.
   */
  @Test
  void sqliteTriggersAreContainedInTheDraft() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.SQLITE, dir)) {
      pipeline(p);
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE audit (what TEXT)");
      }
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE note (id INT PRIMARY KEY)", "CREATE TABLE log (what TEXT)",
            "CREATE TRIGGER note_log AFTER INSERT ON note BEGIN INSERT INTO main.log VALUES ('note ' || new.id); END",
            "INSERT INTO note VALUES (1)",
            "CREATE TRIGGER IF NOT EXISTS item_log AFTER INSERT ON main.item WHEN new.id > 1"
                + " BEGIN INSERT INTO log SELECT 'item ' || count(*) FROM item; END;",
            "INSERT INTO item VALUES (2, 'b')");
        assertEquals(List.of(List.of("item 2"), List.of("note 1")), rows(c, "SELECT what FROM log ORDER BY what"),
            "both triggers fired on the branch, the second over the branch's copy of item");
        SQLException refused = assertThrows(SQLException.class,
            () -> exec(c, "CREATE TRIGGER audited AFTER INSERT ON note BEGIN INSERT INTO audit VALUES ('x'); END"));
        assertEquals("55000", refused.getSQLState(), refused.getMessage());
        assertTrue(refused.getMessage().contains("main.audit"), refused.getMessage());
        exec(c, "DROP TRIGGER note_log", "INSERT INTO note VALUES (2)", "DROP TRIGGER IF EXISTS note_log",
            "DROP TRIGGER trunk_tr");
        assertEquals(List.of(List.of("2")), rows(c, "SELECT count(*) FROM log"), "note_log is gone");
        assertThrows(SQLException.class, () -> exec(c, "DROP TRIGGER note_log"), "the database's own error");
        exec(c, "CREATE TRIGGER note_audits AFTER INSERT ON note BEGIN INSERT INTO log SELECT 'audits ' || count(*)"
            + " FROM audit; END", "INSERT INTO note VALUES (3)");
        assertEquals(List.of(List.of("audits 0")), rows(c, "SELECT what FROM log WHERE what LIKE 'audits%'"),
            "a trigger reading a pipeline table reads the branch's copy of it, made when it was declared");
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM item"), "trunk's rows");
        assertEquals(List.of(List.of("0")), rows(raw, "SELECT count(*) FROM audit"));
      }
      assertEquals(before, catalog.pipelineStructure(), "trunk's catalog, trunk_tr included, is as it was");
    }
  }

  /**
   * MariaDB's triggers are contained in the draft as SQLite's are: declared in the draft's database on a draft table
   * or on the branch's copy of a pipeline table, every table their statements name written physically (MySQL binds a
   * trigger's names in its own database); one that would write a pipeline table is refused when declared; DROP
   * TRIGGER reaches the draft's. Trunk's triggers, catalog and rows stay as they were.
   */
  @Test
  void mariadbTriggersAreContainedInTheDraft() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.MARIADB, dir)) {
      pipeline(p);
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("audit") + " (what VARCHAR(40))");
      }
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      try (Connection c = p.branch(branch)) {
        c.setCatalog(p.schema);
        exec(c, "CREATE TABLE note (id INT PRIMARY KEY)", "CREATE TABLE log (what VARCHAR(40))",
            "CREATE TRIGGER note_log AFTER INSERT ON note FOR EACH ROW INSERT INTO log VALUES (CONCAT('note ', NEW.id))",
            "INSERT INTO note VALUES (1)",
            "CREATE DEFINER = CURRENT_USER TRIGGER item_tr BEFORE INSERT ON item FOR EACH ROW BEGIN"
                + " SET NEW.name = CONCAT(NEW.name, '!'); INSERT INTO log SELECT CONCAT('items ', count(*)) FROM item; END",
            "INSERT INTO item VALUES (2, 'b')");
        assertEquals(List.of(List.of("items 1"), List.of("note 1")), rows(c, "SELECT what FROM log ORDER BY what"),
            "both triggers fired on the branch, the second over the branch's copy of item");
        assertEquals(List.of(List.of("b!")), rows(c, "SELECT name FROM item WHERE id = 2"));
        SQLException refused = assertThrows(SQLException.class,
            () -> exec(c, "CREATE TRIGGER audited AFTER INSERT ON note FOR EACH ROW INSERT INTO audit VALUES ('x')"));
        assertEquals("55000", refused.getSQLState(), refused.getMessage());
        assertTrue(refused.getMessage().contains(p.schema + ".audit"), refused.getMessage());
        exec(c, "DROP TRIGGER note_log", "INSERT INTO note VALUES (2)");
        assertEquals(List.of(List.of("2")), rows(c, "SELECT count(*) FROM log"), "note_log is gone");
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM " + p.table("item")), "trunk's rows");
        assertEquals(List.of(List.of("0")), rows(raw, "SELECT count(*) FROM information_schema.TRIGGERS"
            + " WHERE TRIGGER_SCHEMA = '" + p.schema + "'"), "no trigger on trunk");
      }
      assertEquals(before, catalog.pipelineStructure(), "trunk's catalog is as it was");
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"MARIADB"})
  void aPreparedTextGetsTheBranchsRules(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      p.dropLater(p.draftFor(branch)); // whatever happens below
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE " + p.table("note") + " (id INT PRIMARY KEY)",
            "INSERT INTO " + p.table("note") + " VALUES (1), (2)");
        exec(c, "PREPARE st FROM 'SELECT count(*) FROM " + p.table("note") + "'");
        assertEquals(List.of(List.of("2")), rows(c, "EXECUTE st"));
        exec(c, "SET @q = 'SELECT count(*) FROM " + p.table("note") + " WHERE id > 1'", "PREPARE st2 FROM @q");
        assertEquals(List.of(List.of("1")), rows(c, "EXECUTE st2"));
        SQLException declared = assertThrows(SQLException.class,
            () -> exec(c, "PREPARE st3 FROM 'CREATE TABLE " + p.table("other").replace("'", "''") + " (id INT)'"));
        assertEquals("55000", declared.getSQLState(), declared.getMessage());
      }
    }
  }
}

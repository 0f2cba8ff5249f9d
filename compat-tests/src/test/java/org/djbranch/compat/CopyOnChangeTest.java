package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A pipeline table a branch changes — its structure or its rows — is copied into the draft first and changed there
 * (docs/branch-semantics.md "Changing a pipeline table on a branch"): the branch sees its own version from then on, on
 * every connection, and trunk's table, rows and catalog stay exactly as they were. {@code pipelineChanges=refuse} and
 * {@code pipelineWrites=refuse|pass} give the specification's behaviours back; {@code copyRowLimit} refuses a copy
 * before anything is copied.
 */
class CopyOnChangeTest {
  @TempDir
  Path dir;

  /** Pipeline tables {@code parent} and {@code item} (a key counter, an index, a foreign key), with rows. */
  private static void pipeline(TestDatabase p) throws SQLException {
    String id = switch (p.db) {
      case POSTGRESQL -> "id SERIAL PRIMARY KEY";
      case MARIADB -> "id INT AUTO_INCREMENT PRIMARY KEY";
      case SQLITE -> "id INTEGER PRIMARY KEY";
      case DUCKDB -> "id INT DEFAULT nextval('" + p.schema + ".item_seq') PRIMARY KEY";
    };
    try (Connection raw = p.raw()) {
      if (p.db == Db.DUCKDB) {
        exec(raw, "CREATE SEQUENCE " + p.table("item_seq") + " START 10");
      }
      exec(raw, "CREATE TABLE " + p.table("parent") + " (id INT PRIMARY KEY, name VARCHAR(40))",
          "CREATE TABLE " + p.table("item") + " (" + id + ", parent_id INT REFERENCES " + p.parent("parent")
              + " (id), name VARCHAR(40))",
          "CREATE INDEX item_name ON " + (p.db == Db.SQLITE ? "item" : p.table("item")) + " (name)",
          "INSERT INTO " + p.table("parent") + " VALUES (1, 'p1'), (2, 'p2')",
          "INSERT INTO " + p.table("item") + " (id, parent_id, name) VALUES (1, 1, 'a'), (2, 1, 'b'), (5, 2, 'c')");
      if (p.db == Db.MARIADB) {
        exec(raw, "ALTER TABLE " + p.table("item") + " AUTO_INCREMENT = 10");
      } else if (p.db == Db.POSTGRESQL) {
        exec(raw, "SELECT setval(pg_get_serial_sequence('" + p.table("item").replace("'", "''") + "', 'id'), 9)");
      }
    }
  }

  private static String url(TestDatabase p, String branch, String properties) {
    return p.branchUrl(branch) + properties;
  }

  private static String dropIndex(TestDatabase p, String index) {
    return switch (p.db) {
      case MARIADB -> "DROP INDEX " + index + " ON " + p.table("item");
      case SQLITE -> "DROP INDEX main." + index;
      default -> "DROP INDEX " + p.quote(p.schema) + "." + index;
    };
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void aPipelineTableChangedOnABranchIsTheBranchsCopy(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      p.draftFor(branch);
      String item = p.table("item");
      try (Connection c = p.branch(branch)) {
        exec(c, "ALTER TABLE " + item + " ADD COLUMN extra INT",
            "CREATE INDEX item_extra ON " + (db == Db.SQLITE ? "item" : item) + " (extra)",
            dropIndex(p, "item_name"));
        // the rows came along, and the branch writes its copy
        assertEquals(List.of(List.of("3")), rows(c, "SELECT count(*) FROM " + item));
        exec(c, "UPDATE " + item + " SET extra = id * 10");
        assertEquals(List.of(List.of("5", "c", "50")), rows(c, "SELECT id, name, extra FROM " + item + " WHERE id = 5"));
        // the copy's key counter continues where trunk's stands (DuckDB: a sequence of the draft's, started there)
        exec(c, "INSERT INTO " + item + " (parent_id, name) VALUES (2, 'new')");
        String expected = db == Db.SQLITE ? "6" : "10";
        assertEquals(List.of(List.of(expected)), rows(c, "SELECT id FROM " + item + " WHERE name = 'new'"));
        // the branch's metadata shows its version once
        assertEquals(List.of("id", "parent_id", "name", "extra"), columns(c, p, "item"));
      }
      // another connection of the branch, and another process, bind to the copy
      try (Connection c = p.branch(branch)) {
        assertEquals(1, rows(c, "SELECT extra FROM " + item + " WHERE id = 1").size());
      }
      if (db != Db.DUCKDB) {
        try (Connection c = DriverManager.getConnection(p.elsewhereUrl(branch))) {
          assertEquals(List.of(List.of("10")), rows(c, "SELECT extra FROM " + item + " WHERE id = 1"));
        }
      }
      // trunk: the same structure, the same rows, no column extra
      assertEquals(before, catalog.pipelineStructure());
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1", "a"), List.of("2", "b"), List.of("5", "c")),
            rows(raw, "SELECT id, name FROM " + item + " ORDER BY id"));
        assertFalse(columns(raw, p, "item").contains("extra"));
        if (db == Db.DUCKDB) { // trunk's sequence was never drawn from
          assertEquals(List.of(List.of("10")), rows(raw, "SELECT nextval('" + p.schema + ".item_seq')"));
        }
      }
    }
  }

  /**
   * A TRUNCATE of a table that other tables' keys reference is refused on a branch as the database refuses it for a
   * real key, for a draft parent (keys of draft tables) and a pipeline parent (keys of pipeline tables to the
   * branch's copy): run, it would leave the children's rows naming parents that are gone. Truncated with its child,
   * the parent empties.
   */
  /**
   * A pipeline table the branch renamed away frees its name on the branch, as the same rename frees it on trunk:
   * renamed back, or a new table declared under it (the swap a migration makes: {@code t} to {@code t_old}, a new
   * {@code t}). Before, both were refused: "a table t already exists", trunk's, which the branch no longer sees.
   */
  @ParameterizedTest
  @EnumSource(Db.class)
  void aPipelineTableRenamedAwayFreesItsNameOnTheBranch(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String t = p.table("t");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id INT PRIMARY KEY, name VARCHAR(20))", "INSERT INTO " + t
            + " VALUES (1, 'a')");
      }
      List<String> before = new CatalogReader(p).pipelineStructure();
      String branch = newBranch();
      p.draftFor(branch);
      // MySQL moves a table renamed to a name alone into the current database: named with its database there
      java.util.function.UnaryOperator<String> to = name -> db == Db.MARIADB ? p.table(name) : name;
      try (Connection c = p.branch(branch)) {
        exec(c, "ALTER TABLE " + t + " RENAME TO " + to.apply("t_r"), "ALTER TABLE " + p.table("t_r") + " RENAME TO "
            + to.apply("t"), "ALTER TABLE " + t + " RENAME TO " + to.apply("t_old"),
            "CREATE TABLE " + t + " (id INT PRIMARY KEY, label VARCHAR(20))",
            "INSERT INTO " + t + " SELECT id, name FROM " + p.table("t_old"));
        assertEquals(List.of(List.of("1", "a")), rows(c, "SELECT id, label FROM " + t));
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1", "a")), rows(raw, "SELECT id, name FROM " + t));
      }
      assertEquals(before, new CatalogReader(p).pipelineStructure());
    }
  }

  /**
   * {@code CREATE OR REPLACE TABLE} of a pipeline table (DuckDB, MariaDB) replaces the branch's copy, made first
   * without rows, as a drop and a declaration of the name would on the branch; with {@code pipelineChanges=refuse}
   * it is refused. Before, one of the same shape went to trunk as written, which replaced trunk's table and lost its
   * rows; one of another shape was refused as a clash of shapes.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"DUCKDB", "MARIADB"})
  void createOrReplaceOfAPipelineTableReplacesTheBranchsCopy(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String t = p.table("t");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + t + " (id INT PRIMARY KEY, v INT)", "INSERT INTO " + t + " VALUES (1, 1), (2, 2)");
      }
      List<String> before = new CatalogReader(p).pipelineStructure();
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = DriverManager.getConnection(p.branchUrl(branch) + "&pipelineChanges=refuse")) {
        SQLException e = assertThrows(SQLException.class,
            () -> exec(c, "CREATE OR REPLACE TABLE " + t + " (id INT PRIMARY KEY, v INT)"));
        assertEquals("55000", e.getSQLState(), e.getMessage());
      }
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE OR REPLACE TABLE " + t + " (id INT PRIMARY KEY, v INT)");
        assertEquals(List.of(List.of("0")), rows(c, "SELECT count(*) FROM " + t), "the same shape, empty");
        exec(c, "INSERT INTO " + t + " VALUES (7, 7)", "CREATE OR REPLACE TABLE " + t + " (label VARCHAR(10))",
            "INSERT INTO " + t + " VALUES ('x')");
        assertEquals(List.of(List.of("x")), rows(c, "SELECT label FROM " + t), "another shape");
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1", "1"), List.of("2", "2")), rows(raw, "SELECT id, v FROM " + t + " ORDER BY id"),
            "trunk's table and rows stay");
      }
      assertEquals(before, new CatalogReader(p).pipelineStructure());
    }
  }

  /**
   * {@code TRUNCATE a, b RESTART IDENTITY CASCADE}, as Django's and Rails' flush send it, empties the branch's
   * copies and restarts their keys; trunk's rows and sequences stay. Before, the parser could not read it and the
   * branch refused it.
   */
  @Test
  void aFlushByTruncateRestartIdentityEmptiesTheBranchsCopies() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      String a = p.table("a");
      String b = p.table("b");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + a + " (id SERIAL PRIMARY KEY, v INT)", "CREATE TABLE " + b
            + " (id SERIAL PRIMARY KEY, a_id INT REFERENCES " + a + " (id))", "INSERT INTO " + a
            + " (v) VALUES (1), (2)", "INSERT INTO " + b + " (a_id) VALUES (1)");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "TRUNCATE \"" + p.schema + "\".\"a\", \"" + p.schema + "\".\"b\" RESTART IDENTITY CASCADE;");
        assertEquals(List.of(List.of("0")), rows(c, "SELECT count(*) FROM " + b));
        assertEquals(List.of(List.of("1")), rows(c, "INSERT INTO " + a + " (v) VALUES (9) RETURNING id"));
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("2")), rows(raw, "SELECT count(*) FROM " + a), "trunk's rows stay");
        assertEquals(List.of(List.of("3")), rows(raw, "SELECT nextval('" + p.schema + ".a_id_seq')"),
            "trunk's sequence stays");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aTruncateOfAReferencedTableIsRefusedAsTheDatabaseRefusesIt(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String parent = p.table("parent");
      String child = p.table("child");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + parent + " (id INT PRIMARY KEY)",
            "CREATE TABLE " + child + " (id INT PRIMARY KEY, parent_id INT, FOREIGN KEY (parent_id) REFERENCES "
                + parent + " (id))",
            "INSERT INTO " + parent + " VALUES (1)", "INSERT INTO " + child + " VALUES (1, 1)");
        assertThrows(SQLException.class, () -> exec(raw, "TRUNCATE TABLE " + parent), "the database refuses it");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        String dp = p.table("dparent");
        String dc = p.table("dchild");
        exec(c, "CREATE TABLE " + dp + " (id INT PRIMARY KEY)", "CREATE TABLE " + dc + " (id INT PRIMARY KEY,"
            + " parent_id INT, FOREIGN KEY (parent_id) REFERENCES " + dp + " (id))",
            "INSERT INTO " + dp + " VALUES (1)", "INSERT INTO " + dc + " VALUES (1, 1)");
        for (String table : List.of(parent, dp)) {
          // PostgreSQL's code for it, on MySQL too (which says 42000), as for a DROP TABLE of a referenced table
          SQLException refused = assertThrows(SQLException.class, () -> exec(c, "TRUNCATE TABLE " + table));
          assertEquals("0A000", refused.getSQLState(), refused.getMessage());
        }
        assertEquals(List.of(List.of("1")), rows(c, "SELECT count(*) FROM " + child + " c JOIN " + parent
            + " p ON p.id = c.parent_id"), "the child's row still finds its parent on the branch");
        if (db == Db.POSTGRESQL) {
          exec(c, "TRUNCATE TABLE " + dp + ", " + dc);
          assertEquals(List.of(List.of("0")), rows(c, "SELECT count(*) FROM " + dp));
        }
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM " + parent), "trunk keeps its rows");
      }
    }
  }

  /**
   * After a TRUNCATE on a branch, the next generated key is the one the database gives after a TRUNCATE of trunk's
   * table: on PostgreSQL and DuckDB the sequence goes on, on MariaDB the counter starts again. The copy was made
   * without rows; before, its PostgreSQL sequence started at 1. The oracle is a second pipeline table with the same
   * history, truncated raw.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB"})
  void aTruncatedCopyDrawsTheKeyATruncatedTrunkTableWould(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      try (Connection raw = p.raw()) {
        for (String name : List.of("item", "oracle")) {
          String id = switch (db) {
            case POSTGRESQL -> "id SERIAL PRIMARY KEY";
            case MARIADB -> "id INT AUTO_INCREMENT PRIMARY KEY";
            default -> "id INT DEFAULT nextval('" + p.schema + "." + name + "_seq') PRIMARY KEY";
          };
          if (db == Db.DUCKDB) {
            exec(raw, "CREATE SEQUENCE " + p.table(name + "_seq"));
          }
          exec(raw, "CREATE TABLE " + p.table(name) + " (" + id + ", name VARCHAR(20))",
              "INSERT INTO " + p.table(name) + " (name) VALUES ('a'), ('b'), ('c')");
        }
        exec(raw, "TRUNCATE TABLE " + p.table("oracle"), "INSERT INTO " + p.table("oracle") + " (name) VALUES ('d')");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch); Connection raw = p.raw()) {
        exec(c, "TRUNCATE TABLE " + p.table("item"), "INSERT INTO " + p.table("item") + " (name) VALUES ('d')");
        assertEquals(rows(raw, "SELECT id, name FROM " + p.table("oracle")),
            rows(c, "SELECT id, name FROM " + p.table("item")));
        assertEquals(List.of(List.of("3")), rows(raw, "SELECT count(*) FROM " + p.table("item")), "trunk's rows");
      }
    }
  }

  /**
   * DuckDB refuses a TRUNCATE while rows of another table reference the table's rows, as it refuses their DELETE,
   * and runs it once they are gone: so does a branch, for a pipeline parent (a real key of the pipeline's, checked
   * before anything is copied) and for a draft parent (a symbolic key of the branch's). Before, both ran, leaving the
   * children's rows naming parents that were gone.
   */
  @Test
  void aDuckDbTruncateIsRefusedWhileRowsReferenceTheTable() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.DUCKDB, dir)) {
      String parent = p.table("parent");
      String child = p.table("child");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + parent + " (id INT PRIMARY KEY)",
            "CREATE TABLE " + child + " (id INT PRIMARY KEY, parent_id INT REFERENCES " + parent + " (id))",
            "INSERT INTO " + parent + " VALUES (1), (2)", "INSERT INTO " + child + " VALUES (1, 1)");
        assertThrows(SQLException.class, () -> exec(raw, "TRUNCATE " + parent), "the database refuses it");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        SQLException refused = assertThrows(SQLException.class, () -> exec(c, "TRUNCATE " + parent));
        assertEquals("23503", refused.getSQLState(), refused.getMessage());
        assertEquals(List.of(List.of("2")), rows(c, "SELECT count(*) FROM " + parent), "nothing was emptied");
        String dp = p.table("dparent");
        String dc = p.table("dchild");
        exec(c, "CREATE TABLE " + dp + " (id INT PRIMARY KEY)", "CREATE TABLE " + dc + " (id INT PRIMARY KEY,"
            + " parent_id INT REFERENCES " + dp + " (id))", "INSERT INTO " + dp + " VALUES (1)",
            "INSERT INTO " + dc + " VALUES (1, 1)");
        refused = assertThrows(SQLException.class, () -> exec(c, "TRUNCATE " + dp));
        assertEquals("23503", refused.getSQLState(), refused.getMessage());
        // with the referencing rows gone (on the branch's copy of the child), both empty
        exec(c, "DELETE FROM " + dc, "TRUNCATE " + dp, "DELETE FROM " + child, "TRUNCATE " + parent);
        assertEquals(List.of(List.of("0")), rows(c, "SELECT count(*) FROM " + parent));
        assertEquals(List.of(List.of("0")), rows(c, "SELECT count(*) FROM " + dp));
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("2")), rows(raw, "SELECT count(*) FROM " + parent), "trunk keeps its rows");
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM " + child));
      }
    }
  }

  /**
   * What a copy costs beside its own statements is round trips, a fixed number per copy (about a millisecond each on
   * DuckDB, where a table of 10⁵ rows copies in some 85 ms): counted here for a pipeline table of one key and one
   * index, copied by the first statement that changes it on a connection opened on a new branch (the draft made
   * with it), so that none comes back unnoticed. On DuckDB, 20: the schema's listing, whether it is a view, the row
   * count, the transaction's start, the draft schema, which drafts hold ~edge, the keys both ways in one read, the
   * table's declaration read (with its index's) and made, its rows, the key, the index, ~copy made and the copy
   * recorded in it, ~activity made and stamped, the statement, its record, the commit and autocommit again. A
   * table past a row group commits its rows first, marked unfinished: two more
   * ({@link #aDuckDbCopyPastARowGroupCommitsItsRowsFirstAndAFailedStatementLeavesNone}).
   */
  @ParameterizedTest
  @EnumSource(Db.class)
  void aCopyTakesAFixedNumberOfRoundTrips(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String plain = p.table("plain");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + plain + " (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)",
            "CREATE INDEX plain_name ON " + (db == Db.SQLITE ? "plain" : plain) + " (name)",
            "INSERT INTO " + plain + " VALUES (1, 'a'), (2, 'b')");
      }
      String branch = newBranch();
      p.draftFor(branch);
      // Before the records and the stamp were written in fewer statements and DuckDB's catalog read in fewer
      // queries: 30, 18, 27 and 33; PostgreSQL 28 before it read the keys around the table in one query, 27 before
      // it copied by CREATE TABLE AS SELECT (two catalog reads where the declaration and its rows took seven);
      // DuckDB 22 while every copy committed its rows first.
      long expected = switch (db) {
        case POSTGRESQL -> 22;
        case MARIADB -> 16;
        case DUCKDB -> 20;
        case SQLITE -> 32;
      };
      try (Connection c = p.branch(branch)) {
        BranchConnection bc = c.unwrap(BranchConnection.class);
        long before = bc.roundTrips();
        long parses = org.djbranch.rewriter.Analyzer.parseCount();
        exec(c, "ALTER TABLE " + plain + " ADD COLUMN extra INT");
        assertEquals(expected, bc.roundTrips() - before, "round trips of the statement that copies");
        assertEquals(1, org.djbranch.rewriter.Analyzer.parseCount() - parses, "parsed once, planned again on the copy");
        assertEquals(List.of(List.of("2")), rows(c, "SELECT count(extra IS NULL) FROM " + plain));
      }
    }
  }

  /**
   * DuckDB indexes rows its own transaction wrote slower once they are many, so a copy in autocommit of a table past
   * one row group (122,880 rows) commits its rows first, marked unfinished, and builds its key and index with the
   * statement in a second transaction: two round trips more than a copy of one row fewer, which is one transaction.
   * Either way the copy holds every row, its key and its index, and a statement that fails leaves no copy (the
   * larger one's committed rows are dropped again) and trunk's table as it was.
   */
  @Test
  void aDuckDbCopyPastARowGroupCommitsItsRowsFirstAndAFailedStatementLeavesNone() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.DUCKDB, dir)) {
      long[] trips = new long[2];
      int k = 0;
      for (int size : new int[] {122_880, 122_881}) {
        String name = "t" + size;
        String table = p.table(name);
        try (Connection raw = p.raw()) {
          exec(raw, "CREATE TABLE " + table + " (id INT PRIMARY KEY, name VARCHAR NOT NULL)",
              "CREATE INDEX " + name + "_name ON " + table + " (name)",
              "INSERT INTO " + table + " SELECT i, 'n' || i FROM range(1, " + (size + 1) + ") r(i)");
        }
        String failing = newBranch();
        String failingDraft = p.draftFor(failing);
        try (Connection c = p.branch(failing)) {
          assertThrows(SQLException.class, () -> exec(c, "ALTER TABLE " + table + " ADD COLUMN name INT"));
          assertEquals(List.of(List.of(String.valueOf(size))), rows(c, "SELECT count(*) FROM " + table));
        }
        assertFalse(new CatalogReader(p).draftTablesWithEdges(failingDraft).containsKey(name),
            "no copy of " + size + " rows left by a statement that failed");
        String branch = newBranch();
        String draft = p.draftFor(branch);
        try (Connection c = p.branch(branch)) {
          BranchConnection bc = c.unwrap(BranchConnection.class);
          long before = bc.roundTrips();
          exec(c, "ALTER TABLE " + table + " ADD COLUMN extra INT");
          trips[k++] = bc.roundTrips() - before;
          assertEquals(List.of(List.of(String.valueOf(size))), rows(c, "SELECT count(extra IS NULL) FROM " + table));
          assertThrows(SQLException.class, () -> exec(c, "INSERT INTO " + table + " (id, name) VALUES (7, 'x')"),
              "the copy's key");
        }
        try (Connection raw = p.raw()) {
          assertEquals(List.of(List.of("1", "1")), rows(raw, "SELECT (SELECT count(*) FROM duckdb_indexes() WHERE"
              + " schema_name = '" + draft + "' AND table_name = '" + name + "'), (SELECT count(*) FROM"
              + " duckdb_constraints() WHERE schema_name = '" + draft + "' AND table_name = '" + name + "' AND"
              + " constraint_type = 'PRIMARY KEY')"), "the copy's index and key");
          assertFalse(columns(raw, p, name).contains("extra"), "trunk's table as it was");
        }
      }
      assertEquals(trips[0] + 2, trips[1], "the larger copy's rows committed first: the copy begun, and the commit");
    }
  }

  /**
   * A query that locks the rows it reads ({@code FOR UPDATE}, {@code FOR SHARE}, MariaDB's {@code LOCK IN SHARE
   * MODE}), as an application takes a pessimistic lock, held open in a transaction on a branch, and a lock of a whole
   * table ({@code LOCK TABLE}, MariaDB's {@code LOCK TABLES ... READ}): trunk's writer goes on at once, since the
   * branch locked its own copy, made first as for a write. Before, the locks were taken on trunk's rows and tables
   * and the pipeline's writer waited for the branch's transaction.
   * {@code pipelineWrites=refuse} refuses the query.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void aRowLockOnABranchNeverBlocksTrunksWriters(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String parent = p.table("parent");
      String item = p.table("item");
      String branch = newBranch();
      p.draftFor(branch);
      List<String> locking = db == Db.POSTGRESQL
          ? List.of("SELECT name FROM " + parent + " WHERE id = 1 FOR UPDATE",
              "SELECT i.name FROM " + item + " i JOIN " + parent + " q ON q.id = i.parent_id WHERE i.id = 1 FOR SHARE OF i")
          : List.of("SELECT name FROM " + parent + " WHERE id = 1 FOR UPDATE",
              "SELECT name FROM " + item + " WHERE id = 1 LOCK IN SHARE MODE");
      try (Connection c = p.branch(branch); Connection raw = p.raw()) {
        exec(raw, db == Db.POSTGRESQL ? "SET lock_timeout = '3s'" : "SET innodb_lock_wait_timeout = 3");
        c.setAutoCommit(false);
        assertEquals(List.of(List.of("p1")), rows(c, locking.get(0)));
        assertEquals(List.of(List.of("a")), rows(c, locking.get(1)));
        exec(raw, "UPDATE " + parent + " SET name = 'trunk' WHERE id = 1",
            "UPDATE " + item + " SET name = 'trunk' WHERE parent_id = 1");
        c.commit();
        assertEquals(List.of(List.of("p1")), rows(c, "SELECT name FROM " + parent + " WHERE id = 1"),
            "the branch's copy, made before trunk's change");
        // a lock of a whole table, shared or not, blocks some writer of it
        exec(raw, "CREATE TABLE " + p.table("locked") + " (id INT PRIMARY KEY)");
        c.setAutoCommit(db == Db.MARIADB); // MariaDB's LOCK TABLES ends a transaction; PostgreSQL's LOCK needs one
        exec(c, db == Db.POSTGRESQL ? "LOCK TABLE " + p.table("locked") + " IN SHARE MODE"
            : "LOCK TABLES " + p.table("locked") + " READ");
        exec(raw, "INSERT INTO " + p.table("locked") + " VALUES (1)");
        exec(c, db == Db.POSTGRESQL ? "COMMIT" : "UNLOCK TABLES");
        assertEquals(List.of(List.of("0")), rows(c, "SELECT count(*) FROM " + p.table("locked")));
        // a lock taken by a nested query
        String nested = p.table("nested");
        exec(raw, "CREATE TABLE " + nested + " (id INT PRIMARY KEY, v INT)", "INSERT INTO " + nested + " VALUES (1, 1)");
        c.setAutoCommit(false);
        assertEquals(List.of(List.of("1")), rows(c, "SELECT count(*) FROM " + item + " WHERE id IN (SELECT id FROM "
            + nested + " WHERE id = 1 FOR UPDATE)"));
        exec(raw, "UPDATE " + nested + " SET v = 2 WHERE id = 1");
        c.commit();
      }
      try (Connection c = DriverManager.getConnection(p.branchUrl(branch) + "&pipelineWrites=refuse")) {
        try (Connection raw = p.raw()) {
          exec(raw, "CREATE TABLE " + p.table("other") + " (id INT PRIMARY KEY)");
        }
        SQLException refused = assertThrows(SQLException.class,
            () -> rows(c, "SELECT id FROM " + p.table("other") + " FOR UPDATE"));
        assertEquals("55000", refused.getSQLState(), refused.getMessage());
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void rowsWrittenOnABranchStayOnTheBranch(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      CatalogReader catalog = new CatalogReader(p);
      List<List<String>> before = new ArrayList<>(List.of(catalog.pipelineStructure()));
      String branch = newBranch();
      p.draftFor(branch);
      String parent = p.table("parent");
      try (Connection c = p.branch(branch)) {
        exec(c, "INSERT INTO " + parent + " VALUES (3, 'p3')");
        try (var ps = c.prepareStatement("UPDATE " + parent + " SET name = ? WHERE id = ?")) {
          ps.setString(1, "renamed");
          ps.setInt(2, 1);
          assertEquals(1, ps.executeUpdate());
        }
        assertEquals(List.of(List.of("1", "renamed"), List.of("2", "p2"), List.of("3", "p3")),
            rows(c, "SELECT id, name FROM " + parent + " ORDER BY id"));
        if (db == Db.POSTGRESQL) {
          // a data-modifying WITH writes rows as well: of the branch's copy, made by the WITH itself
          // made on trunk after the branch listed the schema: a write of it still finds it, and copies it
          try (Connection raw = p.raw()) {
            exec(raw, "CREATE TABLE " + p.table("note") + " (id INT PRIMARY KEY)",
                "INSERT INTO " + p.table("note") + " VALUES (1), (2)");
          }
          before.set(0, catalog.pipelineStructure());
          assertEquals(List.of(List.of("1")), rows(c, "WITH gone AS (DELETE FROM " + p.table("note") + " WHERE id = 1"
              + " RETURNING id) SELECT id FROM gone"));
          assertEquals(List.of(List.of("1")), rows(c, "SELECT count(*) FROM " + p.table("note")));
          try (Connection raw = p.raw()) {
            assertEquals(List.of(List.of("2")), rows(raw, "SELECT count(*) FROM " + p.table("note")));
          }
        }
      }
      assertEquals(before.get(0), catalog.pipelineStructure());
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1", "p1"), List.of("2", "p2")),
            rows(raw, "SELECT id, name FROM " + parent + " ORDER BY id"));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void aPipelineTableDroppedOnABranchIsGoneThereAndKeptOnTrunk(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      p.draftFor(branch);
      String item = p.table("item");
      try (Connection c = p.branch(branch)) {
        exec(c, (db == Db.SQLITE ? "DELETE FROM " : "TRUNCATE TABLE ") + item);
        assertEquals(List.of(List.of("0")), rows(c, "SELECT count(*) FROM " + item));
        exec(c, "DROP TABLE " + item);
        SQLException gone = assertThrows(SQLException.class, () -> rows(c, "SELECT * FROM " + item));
        assertNotEquals("55000", gone.getSQLState(), "the database answers as for any missing table");
        assertFalse(tables(c, p).contains("item"), "the branch's metadata lists no item");
        assertTrue(tables(c, p).contains("parent"));
        exec(c, "CREATE TABLE " + item + " (id INT PRIMARY KEY, label VARCHAR(10))",
            "INSERT INTO " + item + " VALUES (7, 'x')");
        assertEquals(List.of(List.of("7", "x")), rows(c, "SELECT * FROM " + item));
      }
      assertEquals(before, catalog.pipelineStructure());
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("3")), rows(raw, "SELECT count(*) FROM " + item));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void theSpecificationsBehavioursAndTheRowLimitRefuseBeforeAnythingIsCopied(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String item = p.table("item");
      String parent = p.table("parent");
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = DriverManager.getConnection(url(p, branch, "&pipelineChanges=refuse&pipelineWrites=refuse"))) {
        SQLException alter = assertThrows(SQLException.class, () -> exec(c, "ALTER TABLE " + item + " ADD COLUMN x INT"));
        assertEquals("55000", alter.getSQLState(), alter.getMessage());
        assertTrue(alter.getMessage().contains("pipelineChanges"), alter.getMessage());
        SQLException insert = assertThrows(SQLException.class, () -> exec(c, "INSERT INTO " + parent + " VALUES (9, 'x')"));
        assertEquals("55000", insert.getSQLState(), insert.getMessage());
        assertTrue(insert.getMessage().contains("pipelineWrites"), insert.getMessage());
      }
      try (Connection c = DriverManager.getConnection(url(p, branch, "&copyRowLimit=2"))) {
        SQLException big = assertThrows(SQLException.class, () -> exec(c, "ALTER TABLE " + item + " ADD COLUMN x INT"));
        assertEquals("55000", big.getSQLState(), big.getMessage());
        assertTrue(big.getMessage().contains("3 rows") && big.getMessage().contains("copyRowLimit=2"), big.getMessage());
      }
      assertFalse(new CatalogReader(p).draftTablesWithEdges(draft).containsKey("item"), "nothing was copied");
      SQLException bad = assertThrows(SQLException.class,
          () -> DriverManager.getConnection(url(p, branch, "&pipelineWrites=sometimes")).close());
      assertEquals("22023", bad.getSQLState());
      assertTrue(bad.getMessage().contains("copy or refuse or pass"), bad.getMessage());
      assertEquals(before, catalog.pipelineStructure());
      // pass: the specification's behaviour, rows are the login's business (Branch Resolution §8)
      try (Connection c = DriverManager.getConnection(url(p, branch, "&pipelineWrites=pass"))) {
        exec(c, "INSERT INTO " + parent + " VALUES (9, 'x')");
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("3")), rows(raw, "SELECT count(*) FROM " + parent));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB", "SQLITE"})
  void aCopyMadeInATransactionThatRollsBackIsGone(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      String item = p.table("item");
      try (Connection c = p.branch(branch)) {
        c.setAutoCommit(false);
        exec(c, "ALTER TABLE " + item + " ADD COLUMN extra INT", "INSERT INTO " + p.table("parent") + " VALUES (3, 'x')");
        assertEquals(3, rows(c, "SELECT extra FROM " + item).size(), "the copy, inside the transaction");
        c.rollback();
        c.setAutoCommit(true);
        assertEquals(List.of("id", "parent_id", "name"), columns(c, p, "item"));
        assertEquals(List.of(List.of("2")), rows(c, "SELECT count(*) FROM " + p.table("parent")));
        // and a statement that fails leaves no copy either (DuckDB, whose copy commits its rows before its keys in
        // autocommit, drops them again)
        assertThrows(SQLException.class, () -> exec(c, "ALTER TABLE " + item + " ADD COLUMN name INT"));
        assertEquals(List.of("id", "parent_id", "name"), columns(c, p, "item"));
        assertFalse(new CatalogReader(p).draftTablesWithEdges(draft).containsKey("item"), "no table left in the draft");
        exec(c, "ALTER TABLE " + item + " ADD COLUMN extra INT");
        assertEquals(List.of("id", "parent_id", "name", "extra"), columns(c, p, "item"));
      }
    }
  }

  /**
   * MySQL commits each step of a copy, and DuckDB's copy in autocommit its rows before its keys: one interrupted
   * after its table was made and before it was finished leaves a table, and ~copy saying the copy began. The branch
   * goes on reading trunk's table, and the next statement that needs the copy makes it again from the start.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"MARIADB", "DUCKDB"})
  void aCopyInterruptedWhereEachStepCommitsIsMadeAgainAtTheNextAttempt(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      String draft = p.draftFor(branch);
      String item = p.table("item");
      try (Connection raw = p.raw()) { // what the interruption left: the table begun, one row of three
        if (db == Db.MARIADB) {
          exec(raw, "CREATE DATABASE " + draft, "CREATE TABLE " + p.quote(draft) + ".item LIKE " + item,
              "INSERT INTO " + p.quote(draft) + ".item SELECT * FROM " + item + " WHERE id = 1");
        } else {
          exec(raw, "CREATE SCHEMA " + p.quote(draft),
              "CREATE TABLE " + p.quote(draft) + ".item AS SELECT * FROM " + item + " WHERE id = 1");
        }
        new org.djbranch.driver.edges.Copies(org.djbranch.driver.backend.Backends.forUrl(p.rawUrl()))
            .append(raw, draft, "item", org.djbranch.driver.edges.Copies.Kind.COPY,
                org.djbranch.driver.edges.Copies.UNFINISHED);
      }
      try (Connection c = p.branch(branch)) {
        assertEquals(List.of(List.of("3")), rows(c, "SELECT count(*) FROM " + item), "trunk's, until a copy completes");
        exec(c, "ALTER TABLE " + item + " ADD COLUMN extra INT");
        assertEquals(List.of(List.of("3")), rows(c, "SELECT count(extra IS NULL) FROM " + item), "made again, whole");
        exec(c, "ALTER TABLE " + item + " ADD COLUMN more INT");
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("3")), rows(raw, "SELECT count(*) FROM " + p.quote(draft) + ".item"));
        assertFalse(columns(raw, p, "item").contains("extra"), "trunk's table as it was");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void aCopiedChildKeepsItsKeysToPipelineParentsOnTheBranch(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      pipeline(p);
      String branch = newBranch();
      p.draftFor(branch);
      String parent = p.table("parent");
      try (Connection c = p.branch(branch)) {
        exec(c, "UPDATE " + p.table("item") + " SET name = 'copied' WHERE id = 1");
        // the copy's key to parent is symbolic now: a parent row it references is not deleted on the branch
        SQLException restricted = assertThrows(SQLException.class, () -> exec(c, "DELETE FROM " + parent
            + " WHERE id = 1"));
        assertEquals("23503", restricted.getSQLState(), restricted.getMessage());
        exec(c, "INSERT INTO " + parent + " VALUES (3, 'p3')", "DELETE FROM " + parent + " WHERE id = 3");
        assertEquals(List.of(List.of("1"), List.of("2")), rows(c, "SELECT id FROM " + parent + " ORDER BY id"));
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("a")), rows(raw, "SELECT name FROM " + p.table("item") + " WHERE id = 1"));
      }
    }
  }

  /**
   * A copied child's foreign keys stay apart, each with its own parent and action, however they were declared:
   * SQLite's catalog lists a key declared without a name (`a INT REFERENCES p`) with an empty one, and a table's
   * unnamed keys were merged into one symbolic key to the first parent, so the second parent's rows were deleted
   * freely and its cascade never ran. Each is named as PostgreSQL would name it, since ~edge tells keys apart by
   * name, and another process reading ~edge sees the same keys. DuckDB declares no actions: its keys restrict.
   */
  @ParameterizedTest
  @EnumSource(Db.class)
  void aCopiedChildsUnnamedKeysStayApartWithTheirOwnActions(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      boolean actions = db != Db.DUCKDB;
      String child = p.table("child");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("p") + " (id INT PRIMARY KEY)",
            "CREATE TABLE " + p.table("q") + " (id INT PRIMARY KEY)",
            "CREATE TABLE " + child + " (id INT PRIMARY KEY, a INT REFERENCES " + p.parent("p") + " (id), b INT"
                + " REFERENCES " + p.parent("q") + " (id)" + (actions ? " ON DELETE CASCADE" : "") + ", a2 INT"
                + " REFERENCES " + p.parent("p") + " (id)" + (actions ? " ON DELETE SET NULL" : "") + ")",
            "INSERT INTO " + p.table("p") + " VALUES (1), (2), (3)", "INSERT INTO " + p.table("q") + " VALUES (10), (20)",
            "INSERT INTO " + child + " VALUES (1, 1, 20, 2), (2, 2, 10, 3)");
      }
      String branch = newBranch();
      p.dropLater(p.draftFor(branch));
      try (Connection c = p.branch(branch)) {
        exec(c, "UPDATE " + child + " SET id = id WHERE id = 1"); // copies child, its keys symbolic from now on
      }
      List<String> urls = new ArrayList<>(List.of(p.branchUrl(branch)));
      if (db != Db.DUCKDB) {
        urls.add(p.elsewhereUrl(branch)); // another process: the keys as ~edge holds them
      }
      for (String url : urls) {
        try (Connection c = java.sql.DriverManager.getConnection(url)) {
          c.setAutoCommit(false);
          for (String referenced : List.of("DELETE FROM " + p.table("p") + " WHERE id = 1",
              "DELETE FROM " + p.table("p") + " WHERE id = 2")) {
            SQLException e = assertThrows(SQLException.class, () -> exec(c, referenced), url + ": " + referenced);
            assertEquals("23503", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains(db == Db.SQLITE ? "child_a_fkey" : "child"), e.getMessage());
          }
          if (actions) {
            exec(c, "DELETE FROM " + p.table("q") + " WHERE id = 20", "DELETE FROM " + p.table("p") + " WHERE id = 3");
            assertEquals(List.of(java.util.Arrays.asList("2", "2", "10", null)),
                rows(c, "SELECT id, a, b, a2 FROM " + child + " ORDER BY id"), url);
          } else {
            SQLException e = assertThrows(SQLException.class,
                () -> exec(c, "DELETE FROM " + p.table("q") + " WHERE id = 20"));
            assertEquals("23503", e.getSQLState(), e.getMessage());
          }
          c.rollback();
        }
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("2")), rows(raw, "SELECT count(*) FROM " + child), "trunk's rows");
      }
    }
  }

  /**
   * Keys the pipeline's own tables hold to a table the branch copied are honoured on the branch against the copy,
   * with their actions: a restricting child refuses, a cascading child loses its rows and a SET NULL child its
   * references — in the branch's copies of those children, made as the action needs them; trunk keeps every row.
   * DuckDB declares no actions on its keys, so only the restriction is checked there.
   */
  @ParameterizedTest
  @EnumSource(Db.class)
  void keysPipelineTablesHoldToACopiedTableAreHonouredOnTheBranch(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      boolean actions = db != Db.DUCKDB;
      String owner = p.table("owner");
      String cascade = actions ? " ON DELETE CASCADE" : "";
      String setNull = actions ? " ON DELETE SET NULL" : "";
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + owner + " (id INT PRIMARY KEY, name VARCHAR(20))",
            "CREATE TABLE " + p.table("pet") + " (id INT PRIMARY KEY, owner_id INT REFERENCES " + p.parent("owner")
                + " (id)" + cascade + ")",
            "CREATE TABLE " + p.table("visit") + " (id INT PRIMARY KEY, owner_id INT REFERENCES " + p.parent("owner")
                + " (id)" + setNull + ")",
            "CREATE TABLE " + p.table("bill") + " (id INT PRIMARY KEY, owner_id INT REFERENCES " + p.parent("owner")
                + " (id))",
            "INSERT INTO " + owner + " VALUES (1, 'a'), (2, 'b'), (3, 'c')",
            "INSERT INTO " + p.table("pet") + " VALUES (10, 1), (11, 2)",
            "INSERT INTO " + p.table("visit") + " VALUES (20, 1), (21, 2)",
            "INSERT INTO " + p.table("bill") + " VALUES (30, 3)");
      }
      CatalogReader catalog = new CatalogReader(p);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        SQLException billed = assertThrows(SQLException.class, () -> exec(c, "DELETE FROM " + owner + " WHERE id = 3"));
        assertEquals("23503", billed.getSQLState(), billed.getMessage());
        assertTrue(billed.getMessage().contains("bill"), billed.getMessage());
        if (actions) {
          exec(c, "DELETE FROM " + owner + " WHERE id = 1");
          assertEquals(List.of(List.of("11")), rows(c, "SELECT id FROM " + p.table("pet")));
          assertEquals(List.of(java.util.Arrays.asList("20", null), List.of("21", "2")),
              rows(c, "SELECT id, owner_id FROM " + p.table("visit") + " ORDER BY id"));
          assertEquals(List.of(List.of("2"), List.of("3")), rows(c, "SELECT id FROM " + owner + " ORDER BY id"));
        }
      }
      assertEquals(before, catalog.pipelineStructure());
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("3")), rows(raw, "SELECT count(*) FROM " + owner));
        assertEquals(List.of(List.of("2")), rows(raw, "SELECT count(*) FROM " + p.table("pet")));
        assertEquals(List.of(List.of("20", "1"), List.of("21", "2")),
            rows(raw, "SELECT id, owner_id FROM " + p.table("visit") + " ORDER BY id"));
      }
    }
  }

  /** Keys that pipeline tables of another schema hold to a copied table are honoured on the branch as well. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void keysFromAnotherSchemaToACopiedTableAreHonouredOnTheBranch(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String other = p.schema + "_o";
      p.createSchema(other);
      String owner = p.table("owner");
      try {
        keysFromAnotherSchema(p, other, owner);
      } finally {
        try (Connection raw = p.raw()) { // its keys to this place's schema would stop that schema's drop
          exec(raw, (db == Db.MARIADB ? "DROP DATABASE " : "DROP SCHEMA ") + p.quote(other)
              + (db == Db.MARIADB ? "" : " CASCADE"));
        }
      }
    }
  }

  /** A copied pipeline table {@code owner} whose children live in schema {@code other}. */
  private static void keysFromAnotherSchema(TestDatabase p, String other, String owner) throws Exception {
    try (Connection raw = p.raw()) {
      exec(raw, "CREATE TABLE " + owner + " (id INT PRIMARY KEY, name VARCHAR(20))",
          "CREATE TABLE " + p.table(other, "licence") + " (id INT PRIMARY KEY, owner_id INT REFERENCES " + owner
              + " (id))",
          "CREATE TABLE " + p.table(other, "tag") + " (id INT PRIMARY KEY, owner_id INT REFERENCES " + owner
              + " (id) ON DELETE CASCADE)",
          "INSERT INTO " + owner + " VALUES (1, 'a'), (2, 'b')",
          "INSERT INTO " + p.table(other, "licence") + " VALUES (10, 1)",
          "INSERT INTO " + p.table(other, "tag") + " VALUES (20, 2)");
    }
    CatalogReader catalog = new CatalogReader(p);
    List<String> before = catalog.pipelineStructure();
    String branch = newBranch();
    p.draftFor(branch);
    p.dropLater("br_" + branch + "_" + other);
    try (Connection c = p.branch(branch)) {
      exec(c, "ALTER TABLE " + owner + " ADD COLUMN born DATE");
      SQLException licensed = assertThrows(SQLException.class, () -> exec(c, "DELETE FROM " + owner + " WHERE id = 1"));
      assertEquals("23503", licensed.getSQLState(), licensed.getMessage());
      assertTrue(licensed.getMessage().contains("licence"), licensed.getMessage());
      exec(c, "DELETE FROM " + owner + " WHERE id = 2");
      assertEquals(List.of(), rows(c, "SELECT id FROM " + p.table(other, "tag")), "the cascade reached the child");
    }
    assertEquals(before, catalog.pipelineStructure());
    try (Connection raw = p.raw()) {
      assertEquals(List.of(List.of("2")), rows(raw, "SELECT count(*) FROM " + owner));
      assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM " + p.table(other, "tag")),
          "trunk's child is as it was");
    }
  }

  /** The columns of {@code table} as {@code c}'s metadata lists them, in order. */
  private static List<String> columns(Connection c, TestDatabase p, String table) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = p.db == Db.MARIADB ? c.getMetaData().getColumns(p.schema, null, table, null)
        : c.getMetaData().getColumns(null, p.db == Db.SQLITE ? null : p.schema, table, null)) {
      while (rs.next()) {
        out.add(rs.getString("COLUMN_NAME"));
      }
    }
    return out;
  }

  /** The tables of the place's schema as {@code c}'s metadata lists them. */
  private static List<String> tables(Connection c, TestDatabase p) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = p.db == Db.MARIADB ? c.getMetaData().getTables(p.schema, null, "%", null)
        : c.getMetaData().getTables(null, p.db == Db.SQLITE ? null : p.schema, "%", null)) {
      while (rs.next()) {
        out.add(rs.getString("TABLE_NAME"));
      }
    }
    return out;
  }
}

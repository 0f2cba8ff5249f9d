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
 * A search path of several schemas on a branch resolves unqualified names as PostgreSQL resolves them, in the
 * logical view: the first schema of the path where the name binds (within it, the pipeline's table first, then the
 * draft's), and a new table goes into the first schema of the path — its draft. Each table holds one row naming
 * where it lives, so a read says where the name bound.
 */
class SearchPathTest {
  @TempDir
  Path dir;

  /** Schema a is the place's own; b a second one. a and b each hold "shared"; b alone holds "only_b" and "shadow". */
  private static String pipeline(TestDatabase p) throws SQLException {
    String b = p.schema + "_b";
    p.createSchema(b);
    try (Connection raw = p.raw()) {
      for (String[] t : new String[][] {{p.schema, "shared"}, {b, "shared"}, {b, "only_b"}, {b, "shadow"}}) {
        exec(raw, "CREATE TABLE " + q(t[0], t[1]) + " (id INT NOT NULL PRIMARY KEY, tag VARCHAR(40))",
            "INSERT INTO " + q(t[0], t[1]) + " VALUES (1, '" + (t[0].equals(b) ? "b" : "a") + "')");
      }
    }
    return b;
  }

  private static String q(String schema, String table) {
    return "\"" + schema + "\".\"" + table + "\"";
  }

  private static String tag(Connection c, String table) throws SQLException {
    return rows(c, "SELECT tag FROM " + table).get(0).get(0);
  }

  /** The statement that makes the path {@code schemas}, as each database writes it. */
  private static String setPath(Db db, String... schemas) {
    return db == Db.POSTGRESQL ? "SET search_path TO " + String.join(", ", schemas)
        : "SET search_path = '" + String.join(",", schemas) + "'";
  }

  /** The drafts of both schemas for {@code branch}, dropped with the place. */
  private static String[] drafts(TestDatabase p, String b, String branch) {
    String a = p.draftFor(branch);
    String bDraft = draft(branch, b);
    p.dropLater(bDraft);
    return new String[] {a, bDraft};
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB"})
  void unqualifiedNamesBindInTheFirstSchemaOfThePathThatHoldsThem(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String b = pipeline(p);
      String branch = newBranch();
      String[] drafts = drafts(p, b, branch);
      try (Connection c = p.branch(branch)) {
        // Draft tables: a's own "shadow" (b's pipeline holds one too), and one only b's draft holds.
        exec(c, "CREATE TABLE " + q(p.schema, "shadow") + " (id INT NOT NULL PRIMARY KEY, tag VARCHAR(40))",
            "INSERT INTO " + q(p.schema, "shadow") + " VALUES (1, 'a draft')",
            "CREATE TABLE " + q(b, "draft_b") + " (id INT NOT NULL PRIMARY KEY, tag VARCHAR(40))",
            "INSERT INTO " + q(b, "draft_b") + " VALUES (1, 'b draft')");
        exec(c, setPath(db, p.schema, b));
        assertEquals("b", tag(c, "only_b"), "a table only the second schema of the path holds binds there");
        assertEquals("a", tag(c, "shared"), "the same name in both schemas: the first of the path wins");
        assertEquals("a draft", tag(c, "shadow"), "the first schema wins though it holds the name only in its draft");
        assertEquals("b draft", tag(c, "draft_b"), "the second schema's draft, when the first holds no such name");
        assertEquals("b", tag(c, "ONLY_B"), "unquoted, folded or compared without case as the database does");

        // The other order: b first.
        exec(c, setPath(db, b, p.schema));
        assertEquals("b", tag(c, "shared"));
        assertEquals("b", tag(c, "shadow"), "b's pipeline table, ahead of a's draft");
      }
      assertEquals(List.of(), realForeignKeys(p, drafts));
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB"})
  void anUnqualifiedDeclarationGoesIntoTheFirstSchemasDraft(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir).inSpecificationMode()) {
      String b = pipeline(p);
      String branch = newBranch();
      String[] drafts = drafts(p, b, branch);
      try (Connection c = p.branch(branch)) {
        exec(c, setPath(db, p.schema, b));
        // The parent is b's, found along the path; the new table is a's, in a's draft, with the key as an edge.
        exec(c, "CREATE TABLE fresh (id INT NOT NULL PRIMARY KEY, b_id INT, CONSTRAINT fk_b FOREIGN KEY (b_id)"
            + " REFERENCES only_b (id))");
        exec(c, "INSERT INTO fresh VALUES (1, 1)");
        // A name only a later schema holds: created in the first one, as the database would, not compared with b's.
        exec(c, "CREATE TABLE only_b (id INT NOT NULL PRIMARY KEY, other INT)",
            "INSERT INTO only_b VALUES (7, 7)");
        assertEquals(List.of(List.of("7")), rows(c, "SELECT other FROM only_b"));
        assertEquals("b", tag(c, q(b, "only_b")));
        // The edge names b's table: deleting the referenced row of b.only_b on the branch is refused.
        SQLException refused = assertThrows(SQLException.class,
            () -> exec(c, "DELETE FROM " + q(b, "only_b") + " WHERE id = 1"));
        assertEquals("23503", refused.getSQLState(), refused.getMessage());
      }
      CatalogReader catalog = new CatalogReader(p);
      var declared = catalog.draftTablesWithEdges(drafts[0]);
      assertEquals(List.of("fresh", "only_b"), List.copyOf(declared.keySet()));
      assertEquals(1, declared.get("fresh").size(), declared.toString());
      assertTrue(declared.get("fresh").get(0).contains(b), declared.toString());
      assertEquals(List.of(), catalog.draftTablesWithEdges(drafts[1]).keySet().stream().toList());
      assertEquals(List.of(), realForeignKeys(p, drafts));
      try (Connection raw = p.raw()) {
        assertEquals(1, raw.createStatement().executeUpdate("DELETE FROM " + q(b, "only_b") + " WHERE id = 1"),
            "trunk is not blocked by the branch's key");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB"})
  void draftsNamedPhysicallyInThePathStandForTheirLogicalSchemas(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String b = pipeline(p);
      String branch = newBranch();
      String[] drafts = drafts(p, b, branch);
      try (Connection c = p.branch(branch)) {
        exec(c, "CREATE TABLE " + q(b, "draft_b") + " (id INT NOT NULL PRIMARY KEY, tag VARCHAR(40))",
            "INSERT INTO " + q(b, "draft_b") + " VALUES (1, 'b draft')");
        // b's draft named physically, second in the path: it is b, so a's "shared" still comes first.
        exec(c, setPath(db, p.schema, drafts[1]));
        assertEquals("b draft", tag(c, "draft_b"));
        assertEquals("b", tag(c, "only_b"));
        assertEquals("a", tag(c, "shared"));
        // a's draft named physically, first: declarations go to a's draft, keys as edges.
        exec(c, setPath(db, drafts[0], b));
        assertEquals("a", tag(c, "shared"), "a's pipeline table, as the logical name a would find it");
        exec(c, "CREATE TABLE phys (id INT NOT NULL PRIMARY KEY, CONSTRAINT fk_shared FOREIGN KEY (id)"
            + " REFERENCES shared (id))");
        exec(c, "INSERT INTO phys VALUES (1)");
        if (db == Db.POSTGRESQL) {
          assertEquals(List.of(List.of(p.schema + ", " + drafts[0] + ", " + b + ", " + drafts[1])),
              rows(c, "SHOW search_path"), "the database is given the logical path, each draft after its schema");
        }
        // Another branch's draft anywhere in the path is refused, and the path stays as it was.
        String other = "br_" + newBranch() + "_" + b;
        SQLException refused = assertThrows(SQLException.class, () -> exec(c, setPath(db, p.schema, other)));
        assertEquals("55000", refused.getSQLState(), refused.getMessage());
        assertEquals("b", tag(c, "only_b"));
      }
      var declared = new CatalogReader(p).draftTablesWithEdges(drafts[0]);
      assertEquals(List.of("phys"), List.copyOf(declared.keySet()));
      assertEquals(1, declared.get("phys").size(), declared.toString());
      assertEquals(List.of(), realForeignKeys(p, drafts));
    }
  }

  /** pgjdbc's currentSchema URL parameter sets a path of several schemas; setSchema one schema. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL"})
  void theUrlsCurrentSchemaAndSetSchemaAreFollowed(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String b = pipeline(p);
      String branch = newBranch();
      String[] drafts = drafts(p, b, branch);
      try (Connection c = DriverManager.getConnection(p.branchUrl(branch) + "&currentSchema=" + p.schema + "," + b)) {
        assertEquals("b", tag(c, "only_b"));
        assertEquals("a", tag(c, "shared"));
        exec(c, "CREATE TABLE from_url (id INT NOT NULL PRIMARY KEY)");
        c.setSchema(b);
        assertEquals("b", tag(c, "shared"));
        exec(c, "SET search_path TO \"$user\", " + p.schema + ", " + b);
        assertEquals("b", tag(c, "only_b"), "a $user schema that does not exist is passed over");
      }
      try (Connection c = DriverManager.getConnection(p.branchUrl(branch) + "&currentSchema=" + drafts[0] + ","
          + b)) {
        assertEquals(List.of(List.of(p.schema + ", " + drafts[0] + ", " + b)), rows(c, "SHOW search_path"),
            "the logical path, a's draft (made by the first connection) after a");
        assertEquals("a", tag(c, "shared"), "a's pipeline table, ahead of anything its draft might hold");
        exec(c, "CREATE TABLE also_from_url (id INT NOT NULL PRIMARY KEY, CONSTRAINT fk_only FOREIGN KEY (id)"
            + " REFERENCES only_b (id))");
      }
      var declared = new CatalogReader(p).draftTablesWithEdges(drafts[0]);
      assertEquals(List.of("also_from_url", "from_url"), List.copyOf(declared.keySet()));
      assertEquals(1, declared.get("also_from_url").size(), declared.toString());
      assertEquals(List.of(), realForeignKeys(p, drafts));
    }
  }

  /**
   * A path set by a function, not by SET: {@code set_config('search_path', ...)}, as Flyway sets its default schema
   * (the path a parameter of a prepared statement). The branch reads the path again after such a statement, so
   * unqualified names bind where the database resolves them: a declaration goes into that schema's draft and a row
   * change of its pipeline table into the branch's copy. Before, the branch kept binding in the path the connection
   * opened with (public), declared into public's draft and passed the row change to trunk's table.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL"})
  void aPathSetByAFunctionIsFollowedPlainOrPrepared(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String b = pipeline(p);
      String branch = newBranch();
      String[] drafts = drafts(p, b, branch);
      p.dropLater(draft(branch, "public")); // where a declaration would land if the path were not followed
      List<String> trunkBefore = new CatalogReader(p).pipelineStructure();
      try (Connection c = p.branch(branch)) {
        assertEquals(List.of(List.of(p.schema)),
            rows(c, "SELECT set_config('search_path', '" + p.schema + "', false)"));
        exec(c, "CREATE TABLE by_function (id INT NOT NULL PRIMARY KEY)", "INSERT INTO shared VALUES (2, 'branch')");
        assertEquals(List.of(List.of("2")), rows(c, "SELECT count(*) FROM shared"));
        try (var ps = c.prepareStatement("SELECT pg_catalog.set_config('search_path', ?, false)")) {
          ps.setString(1, b);
          ps.executeQuery().close();
        }
        assertEquals("b", tag(c, "only_b"));
        exec(c, "INSERT INTO shadow VALUES (5, 'branch')", "CREATE TABLE by_prepared (id INT NOT NULL PRIMARY KEY)");
        assertEquals(List.of(List.of("2")), rows(c, "SELECT count(*) FROM shadow"));
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM " + q(p.schema, "shared")));
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM " + q(b, "shadow")));
        assertEquals(List.of(List.of(drafts[0], "by_function"), List.of(drafts[1], "by_prepared")), rows(raw,
            "SELECT table_schema, table_name FROM information_schema.tables WHERE table_name LIKE 'by\\_%'"
            + " AND table_schema IN ('" + drafts[0] + "', '" + drafts[1] + "', '" + draft(branch, "public") + "',"
            + " 'public', '" + p.schema + "', '" + b + "') ORDER BY 1, 2"));
      }
      assertEquals(trunkBefore, new CatalogReader(p).pipelineStructure());
    }
  }

  /**
   * PostgreSQL's search path is part of the transaction: a rollback (of the transaction, or to a savepoint) takes a
   * SET back, and a commit ends a SET LOCAL. The branch reads the path again then, so unqualified names bind where
   * the database resolves them; before, the branch kept binding in the path set inside the transaction, and a row
   * change of {@code shared} went to b's copy where the database, and the raw driver, wrote a's.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL"})
  void aPathTheTransactionTookBackIsFollowed(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String b = pipeline(p);
      String branch = newBranch();
      drafts(p, b, branch);
      try (Connection c = DriverManager.getConnection(p.branchUrl(branch) + "&currentSchema=" + p.schema)) {
        c.setAutoCommit(false);
        exec(c, setPath(db, b));
        assertEquals("b", tag(c, "shared"));
        c.rollback();
        exec(c, "INSERT INTO shared VALUES (2, 'after rollback')");
        c.commit();
        exec(c, "SET LOCAL search_path TO " + b);
        assertEquals("b", tag(c, "only_b"));
        c.commit();
        exec(c, "INSERT INTO shared VALUES (3, 'after local')");
        java.sql.Savepoint before = c.setSavepoint();
        exec(c, setPath(db, b));
        c.rollback(before);
        exec(c, "INSERT INTO shared VALUES (4, 'after savepoint')");
        c.commit();
        c.setAutoCommit(true);
        exec(c, "BEGIN", setPath(db, b), "ROLLBACK", "INSERT INTO shared VALUES (5, 'after text rollback')");
        // RESET and DISCARD ALL put back the path the session began with, the URL's: followed as SET is
        exec(c, setPath(db, b), "RESET search_path", "INSERT INTO shared VALUES (6, 'after reset')");
        exec(c, setPath(db, b), "DISCARD ALL", "INSERT INTO shared VALUES (7, 'after discard')");
        assertEquals(List.of(List.of("a"), List.of("after rollback"), List.of("after local"),
            List.of("after savepoint"), List.of("after text rollback"), List.of("after reset"),
            List.of("after discard")),
            rows(c, "SELECT tag FROM shared ORDER BY id"));
        assertEquals(List.of(List.of("b")), rows(c, "SELECT tag FROM " + q(b, "shared")));
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM " + q(p.schema, "shared")));
      }
    }
  }

  /** Real foreign-key constraints in the two drafts: there must be none. */
  private static List<List<String>> realForeignKeys(TestDatabase p, String[] drafts) throws SQLException {
    try (Connection raw = p.raw()) {
      if (p.db == Db.POSTGRESQL) {
        return CatalogReader.rows(raw, "SELECT conname FROM pg_constraint k JOIN pg_namespace n"
            + " ON n.oid = k.connamespace WHERE k.contype = 'f' AND n.nspname IN (?, ?)", drafts[0], drafts[1]);
      }
      return CatalogReader.rows(raw, "SELECT constraint_text FROM duckdb_constraints() WHERE constraint_type ="
          + " 'FOREIGN KEY' AND lower(schema_name) IN (?, ?)", drafts[0], drafts[1]);
    }
  }
}

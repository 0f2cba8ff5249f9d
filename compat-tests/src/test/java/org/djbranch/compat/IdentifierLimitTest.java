package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Branch Resolution §1.3 on every path that derives a draft name, with names one under, at and one over the
 * database's identifier limit as the database measures it: PostgreSQL 63 bytes (the schema names here hold a
 * two-byte {@code é}, so bytes and characters part ways), MariaDB 64 characters. Under and at the limit every path
 * works with the whole name; over it every path refuses with 42622 naming the draft schema, and nothing is created:
 * PostgreSQL would otherwise cut the name to 63 bytes, and two branches would share a draft.
 */
class IdentifierLimitTest {
  @TempDir
  Path dir;

  static Stream<Arguments> aroundTheLimit() {
    List<Arguments> out = new ArrayList<>();
    for (Db db : List.of(Db.POSTGRESQL, Db.MARIADB)) {
      for (int offset : new int[] {-1, 0, 1}) {
        out.add(Arguments.of(db, offset));
      }
    }
    return out.stream();
  }

  private static int limit(Db db) {
    return db == Db.POSTGRESQL ? 63 : 64;
  }

  /** The length of a name as the database measures it. */
  private static int measured(Db db, String name) {
    return db == Db.POSTGRESQL ? name.getBytes(StandardCharsets.UTF_8).length : name.codePointCount(0, name.length());
  }

  /**
   * A fresh schema name whose draft on {@code branch} measures the limit plus {@code offset}: on PostgreSQL with an
   * {@code é} in it, so a count of characters would pass a name one byte too long.
   */
  private static String schemaFor(Db db, String branch, int offset, char tag) {
    return schemaFor(db, branch, offset, tag, db == Db.POSTGRESQL ? "é" : "");
  }

  private static String schemaFor(Db db, String branch, int offset, char tag, String wide) {
    String start = "djl" + tag + wide + "_" + newBranch().substring(1);
    int room = limit(db) + offset - measured(db, "br_" + branch + "_" + start);
    String schema = start + "x".repeat(room);
    assertEquals(limit(db) + offset, measured(db, "br_" + branch + "_" + schema));
    return schema;
  }

  /** Whether a schema of exactly this name exists, and whether any schema starts with the branch's prefix. */
  private static List<String> schemasLike(TestDatabase p, String prefix) throws SQLException {
    try (Connection raw = p.raw()) {
      String sql = p.db == Db.MARIADB
          ? "SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE '" + prefix + "%'"
          : "SELECT nspname FROM pg_namespace WHERE nspname LIKE '" + prefix + "%'";
      return rows(raw, sql).stream().map(r -> r.get(0)).toList();
    }
  }

  @ParameterizedTest(name = "{0}, limit {1}")
  @MethodSource("aroundTheLimit")
  void everyPathUsesAWholeDraftNameOrRefusesNamingIt(Db db, int offset) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String branch = newBranch();
      String existing = schemaFor(db, branch, offset, 'e');
      String introduced = schemaFor(db, branch, offset, 'i');
      String existingDraft = "br_" + branch + "_" + existing;
      String introducedDraft = "br_" + branch + "_" + introduced;
      p.createSchema(existing);
      if (offset <= 0) {
        p.dropLater(existingDraft);
        p.dropLater(introducedDraft);
        p.dropLater(introduced);
      }
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.quote(existing) + ".subject (subject_id INT NOT NULL, PRIMARY KEY (subject_id))");
      }
      try (Connection c = p.branch(branch)) {
        List<ThrowingStep> paths = List.of(
            // activation: the first statement naming the schema lists it and its draft
            () -> exec(c, "SELECT * FROM " + p.quote(existing) + ".subject"),
            // declaration into an existing schema: the draft is created
            () -> exec(c, "CREATE TABLE " + p.quote(existing) + ".note (subject_id INT NOT NULL, PRIMARY KEY"
                + " (subject_id), FOREIGN KEY (subject_id) REFERENCES " + p.quote(existing) + ".subject (subject_id))"),
            // declaration into a schema the branch introduces (§2.4): the base and the draft are created
            () -> exec(c, "CREATE TABLE " + p.quote(introduced) + ".stage (id INT NOT NULL, PRIMARY KEY (id))"));
        for (ThrowingStep path : paths) {
          if (offset <= 0) {
            path.run();
          } else {
            SQLException e = assertThrows(SQLException.class, path::run);
            assertEquals("42622", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("br_" + branch + "_"), e.getMessage());
            assertTrue(e.getMessage().contains(existingDraft) || e.getMessage().contains(introducedDraft),
                "names the whole draft schema: " + e.getMessage());
          }
        }
      }
      List<String> drafts = schemasLike(p, "br_" + branch + "_");
      if (offset <= 0) {
        assertEquals(List.of(existingDraft, introducedDraft).stream().sorted().toList(),
            drafts.stream().sorted().toList(), "the whole names, none cut");
        assertEquals(List.of(introduced), schemasLike(p, introduced));
      } else {
        assertEquals(List.of(), drafts, "nothing created under a cut name");
        assertEquals(List.of(), schemasLike(p, introduced), "nor the base of the introduced schema");
      }

      String url = p.rawUrl();
      // provision (printing only; it writes schema names of [A-Za-z0-9_]+ into statements): the statements for a
      // create-only login name the whole draft, or the command refuses naming it
      String provisioned = schemaFor(db, branch, offset, 'p', "");
      String provisionedDraft = "br_" + branch + "_" + provisioned;
      DjbranchCommand.Run provision = DjbranchCommand.run("provision", "--url", url, "--branch", branch, "--login",
          "djl_" + branch, "--schemas", provisioned);
      if (offset <= 0) {
        assertEquals(0, provision.code(), provision.toString());
        assertTrue(provision.out().replace("\\_", "_").contains(provisionedDraft), provision.toString());
      } else {
        assertEquals(2, provision.code(), provision.toString());
        assertTrue(provision.err().contains(provisionedDraft) && provision.err().contains("42622"),
            provision.toString());
      }
      // branches: a draft at the limit is read back as the branch's draft of the whole logical name
      DjbranchCommand.Run branches = DjbranchCommand.run("branches", "--url", url);
      assertEquals(0, branches.code(), branches.toString());
      String line = branches.out().lines().filter(l -> l.startsWith("branch " + branch + " ")).findFirst().orElse("");
      assertEquals(offset <= 0, line.contains(existing) && line.contains(introduced), branches.toString());
      // verify: its throwaway schemas are short whatever the draft's name
      DjbranchCommand.Run verify = DjbranchCommand.run("verify", "--url", url, "--branch", branch);
      assertEquals(0, verify.code(), verify.toString());
      // drop: removes the drafts by their whole names
      DjbranchCommand.Run drop = DjbranchCommand.run("drop", "--url", url, "--branch", branch, "--yes");
      assertEquals(0, drop.code(), drop.toString());
      assertEquals(List.of(), schemasLike(p, "br_" + branch + "_"), drop.toString());
    }
  }

  @ParameterizedTest(name = "{0}, limit {1}")
  @MethodSource("aroundTheLimit")
  void aBranchWhoseNameLeavesNoRoomForADraftIsRefusedByTheCommands(Db db, int offset) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      // br_<branch>_ and a one-character schema: the limit plus offset
      String branch = "l" + "b".repeat(limit(db) + offset - "br__s".length() - 1);
      String url = p.rawUrl();
      for (String command : List.of("status", "drop", "verify", "promote")) {
        DjbranchCommand.Run run = command.equals("drop")
            ? DjbranchCommand.run(command, "--url", url, "--branch", branch, "--yes")
            : DjbranchCommand.run(command, "--url", url, "--branch", branch);
        if (offset <= 0) {
          assertEquals(0, run.code(), command + ": " + run);
          assertTrue(run.out().contains("br_" + branch + "_"), command + " holds nothing: " + run);
        } else {
          assertEquals(2, run.code(), command + ": " + run);
          assertTrue(run.err().contains("42622") && run.err().contains("br_" + branch + "_<schema>"),
              command + ": " + run);
        }
      }
    }
  }

  /**
   * SQLite: a draft is a file beside the main one, {@code <main file>.br_<branch>_main}, and a file name has 255
   * bytes, of which its journal, {@code <file>-journal}, takes 8 more. One under and at the limit the draft file is
   * made and written; one over, the declaration is refused naming the schema.
   */
  @ParameterizedTest(name = "SQLite draft file, limit {0}")
  @ValueSource(ints = {-1, 0, 1})
  void sqlitesDraftFileNameFitsTheFileSystemOrIsRefused(int offset) throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.SQLITE, dir)) {
      String main = Path.of(p.rawUrl().substring("jdbc:sqlite:".length())).getFileName().toString();
      String branch = "s" + "b".repeat(247 + offset - (main + ".br_s_main").length());
      String file = main + ".br_" + branch + "_main";
      assertEquals(247 + offset, file.getBytes(StandardCharsets.UTF_8).length);
      try (Connection c = p.branch(branch)) {
        ThrowingStep declare = () -> exec(c, "CREATE TABLE note (id INT NOT NULL, PRIMARY KEY (id))");
        if (offset <= 0) {
          declare.run();
          exec(c, "INSERT INTO note VALUES (1)");
          assertTrue(Files.isRegularFile(dir.resolve(file)), "the draft file under its whole name");
        } else {
          SQLException e = assertThrows(SQLException.class, declare::run);
          assertEquals("42622", e.getSQLState(), e.getMessage());
          assertTrue(e.getMessage().contains("br_" + branch + "_main"), e.getMessage());
          try (Stream<Path> files = Files.list(dir)) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().contains(".br_")), "no draft file");
          }
        }
      }
    }
  }

  @FunctionalInterface
  private interface ThrowingStep {
    void run() throws SQLException;
  }
}

package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.Scripts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A schema as {@code pg_dump} writes it (testdata/pg-dump), declared on a branch into a schema of its own: every
 * statement runs as it runs raw, the branch's metadata equals a raw database's that ran the same script, and the
 * keys, identities and sequences then answer as raw; {@code djbranch verify} builds it and {@code promote --apply}
 * brings trunk to that same structure, which answers the same. Before, {@code ALTER SEQUENCE ... OWNED BY s.t.col} and an
 * identity's {@code SEQUENCE NAME s.t_id_seq} named the logical schema, where the branch's tables are not ("relation
 * does not exist"), so every insert into such a table failed on its null key; {@code CREATE TABLE} with identity
 * options the parser cannot read was refused.
 */
class PgDumpOnBranchTest {
  @TempDir
  Path dir;

  private static List<String> script(String schema) throws Exception {
    String configured = System.getProperty("djbranch.testdata");
    Path file = Path.of(configured != null ? configured : "../testdata").resolve("pg-dump/pets.sql");
    List<String> out = new ArrayList<>();
    for (String statement : Scripts.split(Files.readString(file), Dialect.POSTGRESQL)) {
      if (!statement.strip().startsWith("CREATE SCHEMA")) { // the test's schema stands in for it
        out.add(statement.replace("pets.", "\"" + schema + "\"."));
      }
    }
    return out;
  }

  /** What the rows of the script's tables answer to: identities, a serial, a sequence, keys and their actions. */
  private static List<String> use(Connection c, String schema) throws SQLException {
    String s = "\"" + schema + "\".";
    List<String> out = new ArrayList<>();
    exec(c, "INSERT INTO " + s + "owner (name) VALUES ('ann'), ('bob')",
        "INSERT INTO " + s + "pet (owner_id, kind, mood) VALUES (1, 'cat', 'calm'), (2, 'dog', 'wild')",
        "INSERT INTO " + s + "visit (pet_id, note) VALUES (105, 'first')");
    for (String failing : List.of("INSERT INTO " + s + "pet (owner_id, kind) VALUES (1, 'cow')",
        "INSERT INTO " + s + "visit (id, pet_id) VALUES (9, 100)", "DELETE FROM " + s + "owner WHERE name = 'bob'")) {
      try {
        exec(c, failing);
        out.add("ran: " + failing);
      } catch (SQLException e) {
        out.add(e.getSQLState());
      }
    }
    exec(c, "DELETE FROM " + s + "owner WHERE name = 'ann'");
    out.add(rows(c, "SELECT id, owner_id, kind, mood FROM " + s + "pet ORDER BY id").toString());
    out.add(rows(c, "SELECT id, pet_id, note FROM " + s + "visit ORDER BY id").toString());
    out.add(rows(c, "SELECT name, n FROM " + s + "pets_per_owner ORDER BY name").toString());
    out.add(rows(c, "SELECT nextval('" + s + "invoice_no'), nextval('" + s + "owner_id_seq')").toString());
    return out;
  }

  @Test
  void aSchemaAsPgDumpWritesItRunsOnABranchAsRaw() throws Exception {
    try (TestDatabase oracle = TestDatabase.create(Db.POSTGRESQL, dir);
        TestDatabase subject = TestDatabase.create(Db.POSTGRESQL, dir)) {
      List<String> expected = new ArrayList<>();
      List<String> outcome;
      try (Connection raw = oracle.raw()) {
        for (String statement : script(oracle.schema)) {
          exec(raw, statement);
        }
        for (String line : MetadataReader.read(raw, oracle)) {
          expected.add(line.replace(oracle.schema, "<schema>"));
        }
        outcome = use(raw, oracle.schema);
      }
      CatalogReader catalog = new CatalogReader(subject);
      List<String> before = catalog.pipelineStructure();
      String branch = newBranch();
      subject.dropLater(subject.draftFor(branch));
      try (Connection c = subject.branch(branch)) {
        for (String statement : script(subject.schema)) {
          exec(c, statement);
        }
        List<String> actual = new ArrayList<>();
        for (String line : MetadataReader.read(c, subject)) {
          actual.add(line.replace(subject.schema, "<schema>"));
        }
        assertEquals(List.of(), MetadataReader.differences(expected, actual), "the branch's metadata");
        assertEquals(outcome, use(c, subject.schema), "what the rows answer to");
      }
      assertEquals(before, catalog.pipelineStructure(), "trunk's schema stays empty");
      // the merge: verify builds it, promote brings trunk to the raw database's structure, which answers the same
      DjbranchCommand.Run verify = DjbranchCommand.run("verify", "--url", subject.rawUrl(), "--branch", branch);
      assertEquals(0, verify.code(), verify.toString());
      DjbranchCommand.Run promote = DjbranchCommand.run("promote", "--apply", "--url", subject.rawUrl(), "--branch",
          branch);
      assertEquals(0, promote.code(), promote.toString());
      try (Connection raw = subject.raw()) {
        List<String> merged = new ArrayList<>();
        for (String line : MetadataReader.read(raw, subject)) {
          merged.add(line.replace(subject.schema, "<schema>"));
        }
        assertEquals(List.of(), MetadataReader.differences(expected, merged), "trunk's metadata after the merge");
        assertEquals(outcome, use(raw, subject.schema), "what trunk's rows answer to after the merge");
      }
    }
  }
}

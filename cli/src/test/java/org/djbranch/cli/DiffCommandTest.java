package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.djbranch.cli.Cli.Run;
import org.djbranch.cli.Place.Db;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code djbranch diff} in every format on each database, its JSON against the shape docs/diff.md documents. */
class DiffCommandTest {
  @TempDir
  Path temp;

  private static final ObjectMapper JSON = new ObjectMapper();

  private static void declare(Place p, String branch, String childKeyType) throws Exception {
    p.exec("CREATE TABLE " + p.table("animal") + " (animal_id INT PRIMARY KEY, name VARCHAR(20))",
        "INSERT INTO " + p.table("animal") + " VALUES (1, 'ann')");
    p.onBranch(branch, "CREATE TABLE " + p.table("trial") + " (animal_id " + childKeyType + ", trial_id INT,"
        + " note VARCHAR(30), PRIMARY KEY (animal_id, trial_id), CONSTRAINT trial_animal FOREIGN KEY (animal_id)"
        + " REFERENCES " + p.table("animal") + " (animal_id))",
        "CREATE INDEX trial_note ON " + p.table("trial") + " (note)",
        "INSERT INTO " + p.table("trial") + " VALUES (1, 1, 'a'), (1, 2, 'b')");
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void everyFormatShowsTheAddedTableItsKeysIndexesAndRows(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String b = p.newBranch();
      declare(p, b, "INT");

      Run text = Cli.run("diff", "--url", p.url, "--branch", b);
      assertEquals(0, text.code(), text.all());
      for (String expected : new String[] {"adds 1 table (2 rows, 1 symbolic key) in 1 schema", "+ table trial",
          "animal_id", "PK", "symbolic key trial_animal (animal_id) -> " + p.schema + ".animal (animal_id)",
          "index trial_note (note)"}) {
        assertTrue(text.out().contains(expected), expected + " in:\n" + text.out());
      }

      Path md = temp.resolve("diff.md");
      Run markdown = Cli.run("diff", "--url", p.url, "--branch", b, "--format", "markdown", "--verify", "-o",
          md.toString());
      assertEquals(0, markdown.code(), markdown.all());
      String comment = Files.readString(md);
      assertTrue(comment.lines().findFirst().orElse("").contains("adds 1 table"), comment);
      assertTrue(comment.contains("verify: OK"), comment);
      assertTrue(comment.contains("<details><summary><code>" + p.schema + "</code>: 1 table added</summary>"), comment);
      assertTrue(comment.contains("| animal" + "\\_id |") || comment.contains("| animal_id |"), comment);
      assertTrue(comment.trim().endsWith("</details>"), comment);

      Run json = Cli.run("diff", "--url", p.url, "--branch", b, "--format", "json", "--verify");
      assertEquals(0, json.code(), json.all());
      JsonNode root = JSON.readTree(json.out());
      assertShape(documentedShape(), root, "$");
      assertEquals(DiffReport.VERSION, root.get("version").asInt());
      assertTrue(root.get("changes").asBoolean());
      assertTrue(root.get("verify").get("ok").asBoolean());
      JsonNode trial = root.get("schemas").get(0).get("added").get(0);
      assertEquals("trial", trial.get("name").asText());
      assertEquals(2, trial.get("rows").asLong());
      assertEquals("animal", trial.get("symbolicKeys").get(0).get("references").get("table").asText());
      assertEquals(p.schema, trial.get("symbolicKeys").get(0).get("references").get("schema").asText());

      Run changed = Cli.run("diff", "--url", p.url, "--branch", b, "--exit-code");
      assertEquals(1, changed.code(), "--exit-code: the branch changes something");
      String empty = p.newBranch();
      Run nothing = Cli.run("diff", "--url", p.url, "--branch", empty, "--exit-code", "--format", "json");
      assertEquals(0, nothing.code(), nothing.all());
      assertFalse(JSON.readTree(nothing.out()).get("changes").asBoolean());
      assertShape(documentedShape(), JSON.readTree(nothing.out()), "$");
    }
  }

  /**
   * A pipeline table the branch changed (its own copy: rows copied, statements run, columns against trunk's) and one
   * it dropped are shown apart from the tables it adds, in every format.
   */
  @ParameterizedTest
  @EnumSource(Db.class)
  void changedAndDroppedPipelineTablesAreShownApartFromNewOnes(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String b = p.newBranch();
      p.exec("CREATE TABLE " + p.table("animal") + " (animal_id INT PRIMARY KEY, name VARCHAR(20), note VARCHAR(10))",
          "INSERT INTO " + p.table("animal") + " VALUES (1, 'ann', 'x'), (2, 'bo', 'y')",
          "CREATE TABLE " + p.table("cage") + " (cage_id INT PRIMARY KEY)");
      p.onBranch(b, "ALTER TABLE " + p.table("animal") + " ADD COLUMN weight INT",
          "ALTER TABLE " + p.table("animal") + " DROP COLUMN note",
          "INSERT INTO " + p.table("animal") + " (animal_id, name, weight) VALUES (3, 'cy', 7)",
          "DROP TABLE " + p.table("cage"));

      Run text = Cli.run("diff", "--url", p.url, "--branch", b, "--exit-code");
      assertEquals(1, text.code(), text.all());
      for (String expected : new String[] {"changes 1 pipeline table, drops 1 pipeline table on the branch in 1 schema",
          "~ table animal  (changed: 2 rows copied, 3 rows now)", "+ column weight", "- column note",
          "ran: ALTER TABLE", "- table cage  (dropped on the branch; trunk keeps it)"}) {
        assertTrue(text.out().contains(expected), expected + " in:\n" + text.out());
      }
      assertFalse(text.out().contains("+ table"), "no table is added: " + text.out());

      Run markdown = Cli.run("diff", "--url", p.url, "--branch", b, "--format", "markdown");
      assertTrue(markdown.out().contains("0 tables added, 1 changed, 1 dropped"), markdown.out());
      assertTrue(markdown.out().contains("```sql\nALTER TABLE"), markdown.out());

      Run json = Cli.run("diff", "--url", p.url, "--branch", b, "--format", "json");
      JsonNode root = JSON.readTree(json.out());
      assertShape(documentedShape(), root, "$");
      assertEquals(1, root.get("summary").get("changed").asInt());
      assertEquals(1, root.get("summary").get("hidden").asInt());
      JsonNode animal = root.get("schemas").get(0).get("changed").get(0);
      assertEquals("animal", animal.get("name").asText());
      assertEquals(2, animal.get("rowsCopied").asLong());
      assertEquals(3, animal.get("rows").asLong());
      assertEquals(2, animal.get("statements").size());
      assertEquals("weight", animal.get("columns").get("added").get(0).get("name").asText().toLowerCase());
      assertEquals("note", animal.get("columns").get("removed").get(0).asText().toLowerCase());
      assertEquals("cage", root.get("schemas").get(0).get("hidden").get(0).asText().toLowerCase());
    }
  }

  /** A key verify cannot build is in every format, and the JSON still has the documented shape. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void verifyFailuresAreReportedPerSchema(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String b = p.newBranch();
      declare(p, b, "VARCHAR(16)");
      Run json = Cli.run("diff", "--url", p.url, "--branch", b, "--format", "json", "--verify");
      assertEquals(0, json.code(), json.all());
      JsonNode root = JSON.readTree(json.out());
      assertShape(documentedShape(), root, "$");
      assertFalse(root.get("verify").get("ok").asBoolean());
      JsonNode failure = root.get("schemas").get(0).get("verifyFailures").get(0);
      assertEquals("trial_animal", failure.get("key").asText());
      Run markdown = Cli.run("diff", "--url", p.url, "--branch", b, "--format", "markdown", "--verify",
          "--exit-code");
      assertEquals(1, markdown.code());
      assertTrue(markdown.out().contains("verify fails"), markdown.out());
    }
  }

  @Test
  void theDocumentedShapeIsReadable() throws Exception {
    JsonNode shape = documentedShape();
    assertTrue(shape.has("version") && shape.get("schemas").isArray(), shape.toString());
  }

  /** The ```json block of docs/diff.md. */
  static JsonNode documentedShape() throws Exception {
    String doc = Files.readString(Path.of("../docs/diff.md"));
    int start = doc.indexOf("```json\n") + "```json\n".length();
    return JSON.readTree(doc.substring(start, doc.indexOf("```", start)));
  }

  /**
   * {@code actual} has the documented shape: an object has exactly the documented fields; an array's elements
   * each have the shape of the documented element, and a documented {@code []} stays empty; a leaf is of one of the
   * types its text names.
   */
  static void assertShape(JsonNode doc, JsonNode actual, String path) {
    if (doc.isObject()) {
      assertTrue(actual.isObject(), path + " is an object: " + actual);
      Set<String> documented = new TreeSet<>();
      doc.fieldNames().forEachRemaining(documented::add);
      Set<String> present = new TreeSet<>();
      actual.fieldNames().forEachRemaining(present::add);
      assertEquals(documented, present, "the fields of " + path);
      for (Iterator<String> i = doc.fieldNames(); i.hasNext(); ) {
        String f = i.next();
        assertShape(doc.get(f), actual.get(f), path + "." + f);
      }
    } else if (doc.isArray()) {
      assertTrue(actual.isArray(), path + " is an array: " + actual);
      if (doc.isEmpty()) {
        assertTrue(actual.isEmpty(), path + " is always empty in this version: " + actual);
      }
      for (int k = 0; k < actual.size(); k++) {
        assertShape(doc.get(0), actual.get(k), path + "[" + k + "]");
      }
    } else {
      List<String> types = new ArrayList<>(List.of(doc.asText().split("\\|")));
      String type = actual.isNull() ? "null" : actual.isTextual() ? "string" : actual.isIntegralNumber() ? "integer"
          : actual.isBoolean() ? "boolean" : actual.getNodeType().toString();
      assertTrue(types.contains(type), path + " is " + doc.asText() + ", not " + type + ": " + actual);
    }
  }
}

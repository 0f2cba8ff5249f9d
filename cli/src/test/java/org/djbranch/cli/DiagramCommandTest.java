package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.djbranch.cli.Cli.Run;
import org.djbranch.cli.Place.Db;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code djbranch diagram} on each database: the SVG is well-formed XML, holds every table and key of a known
 * schema, tells the branch's draft tables and symbolic keys from the pipeline's, marks primary-key columns, and on
 * trunk draws trunk alone.
 */
class DiagramCommandTest {
  @TempDir
  Path temp;

  /**
   * Pipeline: {@code animal}, and {@code weighing} with a real foreign key to it. The branch adds {@code trial}
   * (a symbolic key to the pipeline's {@code animal}) and {@code score} (a symbolic key to the draft {@code trial}).
   */
  private static void declare(Place p, String branch) throws Exception {
    p.exec("CREATE TABLE " + p.table("animal") + " (animal_id INT PRIMARY KEY, name VARCHAR(20))",
        "CREATE TABLE " + p.table("weighing") + " (animal_id INT, day INT, grams INT, PRIMARY KEY (animal_id, day),"
            + " CONSTRAINT weighing_animal FOREIGN KEY (animal_id) REFERENCES "
            + (p.db == Db.SQLITE ? "animal" : p.table("animal")) + " (animal_id))");
    java.util.Properties props = new java.util.Properties();
    props.setProperty("branch", branch);
    try (Connection c = DriverManager.getConnection(p.url, props); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE " + p.table("trial") + " (animal_id INT, trial_id INT, PRIMARY KEY (animal_id, trial_id),"
          + " CONSTRAINT trial_animal FOREIGN KEY (animal_id) REFERENCES " + p.table("animal") + " (animal_id))");
      s.execute("CREATE TABLE " + p.table("score") + " (animal_id INT, trial_id INT, score INT,"
          + " PRIMARY KEY (animal_id, trial_id), CONSTRAINT score_trial FOREIGN KEY (animal_id, trial_id)"
          + " REFERENCES " + p.table("trial") + " (animal_id, trial_id))");
    }
  }

  /** What a reader of the SVG can find in it. */
  private record Drawn(Map<String, String> tableKinds, Map<String, Set<String>> primaryColumns,
      Map<String, Set<String>> columns, Map<String, String> keyKinds, Map<String, String> keyDash) {}

  /** Parses with the JDK's XML parser: a document that is not well-formed fails here. */
  private static Drawn parse(String svg) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    assertEquals("svg", doc.getDocumentElement().getLocalName());
    assertEquals("http://www.w3.org/2000/svg", doc.getDocumentElement().getNamespaceURI());
    Map<String, String> tables = new HashMap<>();
    Map<String, Set<String>> pk = new HashMap<>();
    Map<String, Set<String>> cols = new HashMap<>();
    Map<String, String> keys = new HashMap<>();
    Map<String, String> dash = new HashMap<>();
    NodeList groups = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "g");
    for (int i = 0; i < groups.getLength(); i++) {
      Element g = (Element) groups.item(i);
      String[] cls = g.getAttribute("class").split(" ");
      if (cls[0].equals("table")) {
        String name = g.getAttribute("data-table");
        assertTrue(tables.put(name, cls[1]) == null, name + " drawn twice");
        pk.put(name, new HashSet<>());
        cols.put(name, new HashSet<>());
        NodeList inner = g.getElementsByTagNameNS("http://www.w3.org/2000/svg", "g");
        for (int j = 0; j < inner.getLength(); j++) {
          Element c = (Element) inner.item(j);
          cols.get(name).add(c.getAttribute("data-column"));
          if (c.getAttribute("class").equals("column pk")) {
            pk.get(name).add(c.getAttribute("data-column"));
          }
        }
      } else if (cls[0].equals("key")) {
        String child = g.getAttribute("data-child");
        String parent = g.getAttribute("data-parent");
        String key = child.substring(child.indexOf('.') + 1) + "->" + parent.substring(parent.indexOf('.') + 1);
        keys.put(key, cls[1]);
        Element path = (Element) g.getElementsByTagNameNS("http://www.w3.org/2000/svg", "path").item(0);
        dash.put(key, path.getAttribute("stroke-dasharray"));
      }
    }
    return new Drawn(tables, pk, cols, keys, dash);
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void drawsTheMergedSchemaOfABranchAndTrunkAlone(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String b = p.newBranch();
      declare(p, b);
      Path file = temp.resolve("branch.svg");
      Run run = Cli.run("diagram", "--url", p.url, "--branch", b, "--schema", p.schema, "-o", file.toString());
      assertEquals(0, run.code(), run.all());
      assertTrue(run.err().contains("4 tables, 3 foreign keys (2 symbolic)"), run.err());
      Drawn d = parse(Files.readString(file));

      assertEquals(Map.of("animal", "pipeline", "weighing", "pipeline", "trial", "draft", "score", "draft"),
          d.tableKinds());
      assertEquals(Map.of("weighing->animal", "real", "trial->animal", "symbolic", "score->trial", "symbolic"),
          d.keyKinds());
      assertEquals("", d.keyDash().get("weighing->animal"), "a real key is a solid line");
      assertTrue(!d.keyDash().get("score->trial").isEmpty(), "a symbolic key is dashed");
      assertEquals(Set.of("animal_id", "trial_id"), d.primaryColumns().get("score"));
      assertEquals(Set.of("animal_id", "trial_id", "score"), d.columns().get("score"));
      assertEquals(Set.of("animal_id", "day"), d.primaryColumns().get("weighing"));

      Run trunk = Cli.run("diagram", "--url", p.url, "--branch", "", "--schema", p.schema);
      assertEquals(0, trunk.code(), trunk.all());
      Drawn t = parse(trunk.out());
      assertEquals(Map.of("animal", "pipeline", "weighing", "pipeline"), t.tableKinds());
      assertEquals(Map.of("weighing->animal", "real"), t.keyKinds());
    }
  }

  @org.junit.jupiter.api.Test
  void namesThatNeedEscapingStayWellFormed() throws Exception {
    try (Place p = Place.create(Db.DUCKDB, temp)) {
      p.exec("CREATE TABLE " + p.table("\"a<b & 'c'\"") + " (\"x\"\"y>\" INT PRIMARY KEY)");
      Run run = Cli.run("diagram", "--url", p.url, "--branch", "", "--schema", p.schema);
      assertEquals(0, run.code(), run.all());
      Drawn d = parse(run.out());
      assertEquals(Map.of("a<b & 'c'", "pipeline"), d.tableKinds());
      assertEquals(Set.of("x\"y>"), d.primaryColumns().get("a<b & 'c'"));
    }
  }
}

package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.djbranch.cli.Cli.Run;
import org.djbranch.cli.Place.Db;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every branch subcommand against each database: status, shell, verify, promote, drop. */
class BranchCommandsTest {
  @TempDir
  Path temp;

  /** A pipeline table on trunk; a branch adds two tables referencing it and each other. */
  private static void declare(Place p, String branch) throws Exception {
    p.exec("CREATE TABLE " + p.table("animal") + " (animal_id INT PRIMARY KEY, name VARCHAR(20))",
        "INSERT INTO " + p.table("animal") + " VALUES (1, 'ann')");
    Properties props = new Properties();
    props.setProperty("branch", branch);
    try (Connection c = DriverManager.getConnection(p.url, props); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE " + p.table("trial") + " (animal_id INT, trial_id INT, PRIMARY KEY (animal_id, trial_id),"
          + " FOREIGN KEY (animal_id) REFERENCES " + p.table("animal") + " (animal_id))");
      s.execute("CREATE TABLE " + p.table("score") + " (animal_id INT, trial_id INT, score INT,"
          + " PRIMARY KEY (animal_id, trial_id), CONSTRAINT score_trial FOREIGN KEY (animal_id, trial_id)"
          + " REFERENCES " + p.table("trial") + " (animal_id, trial_id))");
      s.execute("INSERT INTO " + p.table("trial") + " VALUES (1, 1)");
      s.execute("INSERT INTO " + p.table("score") + " VALUES (1, 1, 7)");
    }
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void everySubcommandOnABranch(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String b = p.newBranch();
      declare(p, b);
      String draft = "br_" + b + "_" + p.schema;

      Run status = Cli.run("status", "--url", p.url, "--branch", b);
      assertEquals(0, status.code(), status.all());
      assertTrue(status.out().contains(draft + ".trial"), status.out());
      assertTrue(status.out().contains("score_trial"), status.out());
      assertTrue(status.out().contains("pipeline"), status.out());

      Run shell = Cli.run("shell", "--url", p.url, "--branch", b, "-e",
          "SELECT score FROM " + p.table("score") + " JOIN " + p.table("animal") + " USING (animal_id);\n\\d " + p.table("score"));
      assertEquals(0, shell.code(), shell.all());
      assertTrue(shell.out().contains("7"), shell.out());
      assertTrue(shell.out().contains("binds to " + draft + ".score (draft"), shell.out());

      Run verify = Cli.run("verify", "--url", p.url, "--branch", b);
      assertEquals(0, verify.code(), verify.all());
      assertTrue(verify.out().contains("OK: every foreign key builds"), verify.out());

      Run promote = Cli.run("promote", "--url", p.url, "--branch", b);
      assertEquals(0, promote.code(), promote.all());
      assertTrue(promote.out().indexOf("\"trial\"") < promote.out().indexOf("\"score\"")
          || promote.out().indexOf("`trial`") < promote.out().indexOf("`score`"), "parents first: " + promote.out());
      assertTrue(promote.out().contains("FOREIGN KEY"), promote.out());

      Run declined = Cli.run("drop", "--url", p.url, "--branch", b);
      assertEquals(1, declined.code(), declined.all());
      assertTrue(declined.out().contains(draft), declined.out());

      Run apply = Cli.run("promote", "--url", p.url, "--branch", b, "--apply");
      assertEquals(0, apply.code(), apply.all());
      Run onTrunk = Cli.run("shell", "--url", p.url, "--branch", "", "-e", "SELECT count(*) AS n FROM " + p.table("score"));
      assertEquals(0, onTrunk.code(), onTrunk.all());
      Run shadowed = Cli.run("status", "--url", p.url, "--branch", b);
      assertTrue(shadowed.out().contains("shadowed names: score, trial"), shadowed.out());

      Run drop = Cli.run("drop", "--url", p.url, "--branch", b, "--yes");
      assertEquals(0, drop.code(), drop.all());
      Run after = Cli.run("status", "--url", p.url, "--branch", b);
      assertTrue(after.out().contains("holds nothing"), after.out());
    }
  }

  /**
   * The types, domains and sequences a branch declared for its tables to name are declared by the merge before the
   * tables (and by verify in its throwaway schemas), each once, with its parameters; the branch's copy of a pipeline
   * sequence is not, trunk holds it. Before, promote declared the tables alone, and its script failed on trunk
   * ("type s.mood does not exist"), as verify did.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB", "MARIADB"})
  void promoteDeclaresTheTypesAndSequencesTheBranchDeclared(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String b = p.newBranch();
      p.exec("CREATE SEQUENCE " + p.table("trunk_seq") + " START WITH 10");
      String nextval = db == Db.MARIADB ? "NEXTVAL(" + p.table("%s") + ")" : "nextval('" + p.table("%s") + "')";
      List<String> declared = new java.util.ArrayList<>(List.of(
          "CREATE SEQUENCE " + p.table("own_seq") + " START WITH 100 INCREMENT BY 5"));
      String columns = "id BIGINT DEFAULT " + String.format(nextval, "own_seq") + ", k BIGINT DEFAULT "
          + String.format(nextval, "trunk_seq");
      if (db != Db.MARIADB) {
        declared.add("CREATE TYPE " + p.table("mood") + " AS ENUM ('calm', 'it''s busy')");
        columns += ", m " + p.table("mood");
      }
      if (db == Db.POSTGRESQL) {
        declared.add("CREATE DOMAIN " + p.table("calm_only") + " AS " + p.table("mood") + " NOT NULL"
            + " CHECK (VALUE = 'calm')");
        columns += ", c " + p.table("calm_only");
      }
      declared.add("CREATE TABLE " + p.table("d") + " (" + columns + ")");
      declared.add("SELECT " + String.format(nextval, "trunk_seq")); // the branch's copy of trunk's sequence
      p.onBranch(b, declared.toArray(new String[0]));

      Run verify = Cli.run("verify", "--url", p.url, "--branch", b);
      assertEquals(0, verify.code(), verify.all());
      Run promote = Cli.run("promote", "--url", p.url, "--branch", b);
      assertEquals(0, promote.code(), promote.all());
      assertTrue(promote.out().contains("own_seq") && promote.out().indexOf("own_seq") < promote.out().indexOf("CREATE TABLE"),
          promote.out());
      assertFalse(promote.out().lines().anyMatch(l -> l.startsWith("CREATE SEQUENCE") && l.contains("trunk_seq")),
          "trunk holds its sequence: " + promote.out());
      Run apply = Cli.run("promote", "--url", p.url, "--branch", b, "--apply");
      assertEquals(0, apply.code(), apply.all());
      Run drop = Cli.run("drop", "--url", p.url, "--branch", b, "--yes");
      assertEquals(0, drop.code(), drop.all());
      p.exec("INSERT INTO " + p.table("d") + (db == Db.POSTGRESQL ? " (m, c) VALUES ('it''s busy', 'calm')"
          : db == Db.DUCKDB ? " (m) VALUES ('calm')" : " () VALUES ()"));
      Run row = Cli.run("shell", "--url", p.url, "--branch", "", "-e", "SELECT id, k FROM " + p.table("d"));
      assertTrue(row.out().contains("100") && row.out().contains("10"), row.all());
    }
  }

  /**
   * A view the branch declared is merged as a view: {@code promote} declares it after the tables it reads, its query
   * naming them where trunk holds them, and {@code verify} builds it in its throwaway schemas. Before, promote
   * declared it as an empty table of its columns, so trunk got a table where the branch had a view.
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "DUCKDB", "MARIADB", "SQLITE"})
  void promoteDeclaresTheBranchsViewsAsViews(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String b = p.newBranch();
      p.exec("CREATE TABLE " + p.table("animal") + " (id INT PRIMARY KEY)", "INSERT INTO " + p.table("animal")
          + " VALUES (1), (2), (3)");
      p.onBranch(b, "CREATE TABLE " + p.table("weight") + " (id INT PRIMARY KEY, grams INT)",
          "CREATE VIEW " + p.table("heavy") + " AS SELECT id, grams * 2 AS doubled FROM " + p.table("weight")
              + " WHERE grams > 10",
          "CREATE VIEW " + p.table("animal_count") + " AS SELECT count(*) AS n FROM " + p.table("animal"),
          "CREATE VIEW " + p.table("heavy_count") + " AS SELECT count(*) AS n FROM " + p.table("heavy"));

      Run verify = Cli.run("verify", "--url", p.url, "--branch", b);
      assertEquals(0, verify.code(), verify.all());
      assertTrue(verify.out().contains("1 tables, 3 views"), verify.out());
      Run promote = Cli.run("promote", "--url", p.url, "--branch", b);
      assertEquals(0, promote.code(), promote.all());
      assertFalse(promote.out().lines().anyMatch(l -> l.startsWith("CREATE TABLE") && l.contains("heavy")),
          promote.out());
      assertTrue(promote.out().lines().anyMatch(l -> l.startsWith("CREATE VIEW") && l.contains("heavy_count")),
          promote.out());
      Run apply = Cli.run("promote", "--url", p.url, "--branch", b, "--apply");
      assertEquals(0, apply.code(), apply.all());
      Run drop = Cli.run("drop", "--url", p.url, "--branch", b, "--yes");
      assertEquals(0, drop.code(), drop.all());
      p.exec("INSERT INTO " + p.table("weight") + " VALUES (1, 5), (2, 20)");
      Run rows = Cli.run("shell", "--url", p.url, "--branch", "", "-e", "SELECT h.doubled, a.n, c.n AS m FROM "
          + p.table("heavy") + " h, " + p.table("animal_count") + " a, " + p.table("heavy_count") + " c");
      assertEquals(0, rows.code(), rows.all());
      assertTrue(rows.out().matches("(?s).*\\b40\\b.*\\b3\\b.*\\b1\\b.*"), rows.all());
    }
  }

  /**
   * A PostgreSQL materialized view the branch declared is merged as one, with its indexes, and without its rows where
   * the branch declared it {@code WITH NO DATA}: before, {@code promote} declared it as an empty table of its
   * columns, so trunk got a table that no {@code REFRESH} fills.
   */
  @Test
  void promoteDeclaresAPostgresMaterializedViewAsOneWithItsIndexes() throws Exception {
    try (Place p = Place.create(Db.POSTGRESQL, temp)) {
      String b = p.newBranch();
      p.exec("CREATE TABLE " + p.table("animal") + " (id INT PRIMARY KEY, grams INT)", "INSERT INTO "
          + p.table("animal") + " VALUES (1, 5), (2, 20), (3, 30)");
      p.onBranch(b, "CREATE MATERIALIZED VIEW " + p.table("heavy") + " AS SELECT id, grams * 2 AS doubled FROM "
              + p.table("animal") + " WHERE grams > 10",
          "CREATE UNIQUE INDEX heavy_id ON " + p.table("heavy") + " (id)",
          "CREATE INDEX heavy_doubled ON " + p.table("heavy") + " (doubled DESC)",
          "CREATE MATERIALIZED VIEW " + p.table("later") + " AS SELECT count(*) AS n FROM " + p.table("heavy")
              + " WITH NO DATA");

      Run verify = Cli.run("verify", "--url", p.url, "--branch", b);
      assertEquals(0, verify.code(), verify.all());
      assertTrue(verify.out().contains("0 tables, 2 views"), verify.out());
      Run apply = Cli.run("promote", "--url", p.url, "--branch", b, "--apply");
      assertEquals(0, apply.code(), apply.all());
      assertFalse(apply.out().lines().anyMatch(l -> l.startsWith("CREATE TABLE")), apply.out());
      Run drop = Cli.run("drop", "--url", p.url, "--branch", b, "--yes");
      assertEquals(0, drop.code(), drop.all());

      Run kinds = Cli.run("shell", "--url", p.url, "--branch", "", "-e", "SELECT c.relname || ':' || c.relkind::text || ':'"
          + " || c.relispopulated || ':' || (SELECT count(*) FROM pg_index i WHERE i.indrelid = c.oid) AS k"
          + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '" + p.schema + "'"
          + " AND c.relname IN ('heavy', 'later') ORDER BY 1");
      assertEquals(0, kinds.code(), kinds.all());
      assertTrue(kinds.out().contains("heavy:m:true:2") && kinds.out().contains("later:m:false:0"), kinds.out());
      p.exec("INSERT INTO " + p.table("animal") + " VALUES (4, 40)",
          "REFRESH MATERIALIZED VIEW CONCURRENTLY " + p.table("heavy"), "REFRESH MATERIALIZED VIEW "
              + p.table("later"));
      Run rows = Cli.run("shell", "--url", p.url, "--branch", "", "-e", "SELECT max(h.doubled) AS top, l.n FROM "
          + p.table("heavy") + " h, " + p.table("later") + " l GROUP BY l.n");
      assertEquals(0, rows.code(), rows.all());
      assertTrue(rows.out().matches("(?s).*\\b80\\b.*\\b3\\b.*"), rows.all());
    }
  }

  /**
   * {@code drop} removes the base of a schema the branch introduced (Branch Resolution §2.4: the branch made it,
   * empty), and never a schema trunk made that holds no table: before, every empty base beside a draft was dropped,
   * trunk's own too (with its grants, and on MariaDB whatever routines it held).
   */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "DUCKDB"})
  void dropRemovesOnlyTheBaseTheBranchMade(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String b = p.newBranch();
      String introduced = p.schema + "_new";
      p.dropLater(introduced);
      p.dropLater("br_" + b + "_" + introduced);
      p.onBranch(b, "CREATE TABLE " + p.table("t") + " (id INT PRIMARY KEY)",
          "CREATE TABLE " + introduced + ".u (id INT PRIMARY KEY)");
      assertTrue(p.schemaExists(introduced), "the branch made the base of the schema it introduced");

      Run drop = Cli.run("drop", "--url", p.url, "--branch", b, "--yes");
      assertEquals(0, drop.code(), drop.all());
      assertTrue(drop.out().contains(introduced + " ") && drop.out().contains("base schema the branch made"),
          drop.out());
      assertFalse(drop.out().lines().anyMatch(l -> l.strip().startsWith(p.schema + " ")), drop.out());
      assertFalse(p.schemaExists(introduced), "the base the branch made is gone");
      assertTrue(p.schemaExists(p.schema), "trunk's empty schema stays");
      assertFalse(p.schemaExists("br_" + b + "_" + p.schema));
    }
  }

  /**
   * A branch's copies of bookkeeping tables are its private record of the migrations it ran: promote leaves them
   * out and says so, whether trunk holds the original (Liquibase's changelog here), holds none (Flyway's history,
   * created on the branch), or the URL names the table ({@code branchLocalTables}); drop removes them with the draft.
   */
  @ParameterizedTest
  @EnumSource(Db.class)
  void promoteLeavesOutTheBranchsBookkeeping(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String b = p.newBranch();
      String url = p.url + (p.url.contains("?") ? "&" : "?") + "branchLocalTables=my_history";
      p.exec("CREATE TABLE " + p.table("databasechangelog") + " (id VARCHAR(20) PRIMARY KEY)",
          "INSERT INTO " + p.table("databasechangelog") + " VALUES ('v1')");
      Properties props = new Properties();
      props.setProperty("branch", b);
      try (Connection c = DriverManager.getConnection(url, props); Statement s = c.createStatement()) {
        s.execute("INSERT INTO " + p.table("databasechangelog") + " VALUES ('v2')");
        s.execute("CREATE TABLE " + p.table("flyway_schema_history") + " (installed_rank INT PRIMARY KEY,"
            + " version VARCHAR(50))");
        s.execute("CREATE TABLE " + p.table("my_history") + " (id INT PRIMARY KEY)");
        s.execute("CREATE TABLE " + p.table("trial") + " (trial_id INT PRIMARY KEY)");
      }

      Run promote = Cli.run("promote", "--url", url, "--branch", b);
      assertEquals(0, promote.code(), promote.all());
      assertTrue(promote.out().contains("trial"), promote.out());
      String leftOut = promote.out().lines().filter(l -> l.startsWith("-- Left out")).findFirst().orElse("");
      for (String copy : new String[] {"databasechangelog", "flyway_schema_history", "my_history"}) {
        assertTrue(leftOut.contains(p.schema + "." + copy), copy + " named as left out: " + promote.out());
        assertFalse(promote.out().lines().anyMatch(l -> l.startsWith("CREATE") && l.contains(copy)),
            copy + " is not declared: " + promote.out());
      }

      Run apply = Cli.run("promote", "--url", url, "--branch", b, "--apply");
      assertEquals(0, apply.code(), apply.all());
      assertTrue(apply.out().contains("Left out"), apply.out());
      assertEquals(0, Cli.run("shell", "--url", p.url, "--branch", "", "-e", "SELECT * FROM " + p.table("trial"))
          .code(), "trial is declared on trunk");
      for (String copy : new String[] {"flyway_schema_history", "my_history"}) {
        Run read = Cli.run("shell", "--url", p.url, "--branch", "", "-e", "SELECT * FROM " + p.table(copy));
        assertEquals(2, read.code(), copy + " is not on trunk: " + read.all());
      }
      Run changelog = Cli.run("shell", "--url", p.url, "--branch", "", "-e", "SELECT id FROM "
          + p.table("databasechangelog"));
      assertTrue(changelog.out().contains("v1") && !changelog.out().contains("v2"), changelog.all());

      Run drop = Cli.run("drop", "--url", url, "--branch", b, "--yes");
      assertEquals(0, drop.code(), drop.all());
      assertTrue(drop.out().contains("bookkeeping"), drop.out());
      Run after = Cli.run("status", "--url", p.url, "--branch", b);
      assertTrue(after.out().contains("holds nothing"), after.out());
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void verifyCatchesAColumnTypedDifferentlyFromItsParent(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String b = p.newBranch();
      p.exec("CREATE TABLE " + p.table("probe") + " (probe_id INT PRIMARY KEY)");
      Properties props = new Properties();
      props.setProperty("branch", b);
      try (Connection c = DriverManager.getConnection(p.url, props); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE " + p.table("channel") + " (probe_id VARCHAR(16), channel INT,"
            + " PRIMARY KEY (probe_id, channel), CONSTRAINT channel_probe FOREIGN KEY (probe_id) REFERENCES "
            + p.table("probe") + " (probe_id))");
      }
      Run verify = Cli.run("verify", "--url", p.url, "--branch", b);
      assertEquals(1, verify.code(), verify.all());
      assertTrue(verify.out().contains("FAILED: 1 statement"), verify.out());
      assertTrue(verify.out().contains("foreign key channel_probe"), verify.out());
      assertTrue(verify.out().contains("SQLState"), verify.out());
      // the throwaway schemas are gone
      Run status = Cli.run("shell", "--url", p.url, "--branch", "", "-e", db == Db.POSTGRESQL
          ? "SELECT count(*) AS left_over FROM pg_namespace WHERE nspname LIKE 'djbv%'"
          : "SELECT count(*) AS left_over FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'djbv%'");
      assertTrue(status.out().contains("\n0"), status.out());
      assertEquals(0, Cli.run("drop", "--url", p.url, "--branch", b, "--yes").code());
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"DUCKDB", "SQLITE"})
  void demoRunsAndExplainsItself(Db db) throws Exception {
    Run demo = db == Db.DUCKDB ? Cli.run("demo")
        : Cli.run("demo", "--url", "jdbc:djbranch:sqlite:" + temp.resolve("demo.db"));
    List<List<String>> removal = demo.out().lines().dropWhile(l -> !l.startsWith("The demo left"))
        .filter(l -> l.startsWith("  ")).map(ShellWords::split).toList();
    if (db == Db.DUCKDB) {
      // Without --url the demo makes a database in a folder of its own and keeps it to be explored; it says how to
      // remove that folder, and the folder holds nothing else.
      java.util.regex.Matcher made = java.util.regex.Pattern.compile("database: jdbc:djbranch:duckdb:(\\S+)")
          .matcher(demo.out());
      assertTrue(made.find(), "the demo names its database: " + demo.out());
      Path file = Path.of(made.group(1));
      assertTrue(Files.exists(file), file.toString());
      assertEquals(List.of(List.of("rm", "-r", file.getParent().toString())), removal, demo.out());
      try (var left = Files.list(file.getParent())) {
        assertEquals(List.of(file), left.toList(), "the demo's folder holds its database alone");
      }
      Files.delete(file);
      Files.delete(file.getParent());
    } else {
      // On a database the user named, the demo's drafts and its two trunk tables go with the commands it prints.
      assertEquals(2, removal.size(), demo.out());
      for (List<String> command : removal) {
        assertEquals("./djbranch", command.get(0), command.toString());
        Run ran = Cli.run(command.subList(1, command.size()).toArray(new String[0]));
        assertEquals(0, ran.code(), command + ": " + ran.all());
      }
      try (var left = Files.list(temp)) {
        assertEquals(List.of("demo.db"), left.map(f -> f.getFileName().toString()).toList(), "the draft file is gone");
      }
      try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + temp.resolve("demo.db"));
          java.sql.ResultSet tables = c.getMetaData().getTables(null, null, "%", new String[] {"TABLE"})) {
        assertFalse(tables.next(), "trunk's demo tables are gone");
      }
    }
    assertEquals(0, demo.code(), demo.all());
    for (String expected : new String[] {"trunk> CREATE TABLE", "demo> CREATE TABLE", "mouse", "~edge",
        "unit_sorting", "Round trips", "error, as it should be"}) {
      assertTrue(demo.out().contains(expected), expected + " in " + demo.out());
    }
    assertFalse(demo.out().contains("unexpected"), demo.out());
  }

  @org.junit.jupiter.api.Test
  void errorsAreOneLineWithTheSqlState() throws Exception {
    Run bad = Cli.run("shell", "--url", "jdbc:djbranch:sqlite:" + temp.resolve("x.db"), "--branch", "", "-e",
        "SELECT * FROM nowhere");
    assertEquals(2, bad.code());
    assertTrue(bad.err().startsWith("ERROR: "), bad.err());
    assertEquals(1, bad.err().lines().count(), bad.err());
    Run wrong = Cli.run("status", "--url", "jdbc:djbranch:sqlite:" + temp.resolve("y.db"), "--branch", "no-dash");
    assertEquals(2, wrong.code());
    assertTrue(wrong.err().contains("SQLState 08001"), wrong.err());
    assertTrue(Files.exists(temp), "temp");
  }
}

package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.djbranch.compat.BranchFixture.tablesIn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.Scripts;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Third-party DDL and data, as its project publishes it, declared on a branch: every table lands in the draft,
 * every foreign key in ~edge, and the branch holds what trunk holds after running the same script for real.
 */
class SampleDatabaseOnBranchTest {
  @TempDir
  Path dir;

  private static Path testdata() {
    String configured = System.getProperty("djbranch.testdata");
    return Path.of(configured != null ? configured : "../testdata");
  }

  /** A published script and the database it is written for. */
  enum Sample {
    CHINOOK_PG(Db.POSTGRESQL, "chinook-pg.sql", Dialect.POSTGRESQL),
    CHINOOK_MYSQL(Db.MARIADB, "chinook-mysql.sql", Dialect.MYSQL),
    CHINOOK_SQLITE(Db.SQLITE, "chinook-sqlite.sql", Dialect.SQLITE),
    NORTHWIND_PG(Db.POSTGRESQL, "northwind-pg.sql", Dialect.POSTGRESQL),
    /** With 16 views over its tables, which land in the draft with them. */
    NORTHWIND_SQLITE(Db.SQLITE, "northwind-sqlite.sql", Dialect.SQLITE);

    final Db db;
    final String file;
    final Dialect dialect;

    Sample(Db db, String file, Dialect dialect) {
      this.db = db;
      this.file = file;
      this.dialect = dialect;
    }

    /** The script's statements, less those that make its own database: the test's place stands in for it. */
    List<String> statements() throws Exception {
      List<String> kept = new ArrayList<>();
      for (String statement : Scripts.split(Files.readString(testdata().resolve("sample-db/" + file)), dialect)) {
        String head = statement.strip().toUpperCase(Locale.ROOT);
        if (!(head.startsWith("DROP DATABASE") || head.startsWith("CREATE DATABASE") || head.startsWith("\\C")
            || head.startsWith("USE "))) {
          kept.add(statement);
        }
      }
      return kept;
    }
  }

  @ParameterizedTest
  @EnumSource(Sample.class)
  void aPublishedScriptDeclaredOnABranchHoldsWhatTrunkHolds(Sample sample) throws Exception {
    Db db = sample.db;
    List<String> script = sample.statements();
    Map<String, String> trunkCounts;
    int trunkForeignKeyColumns;
    try (TestDatabase p = TestDatabase.create(db, dir); Connection trunk = p.branch("")) {
      use(trunk, p);
      run(trunk, script);
      List<String> tables = new ArrayList<>();
      for (String lower : tablesIn(p, p.schema)) {
        tables.add(exactName(trunk, p, lower));
      }
      trunkCounts = counts(trunk, p, tables);
      trunkForeignKeyColumns = foreignKeyColumns(trunk, p, tables);
    }
    assertTrue(trunkCounts.size() >= 11 && trunkForeignKeyColumns >= 10, trunkCounts + " " + trunkForeignKeyColumns);
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      String branch = newBranch();
      String draft = p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        use(c, p);
        run(c, script);
        assertEquals(trunkCounts, counts(c, p, new ArrayList<>(trunkCounts.keySet())));
        String edge = db == Db.MARIADB ? "`" + draft + "`.`~edge`" : "\"" + draft + "\".\"~edge\"";
        assertEquals(List.of(List.of(Integer.toString(trunkForeignKeyColumns))), rows(c, "SELECT count(*) FROM " + edge));
      }
      assertEquals(List.of(), tablesIn(p, p.schema), "the pipeline's schema is untouched");
    }
  }

  private static void use(Connection c, TestDatabase p) throws Exception {
    if (p.db == Db.MARIADB) {
      c.setCatalog(p.schema);
    } else if (p.db != Db.SQLITE) {
      c.setSchema(p.schema);
    }
  }

  private static void run(Connection c, List<String> script) throws Exception {
    try (Statement s = c.createStatement()) {
      for (String statement : script) {
        s.execute(statement);
      }
    }
  }

  private static Map<String, String> counts(Connection c, TestDatabase p, List<String> tables) throws Exception {
    Map<String, String> counts = new TreeMap<>();
    for (String table : tables) {
      String quoted = p.db == Db.MARIADB ? "`" + table + "`" : "\"" + table + "\"";
      counts.put(table, rows(c, "SELECT count(*) FROM " + quoted).get(0).get(0));
    }
    return counts;
  }

  private static int foreignKeyColumns(Connection c, TestDatabase p, List<String> tables) throws Exception {
    int n = 0;
    for (String table : tables) {
      try (ResultSet rs = c.getMetaData().getImportedKeys(p.db == Db.MARIADB ? p.schema : null,
          p.db == Db.POSTGRESQL ? p.schema : null, table)) {
        while (rs.next()) {
          n++;
        }
      }
    }
    return n;
  }

  /** The name as the catalog stores it (Chinook's MySQL and SQLite scripts use mixed case). */
  private static String exactName(Connection c, TestDatabase p, String lower) throws Exception {
    try (ResultSet rs = c.getMetaData().getTables(p.db == Db.MARIADB ? p.schema : null,
        p.db == Db.POSTGRESQL ? p.schema : null, "%", null)) {
      while (rs.next()) {
        if (rs.getString("TABLE_NAME").equalsIgnoreCase(lower)) {
          return rs.getString("TABLE_NAME");
        }
      }
    }
    return lower;
  }
}

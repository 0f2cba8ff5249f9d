package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The column labels and names a branch answers with are trunk's (issue 27): a generated set of select lists — items
 * with subqueries, {@code IN}, {@code EXISTS}, columns plain, qualified and in parentheses, {@code *}, odd spacing,
 * comments and case, aliases, derived tables and unions — runs through the raw driver on a place holding the tables,
 * and through a branch on a place where all of them are drafts, or one of the two is the pipeline's. Each statement
 * runs as a plain and as a prepared statement; both places must succeed or fail alike and answer with the same
 * {@code getColumnLabel} and {@code getColumnName} for every column. One shape is run again with other literals (the
 * plan is reused and the text read on), and a view declared on the branch names its columns as on trunk. DuckDB,
 * which labels an expression by printing it again from its parse ({@code (1 = ANY(SELECT x FROM t1))}), is held to
 * the same: its labels are the ones it prints for the text as written, never with a draft's name in them.
 */
class LabelsAsOnTrunkTest {
  private static final int QUERIES = 120;

  @TempDir
  Path dir;

  /** An item with a table reference in it ({@code %s}), labelled by its text where the database does that. */
  private static final List<String> EXPRESSIONS = List.of(
      "1 IN (SELECT x FROM %s)",
      "2 NOT IN (SELECT x FROM %s)",
      "'a''b' IN (SELECT 'c' FROM %s)",
      "NULL IN (SELECT x FROM %s)",
      "EXISTS (SELECT * FROM %s)",
      "NOT EXISTS (SELECT 1 FROM %s WHERE x > 100)",
      "(SELECT max(x) FROM %s)",
      "(SELECT count(*) FROM %s) + 1",
      "-(SELECT min(x) FROM %s)",
      "1  in /* inner */ (select x   from %s)",
      "(SELECT x FROM %s\n WHERE x = 1)",
      "CASE WHEN 1 IN (SELECT x FROM %s) THEN 'y' ELSE 'n' END");

  /** An item of the outer table ({@code %s}, as the FROM clause names it, or its name alone). */
  private static final List<String> COLUMNS = List.of("%s.x", "(%s.x)", "%s.x + 1", "%s.x IS NULL", "x", "*");

  private enum Mode { DRAFTS, MIXED }

  @ParameterizedTest
  @EnumSource(Db.class)
  void everyTableInTheDraft(Db db) throws Exception {
    compare(db, Mode.DRAFTS);
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void oneTableThePipelinesOneTheDrafts(Db db) throws Exception {
    compare(db, Mode.MIXED);
  }

  private void compare(Db db, Mode mode) throws Exception {
    try (TestDatabase oracle = TestDatabase.create(db, Files.createDirectories(dir.resolve("oracle")));
        TestDatabase subject = TestDatabase.create(db, Files.createDirectories(dir.resolve("subject")))) {
      String branch = newBranch();
      String draft = subject.draftFor(branch);
      try (Connection raw = oracle.raw()) {
        tables(raw, oracle, List.of("t1", "t2"));
      }
      if (mode == Mode.MIXED) {
        try (Connection raw = subject.raw()) {
          tables(raw, subject, List.of("t1"));
        }
      }
      List<String> queries = new ArrayList<>();
      queries.addAll(queries(db, new Random(db.ordinal() * 31L + mode.ordinal())));
      int answered = 0;
      try (Connection expected = oracle.raw(); Connection actual = subject.branch(branch)) {
        use(expected, oracle);
        use(actual, subject);
        tables(actual, subject, mode == Mode.MIXED ? List.of("t2") : List.of("t1", "t2"));
        // one shape again and again with other literals, each read on from the last: each text has its own label
        List<String> repeated = new ArrayList<>();
        for (String value : List.of("1", "22", "333", "4")) {
          repeated.add("SELECT (SELECT max(x) FROM t2 WHERE x < " + value + ") FROM t1 WHERE x > " + value);
        }
        queries.addAll(0, repeated);
        for (String template : queries) {
          for (boolean prepared : new boolean[] {false, true}) {
            List<String> want = labels(expected, template.replace("{s}", oracle.schema), prepared);
            List<String> got = labels(actual, template.replace("{s}", subject.schema), prepared);
            String what = (prepared ? "prepared: " : "") + template;
            answered += want.get(0).startsWith("error") ? 0 : 1;
            assertTrue(got.stream().noneMatch(l -> l.contains(draft)), what + " shows the draft: " + got);
            want = normalised(want, oracle.schema);
            got = normalised(got, subject.schema);
            assertEquals(want, got, what);
          }
        }
        // a view's columns are named by its select list's labels (a SQLite view in the draft's file cannot read the
        // pipeline's tables in another file, whatever its labels)
        if (!(db == Db.SQLITE && mode == Mode.MIXED)) {
          String view = "CREATE VIEW %s AS SELECT 1 IN (SELECT x FROM t1), (SELECT max(x) FROM t2 /* c */) FROM t1";
          exec(expected, String.format(view, oracle.table("v")));
          exec(actual, String.format(view, subject.table("v")));
          assertEquals(labels(expected, "SELECT * FROM v", false), labels(actual, "SELECT * FROM v", false), view);
        }
      }
      System.out.printf("labels %s %s: %d statements, %d answered by the raw driver%n", db, mode, 2 * queries.size(),
          answered);
      assertTrue(answered > queries.size(), "most statements run: " + answered + " of " + 2 * queries.size());
    }
  }

  /** Statements of one generated set: 1 to 3 items over {@code t1} or {@code t2}, as they are or wrapped. */
  private static List<String> queries(Db db, Random random) {
    List<String> out = new ArrayList<>();
    for (int n = 0; n < QUERIES; n++) {
      String outer = random.nextBoolean() ? "t1" : "t2";
      String outerRef = reference(db, outer, random);
      List<String> items = new ArrayList<>();
      int count = 1 + random.nextInt(3);
      for (int i = 0; i < count; i++) {
        String item;
        if (random.nextInt(3) == 0) {
          String qualifier = random.nextBoolean() ? outer : outerRef;
          item = String.format(COLUMNS.get(random.nextInt(COLUMNS.size())), qualifier);
        } else {
          String table = reference(db, random.nextBoolean() ? "t1" : "t2", random);
          item = String.format(EXPRESSIONS.get(random.nextInt(EXPRESSIONS.size())), table);
        }
        if (!item.equals("*")) {
          switch (random.nextInt(6)) {
            case 0 -> item += " AS c" + i;
            case 1 -> item += " /* after */";
            case 2 -> item = item.toLowerCase(java.util.Locale.ROOT);
            default -> { }
          }
        }
        items.add(item);
      }
      String select = "SELECT " + String.join(", ", items) + " FROM " + outerRef;
      out.add(switch (random.nextInt(5)) {
        case 0 -> "SELECT * FROM (" + select + ") d";
        case 1 -> select + " UNION ALL " + select;
        case 2 -> select + " -- tail";
        default -> select;
      });
    }
    return out;
  }

  /** A table as a statement may name it: alone, qualified by the schema, or both quoted ({@code {s}}: the schema). */
  private static String reference(Db db, String table, Random random) {
    String q = db == Db.MARIADB ? "`" : "\"";
    String schema = db == Db.SQLITE ? "main" : "{s}";
    return switch (random.nextInt(3)) {
      case 0 -> table;
      case 1 -> schema + "." + table;
      default -> q + schema + q + "." + q + table + q;
    };
  }

  /** Each column's label and name, or the error's SQLState. */
  private static List<String> labels(Connection c, String sql, boolean prepared) {
    try (Statement s = prepared ? c.prepareStatement(sql) : c.createStatement();
        ResultSet rs = prepared ? ((PreparedStatement) s).executeQuery() : s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> out = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        out.add(md.getColumnLabel(i) + " | " + md.getColumnName(i));
      }
      return out;
    } catch (SQLException e) {
      return List.of("error " + e.getSQLState());
    }
  }

  private static List<String> normalised(List<String> labels, String schema) {
    return labels.stream().map(l -> l.replace(schema, "<s>")).toList();
  }

  private static void tables(Connection c, TestDatabase place, List<String> names) throws SQLException {
    for (String name : names) {
      exec(c, "CREATE TABLE " + place.table(name) + " (x INT, y INT)",
          "INSERT INTO " + place.table(name) + " VALUES (1, 2), (3, 4)");
    }
  }

  private static void use(Connection c, TestDatabase place) throws SQLException {
    if (place.db == Db.MARIADB) {
      c.setCatalog(place.schema);
    } else if (place.db != Db.SQLITE) {
      c.setSchema(place.schema);
    }
  }
}

package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import org.djbranch.compat.BranchScript.Kind;
import org.djbranch.compat.BranchScript.Mode;
import org.djbranch.compat.BranchScript.Part;
import org.djbranch.compat.BranchScript.Text;
import org.djbranch.compat.BranchScript.Unit;

/**
 * The branch's promises, for generated statement texts ({@link BranchScript}) on all four databases. After every
 * script, read from the catalogs through the raw driver:
 *
 * <ol>
 *   <li>the pipeline schema's tables, columns, indexes, constraints and row counts equal a snapshot taken before;</li>
 *   <li>no draft schema holds a real foreign-key constraint, and another branch's draft is untouched;</li>
 *   <li>every draft table's {@code ~edge} rows are those its declaration made, no row names a missing table, what a
 *       committed text declared exists and what was refused or rolled back does not;</li>
 *   <li>a trunk DELETE of a pipeline row no pipeline table references succeeds, though draft rows name it;</li>
 * </ol>
 *
 * and along the way every benign statement succeeds and gives back what the database gives (result sets and update
 * counts in order), and a declaration after the script (after rollbacks and refusals) still works. Tries per
 * database: {@code -Djqwik.tries.default=N}; one script again: {@code -Ddjbranch.invariants.seed=S}.
 */
class BranchInvariantsTest extends EachDatabaseProperty {
  private static final Map<Db, AtomicInteger> TEXTS = new EnumMap<>(Db.class);

  /** Quoted mixed-case key columns ("SubjectID"): ~edge must record them exactly as PostgreSQL stores them. */
  @Property(shrinking = ShrinkingMode.OFF)
  void postgresqlWithQuotedMixedCaseColumns(@ForAll long seed) throws Exception {
    check(Db.POSTGRESQL, seed, true);
  }

  @AfterContainer
  static void report() {
    System.out.println("Generated statement texts run on a branch: " + TEXTS);
  }

  @Override
  void check(Db db, long generated) throws Exception {
    check(db, generated, false);
  }

  private void check(Db db, long generated, boolean quotedMixedCaseColumns) throws Exception {
    long seed = Long.getLong("djbranch.invariants.seed", generated);
    Path dir = Files.createTempDirectory("djb-invariants");
    try (TestDatabase p = TestDatabase.create(db, dir).inSpecificationMode()) {
      new Run(p, seed, quotedMixedCaseColumns).check();
    } finally {
      BranchFixture.deleteTree(dir);
    }
  }

  /** One try: a fresh pipeline, a fresh branch, one generated script, and the invariants after it. */
  private static final class Run {
    private final TestDatabase p;
    private final long seed;
    private final String branch = newBranch();
    private final String draft;
    private final String otherDraft;
    private final CatalogReader catalog;
    private final List<String> violations = new ArrayList<>();
    private final List<String> log = new ArrayList<>();
    /** Tables declared by texts refused as a whole. */
    private final Set<String> refusedTexts = new HashSet<>();
    private BranchScript script;
    /** Whether each transaction is ended by statement text or by JDBC call. */
    private final java.util.Random ends;

    private final boolean quotedMixedCaseColumns;

    Run(TestDatabase p, long seed, boolean quotedMixedCaseColumns) {
      this.quotedMixedCaseColumns = quotedMixedCaseColumns;
      this.p = p;
      this.seed = seed;
      this.ends = new java.util.Random(seed);
      this.draft = p.draftFor(branch);
      // where an unqualified declaration lands on PostgreSQL's default path, should a script's model miss a path
      // change: dropped with the place, so that a failed run leaves nothing behind either
      p.dropLater(BranchFixture.draft(branch, "public"));
      this.otherDraft = "br_" + newBranch() + "_" + p.schema;
      this.catalog = new CatalogReader(p);
    }

    void check() throws Exception {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, species VARCHAR(20),"
                + " PRIMARY KEY (subject_id))",
            "CREATE TABLE " + p.table("session") + " (subject_id INT NOT NULL, session_id INT NOT NULL,"
                + " PRIMARY KEY (subject_id, session_id), FOREIGN KEY (subject_id) REFERENCES " + p.parent("subject")
                + " (subject_id))",
            "INSERT INTO " + p.table("subject") + " VALUES (1, 'mouse'), (2, 'rat'), (3, 'vole')",
            "INSERT INTO " + p.table("session") + " VALUES (1, 1)");
        if (p.db == Db.POSTGRESQL || p.db == Db.DUCKDB) {
          exec(raw, "CREATE TYPE " + p.table("kind") + " AS ENUM ('a', 'b')"); // a pipeline type named alone
        }
      }
      if (p.db != Db.SQLITE) {
        p.createSchema(otherDraft); // exists, so only a refusal keeps a statement naming it out
      }
      List<String> before = catalog.pipelineStructure();
      script = BranchScript.generate(p.db, new BranchScript.Names(p.schema, draft, otherDraft), seed,
          quotedMixedCaseColumns);
      TEXTS.computeIfAbsent(p.db, d -> new AtomicInteger()).addAndGet(script.textCount());

      String url = p.branchUrl(branch) + (p.db == Db.MARIADB ? "&allowMultiQueries=true" : "");
      try (Connection c = DriverManager.getConnection(url)) {
        for (Unit u : script.units) {
          run(c, u);
        }
        finalDeclaration(c);
      }
      invariants(before);
      if (!violations.isEmpty()) {
        throw new AssertionError(violations.size() + " violation(s), seed " + seed + ":\n  "
            + String.join("\n  ", violations) + "\ndraft schemas " + catalog.draftSchemas() + ", " + draft + " holds "
            + catalog.draftTablesWithEdges(draft) + "\nscript:" + script + "\nran:\n  " + String.join("\n  ", log));
      }
    }

    private void run(Connection c, Unit u) throws SQLException {
      if (u.schemaBefore() != null) {
        try {
          if (p.db == Db.MARIADB) {
            c.setCatalog(u.schemaBefore());
          } else {
            c.setSchema(u.schemaBefore());
          }
          log.add("setSchema(" + u.schemaBefore() + ")");
        } catch (SQLException e) {
          violations.add("setSchema(" + u.schemaBefore() + ") failed: " + e);
        }
      }
      if (u.mode() == Mode.AUTOCOMMIT) {
        for (Text t : u.texts()) {
          text(c, t);
        }
        return;
      }
      // The transaction is begun and ended by JDBC calls or, for some units, by statement texts (BEGIN, SAVEPOINT,
      // ROLLBACK TO, COMMIT, ROLLBACK): the branch must follow either alike. MySQL's START TRANSACTION is ended by
      // its DDL's implicit commit, which would commit the unit's later rows, so MariaDB's units use the calls.
      boolean byText = p.db != Db.MARIADB && ends.nextBoolean();
      if (byText) {
        exec(c, "/* unit */ BEGIN");
      } else {
        c.setAutoCommit(false);
      }
      try {
        boolean ok = true;
        for (Text t : u.texts()) {
          ok = ok && text(c, t);
        }
        if (u.mode() == Mode.SAVEPOINT && ok) {
          Savepoint sp = byText ? null : c.setSavepoint();
          if (byText) {
            exec(c, "SAVEPOINT before_rolled_back");
          }
          for (Text t : u.rolledBack()) {
            ok = ok && text(c, t);
          }
          if (byText) {
            exec(c, "rollback to savepoint before_rolled_back");
          } else {
            c.rollback(sp);
          }
          log.add("rollback to savepoint" + (byText ? " (text)" : ""));
        }
        if (u.mode() == Mode.ROLLBACK || !ok) {
          end(c, byText, false);
          log.add("rollback" + (byText ? " (text)" : ""));
        } else {
          end(c, byText, true);
          log.add("commit" + (byText ? " (text)" : ""));
        }
      } catch (SQLException e) {
        violations.add(u.mode() + " unit failed to end: " + e);
        end(c, byText, false);
      } finally {
        c.setAutoCommit(true);
      }
    }

    private static void end(Connection c, boolean byText, boolean commit) throws SQLException {
      if (byText) {
        exec(c, commit ? "Commit -- unit" : "ROLLBACK");
      } else if (commit) {
        c.commit();
      } else {
        c.rollback();
      }
    }

    /** Runs one text; a benign one must succeed with the results the database gives. Returns whether it ran. */
    private boolean text(Connection c, Text t) {
      List<String> got = new ArrayList<>();
      try (Statement s = c.createStatement()) {
        boolean isResultSet = s.execute(t.sql());
        while (true) {
          if (isResultSet) {
            try (ResultSet rs = s.getResultSet()) {
              got.add("rows " + (rs.next() ? rs.getString(1) : "<none>"));
            }
          } else {
            int count = s.getUpdateCount();
            if (count == -1) {
              break;
            }
            got.add("count " + count);
          }
          isResultSet = s.getMoreResults();
        }
      } catch (SQLException e) {
        boolean wholeTextRefused = t.benign() && t.refusable() && "55000".equals(e.getSQLState());
        log.add((t.benign() && !wholeTextRefused ? "FAILED " : "refused ") + t + " -> " + e.getSQLState() + " "
            + e.getMessage());
        if (wholeTextRefused) {
          // Refused before anything ran: none of its declarations may exist.
          for (Part part : t.parts()) {
            if (part.declared() != null) {
              refusedTexts.add(part.declared().table());
            }
          }
        } else if (t.benign()) {
          violations.add("benign text failed: " + t + " -> " + e.getSQLState() + " " + e.getMessage());
        }
        return wholeTextRefused; // refused before it reached the database: the transaction goes on
      }
      String results = String.join("\n", got);
      log.add((t.benign() ? "ran " : "NOT REFUSED ") + t + " -> " + got);
      if (t.benign() && !Pattern.compile(expectedResults(t), Pattern.DOTALL).matcher(results).matches()) {
        violations.add("results of " + t + " were " + got + ", not what the database gives: " + expectedResults(t));
      }
      return true;
    }

    /** The result sets and update counts the wrapped driver gives for the text, as one regex. */
    private String expectedResults(Text t) {
      List<String> each = new ArrayList<>();
      for (Part part : t.parts()) {
        each.add(expected(part));
      }
      if (p.db == Db.DUCKDB) {
        // DuckDB runs every statement of a text and answers with the last one's result.
        Part last = t.parts().get(t.parts().size() - 1);
        return last.kind() == Kind.OTHER ? "(count 0)?" : expected(last);
      }
      return String.join("\n", each);
    }

    private String expected(Part part) {
      switch (part.kind()) {
        case QUERY:
          return "rows " + (part.value() == null ? "[^\n]*" : Pattern.quote(part.value()));
        case INSERT:
          return "count 1";
        default:
          return p.db == Db.DUCKDB ? "(count 0)?" : "count \\d+";
      }
    }

    /** After everything the script did, a declaration in autocommit must still work (nothing poisoned). */
    private void finalDeclaration(Connection c) {
      String ddl = "CREATE TABLE " + p.table("zfinal") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id),"
          + " CONSTRAINT fk_final FOREIGN KEY (subject_id) REFERENCES " + p.parent("subject")
          + " (subject_id) ON DELETE RESTRICT)";
      try {
        c.setAutoCommit(true);
        exec(c, ddl, "INSERT INTO " + p.table("zfinal") + " VALUES (2)");
        log.add("ran " + ddl);
      } catch (SQLException e) {
        violations.add("a declaration after the script fails: " + ddl + " -> " + e.getSQLState() + " " + e.getMessage());
      }
    }

    private void invariants(List<String> before) throws SQLException {
      List<String> after = catalog.pipelineStructure();
      for (int i = 0; i < Math.max(before.size(), after.size()); i++) {
        String b = i < before.size() ? before.get(i) : "<none>";
        String a = i < after.size() ? after.get(i) : "<none>";
        if (!a.equals(b)) {
          violations.add("the pipeline's schema changed:\n    before " + b + "\n    after  " + a);
        }
      }
      List<String> keys = catalog.foreignKeysInDrafts();
      if (!keys.isEmpty()) {
        violations.add("real foreign keys in a draft schema: " + keys);
      }
      for (String schema : catalog.draftSchemas()) {
        if (!schema.equals(draft) && !schema.equals(otherDraft)) {
          violations.add("a draft schema nothing declared into: " + schema);
        }
      }
      if (p.db != Db.SQLITE && !catalog.draftTablesWithEdges(otherDraft).isEmpty()) {
        violations.add("another branch's draft was written: " + catalog.draftTablesWithEdges(otherDraft));
      }
      edges();
      try (Connection raw = p.raw(); Statement s = raw.createStatement()) {
        int deleted = s.executeUpdate("DELETE FROM " + p.table("subject") + " WHERE subject_id = 2");
        if (deleted != 1) {
          violations.add("trunk's DELETE of subject 2 deleted " + deleted + " rows");
        }
      } catch (SQLException e) {
        violations.add("trunk's DELETE of an unreferenced pipeline row is blocked: " + e.getMessage());
      }
    }

    /** Every draft table's ~edge rows are what its declaration made; committed declarations exist, refused ones not. */
    private void edges() throws SQLException {
      Map<String, List<String>> declared = new LinkedHashMap<>();
      Set<String> absent = new HashSet<>();
      for (Unit u : script.units) {
        boolean rolledBack = u.mode() == Mode.ROLLBACK && p.db != Db.MARIADB;
        for (Text t : u.texts()) {
          collect(t, declared, absent, rolledBack);
        }
        for (Text t : u.rolledBack()) {
          collect(t, declared, absent, true);
        }
      }
      absent.addAll(refusedTexts);
      absent.addAll(script.gone);
      Map<String, List<String>> mustExist = new LinkedHashMap<>(script.mustExist);
      String zfinal = "fk_final\\|" + Pattern.quote(catalog.quote(draft) + "." + catalog.quote("zfinal")) + "\\|"
          + Pattern.quote(catalog.quote(p.schema) + "." + catalog.quote("subject"))
          + "\\|subject_id\\|subject_id\\|1\\|(NO ACTION|RESTRICT)\\|RESTRICT";
      mustExist.put("zfinal", List.of(zfinal));
      declared.put("zfinal", List.of(zfinal));

      Map<String, List<String>> actual = new LinkedHashMap<>();
      catalog.draftTablesWithEdges(draft).forEach((table, rows) -> actual.put(norm(table),
          rows.stream().map(this::norm).toList()));
      for (Map.Entry<String, List<String>> e : actual.entrySet()) {
        String table = e.getKey();
        if (table.startsWith("<missing>")) {
          violations.add("~edge rows for a table that does not exist: " + e.getValue());
          continue;
        }
        // A table renames and drops left standing has the rows they left; any other, those it was declared with.
        List<String> expected = find(mustExist, table) != null ? find(mustExist, table) : find(declared, table);
        if (expected == null) {
          violations.add("a draft table no statement declared: " + table + " " + e.getValue());
        } else if (!matches(e.getValue(), expected)) {
          violations.add("~edge rows of " + table + " are " + e.getValue() + ", declared " + expected);
        }
        if (contains(absent, table)) {
          violations.add("a table refused or rolled back exists in the draft: " + table);
        }
      }
      for (String table : mustExist.keySet()) {
        if (find(actual, norm(table)) == null) {
          violations.add("a declared and committed table is missing from the draft: " + table);
        }
      }
    }

    private void collect(Text t, Map<String, List<String>> declared, Set<String> absent, boolean rolledBack) {
      for (Part part : t.parts()) {
        if (part.declared() != null) {
          declared.put(part.declared().table(), part.declared().edges());
          if (rolledBack || part.declared().refusedByDatabase()) {
            absent.add(part.declared().table());
          }
        }
      }
    }

    /** PostgreSQL compares names exactly as stored; the others compare tables (or columns) without case. */
    private String norm(String name) {
      return p.db == Db.POSTGRESQL ? name : name.toLowerCase(Locale.ROOT);
    }

    private <T> T find(Map<String, T> map, String table) {
      for (Map.Entry<String, T> e : map.entrySet()) {
        if (norm(e.getKey()).equals(norm(table))) {
          return e.getValue();
        }
      }
      return null;
    }

    private boolean contains(Set<String> set, String table) {
      return set.stream().anyMatch(t -> norm(t).equals(norm(table)));
    }

    /** Each expected pattern matches exactly one row, and no row is left over. */
    private boolean matches(List<String> rows, List<String> patterns) {
      List<String> left = new ArrayList<>(rows);
      for (String pattern : patterns) {
        Pattern compiled = Pattern.compile(p.db == Db.POSTGRESQL ? pattern : pattern,
            p.db == Db.POSTGRESQL ? 0 : Pattern.CASE_INSENSITIVE);
        String hit = left.stream().filter(r -> compiled.matcher(r).matches()).findFirst().orElse(null);
        if (hit == null) {
          return false;
        }
        left.remove(hit);
      }
      if (!left.isEmpty()) {
        return false;
      }
      // Constraint names are unique per table, as every database requires.
      Set<String> names = new HashSet<>();
      Set<String> seen = new HashSet<>();
      for (String r : rows) {
        String[] f = r.split("\\|");
        if (f[5].equals("1") && !names.add(f[0])) {
          return false;
        }
        seen.add(f[0]);
      }
      return true;
    }
  }
}

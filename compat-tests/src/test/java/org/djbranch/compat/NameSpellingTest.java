package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Every spelling of a name binds where the database says it lives. Tables named in mixed and upper case, quoted and
 * not, some with letters beyond ASCII, live in the pipeline's schema or (declared through a branch) in the draft;
 * each holds one row naming it. Generated spellings — each letter's case, quoted or not, the schema by its logical
 * name, by the draft's physical name or left out (after {@code SET search_path}/{@code USE}) — are read on the
 * branch, and the answer must be the one the database itself gives on trunk for the logical name (Branch
 * Resolution §3.1: the pipeline's table, else the draft's), or an error where the database finds neither. A
 * physical spelling the database reads as another schema (PostgreSQL's {@code "BR_..."}) must fail too.
 * Tries per database: {@code -Djqwik.tries.default=N}.
 */
class NameSpellingTest extends EachDatabaseProperty {
  private static final int SPELLINGS_PER_TRY = 40;
  private static final Map<Db, AtomicInteger> READS = new EnumMap<>(Db.class);

  /** Tables of the pipeline (trunk), then those declared on the branch; on a database that compares names without
   * case some of the latter bind to the former and are not declared. */
  private static final List<String> PIPELINE = List.of("probe", "Mixed", "UPPER", "twin", "émile");
  private static final List<String> BRANCH = List.of("draftie", "DraftCase", "Twin", "Émile", "anchor");

  @AfterContainer
  static void report() {
    System.out.println("Spellings read on a branch and compared with the database's own answer: " + READS);
  }

  @Override
  void check(Db db, long seed) throws Exception {
    Path dir = Files.createTempDirectory("djb-spelling");
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      new Run(p, new Random(seed)).check();
    } finally {
      BranchFixture.deleteTree(dir);
    }
  }

  private static final class Run {
    private final TestDatabase p;
    private final Random random;
    private final String branch = newBranch();
    private final String draft;
    private final char q;

    Run(TestDatabase p, Random random) {
      this.p = p;
      this.random = random;
      this.draft = p.draftFor(branch);
      this.q = p.db == Db.MARIADB ? '`' : '"';
    }

    private String quoted(String name) {
      return q + name + q;
    }

    void check() throws Exception {
      try (Connection raw = p.raw()) {
        for (String t : PIPELINE) {
          tryDeclare(raw, t, "pipeline");
        }
      }
      CatalogReader catalog = new CatalogReader(p);
      List<String> pipeline = catalog.pipelineStructure();
      try (Connection c = p.branch(branch); Connection trunk = p.raw()) {
        for (String t : BRANCH) {
          if (!tryDeclare(c, t, "draft") && read(trunk, "SELECT count(*) FROM " + quoted(p.schema) + "."
              + quoted(t)) == null) {
            throw new AssertionError(p.db + ": declaring " + t + " on branch " + branch + " failed, though the"
                + " database holds no such table in the pipeline's schema");
          }
        }
      }
      if (!pipeline.equals(catalog.pipelineStructure())) {
        throw new AssertionError(p.db + ": a declaration on branch " + branch + " changed the pipeline's schema: "
            + pipeline + " became " + catalog.pipelineStructure());
      }
      try (Connection c = p.branch(branch); Connection trunk = oracle()) {
        List<String> names = new ArrayList<>(PIPELINE);
        names.addAll(BRANCH);
        for (int i = 0; i < SPELLINGS_PER_TRY; i++) {
          String table = spell(names.get(random.nextInt(names.size())));
          int form = random.nextInt(p.db == Db.SQLITE ? 3 : 4);
          String logicalSchema = spell(p.schema);
          String expected;
          String read;
          String context = "";
          switch (form) {
            case 0: // the logical schema
              read = logicalSchema + "." + table;
              expected = truth(trunk, logicalSchema, table);
              break;
            case 1: { // the draft named physically: where it names this branch's draft, as the logical name
              String physical = spellDraft(logicalSchema);
              read = physical + "." + table;
              expected = namesTheDraft(trunk, physical) ? truth(trunk, logicalSchema, table) : null;
              break;
            }
            case 2: // unqualified, in the current schema (SQLite: main)
              if (p.db != Db.SQLITE) {
                context = useSchema(logicalSchema);
                if (!switched(c, trunk, context)) {
                  continue;
                }
              }
              read = table;
              expected = truth(trunk, p.db == Db.SQLITE ? "main" : logicalSchema, table);
              break;
            default: { // unqualified, the current schema being the draft named physically
              String physical = spellDraft(logicalSchema);
              context = useSchema(physical);
              if (!namesTheDraft(trunk, physical) || !switched(c, trunk, context)) {
                continue;
              }
              read = table;
              expected = truth(trunk, logicalSchema, table);
            }
          }
          String got = read(c, "SELECT tag FROM " + read);
          READS.computeIfAbsent(p.db, k -> new AtomicInteger()).incrementAndGet();
          if (!java.util.Objects.equals(expected, got)) {
            throw new AssertionError(p.db + ": " + context + (context.isEmpty() ? "" : "; ") + "SELECT tag FROM "
                + read + " read " + (got == null ? "nothing (an error)" : got) + " on branch " + branch
                + ", where the database has " + (expected == null ? "no such table" : expected));
          }
        }
      }
    }

    /** A connection that reads as trunk does, with the draft visible (SQLite: its file attached). */
    private Connection oracle() throws SQLException {
      Connection c = p.raw();
      if (p.db == Db.SQLITE) {
        exec(c, "ATTACH DATABASE '" + new CatalogReader(p).sqliteDraftFile(draft).getPath().replace("'", "''")
            + "' AS " + quoted(draft));
      }
      return c;
    }

    /** Declares a table holding one row that names it; false where the database (or branch) has it already. */
    private boolean tryDeclare(Connection c, String table, String where) {
      String name = quoted(p.schema) + "." + quoted(table);
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE " + name + " (tag VARCHAR(40))");
        s.execute("INSERT INTO " + name + " VALUES ('" + where + " " + table + "')");
        return true;
      } catch (SQLException sameNameOnThisDatabase) {
        // Where names compare without case, "Twin" is "twin": the database says so, and so must the branch.
        return false;
      }
    }

    /** What the database gives for {@code schema.table} on trunk: the logical table first, then the draft's. */
    private String truth(Connection trunk, String schema, String table) {
      String logical = read(trunk, "SELECT tag FROM " + schema + "." + table);
      if (logical != null) {
        return logical;
      }
      return read(trunk, "SELECT tag FROM " + draftOf(schema) + "." + table);
    }

    /** Whether the database reads a physical spelling as this branch's draft: it holds the table {@code anchor}. */
    private boolean namesTheDraft(Connection trunk, String physical) {
      return read(trunk, "SELECT count(*) FROM " + physical + "." + quoted("anchor")) != null;
    }

    /** Both connections switch their current schema, or neither (a schema the database does not find). */
    private boolean switched(Connection branchConnection, Connection trunk, String use) {
      boolean onTrunk = run(trunk, use);
      boolean onBranch = run(branchConnection, use);
      if (onTrunk != onBranch) {
        throw new AssertionError(p.db + ": " + use + (onBranch ? " worked" : " failed") + " on branch " + branch
            + " but " + (onTrunk ? "worked" : "failed") + " on trunk");
      }
      return onBranch && onTrunk;
    }

    private String useSchema(String schema) {
      return p.db == Db.POSTGRESQL ? "SET search_path TO " + schema : "USE " + schema;
    }

    /** The draft of a spelled schema, spelled alike: inside its quotes, or bare. */
    private String draftOf(String spelledSchema) {
      String prefix = "br_" + branch + "_";
      return spelledSchema.charAt(0) == q ? q + prefix + spelledSchema.substring(1) : prefix + spelledSchema;
    }

    /** The draft of a spelled schema, its prefix's letters in random case too. */
    private String spellDraft(String spelledSchema) {
      String prefix = cased("br_" + branch + "_");
      return spelledSchema.charAt(0) == q ? q + prefix + spelledSchema.substring(1) : prefix + spelledSchema;
    }

    /** A name quoted or not, each letter's case at random. */
    private String spell(String name) {
      String cased = random.nextInt(3) == 0 ? name : cased(name);
      return random.nextBoolean() ? quoted(cased) : cased;
    }

    private String cased(String name) {
      StringBuilder out = new StringBuilder();
      for (char ch : name.toCharArray()) {
        out.append(random.nextBoolean() ? Character.toUpperCase(ch) : Character.toLowerCase(ch));
      }
      return out.toString();
    }
  }

  /** The one value a query gives, or null when it fails (no such table or schema). */
  private static String read(Connection c, String sql) {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : "";
    } catch (SQLException noSuchTable) {
      return null;
    }
  }

  private static boolean run(Connection c, String sql) {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
      return true;
    } catch (SQLException refused) {
      return false;
    }
  }
}

package org.djbranch.compat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * A generated run on a branch: units of statement texts (several statements per text where the database runs them),
 * each unit in autocommit, a committed or rolled-back transaction, or around a savepoint, with what each statement
 * must give back and what each declaration must leave in {@code ~edge}.
 *
 * <p>Names are written in every spelling the database takes for the same object (case variants, each quoting form),
 * separated by every comment form of the dialect with semicolons and hostile statements inside; declarations name the
 * logical schema, the branch's own draft schema physically, or nothing after a {@code search_path}, {@code USE} or
 * {@code setSchema}. Hostile statements alter, drop, truncate, index or rename what the pipeline holds, declare into
 * another branch's draft, or are refused by the database; none of them may change the pipeline.
 */
final class BranchScript {
  /** What one statement of a text is and what it must give back. */
  enum Kind { QUERY, INSERT, OTHER }

  /** One statement. {@code benign}: it must succeed. {@code value}: what a QUERY's one row holds. */
  record Part(String sql, Kind kind, boolean benign, String value, Declaration declared) {
    @Override
    public String toString() {
      return sql;
    }
  }

  /** A table a statement declares, as the catalog will store its name, and the ~edge rows it must have (regexes). */
  record Declaration(String table, List<String> edges, boolean refusedByDatabase) {}

  /** Several statements sent as one text. */
  record Text(List<Part> parts) {
    String sql() {
      StringBuilder out = new StringBuilder();
      for (Part p : parts) {
        out.append(out.length() == 0 ? "" : ";").append(p.sql);
      }
      return out.toString();
    }

    boolean benign() {
      return parts.stream().allMatch(Part::benign);
    }

    /**
     * Several statements of which one declares or changes the session: djbranch may run each under the branch
     * rules, or refuse the whole text (55000) naming the statement it cannot run that way, before anything ran.
     */
    boolean refusable() {
      return parts.size() > 1 && parts.stream().anyMatch(p -> p.kind == Kind.OTHER);
    }

    @Override
    public String toString() {
      return sql();
    }
  }

  enum Mode { AUTOCOMMIT, COMMIT, ROLLBACK, SAVEPOINT }

  /**
   * Texts run in one mode; for SAVEPOINT, {@code texts} run before the savepoint and {@code rolledBack} after it,
   * then the transaction rolls back to the savepoint and commits. {@code schemaBefore}: a schema set through
   * {@code setSchema} (MySQL: {@code setCatalog}) first, or null.
   */
  record Unit(Mode mode, String schemaBefore, List<Text> texts, List<Text> rolledBack) {
    @Override
    public String toString() {
      return mode + (schemaBefore == null ? "" : " setSchema(" + schemaBefore + ")") + " " + texts
          + (rolledBack.isEmpty() ? "" : " then rolled back to the savepoint " + rolledBack);
    }
  }

  final List<Unit> units;
  /** The draft tables that must exist once every unit has run, with the ~edge rows each must have (regexes). */
  final Map<String, List<String>> mustExist;
  /** The draft tables that certainly do not exist at the end: renamed away or dropped by a committed statement. */
  final java.util.Set<String> gone;

  private BranchScript(List<Unit> units, Map<String, List<String>> mustExist, java.util.Set<String> gone) {
    this.units = units;
    this.mustExist = mustExist;
    this.gone = gone;
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    for (Unit u : units) {
      out.append("\n  ").append(u);
    }
    return out.toString();
  }

  int textCount() {
    return units.stream().mapToInt(u -> u.texts.size() + u.rolledBack.size()).sum();
  }

  /** The names a script is written for: the pipeline's schema, this branch's draft and another branch's draft. */
  record Names(String schema, String draft, String otherDraft) {}

  static BranchScript generate(Db db, Names names, long seed) {
    return generate(db, names, seed, false);
  }

  /** {@code quotedMixedCaseColumns}: PostgreSQL key columns may be quoted in mixed case ("SubjectID"). */
  static BranchScript generate(Db db, Names names, long seed, boolean quotedMixedCaseColumns) {
    return new Generator(db, names, new Random(seed), quotedMixedCaseColumns).script();
  }

  /** Builds one script; tracks which draft tables certainly exist so benign statements only name those. */
  private static final class Generator {
    private final Db db;
    private final Names n;
    private final Random r;
    private int counter;
    /** Draft tables that exist once the units so far have run, with their ~edge rows. */
    private final Map<String, List<String>> existing = new LinkedHashMap<>();
    /** Tables a row with subject_id 2 has been (or may have been) written to: their key allows one. */
    private final java.util.Set<String> written = new java.util.HashSet<>();
    /** Every table a statement declared, whether or not it stands, with its ~edge rows: what may reference a table. */
    private final Map<String, List<String>> declaredEver = new LinkedHashMap<>();
    /** Tables renamed away or dropped by statements that certainly ran and committed. */
    private final java.util.Set<String> gone = new java.util.HashSet<>();
    /** Whether unqualified names resolve in the logical schema (after search_path, USE or setSchema). */
    private boolean unqualifiedIsLogical;

    private final boolean quotedMixedCaseColumns;

    Generator(Db db, Names n, Random r, boolean quotedMixedCaseColumns) {
      this.quotedMixedCaseColumns = quotedMixedCaseColumns;
      this.db = db;
      this.n = n;
      this.r = r;
      this.unqualifiedIsLogical = db == Db.SQLITE;
    }

    BranchScript script() {
      List<Unit> units = new ArrayList<>();
      int count = 1 + r.nextInt(4);
      for (int i = 0; i < count; i++) {
        units.add(unit());
      }
      return new BranchScript(units, new LinkedHashMap<>(existing), gone);
    }

    private Unit unit() {
      Mode mode = pick(Mode.AUTOCOMMIT, Mode.AUTOCOMMIT, Mode.COMMIT, Mode.ROLLBACK,
          db == Db.POSTGRESQL || db == Db.SQLITE ? Mode.SAVEPOINT : Mode.ROLLBACK);
      String schemaBefore = null;
      if (db != Db.SQLITE && r.nextInt(5) == 0) {
        schemaBefore = r.nextBoolean() ? n.schema : n.draft;
        unqualifiedIsLogical = true;
      }
      Map<String, List<String>> before = new LinkedHashMap<>(existing);
      java.util.Set<String> writtenBefore = new java.util.HashSet<>(written);
      // PostgreSQL's search path is part of the transaction: a SET that rolls back leaves the path as it was
      boolean pathBefore = unqualifiedIsLogical;
      List<Text> texts = texts(mode == Mode.AUTOCOMMIT, mode == Mode.AUTOCOMMIT || mode == Mode.COMMIT);
      if (mode == Mode.ROLLBACK && db == Db.POSTGRESQL) {
        unqualifiedIsLogical = pathBefore;
      }
      List<Text> rolledBack = List.of();
      if (mode == Mode.SAVEPOINT) {
        Map<String, List<String>> kept = new LinkedHashMap<>(existing);
        java.util.Set<String> keptWritten = new java.util.HashSet<>(written);
        boolean pathKept = unqualifiedIsLogical;
        rolledBack = texts(false, false);
        if (db == Db.POSTGRESQL) {
          unqualifiedIsLogical = pathKept;
        }
        existing.clear();
        existing.putAll(kept);
        written.clear();
        written.addAll(keptWritten);
      } else if (mode == Mode.ROLLBACK) {
        existing.clear();
        existing.putAll(before);
        if (db == Db.MARIADB) {
          // DDL commits implicitly there: what the unit declared may stay, so nothing later relies on it either way.
          written.addAll(writtenBefore);
        } else {
          written.clear();
          written.addAll(writtenBefore);
        }
      }
      return new Unit(mode, schemaBefore, texts, rolledBack);
    }

    /** {@code edgeOpsAllowed}: the texts certainly commit, so a rename or drop among them certainly stands. */
    private List<Text> texts(boolean hostileAllowed, boolean edgeOpsAllowed) {
      List<Text> out = new ArrayList<>();
      int count = 1 + r.nextInt(3);
      for (int i = 0; i < count; i++) {
        Part op = edgeOpsAllowed && r.nextBoolean() ? edgeOp() : null;
        out.add(op != null ? new Text(List.of(op)) : text(hostileAllowed && r.nextInt(3) == 0));
      }
      return out;
    }

    /** A text of one or more statements; a hostile one holds one hostile statement among benign ones. */
    private Text text(boolean hostile) {
      int size = db == Db.SQLITE ? 1 : 1 + r.nextInt(4);
      int hostileAt = hostile ? r.nextInt(size) : -1;
      Map<String, List<String>> before = new LinkedHashMap<>(existing);
      boolean unqualifiedBefore = unqualifiedIsLogical;
      List<Part> parts = new ArrayList<>();
      for (int i = 0; i < size; i++) {
        parts.add(i == hostileAt ? hostilePart() : benignPart(hostile));
      }
      Text text = new Text(parts);
      if (text.refusable() && !hostile) {
        // Refused as a whole, nothing of it ran; run statement by statement, all of it did. Later statements
        // rely on neither (a row it wrote may be there, so its tables take no second one).
        existing.clear();
        existing.putAll(before);
        unqualifiedIsLogical = unqualifiedBefore;
      }
      if (hostile) {
        // Which statements of a refused text ran is the database's business: declarations of this text may or may
        // not exist afterwards, so later statements name only what existed before it.
        existing.clear();
        existing.putAll(before);
      }
      return text;
    }

    // ---- benign statements: each must succeed, and give back what the database gives ----

    private Part benignPart(boolean inHostileText) {
      int choice = r.nextInt(10);
      if (choice < 4 || existing.isEmpty() && choice < 7) {
        return declaration();
      }
      if (choice < 6) {
        Part insert = insert();
        if (insert != null) {
          return insert;
        }
        return declaration();
      }
      if (choice < 7) {
        return query();
      }
      if (choice < 8 && !existing.isEmpty()) {
        return redeclaration();
      }
      if (!inHostileText && db != Db.SQLITE) {
        return session();
      }
      return query();
    }

    private Part declaration() {
      return declaration(false);
    }

    /** {@code draftParent}: the table certainly references a draft table, where one exists. */
    private Part declaration(boolean draftParent) {
      String table = "t" + (++counter);
      boolean mixedCase = db == Db.POSTGRESQL && r.nextInt(4) == 0;
      String stored = mixedCase ? "T" + counter + "x" : table;
      String key = quotedMixedCaseColumns && db == Db.POSTGRESQL && r.nextInt(4) == 0 ? "SubjectID" : "subject_id";
      List<String> edges = new ArrayList<>();
      StringBuilder sql = new StringBuilder("CREATE").append(gap()).append("TABLE").append(gap());
      if (r.nextInt(3) == 0) {
        sql.append("IF NOT EXISTS").append(gap());
      }
      sql.append(target(stored)).append(gap()).append("(");
      boolean columnLevel = db != Db.SQLITE && r.nextBoolean() || db == Db.SQLITE && r.nextInt(3) == 0;
      sql.append(column(key)).append(" INT NOT NULL");
      String[] rules = rules();
      if (columnLevel) {
        sql.append(gap()).append("REFERENCES ").append(pipelineParent()).append(" (subject_id)").append(rules[0]);
        edges.add(edge(null, stored, "subject", true, key, rules));
      }
      sql.append(",").append(gap()).append(column("v")).append(" INT,").append(gap())
          .append("PRIMARY KEY (").append(column(key)).append(")");
      if (!columnLevel) {
        String name = constraintName(stored);
        // MySQL runs what an executable comment holds: a foreign key there is a foreign key.
        boolean executable = db == Db.MARIADB && r.nextInt(4) == 0;
        sql.append(executable ? pick(" /*!", " /*!50000", " /*M!100100") : "").append(", ")
            .append(name == null ? "" : "CONSTRAINT " + quoteIf(name) + " ").append("FOREIGN KEY (")
            .append(column(key)).append(")").append(executable ? " " : gap()).append("REFERENCES ")
            .append(pipelineParent()).append(" (subject_id)").append(rules[0]).append(executable ? " */" : "");
        edges.add(edge(name, stored, "subject", true, key, rules));
      }
      if (!existing.isEmpty() && (draftParent || r.nextInt(3) == 0)) {
        String parent = pickExisting();
        String name = r.nextBoolean() ? "fk_parent" + (db == Db.MARIADB ? counter : "") : null;
        String[] parentRules = rules();
        sql.append(",").append(gap()).append(name == null ? "" : "CONSTRAINT " + name + " ").append("FOREIGN KEY (")
            .append(column(key)).append(") REFERENCES ").append(draftParent(parent)).append(" (subject_id)")
            .append(parentRules[0]);
        edges.add(edge(name, stored, parent, false, key, parentRules));
      }
      sql.append(")");
      existing.put(stored, edges);
      declaredEver.put(stored, edges);
      return new Part(sql.toString(), Kind.OTHER, true, null, new Declaration(stored, edges, false));
    }

    /**
     * {@code CREATE TABLE IF NOT EXISTS} of a draft table that exists, with another foreign key: nothing changes, its
     * ~edge rows stay those of the declaration that made it. A table whose keys were all dropped is not chosen: a
     * table without ~edge rows is, to the branch, a declaration interrupted before its rows (Branch Resolution §8),
     * which this text would complete.
     */
    private Part redeclaration() {
      List<String> keyed = existing.entrySet().stream().filter(e -> !e.getValue().isEmpty()).map(Map.Entry::getKey)
          .toList();
      if (keyed.isEmpty()) {
        return query();
      }
      String table = keyed.get(r.nextInt(keyed.size()));
      String key = existing.get(table).stream().anyMatch(e -> e.contains("SubjectID")) ? "SubjectID" : "subject_id";
      String sql = "CREATE TABLE IF NOT EXISTS" + gap() + target(table) + " (" + column(key) + " INT NOT NULL, "
          + column("v") + " INT, PRIMARY KEY (" + column(key) + "), CONSTRAINT fk_other" + (db == Db.MARIADB ? counter++ : "")
          + " FOREIGN KEY (" + column(key) + ") REFERENCES " + pipelineParent() + " (subject_id) ON DELETE CASCADE)";
      return new Part(sql, Kind.OTHER, true, null, null);
    }

    /** A row with subject_id 2 in a draft table that certainly exists: the row trunk's DELETE of subject 2 meets. */
    private Part insert() {
      List<String> candidates = existing.keySet().stream().filter(t -> !written.contains(t)).toList();
      if (candidates.isEmpty()) {
        return null;
      }
      String table = candidates.get(r.nextInt(candidates.size()));
      written.add(table);
      String sql = "INSERT" + gap() + "INTO " + reference(table) + gap() + "VALUES (2, " + counter + ")";
      return new Part(sql, Kind.INSERT, true, null, null);
    }

    private Part query() {
      switch (r.nextInt(3)) {
        case 0:
          return new Part("SELECT" + gap() + "count(*)" + gap() + "FROM " + spellSchema(n.schema) + "."
              + spell("subject"), Kind.QUERY, true, null, null);
        case 1:
          if (!existing.isEmpty()) {
            return new Part("SELECT count(*) FROM " + reference(pickExisting()) + gap(), Kind.QUERY, true, null, null);
          }
          // fall through
        default:
          String[] literal = literal();
          return new Part("SELECT" + gap() + literal[0] + " AS v" + gap(), Kind.QUERY, true, literal[1], null);
      }
    }

    private Part session() {
      String target = r.nextBoolean() ? n.schema : n.draft;
      String sql;
      switch (db) {
        case POSTGRESQL:
          sql = pick("SET search_path TO " + spellSchema(n.draft) + ", " + spellSchema(n.schema),
              "SET search_path = " + spellSchema(target) + ", public",
              "SET" + gap() + "search_path TO " + spellSchema(target),
              "SET SCHEMA '" + target + "'");
          break;
        case MARIADB:
          sql = "USE" + gap() + spellSchema(target);
          break;
        default:
          sql = r.nextBoolean() ? "USE " + spellSchema(target) : "SET schema = '" + target + "'";
      }
      unqualifiedIsLogical = true;
      return new Part(sql, Kind.OTHER, true, null, null);
    }

    /** A string literal with a semicolon and a statement inside, in one of the dialect's forms, and its value. */
    private String[] literal() {
      String drop = "DROP TABLE " + n.schema + ".subject";
      List<String[]> forms = new ArrayList<>();
      forms.add(new String[] {"'it''s; " + drop + "; --'", "it's; " + drop + "; --"});
      forms.add(new String[] {"'/* ; */ -- ;'", "/* ; */ -- ;"});
      if (db == Db.POSTGRESQL || db == Db.DUCKDB) {
        forms.add(new String[] {"$$; " + drop + "; $$", "; " + drop + "; "});
        forms.add(new String[] {"$q$ $$ ; ' " + drop + " $q$", " $$ ; ' " + drop + " "});
        forms.add(new String[] {"E'\\'; " + drop + "; '", "'; " + drop + "; "});
      }
      if (db == Db.MARIADB) {
        forms.add(new String[] {"'\\'; " + drop + "; '", "'; " + drop + "; "});
        forms.add(new String[] {"\"x\\\"; " + drop + ";\"", "x\"; " + drop + ";"});
        forms.add(new String[] {"'# ; -- ;'", "# ; -- ;"});
      }
      return forms.get(r.nextInt(forms.size()));
    }

    // ---- renames and drops that ~edge must follow: alone in a text that certainly commits ----

    /**
     * A rename of a draft table, a drop of one of its named symbolic keys, or a drop of a draft table (CASCADE where
     * the database drops a referenced table's keys with it); or a declaration of a child of a draft table, for those
     * to follow. A table is chosen only if no table that may or may not exist (declared in a hostile or rolled-back
     * text) references it, so that what the statement does to ~edge is certain.
     */
    private Part edgeOp() {
      List<String> candidates = existing.keySet().stream().filter(t -> !maybeReferenced(t)).toList();
      // Mostly parents of other draft tables: their renames and drops are the ones ~edge must follow twice.
      List<String> parents = candidates.stream().filter(this::referencedInDraft).toList();
      List<String> pool = !parents.isEmpty() && r.nextInt(4) > 0 ? parents : candidates;
      if (pool.isEmpty() || r.nextInt(3) == 0) {
        // A declaration alone in its text certainly stands: a child for later renames and drops to follow.
        return declaration(true);
      }
      String table = pool.get(r.nextInt(pool.size()));
      switch (r.nextInt(3)) {
        case 0:
          return renameOp(table);
        case 1:
          List<String> named = candidates.stream().filter(t -> existing.get(t).stream().anyMatch(this::named)).toList();
          Part dropKey = named.isEmpty() ? null : dropConstraintOp(named.get(r.nextInt(named.size())));
          return dropKey != null ? dropKey : renameOp(table);
        default:
          Part dropTable = dropTableOp(table);
          return dropTable != null ? dropTable : renameOp(table);
      }
    }

    /** Whether a draft table that certainly exists references {@code table}. */
    private boolean referencedInDraft(String table) {
      String parent = java.util.regex.Pattern.quote(physical(n.draft, table));
      return existing.entrySet().stream().anyMatch(e -> !e.getKey().equals(table)
          && e.getValue().stream().anyMatch(edge -> edge.contains(parent)));
    }

    /** Whether an ~edge row's pattern names its constraint (one the database would name is matched by any name). */
    private boolean named(String edge) {
      return edge.startsWith("\\Q");
    }

    private boolean maybeReferenced(String table) {
      String parent = java.util.regex.Pattern.quote(physical(n.draft, table));
      return declaredEver.entrySet().stream().anyMatch(e -> !existing.containsKey(e.getKey())
          && e.getValue().stream().anyMatch(edge -> edge.contains(parent)));
    }

    private Part renameOp(String table) {
      String to = "r" + (++counter);
      String sql;
      if (db == Db.MARIADB) {
        String newName = unqualifiedIsLogical && r.nextBoolean() ? spell(to)
            : spellSchema(r.nextBoolean() ? n.schema : n.draft) + "." + spell(to);
        sql = r.nextBoolean() ? "RENAME TABLE " + target(table) + " TO " + newName
            : "ALTER TABLE " + target(table) + " RENAME TO " + newName;
      } else {
        sql = "ALTER TABLE " + target(table) + gap() + "RENAME TO " + spell(to);
      }
      String from = java.util.regex.Pattern.quote(physical(n.draft, table));
      String into = java.util.regex.Pattern.quote(physical(n.draft, to));
      Map<String, List<String>> renamed = new LinkedHashMap<>();
      existing.forEach((t, edges) -> renamed.put(t.equals(table) ? to : t,
          edges.stream().map(e -> e.replace(from, into)).toList()));
      existing.clear();
      existing.putAll(renamed);
      declaredEver.put(to, existing.get(to));
      if (written.remove(table)) {
        written.add(to);
      }
      gone.add(table);
      return new Part(sql, Kind.OTHER, true, null, null);
    }

    /** Drops a named symbolic key of {@code table} (SQLite cannot drop a key): its ~edge row goes; else null. */
    private Part dropConstraintOp(String table) {
      List<String> edges = existing.get(table);
      List<String> named = edges.stream().filter(this::named).toList();
      if (db == Db.SQLITE || named.isEmpty()) {
        return null;
      }
      String edge = named.get(r.nextInt(named.size()));
      String name = edge.substring(2, edge.indexOf("\\E"));
      String sql = "ALTER TABLE " + target(table) + (db == Db.MARIADB ? " DROP FOREIGN KEY " : " DROP CONSTRAINT ")
          + quoteIf(name);
      List<String> left = new ArrayList<>(edges);
      left.remove(edge);
      existing.put(table, left);
      return new Part(sql, Kind.OTHER, true, null, null);
    }

    /**
     * Drops {@code table}; one other draft tables reference only with CASCADE, where the database drops their keys
     * with it (their ~edge rows naming it go); elsewhere such a table is left.
     */
    private Part dropTableOp(String table) {
      String parent = java.util.regex.Pattern.quote(physical(n.draft, table));
      boolean referenced = referencedInDraft(table);
      boolean cascade = db == Db.POSTGRESQL || db == Db.DUCKDB;
      if (referenced && !cascade) {
        return null;
      }
      String sql = "DROP" + gap() + "TABLE " + target(table) + (referenced ? " CASCADE" : "");
      existing.remove(table);
      existing.replaceAll((t, edges) -> edges.stream().filter(edge -> !edge.contains(parent)).toList());
      written.remove(table);
      gone.add(table);
      return new Part(sql, Kind.OTHER, true, null, null);
    }

    // ---- hostile statements: refused, or harmless; never a change to the pipeline ----

    private Part hostilePart() {
      String s = spellSchema(n.schema);
      String subject = spell("subject");
      String t = s + "." + subject;
      List<String> forms = new ArrayList<>();
      forms.add("DROP" + gap() + "TABLE " + t + (db == Db.POSTGRESQL ? " CASCADE" : ""));
      forms.add("ALTER TABLE " + t + gap() + "ADD COLUMN extra INT");
      forms.add("CREATE INDEX ix_hostile ON " + t + " (species)");
      if (db == Db.SQLITE) {
        forms.add("ALTER TABLE " + subject + " RENAME TO subject_moved");
        forms.add("DROP TABLE " + subject);
      } else {
        forms.add(db == Db.MARIADB ? "DROP DATABASE " + s : "DROP SCHEMA " + s + " CASCADE");
        forms.add("TRUNCATE TABLE " + t);
        forms.add(db == Db.MARIADB ? "RENAME TABLE " + t + " TO " + s + ".subject_moved"
            : "ALTER TABLE " + t + " RENAME TO subject_moved");
        forms.add("CREATE TABLE " + spellSchema(n.otherDraft) + ".stolen (subject_id INT NOT NULL, PRIMARY KEY"
            + " (subject_id), CONSTRAINT fk_stolen FOREIGN KEY (subject_id) REFERENCES " + t + " (subject_id))");
      }
      if (db == Db.MARIADB) {
        forms.add("ALTER TABLE " + t + " DROP PRIMARY KEY");
      }
      if (db == Db.POSTGRESQL) {
        forms.add("COMMENT ON TABLE " + t + " IS 'changed'");
        forms.add("ALTER TABLE " + t + " ALTER COLUMN species TYPE TEXT");
      }
      forms.addAll(unseenForms(s, subject, t));
      if (r.nextInt(3) == 0) {
        return refusedDeclaration();
      }
      if ((db == Db.POSTGRESQL || db == Db.DUCKDB) && r.nextInt(4) == 0) {
        return namedObject();
      }
      return new Part(forms.get(r.nextInt(forms.size())), Kind.OTHER, false, null, null);
    }

    /**
     * Statements whose effect is not in their text, or that name a pipeline object by a name that is not a table's:
     * blocks, routines, prepared texts, triggers, rules, and the pipeline's indexes and type named alone. Each would
     * change trunk; on a branch each is refused, or reaches only the branch's own objects.
     */
    private List<String> unseenForms(String s, String subject, String t) {
      List<String> forms = new ArrayList<>();
      switch (db) {
        case POSTGRESQL -> {
          forms.add("DO $$ BEGIN EXECUTE 'ALTER TABLE ' || '" + t.replace("'", "''") + "' || ' ADD COLUMN extra INT'; END $$");
          forms.add("DO $h$ BEGIN DELETE FROM " + t + "; END $h$");
          forms.add("CREATE FUNCTION " + s + ".hostile() RETURNS INT LANGUAGE sql AS 'DELETE FROM " + t.replace("'", "''")
              + " RETURNING 1'");
          forms.add("CREATE TRIGGER hostile BEFORE UPDATE ON " + t
              + " FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger()");
          forms.add("CREATE RULE hostile AS ON INSERT TO " + t + " DO INSTEAD NOTHING");
          forms.add("CALL " + s + ".refresh_all()");
          forms.add("DROP INDEX " + s + ".subject_pkey");
          forms.add("ALTER INDEX " + s + ".subject_pkey RENAME TO hostile_key");
          forms.add("COMMENT ON INDEX " + s + ".subject_pkey IS 'changed'");
          forms.add("DROP TYPE " + s + ".kind CASCADE");
          forms.add("ALTER TYPE " + s + ".kind ADD VALUE 'hostile'");
          forms.add("ALTER TYPE " + s + ".kind RENAME TO hostile_kind");
          forms.add("GRANT ALL ON " + t + " TO PUBLIC");
        }
        case MARIADB -> {
          forms.add("PREPARE hostile FROM 'ALTER TABLE " + t.replace("'", "''") + " ADD COLUMN extra INT'");
          forms.add("PREPARE hostile FROM 'DROP TABLE " + t.replace("'", "''") + "'");
          forms.add("PREPARE hostile FROM @hostile_text");
          forms.add("CREATE PROCEDURE " + s + ".hostile() DELETE FROM " + t);
          forms.add("CREATE TRIGGER " + s + ".hostile BEFORE INSERT ON " + t + " FOR EACH ROW SET NEW.species = 'x'");
          forms.add("CREATE EVENT " + s + ".hostile ON SCHEDULE EVERY 1 DAY DO DELETE FROM " + t);
          forms.add("BEGIN NOT ATOMIC DELETE FROM " + t + "; END");
          forms.add("DROP INDEX `PRIMARY` ON " + t);
        }
        case DUCKDB -> {
          forms.add("CREATE MACRO " + s + ".hostile(a) AS a");
          forms.add("DROP TYPE " + s + ".kind");
          forms.add("COMMENT ON TYPE " + s + ".kind IS 'changed'");
        }
        case SQLITE -> {
          forms.add("CREATE TRIGGER hostile AFTER INSERT ON " + subject + " BEGIN DELETE FROM " + subject + "; END");
          forms.add("CREATE TRIGGER hostile AFTER INSERT ON " + subject + " BEGIN SELECT 1; END");
          forms.add("DROP INDEX sqlite_autoindex_subject_1");
        }
        default -> throw new IllegalStateException(db.name());
      }
      return forms;
    }

    /**
     * A type, sequence or index the branch declares and then names alone (PostgreSQL, DuckDB): it lands in the draft
     * and the name binds there; trunk's catalog must not change whatever the outcome.
     */
    private Part namedObject() {
      String name = "o" + (++counter);
      String s = spellSchema(n.schema);
      List<String> forms = new ArrayList<>(List.of(
          "CREATE TYPE " + s + "." + name + " AS ENUM ('x', 'y')",
          "CREATE SEQUENCE " + s + "." + name,
          "DROP TYPE IF EXISTS " + name,
          "DROP SEQUENCE IF EXISTS " + name,
          "COMMENT ON TYPE " + name + " IS 'the branch''s'"));
      if (!existing.isEmpty()) {
        String table = pickExisting();
        forms.add("CREATE INDEX " + name + " ON " + reference(table) + " (v)");
        forms.add("DROP INDEX IF EXISTS " + name);
        if (db == Db.POSTGRESQL) {
          forms.add("ALTER INDEX IF EXISTS " + name + " RENAME TO " + name + "b");
        }
      }
      return new Part(forms.get(r.nextInt(forms.size())), Kind.OTHER, false, null, null);
    }

    /** A declaration the database itself refuses: no table may be left, and no ~edge row for it. */
    private Part refusedDeclaration() {
      String table = "bad" + (++counter);
      String sql = "CREATE TABLE " + target(table) + " (subject_id INT NOT NULL REFERENCES " + pipelineParent()
          + " (subject_id), " + (db == Db.SQLITE || r.nextBoolean() ? "subject_id INT" : "x no_such_type")
          + ", PRIMARY KEY (subject_id))";
      return new Part(sql, Kind.OTHER, false, null, new Declaration(table, List.of(), true));
    }

    // ---- names ----

    /** Where a declaration puts table {@code stored}: the logical schema, the draft by its physical name, or none. */
    private String target(String stored) {
      int choice = r.nextInt(unqualifiedIsLogical ? 4 : 3);
      String table = spell(stored);
      if (choice == 3) {
        return table;
      }
      if (choice == 2 && db != Db.SQLITE) {
        return spellSchema(n.draft) + "." + table;
      }
      return spellSchema(n.schema) + "." + table;
    }

    /** An existing draft table named in DML: logically, physically, or unqualified where that resolves. */
    private String reference(String stored) {
      return target(stored);
    }

    private String pipelineParent() {
      return db == Db.SQLITE ? spell("subject") : spellSchema(n.schema) + "." + spell("subject");
    }

    private String draftParent(String stored) {
      if (db == Db.SQLITE) {
        return spell(stored);
      }
      return (r.nextBoolean() ? spellSchema(n.schema) : spellSchema(n.draft)) + "." + spell(stored);
    }

    /** The name of a table-level constraint, or null for the database's own; PostgreSQL reuses one name. */
    private String constraintName(String table) {
      switch (r.nextInt(3)) {
        case 0:
          return null;
        case 1:
          return db == Db.MARIADB ? "fk_subject_" + table.toLowerCase(Locale.ROOT) : "fk_subject";
        default:
          return db == Db.POSTGRESQL ? "Fk_" + table : "fk_" + table.toLowerCase(Locale.ROOT);
      }
    }

    private String quoteIf(String name) {
      return name.equals(name.toLowerCase(Locale.ROOT)) ? name : quoted(name);
    }

    /** One spelling of a schema name that names the same schema on this database. */
    private String spellSchema(String stored) {
      return spell(stored);
    }

    /** One spelling of a column: PostgreSQL columns fold like tables, the others compare columns without case. */
    private String column(String stored) {
      if (db == Db.POSTGRESQL) {
        return spell(stored);
      }
      return caseVariant(stored, r.nextInt(3));
    }

    /** One spelling that names the object stored as {@code stored} on this database. */
    private String spell(String stored) {
      boolean lower = stored.equals(stored.toLowerCase(Locale.ROOT));
      switch (db) {
        case POSTGRESQL:
          if (!lower) {
            return quoted(stored);
          }
          int c = r.nextInt(4);
          return c == 3 ? quoted(stored) : caseVariant(stored, c);
        case MARIADB:
          return r.nextBoolean() ? stored : quoted(stored);
        case DUCKDB:
          String variant = caseVariant(stored, r.nextInt(3));
          return r.nextBoolean() ? variant : quoted(variant);
        default:
          String v = caseVariant(stored, r.nextInt(3));
          return pick(v, quoted(v), "[" + v + "]", "`" + v + "`");
      }
    }

    private String quoted(String name) {
      return db == Db.MARIADB ? "`" + name + "`" : "\"" + name + "\"";
    }

    private static String caseVariant(String name, int which) {
      switch (which) {
        case 0:
          return name;
        case 1:
          return name.toUpperCase(Locale.ROOT);
        default:
          StringBuilder out = new StringBuilder();
          for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            out.append(i % 2 == 0 ? Character.toUpperCase(ch) : ch);
          }
          return out.toString();
      }
    }

    /** Whitespace, or a comment of the dialect holding a semicolon and a statement that must stay a comment. */
    private String gap() {
      String drop = "DROP TABLE " + n.schema + ".subject";
      List<String> forms = new ArrayList<>(List.of(" ", "\n\t ", " /* ; " + drop + "; */ ", " -- ; " + drop + "\n"));
      if (db == Db.POSTGRESQL) {
        forms.add(" /* outer /* inner ; */ " + drop + "; */ ");
      }
      if (db == Db.MARIADB) {
        forms.add(" # ; " + drop + "\n");
        forms.add(" #;\n");
      }
      return r.nextInt(3) == 0 ? forms.get(r.nextInt(forms.size())) : " ";
    }

    /** ON DELETE / ON UPDATE clauses and the rules ~edge must record for them. */
    private String[] rules() {
      String[] written = {"", "CASCADE", "RESTRICT", "NO ACTION"};
      String delete = written[r.nextInt(written.length)];
      String update = db == Db.DUCKDB ? "" : written[r.nextInt(written.length)];
      String clause = (delete.isEmpty() ? "" : " ON DELETE " + delete) + (update.isEmpty() ? "" : " ON UPDATE " + update);
      return new String[] {clause, update, delete};
    }

    /** An ~edge row as a regex: constraint|referencing|referenced|column|referenced column|ordinal|update|delete. */
    private String edge(String name, String table, String parent, boolean pipeline, String column, String[] rules) {
      String referenced = pipeline ? physical(n.schema, "subject") : physical(n.draft, parent);
      return (name == null ? "[^|]+" : java.util.regex.Pattern.quote(name)) + "\\|"
          + java.util.regex.Pattern.quote(physical(n.draft, table)) + "\\|" + java.util.regex.Pattern.quote(referenced)
          + "\\|" + java.util.regex.Pattern.quote(column) + "\\|subject_id\\|1\\|" + rule(rules[1]) + "\\|"
          + rule(rules[2]);
    }

    private String physical(String schema, String table) {
      return quoted(schema) + "." + quoted(table);
    }

    private String rule(String written) {
      return written.isEmpty() ? "(NO ACTION|RESTRICT)" : written;
    }

    private String pickExisting() {
      List<String> names = new ArrayList<>(existing.keySet());
      return names.get(r.nextInt(names.size()));
    }

    @SafeVarargs
    private <T> T pick(T... options) {
      return options[r.nextInt(options.length)];
    }
  }
}

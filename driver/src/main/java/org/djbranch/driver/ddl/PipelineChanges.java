package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.edges.Copies;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.DdlObject;
import org.djbranch.rewriter.SchemaStatement;
import org.djbranch.rewriter.JoinedParents;
import org.djbranch.rewriter.NamedObjects;
import org.djbranch.rewriter.SchemaMove;
import org.djbranch.rewriter.StatementKind;
import org.djbranch.rewriter.TableRef;

/**
 * The one place that decides what a branch does with a change of what the pipeline holds: which pipeline tables a
 * statement changes ({@link #changed}: ALTER, DROP, TRUNCATE, RENAME, COMMENT or an index on one), which the
 * declarations copy into the draft first ({@code pipelineChanges=copy}, the default) or which are refused, additive
 * only as the specification releases branches (Branch Resolution §9, {@code pipelineChanges=refuse}); dropping a
 * logical schema is refused either way (§5.7). Every planner asks here.
 *
 * <p>It also holds the allowlist of DDL a branch can see into ({@link #HANDLED}): DDL of any other kind of object
 * (a routine, a trigger, a rule, a policy, an extension, a role ...) is refused before anything runs, as are the
 * statements whose effect is not in their text ({@link #unseen}): nothing a branch runs may change trunk unseen.
 */
public final class PipelineChanges {
  /**
   * The kinds of object each DDL verb may name on a branch: what the planners bind, declare into the draft or
   * refuse as a change of the pipeline. Temporary objects are the session's own and always pass; triggers are
   * handled where the backend contains them ({@code Backend.containsTriggers}).
   */
  static final Map<String, Set<String>> HANDLED = Map.of(
      "CREATE", Set.of("TABLE", "VIEW", "MATERIALIZED VIEW", "INDEX", "SEQUENCE", "TYPE", "DOMAIN", "COLLATION",
          "SCHEMA", "DATABASE"),
      "ALTER", Set.of("TABLE", "VIEW"),
      "DROP", Set.of("TABLE", "VIEW", "MATERIALIZED VIEW", "INDEX", "SCHEMA", "DATABASE"),
      "TRUNCATE", Set.of("TABLE"),
      "RENAME", Set.of("TABLE"),
      "COMMENT", Set.of("TABLE", "COLUMN", "VIEW"));

  /** The kinds of object whose statements always name a table or view ({@code CREATE INDEX i ON t}). */
  static final Set<String> NAMES_RELATION = Set.of("TABLE", "VIEW", "MATERIALIZED VIEW", "INDEX");

  /** The kinds of statement that change an existing table (a declaration of one that exists is the planners'). */
  private static final Set<StatementKind> CHANGES = java.util.EnumSet.of(StatementKind.ALTER_TABLE,
      StatementKind.DROP_TABLE, StatementKind.DROP_VIEW, StatementKind.DROP_INDEX, StatementKind.CREATE_INDEX,
      StatementKind.TRUNCATE, StatementKind.RENAME, StatementKind.COMMENT, StatementKind.CREATE_TRIGGER,
      StatementKind.DROP_TRIGGER, StatementKind.ALTER_INDEX);

  private final DdlContext ddl;

  PipelineChanges(DdlContext ddl) {
    this.ddl = ddl;
  }

  /**
   * Refuses DDL the parser cannot read ({@code parsed} false), which could name anything, unless it makes a schema;
   * the kinds of object the branch cannot see into are refused before the parser is asked ({@link #refuseUnhandled}).
   */
  void refuseUnseen(String sql, DdlObject object, boolean parsed) throws SQLException {
    if (parsed || object == null || object.temporary()) {
      return;
    }
    String what = (object.verb() + " " + object.object()).strip();
    if (!(object.verb().equals("CREATE") && Set.of("SCHEMA", "DATABASE").contains(object.object()))) {
      throw unseen(ddl.branch, what, sql, "djbranch cannot parse it, so it cannot tell which tables it names");
    }
  }

  /**
   * Refuses a statement on a table, view or index ({@link #NAMES_RELATION}) in which the reading found no table:
   * it missed the name, which may be trunk's table (MariaDB's {@code ALTER ONLINE TABLE t} and {@code RENAME TABLE t
   * WAIT 5 TO u} were read so, and sent as written). Nothing runs.
   */
  void refuseUnread(String sql, DdlObject object, Analysis a) throws SQLException {
    if (object != null && !object.temporary() && a.tables().isEmpty() && NAMES_RELATION.contains(object.object())) {
      throw unseen(ddl.branch, (object.verb() + " " + object.object()).strip(), sql,
          "djbranch cannot read which table it names");
    }
  }

  /**
   * Refuses DDL of a kind of object the branch cannot see into ({@link #HANDLED}), read from its tokens alone:
   * before the parser is asked, whose failure on a routine's body would otherwise speak first. A schema of another
   * database ({@code CREATE SCHEMA oth.s}, DuckDB's attached databases) is refused as the binder refuses a table of
   * one, since the parser reads neither part of its name.
   */
  void refuseUnhandled(String sql, DdlObject object) throws SQLException {
    if (object == null || object.temporary()) {
      return;
    }
    if (object.object().equals("SCHEMA")) {
      String database = SchemaStatement.database(sql, ddl.backend.dialect());
      if (database != null && ddl.backend.isOtherDatabase(ddl.internal, database)) {
        ddl.binder.refuseInOtherDatabase(database, "the schemas of " + database);
      }
    }
    String what = (object.verb() + " " + object.object()).strip();
    if (DdlObject.movesAllInTablespace(sql, ddl.backend.dialect())) {
      throw unseen(ddl.branch, what, sql, "it moves every " + object.object().toLowerCase(java.util.Locale.ROOT)
          + " of a tablespace, trunk's too");
    }
    if (!readByTokens(object) && !HANDLED.getOrDefault(object.verb(), Set.of()).contains(object.object())) {
      throw unseen(ddl.branch, what, sql, "djbranch does not bind what " + what + " names or runs, so it cannot keep"
          + " it off the pipeline");
    }
  }

  /**
   * Whether the statement is of a kind the branch handles only as its own token readers read it (a trigger where the
   * backend contains triggers, a type, sequence or index named alone): one those readers cannot read must be refused,
   * never passed on as DDL of no planner's kind.
   */
  boolean readByTokens(DdlObject object) {
    return object.object().equals("TRIGGER") && ddl.backend.containsTriggers()
        && (object.verb().equals("CREATE") || object.verb().equals("DROP"))
        || bindsByName(object);
  }

  /**
   * Whether the statement names a type, domain, sequence or index alone ({@code DROP TYPE t}, {@code ALTER INDEX i},
   * {@code COMMENT ON SEQUENCE s}), whose names the branch binds where the backend can ({@code
   * Backend.bindsNamedObjects}).
   */
  boolean bindsByName(DdlObject object) {
    return ddl.backend.bindsNamedObjects() && NamedObjects.OBJECTS.contains(object.object())
        && Set.of("DROP", "ALTER", "COMMENT").contains(object.verb());
  }

  /**
   * The refusal of a statement whose effect a branch cannot see ({@code what}: its kind, as the user wrote it;
   * {@code why}: why not), which may change what the pipeline holds.
   */
  public static BranchSqlException unseen(String branch, String what, String sql, String why) {
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal(what + " refused on branch " + branch + ": " + why
        + ", and nothing a branch runs may change the pipeline (" + SqlState.excerpt(sql) + "). Run it on trunk, or"
        + " through the plain driver as the branch's create-only login (djbranch provision), where the database"
        + " itself keeps the pipeline unchanged.");
  }

  /**
   * The pipeline tables a DDL statement changes: its target, a table it drops, alters or truncates, and the table of
   * a pipeline index it drops ({@code DROP INDEX i}, which names no table) — bound to the pipeline (to be copied
   * first) or to the branch's own copy made earlier (whose changes are recorded too). Bookkeeping tables a branch
   * copies by name are left to the binder.
   */
  List<Resolved> changed(Analysis a) throws SQLException {
    if (!CHANGES.contains(a.kind())) {
      return List.of();
    }
    List<TableRef> refs = new ArrayList<>();
    if (a.target() != null) {
      refs.add(a.target());
    }
    for (TableRef ref : a.tables()) {
      if (ref.role() == TableRef.Role.ALTER || (ref.role() == TableRef.Role.DROP && !dropsByObjectName(a))
          || (ref.role() == TableRef.Role.WRITE && a.kind() == StatementKind.TRUNCATE)) {
        refs.add(ref);
      }
    }
    List<Resolved> changed = new ArrayList<>();
    for (TableRef ref : refs) {
      add(changed, resolveFresh(ref));
    }
    if (dropsByObjectName(a)) {
      for (TableRef object : a.tables()) {
        if (object.role() == TableRef.Role.DROP) {
          add(changed, pipelineTableOf(object, a.kind() == StatementKind.DROP_TRIGGER ? TRIGGER : INDEX));
        }
      }
    }
    return changed;
  }

  /**
   * The pipeline table a {@code CREATE OR REPLACE TABLE} (DuckDB, MariaDB) replaces, or null: trunk's table is not
   * replaced; the branch copies it (without rows, as for a drop) and the statement replaces the copy, as a DROP TABLE
   * and a CREATE TABLE of the name would on the branch.
   */
  Resolved replacedTable(Analysis a, DdlObject object) throws SQLException {
    if (!object.replaces() || object.temporary() || a.kind() != StatementKind.CREATE_TABLE || a.target() == null) {
      return null;
    }
    Resolved r = resolveFresh(a.target());
    return r != null && r.binding() == Binding.LOGICAL ? r : null;
  }

  /**
   * The pipeline tables a view or trigger declared on the branch reads, where the database binds a stored object's
   * names in the object's own file (SQLite): the object is declared in the draft's file, where trunk's tables are not,
   * so the branch's own copies of them are made first ({@code pipelineChanges=copy}; under {@code refuse} the
   * declaration is refused, {@link #refuseReadingAcrossFiles}). None where stored objects read every schema, and
   * none for a TEMP object, the session's own, which reads every file. A table the object writes is not among them:
   * that is refused when the trigger is planned.
   */
  List<Resolved> readInOwnFile(Analysis a, boolean temporary) throws SQLException {
    if (ddl.backend.storedObjectsReadOtherSchemas() || temporary
        || (a.kind() != StatementKind.CREATE_VIEW && a.kind() != StatementKind.CREATE_TRIGGER)) {
      return List.of();
    }
    List<Resolved> read = new ArrayList<>();
    for (TableRef ref : a.tables()) {
      if (ref == a.target() || ref.role() == TableRef.Role.WRITE || ref.role() == TableRef.Role.CREATE
          || (ref.role() == TableRef.Role.COLUMN_QUALIFIER && ref.schema() == null)) {
        continue; // the object itself, what it writes, or an alias, NEW or OLD
      }
      Resolved r = resolveFresh(ref);
      if (r != null && r.binding() == Binding.LOGICAL) {
        add(read, r);
      }
    }
    return read;
  }

  /**
   * DROP INDEX i, ALTER INDEX i, COMMENT ON INDEX i, DROP TRIGGER tr: the name is an index's or a trigger's (role
   * DROP), whose table the catalog knows.
   */
  static boolean dropsByObjectName(Analysis a) {
    return a.kind() == StatementKind.DROP_INDEX || a.kind() == StatementKind.ALTER_INDEX
        || a.kind() == StatementKind.DROP_TRIGGER;
  }

  /**
   * Where a table a statement changes binds; one the layout does not know is looked up in the live catalog (one
   * listing): trunk may have created it since the schema was listed, and a change of it must not pass unseen.
   */
  Resolved resolveFresh(TableRef ref) throws SQLException {
    Resolved r = ddl.binder.resolve(ref);
    if (r == null || r.binding() != Binding.NEITHER || ref.schema() == null
        && ddl.layout.isTemporary(ddl.backend.key(ddl.binder.stored(ref.name(), ref.quoted()), true))) {
      return r; // a temporary table of this connection's, written by its name alone, is the session's own
    }
    return ddl.binder.resolveLive(ref);
  }

  /**
   * A table the statement changes: a pipeline table (to copy first), or the branch's own version of one (a copy
   * made earlier, whose changes are recorded as well).
   */
  private static void add(List<Resolved> changed, Resolved r) {
    boolean pipeline = r != null && (r.binding() == Binding.LOGICAL
        || (r.binding() == Binding.DRAFT && r.schema().ownTables.contains(r.key())));
    if (pipeline && changed.stream().noneMatch(c -> c.physical().equals(r.physical()))) {
      changed.add(r);
    }
  }

  /**
   * Where the index {@code DROP INDEX} (or the trigger {@code DROP TRIGGER}) names lives, for this branch: {@code schema} it is looked up in (its own,
   * else the schema a new object goes to, as the database looks it up), its stored {@code name}, the draft table
   * holding an index of that name, else trunk's. {@code draftTable} and {@code trunkTable} are both null where
   * neither holds one (the database answers). {@code trunkTableIsOwn}: the branch has its own version of trunk's
   * table, so trunk's index is not the branch's to drop.
   */
  record ObjectHome(SchemaLayout schema, String name, String draftTable, String trunkTable, boolean trunkTableIsOwn) {
    /** Whether the text must name the draft's index: the draft holds it, or trunk's is of a table the branch owns. */
    boolean inDraft() {
      return draftTable != null || trunkTableIsOwn;
    }
  }

  /** How the catalog finds the table of an object of a table's, by the object's name in a schema. */
  @FunctionalInterface
  interface TableOfObject {
    String find(org.djbranch.driver.backend.Backend backend, java.sql.Connection c, String schema, String name)
        throws SQLException;
  }

  static final TableOfObject INDEX = (backend, c, schema, name) -> backend.tableOfIndex(c, schema, name);
  static final TableOfObject TRIGGER = (backend, c, schema, name) -> backend.tableOfTrigger(c, schema, name);

  /**
   * The one lookup of an index or trigger dropped by name ({@code kind}), for the copy it may need and for the text
   * sent; null off the catalog.
   */
  ObjectHome locate(TableRef index, TableOfObject kind) throws SQLException {
    String logical = index.schema() != null
        ? ddl.binder.logicalSchema(ddl.binder.stored(index.schema(), index.schemaQuoted()))
        : ddl.binder.currentSchema();
    if (logical == null || ddl.backend.isSystemSchema(logical)) {
      return null;
    }
    SchemaLayout s = ddl.layout.activate(ddl.internal, logical);
    String name = ddl.binder.stored(index.name(), index.quoted());
    String draftTable = null;
    if (s.draftExists) {
      ddl.binder.makeAvailable(s.draft);
      draftTable = kind.find(ddl.backend, ddl.internal, s.draft, name);
    }
    String trunkTable = draftTable == null && s.logicalExists
        ? kind.find(ddl.backend, ddl.internal, s.logical, name) : null;
    return new ObjectHome(s, name, draftTable, trunkTable,
        trunkTable != null && s.ownTables.contains(ddl.backend.key(trunkTable, true)));
  }

  /**
   * The pipeline table of the index or trigger a {@code DROP} names, where the draft holds none of that name; the
   * branch's copy of one where the draft's copy holds it; else null (a new table's, or trunk's of a table the branch
   * has its own version of, which is not the branch's to drop).
   */
  Resolved pipelineTableOf(TableRef object, TableOfObject kind) throws SQLException {
    ObjectHome h = locate(object, kind);
    if (h == null) {
      return null;
    }
    SchemaLayout s = h.schema();
    if (h.draftTable() != null) {
      return s.ownTables.contains(ddl.backend.key(h.draftTable(), true))
          ? new Resolved(s, h.draftTable(), Binding.DRAFT, ddl.backend) : null;
    }
    return h.trunkTable() == null || h.inDraft() ? null : new Resolved(s, h.trunkTable(), Binding.LOGICAL, ddl.backend);
  }

  /**
   * Refuses {@code ALTER ... SET SCHEMA} of any object ({@link SchemaMove}): the draft's object, or the branch's copy
   * of a pipeline table, would leave the draft, into a schema of the pipeline's or another.
   */
  void refuseSchemaMove(String sql) throws SQLException {
    if (SchemaMove.of(sql, ddl.backend.dialect())) {
      throw movesSchema(ddl.branch, sql);
    }
  }

  /** The refusal of {@code ALTER ... SET SCHEMA} on branch {@code branch}. */
  static BranchSqlException movesSchema(String branch, String sql) {
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("SET SCHEMA refused on branch " + branch + ": it"
        + " would move an object out of the draft, into a schema of the pipeline's or another ("
        + SqlState.excerpt(sql) + "). Declare it anew in the schema you want; on trunk, move it there.");
  }

  /**
   * Refuses a declaration that joins its table to a table the pipeline holds (PostgreSQL's {@code INHERITS}, {@code
   * PARTITION OF}, {@code ALTER TABLE ... INHERIT}: {@link JoinedParents}): the child's rows would show in trunk's
   * table and trunk's catalog would record the link, whatever the branch copies.
   */
  void refuseJoiningPipeline(String sql) throws SQLException {
    for (TableRef parent : JoinedParents.of(sql, ddl.backend.dialect())) {
      Resolved r = resolveFresh(parent);
      if (r != null && (r.binding() == Binding.LOGICAL || r.binding() == Binding.DRAFT
          && r.schema().ownTables.contains(r.key()))) {
        throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("On branch " + ddl.branch + ", making a table a"
            + " child or partition of " + r.logicalName() + " (INHERITS, PARTITION OF, INHERIT) is refused: "
            + r.logicalName() + " is a table of the pipeline, whose scans would show the child's rows and whose"
            + " catalog would record the link. Declare the table with columns of its own (CREATE TABLE ... (LIKE "
            + r.logicalName() + ")), or run the statement on trunk.");
      }
    }
  }

  /**
   * Refuses the statement where it changes a table the pipeline holds and the branch does not copy such tables
   * ({@code pipelineChanges=refuse}); with copies, the planners see the copy by the time they ask.
   */
  void refuse(Analysis a) throws SQLException {
    for (Resolved r : changed(a)) {
      if (r.binding() == Binding.LOGICAL) {
        throw refusal(a.kind().name().replace('_', ' '), r);
      }
    }
  }

  /**
   * Refuses a copy of pipeline table {@code r} before anything is copied: a view (a branch copies tables, never what
   * a view's rows come from), or a table of more rows than {@code rowLimit} (negative: its rows are not copied).
   * {@code property} names what asked for the copy. Answers whether its rows are more than
   * {@code Backend.rowsCommittedFirstPast}, from the same count.
   */
  boolean refuseUncopyable(Resolved r, long rowLimit, String property) throws SQLException {
    if (ddl.backend.catalog().isView(ddl.internal, r.schema().logical, r.table())) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal(r.logicalName() + " is a view of the pipeline, and"
          + " branch " + ddl.branch + " copies only tables to change them (" + property + "=copy): change it on"
          + " trunk, or declare a view of your own on the branch.");
    }
    // A copy interrupted after its table was made (MySQL commits each step, DuckDB its rows first) is made again
    // from the start.
    boolean mayBeUnfinished = ddl.backend.leavesUnfinishedCopies();
    if (r.schema().draftTables.contains(r.key()) && (!mayBeUnfinished || !unfinishedCopy(r))) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("Branch " + ddl.branch + " cannot copy "
          + r.logicalName() + " into its draft: the draft " + r.schema().draft + " already holds a table "
          + r.table() + " that the pipeline's shadows (declared on the branch before trunk created it, or left by"
          + " an interrupted copy). Drop " + r.draftPhysical() + " with the plain driver to let the branch copy"
          + " trunk's, or rename it.");
    }
    if (rowLimit < 0) {
      return false;
    }
    long rowsFirstPast = ddl.backend.rowsCommittedFirstPast();
    long rows = ddl.backend.catalog().rowsOver(ddl.internal, r.schema().logical, r.table(),
        Math.min(rowLimit, rowsFirstPast));
    if (rows > rowLimit) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("Branch " + ddl.branch + " would copy "
          + r.logicalName() + " (" + rows + " rows) into its draft to change it (" + property + "=copy), more than"
          + " copyRowLimit=" + rowLimit + " allows; nothing was copied. Raise copyRowLimit, or connect with "
          + property + (property.equals("pipelineWrites") ? "=pass to write trunk's table as the login allows"
          : "=refuse") + ", or make the change on trunk.");
    }
    return rows > rowsFirstPast;
  }

  /** Whether the draft's {@code ~copy} says a copy of {@code r} began and did not finish (one query, rarely). */
  boolean unfinishedCopy(Resolved r) throws SQLException {
    Copies copies = new Copies(ddl.backend);
    Copies.Event last = null;
    for (Copies.Event e : copies.read(ddl.internal, r.schema().draft)) {
      if (ddl.backend.key(e.table(), true).equals(r.key())) {
        last = e;
      }
    }
    return last != null && last.unfinished();
  }

  /**
   * Where a stored object binds its names in its own schema (SQLite: a view or trigger in the draft's file cannot
   * name the main file's tables), one naming a table bound to the pipeline would be declared and then fail at every
   * use: refused now, saying what works instead. {@code what}: the object, as a message names it.
   */
  void refuseReadingAcrossFiles(String what, List<TableRef> named) throws SQLException {
    if (ddl.backend.storedObjectsReadOtherSchemas()) {
      return;
    }
    for (TableRef ref : named) {
      if (ref.role() == TableRef.Role.COLUMN_QUALIFIER && ref.schema() == null) {
        continue; // an alias, NEW or OLD, or a table the statement names elsewhere too
      }
      Resolved r = ddl.binder.resolve(ref);
      if (r != null && r.binding() == Binding.LOGICAL) {
        throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal(what + " cannot be declared on branch " + ddl.branch
            + ": it names " + r.logicalName() + ", a table of the pipeline, and " + ddl.backend.displayName()
            + " binds a stored object's names in its own file, the draft's, where the pipeline's tables are not."
            + " Declare it TEMP (the session's own, which reads every file), or connect with pipelineChanges=copy,"
            + " with which the branch takes its own copy of " + r.table() + " first.");
      }
    }
  }

  /** The refusal of a row change of pipeline table {@code r} ({@code pipelineWrites=refuse}). */
  BranchSqlException writeRefusal(Resolved r) {
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("Writing rows of " + r.logicalName() + " refused:"
        + " the table belongs to the pipeline's schema " + r.schema().logical + ", and branch " + ddl.branch
        + " takes no writes of pipeline rows (pipelineWrites=refuse). Connect with pipelineWrites=copy to write the"
        + " branch's own copy of it, or pipelineWrites=pass to write trunk's table.");
  }

  /** The refusal of a {@code nextval} or {@code setval} of pipeline sequence {@code name} of {@code logical}. */
  BranchSqlException sequenceRefusal(String logical, String name) {
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("Moving sequence " + logical + "." + name
        + " (nextval, setval) refused: the sequence belongs to the pipeline's schema " + logical + ", and branch "
        + ddl.branch + " takes no writes of what the pipeline holds (pipelineWrites=refuse). Connect with"
        + " pipelineWrites=copy to draw from the branch's own copy of it, or pipelineWrites=pass to draw from trunk's.");
  }

  /**
   * The refusal of a {@code nextval} or {@code setval} whose sequence the text does not name ({@code call}, up to its
   * argument): which sequence it moves is known to the database alone, and it may be trunk's.
   */
  BranchSqlException unreadSequenceRefusal(String call) {
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("The sequence function call " + call + "...) refused"
        + " on branch " + ddl.branch + ": its sequence is not written as a string in the text (a parameter, an"
        + " expression, a cast, an E'' or $$ string), so djbranch cannot tell whether it moves a sequence of the"
        + " pipeline, which it would first copy into the branch. Write the name as a string, nextval('s.seq'), or"
        + " connect with pipelineWrites=pass to move trunk's sequences.");
  }

  /**
   * The answer to a declaration of a view or other object whose name binds to the pipeline's {@code r}: without
   * {@code OR REPLACE}, that it exists, as the database answers (42P07); with it, a refusal, since a branch keeps
   * versions of its own of tables only, whatever it copies, and replacing it would replace trunk's.
   */
  BranchSqlException declaringPipelineObject(Resolved r, boolean replaces) {
    if (!replaces) {
      return SqlState.DUPLICATE_TABLE.exception(r.logicalName() + " already exists: the pipeline holds it, and branch "
          + ddl.branch + " sees it. Declare one under another name, or use it as it is.");
    }
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("CREATE OR REPLACE of " + r.logicalName() + " refused"
        + " on branch " + ddl.branch + ": the pipeline holds " + r.logicalName() + ", and a branch keeps versions of"
        + " its own of the pipeline's tables only, never of its views, sequences or types, so replacing it would"
        + " replace trunk's. Replace it on trunk, or declare one under another name on the branch.");
  }

  /** The refusal of {@code what} on pipeline table {@code r}. */
  BranchSqlException refusal(String what, Resolved r) {
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal(what + " of " + r.logicalName() + " refused: the table"
        + " belongs to the pipeline's schema " + r.schema().logical + ", and branch " + ddl.branch
        + " is additive only (pipelineChanges=refuse). Change it on trunk; on the branch, declare a new table instead,"
        + " or connect with pipelineChanges=copy to change the branch's own copy of it.");
  }

  /** Branch Resolution §5.7: dropping a logical schema on a branch would take the pipeline's schema from under the draft. */
  void refuseSchemaDrop(String schema) throws SQLException {
    if (schema == null || ddl.backend.isSystemSchema(schema) || ddl.layout.drafts.logicalOf(schema) != null) {
      return; // this branch's own draft: dropping it is the caller's teardown (Branch Resolution §8)
    }
    ddl.binder.logicalSchema(schema); // refuses another branch's draft
    SchemaLayout s = ddl.layout.activate(ddl.internal, schema);
    if (s.logicalExists) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("DROP SCHEMA " + s.logical + " refused on branch "
          + ddl.branch + ": it is the pipeline's schema, realised on this branch by " + s.logical + " and its draft "
          + s.draft + ". Drop the draft " + s.draft + " to tear the branch down, or drop " + s.logical + " on trunk.");
    }
  }
}

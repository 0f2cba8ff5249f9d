package org.djbranch.driver.binding;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.SearchPath;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.Analyzer;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.QualifiedObjectNames;
import org.djbranch.rewriter.SequenceArguments;
import org.djbranch.rewriter.SequenceClauses;
import org.djbranch.rewriter.RenderedLabels;
import org.djbranch.rewriter.SelectLabels;
import org.djbranch.rewriter.Splicer;
import org.djbranch.rewriter.TableRef;
import org.djbranch.rewriter.UnparsableStatementException;

/**
 * The one binder of a branch connection: the session's current schema, how a name as written is stored
 * ({@link #stored}), where a reference binds (Branch Resolution §3.1) and which physical name it then stands for.
 * Where schemas exist per connection (SQLite), binding a reference to a draft also makes that draft available on
 * this connection. Declarations, the statement pipeline and the metadata all bind through it.
 */
public final class Binder {
  private final Connection internal;
  /** The layout as this connection sees it: what committed, and its own uncommitted declarations. */
  private final ConnectionLayout layout;
  private final Backend backend;
  private final Dialect dialect;
  /**
   * The session's search path in the logical view, as last read: this branch's drafts named physically stand for
   * their logical schemas, each schema once.
   */
  private List<SearchPath.Entry> path = List.of();
  /** The path as one string: splice plans are kept per path, since unqualified names resolve along it. */
  private String pathKey = "";
  /** Where an unqualified new table went when the path was read: its first explicit schema that exists. */
  private String currentSchema;
  /**
   * The session's search path as the database holds it now, its explicit entries physically: as last read, or as
   * djbranch last set it. Compared with the path the session should have, so that it is set only on a change.
   */
  private List<String> sessionPath = List.of();
  /**
   * Whether a draft holds a named object the logical schema does not, by draft, kind and name, as the catalog
   * answered for the layout generation {@link #heldGeneration}: a statement that calls nextval asks once, not at every
   * execution. Forgotten when this connection declares ({@link #objectsChanged}).
   */
  private final java.util.Map<String, Boolean> held = new java.util.HashMap<>();
  private long heldGeneration = -1;
  /** Draft schemas this connection has made available, where schemas exist per connection (SQLite). */
  private final Set<String> available = new HashSet<>();
  /** The labels the database prints for select items, where it labels them so (DuckDB); else null. */
  private final RenderedLabels rendered;

  public Binder(Connection internal, ConnectionLayout layout) {
    this.internal = internal;
    this.layout = layout;
    this.backend = layout.backend;
    this.dialect = backend.dialect();
    this.rendered = backend.renderedLabels(internal);
  }

  /** How the database labels select items where only it can say (DuckDB), for plans to ask; null elsewhere. */
  public RenderedLabels renderedLabels() {
    return rendered;
  }

  /**
   * The schema an unqualified new table is created in (the first explicit schema of the search path that exists,
   * in the logical view), as of the last read of the path; null when there is none.
   */
  public String currentSchema() {
    return currentSchema;
  }

  /** The search path, as one key: plans made under one path are valid under it only. */
  public String pathKey() {
    return pathKey;
  }

  /**
   * Reads the session's search path again (one round trip) and activates its schemas up to the first that exists.
   * Each schema of it that is this branch's draft named physically (after {@code USE br_<b>_s}, or a search path
   * or a URL's {@code currentSchema} naming it) is taken as its logical schema, and the session is given the
   * logical path, with the drafts that exist each after its logical schema where the backend resolves named objects
   * along the path ({@link #sessionPathFor}; one more round trip, only when that differs from what was read): the
   * database resolves the names no draft holds by itself, and must find them where the logical view has them.
   * Another branch's draft is refused.
   */
  public void readCurrentSchema() throws SQLException {
    SearchPath physical = backend.searchPath(internal);
    List<SearchPath.Entry> logical = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (SearchPath.Entry e : physical.entries()) {
      String schema = backend.isSystemSchema(e.schema()) ? e.schema() : logicalSchema(e.schema());
      if (seen.add(backend.key(schema, true))) {
        logical.add(new SearchPath.Entry(schema, e.implicit()));
      }
    }
    SearchPath read = new SearchPath(logical);
    sessionPath = physical.explicit();
    path = read.entries();
    givePath(sessionPathFor(read.explicit()));
    StringBuilder key = new StringBuilder();
    for (SearchPath.Entry e : path) {
      key.append(e.implicit() ? "*" : "").append(e.schema()).append('\u0000');
    }
    pathKey = key.toString();
    currentSchema = declarationSchema(false);
  }

  /**
   * Where PostgreSQL creates an unqualified new table: the first explicit schema of the path that exists — here in
   * the logical view, where a schema exists when it or its draft does. Each schema is listed on first use;
   * {@code live}: listed again, so a schema created since is seen. A system schema named first is returned as it
   * is: what is declared there is the database's business, not the branch's.
   */
  private String declarationSchema(boolean live) throws SQLException {
    for (SearchPath.Entry e : path) {
      if (e.implicit()) {
        continue;
      }
      if (backend.isSystemSchema(e.schema())) {
        return e.schema();
      }
      SchemaLayout s = live ? layout.refresh(internal, e.schema()) : layout.activate(internal, e.schema());
      if (s.logicalExists || s.draftExists) {
        return s.logical;
      }
    }
    return null;
  }

  /**
   * The logical schema a schema name (as stored) stands for on this branch: this branch's draft named physically
   * stands for its logical schema, so that it is handled exactly as the logical name would be; any other name for
   * itself. Another branch's draft is refused: nothing of this branch may write there.
   */
  public String logicalSchema(String stored) throws SQLException {
    String logical = layout.drafts.logicalOf(stored);
    if (logical != null) {
      return logical;
    }
    if (stored.regionMatches(true, 0, DraftNames.PREFIX, 0, DraftNames.PREFIX.length())) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("Schema " + stored + " is another branch's draft; branch "
          + layout.branch + " works in its own drafts (" + layout.drafts.prefix() + "<schema>) and names them by"
          + " their logical schema. Connect with that branch to work in " + stored + ".");
    }
    return stored;
  }

  public ConnectionLayout layout() {
    return layout;
  }

  /** The unrouted, counted view of this connection that djbranch's own queries go through. */
  public Connection internal() {
    return internal;
  }

  /** How the database stores a name as written. */
  public String stored(String name, boolean quoted) {
    return backend.stored(name, quoted);
  }

  /**
   * The logical schemas a reference may bind in: its own, or for an unqualified one every schema of the search path
   * (system schemas left out).
   */
  public List<String> schemasOf(TableRef ref) throws SQLException {
    if (ref.schema() != null) {
      String schema = stored(ref.schema(), ref.schemaQuoted());
      return backend.isSystemSchema(schema) ? List.of() : List.of(logicalSchema(schema));
    }
    List<String> out = new ArrayList<>();
    for (SearchPath.Entry e : path) {
      if (!backend.isSystemSchema(e.schema())) {
        out.add(e.schema());
      }
    }
    return out;
  }

  /**
   * Where a reference binds, listing its schemas the first time; null for references this branch never rewrites
   * (system schemas, unqualified names with no schema to go to). A qualified reference binds in its schema; an
   * unqualified one, as PostgreSQL resolves it, in the first schema of the search path where the name binds
   * (Branch Resolution §3.1 within each schema: logical, then draft), else in the schema a new table would go to.
   * A system schema ahead of the logical ones (PostgreSQL's {@code pg_catalog}) holding the name takes it, and the
   * reference is the database's. This branch's draft named physically binds as its logical schema would; another
   * branch's draft is refused.
   */
  public Resolved resolve(TableRef ref) throws SQLException {
    if (ref.schema() != null) {
      return resolveIn(stored(ref.schema(), ref.schemaQuoted()), ref);
    }
    String key = backend.key(stored(ref.name(), ref.quoted()), true);
    for (int i = 0; i < path.size(); i++) {
      String schema = path.get(i).schema();
      if (backend.isSystemSchema(schema)) {
        if (logicalSchemaAfter(i) && layout.systemTables(internal, schema).contains(key)) {
          return null;
        }
        continue;
      }
      Resolved r = resolveIn(schema, ref);
      if (r.binding() != SchemaLayout.Binding.NEITHER) {
        return r;
      }
    }
    return resolveDeclared(ref);
  }

  /**
   * Where a new table, view or other object a declaration names goes: a qualified name to its schema, an
   * unqualified one to the schema PostgreSQL creates it in (the first schema of the path that exists), whatever
   * later schemas of the path hold — as the database would create it there. Binds there as {@link #resolve} does.
   */
  public Resolved resolveDeclared(TableRef ref) throws SQLException {
    if (ref.schema() != null) {
      return resolveIn(stored(ref.schema(), ref.schemaQuoted()), ref);
    }
    String declared = declarationSchema(false);
    return declared == null ? null : resolveIn(declared, ref);
  }

  private boolean logicalSchemaAfter(int index) {
    for (int i = index + 1; i < path.size(); i++) {
      if (!backend.isSystemSchema(path.get(i).schema())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Where a reference binds in one schema (as stored, or this branch's draft named physically); null for one of the
   * database's own schemas, or of another database ({@link #ofOtherDatabase}).
   */
  private Resolved resolveIn(String schema, TableRef ref) throws SQLException {
    if (backend.isSystemSchema(schema)) {
      return null;
    }
    if (ref.catalog() != null && backend.isOtherDatabase(internal, ref.catalog())) {
      return ofOtherDatabase(ref, ref.catalog());
    }
    schema = logicalSchema(schema);
    SchemaLayout s = layout.activate(internal, schema);
    if (ref.schema() != null && ref.catalog() == null && !s.logicalExists && !s.draftExists
        && backend.resolvesSchemaAsDatabase() && backend.isOtherDatabase(internal, schema)) {
      return ofOtherDatabase(ref, schema);
    }
    String table = stored(ref.name(), ref.quoted());
    SchemaLayout.Binding b = layout.bind(s, table);
    // The name as the database stores it, where it compares names without case: what ~edge, the shape check and
    // every statement djbranch writes name the table by, whatever the spelling of this reference.
    String listed = s.storedName(backend.key(table, true), b);
    if (listed != null) {
      table = listed;
    }
    if (b == SchemaLayout.Binding.LOGICAL && layout.isBranchLocal(table)) {
      s = copyIn(s, table);
      b = SchemaLayout.Binding.DRAFT;
    }
    return new Resolved(s, table, b, backend);
  }

  /**
   * A name of another database the connection reaches (DuckDB's {@code ATTACH}): a statement that changes such a
   * table, or declares one there, is refused ({@link #refuseInOtherDatabase}); one that reads it reads it as the
   * database resolves the name, never rewritten (null).
   */
  private Resolved ofOtherDatabase(TableRef ref, String database) throws SQLException {
    if (ref.changes()) {
      refuseInOtherDatabase(database, (ref.schema() != null ? ref.schema() + "." : "") + ref.name());
    }
    return null;
  }

  /**
   * Refuses a change of {@code what} in {@code database}, another database attached to the connection: the branch
   * keeps drafts in the database it connected to only, so the change would reach what that database holds for
   * every other user of it.
   */
  public void refuseInOtherDatabase(String database, String what) throws SQLException {
    throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("On branch " + layout.branch + ", a change of " + what
        + " is refused: " + database + " is another database attached to the connection, and a branch keeps its"
        + " drafts only in the database it connected to, so the change would reach what " + database + " holds for"
        + " everyone. Read it from the branch as you like; change it on trunk, or copy what you need into a table of"
        + " the branch (CREATE TABLE t AS SELECT ...).");
  }

  /**
   * The branch's first touch of a bookkeeping table the pipeline holds: the table's declaration and its rows, as
   * trunk holds them now, are copied into the draft, which from then on is where the name binds on this branch
   * (docs/branch-semantics.md "Bookkeeping tables"). Where another process copied it first, the fresh listing says so.
   */
  private SchemaLayout copyIn(SchemaLayout s, String table) throws SQLException {
    if (!s.draftExists) {
      backend.createSchema(internal, s.draft);
      madeAvailable(s.draft);
    }
    makeAvailable(s.draft);
    try {
      backend.catalog().copyTable(internal, s.logical, table, s.draft, true);
    } catch (SQLException e) {
      SchemaLayout fresh = layout.refresh(internal, s.logical);
      if (fresh.draftTables.contains(backend.key(table, true))) {
        return fresh;
      }
      throw e;
    }
    String key = backend.key(table, true);
    // Made inside the application's transaction, the copy is this connection's until it commits; a rollback takes
    // it with it, and the next touch copies again.
    layout.update(s.logical, current -> current.withDraftTable(key, table));
    return layout.get(s.logical);
  }

  /**
   * As {@link #resolveDeclared}, against the live catalog: the schema the object goes to is listed again first (one
   * query), so a declaration binds to what exists now — a table another process or trunk created since — never to
   * a stale listing (Branch Resolution §3.1, one lookup per declaration). Inside a transaction the listing shows
   * this transaction's uncommitted declarations and stays this connection's ({@link ConnectionLayout#refresh}):
   * another connection's pending declarations are neither seen by it nor lost through it.
   */
  public Resolved resolveLive(TableRef ref) throws SQLException {
    if (ref.schema() == null) {
      String declared = declarationSchema(true);
      return declared == null ? null : resolveIn(declared, ref);
    }
    String schema = stored(ref.schema(), ref.schemaQuoted());
    if (!backend.isSystemSchema(schema)) {
      layout.refresh(internal, logicalSchema(schema));
    }
    return resolveIn(schema, ref);
  }

  /** The quoted physical name of a table as it stands in a rewritten statement, or null. */
  public String physicalOf(TableRef ref) throws SQLException {
    Resolved r = resolve(ref);
    return r == null ? null : r.physical();
  }

  /**
   * Edits naming the draft's physical table for every reference that binds to a draft. A column qualifier written
   * without a schema ({@code t.col}, {@code t.*}) stays as it is: the table's exposed name is {@code t} wherever it
   * lives, and SQLite accepts no {@code schema.t.*}.
   */
  public List<Edit> physicalNames(List<TableRef> refs) throws SQLException {
    return physicalNames(refs, new HashSet<>());
  }

  /** As {@link #physicalNames(List)}, adding the draft schemas named to {@code drafts}. */
  public List<Edit> physicalNames(List<TableRef> refs, Set<String> drafts) throws SQLException {
    List<Edit> edits = new ArrayList<>();
    for (TableRef ref : refs) {
      if (ref.role() == TableRef.Role.COLUMN_QUALIFIER && ref.schema() == null) {
        continue;
      }
      Resolved r = resolve(ref);
      if (r != null && r.binding() == SchemaLayout.Binding.DRAFT) {
        edits.add(new Edit(ref.start(), ref.end(), r.physical()));
        if (drafts.add(r.schema().draft)) {
          makeAvailable(r.schema().draft);
        }
      } else if (r != null && r.binding() == SchemaLayout.Binding.LOGICAL && namesDraftPhysically(ref)) {
        // br_<b>_s.t where the pipeline holds s.t: the logical name binds there, so the statement must name it.
        edits.add(new Edit(ref.start(), ref.end(), r.physical()));
      }
    }
    return edits;
  }

  /**
   * {@code names} (edits of {@link #physicalNames}) and, after each select item they change that the database labels
   * by its text, an alias holding the label of the text as written ({@code SelectLabels}): the statement's columns
   * are labelled as on trunk. For a text spliced once; a statement's plan keeps the labels itself.
   */
  public List<Edit> withLabels(String sql, Analysis analysis, List<Edit> names) {
    List<Edit> aliases = SelectLabels.aliases(sql, analysis, names, dialect, rendered);
    if (aliases.isEmpty()) {
      return names;
    }
    List<Edit> all = new ArrayList<>(names);
    all.addAll(aliases);
    return all;
  }

  /**
   * The path the session is given for the logical path {@code logical} (explicit entries): where the backend
   * resolves types, domains, sequences and functions along the path ({@code Backend.declaresAlongDraftPath}), each
   * schema followed by its draft where that exists (Branch Resolution §3.1: the logical schema first, then its
   * draft), so that what the branch declared is usable by what it runs and declares next, named unqualified as the
   * pipeline's would be (tables are spliced by name and never found this way). Lists a schema of the path not listed
   * yet.
   */
  private List<String> sessionPathFor(List<String> logical) throws SQLException {
    if (!backend.declaresAlongDraftPath()) {
      return logical;
    }
    List<String> out = new ArrayList<>();
    for (String schema : logical) {
      out.add(schema);
      if (backend.isSystemSchema(schema) || schema.startsWith("$")) {
        continue; // pg_catalog named, "$user": the database's
      }
      SchemaLayout s = layout.activate(internal, schema);
      if (s.draftExists) {
        out.add(s.draft);
      }
    }
    return out;
  }

  /** Gives the session {@code wanted} as its search path unless it holds it already: one round trip, on change only. */
  private void givePath(List<String> wanted) throws SQLException {
    if (!wanted.equals(sessionPath)) {
      backend.setSearchPath(internal, wanted);
      sessionPath = wanted;
    }
  }

  /**
   * Puts the drafts of the path that exist now on the session's path (a declaration may have made one, another
   * connection of the branch too): nothing where the path holds them already.
   */
  public void keepDraftsOnPath() throws SQLException {
    givePath(sessionPathFor(new SearchPath(path).explicit()));
  }

  /**
   * The schema the database takes as current (pgjdbc's {@code getSchema}), in the logical view: a draft that is
   * first on the session's path because its logical schema exists only on this branch stands for that schema.
   */
  public String logicalCurrentSchema(String physical) throws SQLException {
    return physical == null || backend.isSystemSchema(physical) ? physical : logicalSchema(physical);
  }

  /**
   * {@code sql} with each type, domain, collation or sequence named by its logical schema ({@code s.mood},
   * {@code 'a'::s.mood}, {@code nextval('s.seq')}) named physically where this branch declared it: in the draft, and
   * not in the logical schema (Branch Resolution §3.1, logical first). A table named in a string that a sequence
   * function or a {@code regclass} cast reads ({@code pg_get_serial_sequence('s.t', 'id')}) is named where it binds,
   * as a table named in the text is. Named unqualified, such an object is found along the session's path, which holds
   * the drafts ({@link #keepDraftsOnPath}). One query per name of a schema with a draft that no table answers to;
   * none where the backend binds no such names.
   */
  public String withDraftObjects(String sql) throws SQLException {
    return withDraftObjects(sql, null, null);
  }

  /**
   * A declaration's text with the names its sequence clauses hold bound ({@code rewriter.SequenceClauses}): the
   * table of {@code OWNED BY s.t.col} named where it binds (the draft's, for a table of the branch's), and the
   * sequence an identity column names ({@code SEQUENCE NAME s.t_id_seq}) put in the draft of its logical schema,
   * since the database makes it in its table's schema and the table is the draft's on a branch. As {@code pg_dump}
   * and Rails' {@code structure.sql} write a schema. The text as it is where it holds neither.
   */
  public String withSequenceClauses(String sql) throws SQLException {
    SequenceClauses clauses = SequenceClauses.read(sql, dialect);
    if (clauses.ownedBy().isEmpty() && clauses.identitySequences().isEmpty()) {
      return sql;
    }
    List<Edit> edits = new ArrayList<>();
    for (TableRef table : clauses.ownedBy()) {
      Resolved r = resolve(table);
      if (r != null && r.binding() == Binding.DRAFT) {
        edits.add(new Edit(table.start(), table.end(), r.physical()));
      }
    }
    for (TableRef sequence : clauses.identitySequences()) {
      String schema = sequence.schema() == null ? null : stored(sequence.schema(), sequence.schemaQuoted());
      if (schema != null && !backend.isSystemSchema(schema) && !layout.isDraft(schema)) {
        SchemaLayout s = layout.activate(internal, logicalSchema(schema));
        edits.add(new Edit(sequence.start(), sequence.end(),
            backend.quote(s.draft, stored(sequence.name(), sequence.quoted()))));
      }
    }
    return Splicer.apply(sql, edits);
  }

  /**
   * A query's or row change's text with each sequence the branch declared, named by its logical schema in the string
   * a sequence function reads ({@code SELECT nextval('s.seq')}, as Hibernate sends it with a default schema set),
   * named physically; asked of a statement the lexer saw call one ({@code Lexer.SEQUENCE_CALL}). The catalog's answer
   * is kept for the layout's generation. A name of the branch's copy of a pipeline sequence binds to the copy, as the
   * copy of a table does; the pipeline's sequences that {@code nextval} or {@code setval} would move, the draft
   * holding no copy of them, are answered beside the text.
   */
  public BoundSequences withDraftSequences(String sql) throws SQLException {
    List<PipelineSequence> pipeline = new ArrayList<>();
    List<Resolved> tables = new ArrayList<>();
    String text = withDraftObjects(sql, pipeline, tables);
    return new BoundSequences(text, pipeline, tables,
        backend.bindsSequences() ? SequenceArguments.unread(sql, dialect) : null);
  }

  /** A sequence of the pipeline, of logical schema {@code schema}, named {@code name} as the catalog stores it. */
  public record PipelineSequence(SchemaLayout schema, String name) {}

  /**
   * A statement's text with the sequences the branch holds named physically ({@link #withDraftSequences}), the
   * pipeline's sequences its {@code nextval} or {@code setval} would move, which the draft holds no copy of, and the
   * pipeline's tables whose own sequence they would move ({@code setval(pg_get_serial_sequence('t', 'id'), n)}).
   */
  public record BoundSequences(String text, List<PipelineSequence> pipeline, List<Resolved> tables, String unread) {

    /**
     * Whether the text would move a sequence of the pipeline's, named or through its table, or may: a call whose
     * sequence it does not name ({@code unread}, the call up to its argument; null where there is none).
     */
    public boolean movesPipeline() {
      return !pipeline.isEmpty() || !tables.isEmpty() || unread != null;
    }
  }

  /** Forgets what the drafts were found to hold: this connection declared, and may have made or dropped one. */
  public void objectsChanged() {
    held.clear();
  }

  /**
   * {@code sql} with the branch's named objects named physically; {@code pipeline} null: every kind of them, else
   * sequences only, and those of the pipeline that {@code nextval} or {@code setval} would move are added to it, the
   * pipeline tables whose own sequence they would move to {@code tables}.
   */
  private String withDraftObjects(String sql, List<PipelineSequence> pipeline, List<Resolved> tables)
      throws SQLException {
    boolean sequencesOnly = pipeline != null;
    if (sequencesOnly ? !backend.bindsSequences() : !backend.bindsNamedObjects()) {
      return sql;
    }
    List<Edit> edits = new ArrayList<>();
    for (QualifiedObjectNames.Found f : QualifiedObjectNames.find(sql, dialect)) {
      // a name may be a table's (s.t, pg_get_serial_sequence('t', 'id')); MariaDB's sequence functions name a sequence
      boolean sequence = f.kind() == QualifiedObjectNames.Kind.SEQUENCE;
      boolean maybeTable = !sequence;
      if (sequencesOnly && f.kind() != QualifiedObjectNames.Kind.RELATION && !sequence) {
        continue;
      }
      if (f.schema() == null) {
        // a name of one part in a string a sequence function reads: where the session's path finds it. A declaration
        // keeps it as written (its default then resolves along the path, as on trunk)
        String draftName = sequencesOnly ? alongPath(f, pipeline, tables) : null;
        if (draftName != null) {
          edits.add(new Edit(f.start(), f.end(), draftName));
        }
        continue;
      }
      String schema = stored(f.schema(), f.schemaQuoted());
      if (backend.isSystemSchema(schema) || layout.drafts.logicalOf(schema) != null) {
        continue; // the database's own, or a draft named physically already
      }
      SchemaLayout s = layout.activate(internal, schema);
      String name = stored(f.name(), f.nameQuoted());
      String key = backend.key(name, true);
      if (!s.draftExists) {
        if (maybeTable && s.logicalTables.contains(key)) {
          if (tables != null && f.advances()) { // resolved only where its sequence would move
            movesPipelineTable(f, resolveIn(schema, new TableRef(schema, f.name(), f.nameQuoted(), f.start(),
                f.end(), TableRef.Role.READ, f.schemaQuoted())), tables);
          }
        } else {
          movesPipelineSequence(f, s, name, pipeline);
        }
        continue;
      }
      String draftName;
      if (maybeTable && (s.logicalTables.contains(key) || s.draftTables.contains(key))) {
        // a table: bound as tables are, and named here only inside a string, which the analysis does not read
        Resolved r = f.kind() == QualifiedObjectNames.Kind.RELATION ? resolveIn(schema, new TableRef(schema, f.name(),
            f.nameQuoted(), f.start(), f.end(), TableRef.Role.READ, f.schemaQuoted())) : null;
        draftName = r != null && r.binding() == Binding.DRAFT ? r.draftPhysical() : null;
        movesPipelineTable(f, r, tables);
      } else {
        String kind = switch (f.kind()) {
          case COLLATION -> "COLLATION";
          case RELATION, SEQUENCE -> "SEQUENCE";
          case TYPE -> "TYPE";
        };
        draftName = draftHolds(s, kind, name) ? backend.quote(s.draft, name) : null;
        if (draftName == null) {
          movesPipelineSequence(f, s, name, pipeline);
        }
      }
      if (draftName != null) {
        edits.add(new Edit(f.start(), f.end(), draftName));
      }
    }
    return edits.isEmpty() ? sql : Splicer.apply(sql, edits);
  }

  /**
   * The draft's name for a relation named alone in a string a sequence function reads, where the session's path
   * finds the branch's: a table that binds to the draft (declared, or the branch's copy of a pipeline table), or a
   * sequence the draft of the first schema of the path that holds one of that name holds (the branch's copy of a
   * pipeline table carries its own sequence, of the same name as trunk's). Null where trunk's is meant, or nothing is.
   */
  private String alongPath(QualifiedObjectNames.Found f, List<PipelineSequence> pipeline, List<Resolved> tables)
      throws SQLException {
    Resolved table = f.kind() == QualifiedObjectNames.Kind.SEQUENCE ? null
        : resolve(new TableRef(null, f.name(), f.nameQuoted(), f.start(), f.end(), TableRef.Role.READ, false));
    if (table != null && table.binding() != Binding.NEITHER) {
      movesPipelineTable(f, table, tables);
      return table.binding() == Binding.DRAFT ? table.draftPhysical() : null;
    }
    String name = stored(f.name(), f.nameQuoted());
    for (SearchPath.Entry e : path) {
      if (backend.isSystemSchema(e.schema())) {
        continue;
      }
      SchemaLayout s = layout.activate(internal, e.schema());
      if (s.draftExists && draftHolds(s, "SEQUENCE", name)) {
        return backend.quote(s.draft, name);
      }
      if (movesPipelineSequence(f, s, name, pipeline)
          || !f.advances() && s.logicalExists && holds(s.logical, "SEQUENCE", name)) {
        return null; // trunk's, first on the path
      }
    }
    return null;
  }

  /**
   * Where {@code f} is the table's string of a {@code pg_get_serial_sequence} given to {@code nextval} or
   * {@code setval}, and {@code r} the pipeline's table, adds it to {@code tables}: its own sequence would move.
   */
  private static void movesPipelineTable(QualifiedObjectNames.Found f, Resolved r, List<Resolved> tables) {
    if (tables != null && f.advances() && r != null && r.binding() == Binding.LOGICAL) {
      tables.add(r);
    }
  }

  /**
   * Whether {@code f}, named {@code name} in {@code s}, is the string of a {@code nextval} or {@code setval} of a
   * sequence the pipeline holds there (the draft holding none of that name); if so it is added to {@code pipeline}.
   */
  private boolean movesPipelineSequence(QualifiedObjectNames.Found f, SchemaLayout s, String name,
      List<PipelineSequence> pipeline) throws SQLException {
    if (pipeline == null || !f.advances() || !s.logicalExists || !holds(s.logical, "SEQUENCE", name)) {
      return false;
    }
    pipeline.add(new PipelineSequence(s, name));
    return true;
  }

  /**
   * Whether the draft of {@code s} holds a {@code kind} named {@code name} that binds there: one its logical schema
   * does not hold (Branch Resolution §3.1, logical first), or a sequence, which the draft holds beside trunk's only
   * as the branch's copy of it (a copied table's own, or one a sequence function of the branch moved): as a copied
   * table binds to the draft, so does a copied sequence.
   */
  private boolean draftHolds(SchemaLayout s, String kind, String name) throws SQLException {
    return holds(s.draft, kind, name)
        && (kind.equals("SEQUENCE") || !(s.logicalExists && holds(s.logical, kind, name)));
  }

  /** Whether {@code schema} holds a {@code kind} named {@code name}: the catalog's answer, kept per generation. */
  private boolean holds(String schema, String kind, String name) throws SQLException {
    long generation = layout.snapshot().generation();
    if (generation != heldGeneration) {
      held.clear();
      heldGeneration = generation;
    }
    String key = schema + '\u0000' + kind + '\u0000' + name;
    Boolean answer = held.get(key);
    if (answer == null) {
      answer = backend.holdsObject(internal, schema, kind, name);
      held.put(key, answer);
    }
    return answer;
  }

  /** Whether a reference is qualified by this branch's draft, named physically. */
  private boolean namesDraftPhysically(TableRef ref) {
    return ref.schema() != null && layout.drafts.logicalOf(stored(ref.schema(), ref.schemaQuoted())) != null;
  }

  /**
   * The analysis of a statement, or null when it cannot be parsed but names no draft table (it then passes
   * through); one that names a draft table and cannot be parsed fails, since it cannot be rewritten safely. The last
   * text the parser read is read once: a statement that copies a pipeline table first is analysed again to be planned
   * on the copy (twice JSqlParser's parse, before), and the parser's reading depends on the text alone (the reading
   * from tokens depends on the branch's names, which the copy changes, and is not kept).
   */
  public Analysis analyze(String sql, boolean namesDraft) throws SQLException {
    if (sql.equals(analyzedText)) {
      return analyzed;
    }
    try {
      // what JSqlParser cannot parse is read from tokens where that reading finds every draft name the text holds
      Analysis a = Analyzer.analyze(sql, dialect, layout.snapshot().analyzedNames());
      if (!a.fromFallback()) {
        analyzedText = sql;
        analyzed = a;
      }
      return a;
    } catch (UnparsableStatementException e) {
      if (!namesDraft) {
        return null;
      }
      throw SqlState.SYNTAX_ERROR.exception("On branch " + layout.branch + " this statement names a draft table but"
          + " djbranch cannot parse it, so it cannot put the draft's physical names in: " + e.getMessage()
          + ". Statement: " + sql, e);
    }
  }

  /** The last text the parser read, and its analysis ({@link #analyze}). */
  private String analyzedText;
  private Analysis analyzed;

  /** A schema this connection just created, and so has available. */
  public void madeAvailable(String schema) {
    available.add(schema);
  }

  /**
   * Where schemas exist per connection (SQLite), attaches a draft this connection has not attached yet: another
   * connection of the process may have created it after this one opened.
   */
  public void makeAvailable(String draft) throws SQLException {
    if (backend.schemasPerConnection() && available.add(draft)) {
      try {
        backend.createSchema(internal, draft);
      } catch (SQLException e) {
        available.remove(draft);
        throw e;
      }
    }
  }

  /**
   * Where schemas exist per connection (SQLite), attaches a draft that exists but this connection has not attached:
   * another process may have created it since this connection opened. Creates nothing.
   */
  public void attachExisting(String draft) throws SQLException {
    if (backend.schemasPerConnection() && !available.contains(draft) && backend.attachExisting(internal, draft)) {
      available.add(draft);
    }
  }

  /** A reference resolved against the layout: its schema, its stored name and where it binds. */
  public record Resolved(SchemaLayout schema, String table, SchemaLayout.Binding binding, Backend backend) {
    /** The quoted physical name the reference stands for. */
    public String physical() {
      return backend.quote(binding == SchemaLayout.Binding.DRAFT ? schema.draft : schema.logical, table);
    }

    public String draftPhysical() {
      return backend.quote(schema.draft, table);
    }

    public String key() {
      return backend.key(table, true);
    }

    /** {@code s.t}, for messages. */
    public String logicalName() {
      return schema.logical + "." + table;
    }
  }
}

package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.jdbc.ServerCalls.SqlAction;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.DdlSpelling;
import org.djbranch.rewriter.DdlObject;
import org.djbranch.rewriter.IfNotExistsCreate;
import org.djbranch.rewriter.LikeClause;
import org.djbranch.rewriter.StatementKind;
import org.djbranch.rewriter.TableRef;
import org.djbranch.rewriter.TableRename;

/**
 * DDL on a branch (docs/branch-semantics.md "What a branch does with each statement"): new tables and other new
 * objects are declared into the draft schema, their foreign keys recorded in {@code ~edge} instead of sent; a change
 * of a table the pipeline holds runs on the branch's own copy of it, or is refused ({@link CopyPolicy}). A statement
 * is planned by the planner of its {@link DdlKind} and the plan carried out by the one {@link DdlExecutor};
 * {@link #prepare} reads the same kinds, so a statement is treated alike however it is sent.
 */
public final class Declarations {
  private final DdlContext ddl;
  private final Backend backend;
  private final DdlExecutor executor;
  private final Agreements agreements;
  private final PipelineChanges pipeline;
  private final CreateTablePlanner tables;
  private final AlterTablePlanner alters;
  private final RenamePlanner renames;
  private final DropPlanner drops;
  private final ObjectPlanner objects;
  private final TriggerPlanner triggers;
  private final NamedObjectPlanner named;

  private final CopyPolicy policy;

  public Declarations(Binder binder, String draftRole, CopyPolicy policy) {
    this.policy = policy;
    this.ddl = new DdlContext(binder);
    this.backend = ddl.backend;
    this.executor = new DdlExecutor(ddl, draftRole);
    this.agreements = new Agreements(ddl);
    this.pipeline = new PipelineChanges(ddl);
    SymbolicKeys keys = new SymbolicKeys(ddl);
    this.tables = new CreateTablePlanner(ddl, keys);
    this.renames = new RenamePlanner(ddl, pipeline);
    this.alters = new AlterTablePlanner(ddl, keys, agreements, pipeline, renames);
    this.drops = new DropPlanner(ddl, pipeline);
    this.objects = new ObjectPlanner(ddl, agreements, pipeline);
    this.triggers = new TriggerPlanner(ddl, pipeline);
    this.named = new NamedObjectPlanner(ddl);
  }

  /** The warning of the last declaration, once: it bound to what the pipeline holds, and no DDL ran. */
  public SQLWarning takeWarning() {
    return executor.takeWarning();
  }

  /**
   * Runs DDL on the branch: planned, then carried out (and run again where it lost a conflict). A statement that
   * changes pipeline tables runs on the branch's own copies of them, made first ({@code pipelineChanges=copy}).
   */
  public <S, T> T run(S target, String statement, SqlAction<S, T> action, boolean namesDraft) throws SQLException {
    String sql = DdlSpelling.onBranch(statement, backend.dialect());
    DdlObject object = DdlObject.read(sql, backend.dialect());
    pipeline.refuseUnhandled(sql, object);
    pipeline.refuseJoiningPipeline(sql);
    pipeline.refuseSchemaMove(sql);
    // a default or a view that draws from a pipeline sequence (DEFAULT nextval('s.seq')) would move trunk's with
    // every row it gives: it draws from the branch's copy, made first, as a statement's nextval does
    copyMovedSequences(ddl.binder.withDraftSequences(sql));
    Analysis a = policy.changes() == CopyPolicy.Changes.COPY ? ddl.binder.analyze(sql, namesDraft) : null;
    List<Resolved> changed = a == null || agreements.of(sql, a) != null ? List.of() : pipeline.changed(a);
    Resolved replaced = a == null || object == null ? null : pipeline.replacedTable(a, object);
    if (replaced != null) {
      changed = List.of(replaced); // CREATE OR REPLACE TABLE of a pipeline table: the branch's copy is replaced
    }
    List<Resolved> read = a == null ? List.of() : pipeline.readInOwnFile(a, object != null && object.temporary());
    if (changed.isEmpty() && read.isEmpty()) {
      Resolved like = likedPipelineTable(sql);
      T result = executor.run(() -> plan(sql, namesDraft), target, action);
      Analysis declared = like == null ? null : ddl.binder.analyze(sql, namesDraft);
      if (declared != null && declared.target() != null) {
        if (object != null && object.temporary()) { // the session's own, where the database puts it
          executor.drawFromCopies(null, ddl.binder.stored(declared.target().name(), declared.target().quoted()),
              like.schema());
        } else {
          Resolved created = ddl.binder.resolve(declared.target());
          if (created != null && created.binding() == Binding.DRAFT) {
            executor.drawFromCopies(created.schema().draft, created.table(), like.schema());
          }
        }
      }
      return result;
    }
    // Emptied or dropped, a table needs its declaration alone: its rows would go at once.
    boolean rows = a.kind() != StatementKind.TRUNCATE && a.kind() != StatementKind.DROP_TABLE && replaced == null;
    // copied: what the statement changes, and what a view or trigger in the draft's file reads (changed by nothing)
    List<Resolved> toCopy = new ArrayList<>(changed.stream().filter(r -> r.binding() == Binding.LOGICAL).toList());
    read.stream().filter(r -> toCopy.stream().noneMatch(c -> c.physical().equals(r.physical()))).forEach(toCopy::add);
    if (a.kind() == StatementKind.TRUNCATE) {
      refuseTruncatingReferenced(toCopy);
    }
    boolean rowsFirst = false; // where a table is large enough (DuckDB), its rows commit before its keys
    for (Resolved r : toCopy) {
      rowsFirst |= pipeline.refuseUncopyable(r, rows ? policy.rowLimit() : -1, "pipelineChanges");
    }
    // An index (or trigger) dropped by name keeps its name as written: MySQL's is its table's (DROP INDEX i ON t), not a schema's;
    // and where the index, not its table, carries the schema (SQLite), the table of CREATE INDEX stays unqualified.
    boolean indexCarriesSchema = backend.qualifiesIndexNotTable() && a.kind() == StatementKind.CREATE_INDEX;
    // A trigger's names stay as written: SQLite takes them unqualified, and they bind where the trigger is declared.
    List<TableRef> named = a.tables().stream()
        .filter(ref -> !PipelineChanges.dropsByObjectName(a) || ref.role() != TableRef.Role.DROP).toList();
    if (!backend.renameMovesSchema()) {
      for (TableRename pair : a.renames()) {
        named = DdlContext.without(named, pair.to()); // a new name takes no schema there: as written, for the merge
      }
    }
    String recorded = DdlKind.of(a.kind()) == DdlKind.TRIGGER ? sql
        : ddl.logicalText(sql, named, indexCarriesSchema ? a.target() : null);
    // TRUNCATE empties the branch's copy and changes no structure: nothing for a merge to replay on trunk's rows
    return executor.copyingFirst(toCopy, rows, rowsFirst, a.kind() == StatementKind.TRUNCATE ? List.of()
        : changedNames(a, changed), recorded,
        () -> executor.run(() -> plan(sql, namesDraft), target, action));
  }

  /**
   * Before pipeline tables are copied to be truncated (MySQL commits the empty copy at once): one that a table not
   * truncated with it references is refused where the database refuses it (outright, or while rows reference its
   * rows: DuckDB), by a real key of the pipeline's or a symbolic key of the branch's. The keys of the copies' own drafts are refused by the plan ({@code ObjectPlanner}).
   */
  private void refuseTruncatingReferenced(List<Resolved> truncated) throws SQLException {
    if (!ddl.truncateChecksKeys() || truncated.isEmpty()) {
      return;
    }
    java.util.Set<String> names = new java.util.HashSet<>();
    for (Resolved r : truncated) {
      names.add(backend.key(r.schema().logical, true) + '\u0000' + r.key());
    }
    for (Resolved r : truncated) {
      for (Backend.ReferencingKey k : backend.keysReferencing(ddl.internal, r.schema().logical, r.table())) {
        if (names.contains(backend.key(k.childSchema(), true) + '\u0000' + backend.key(k.childTable(), true))) {
          continue;
        }
        String child = k.childSchema() + "." + k.childTable();
        if (backend.truncateOfReferenced() == Backend.TruncateOfReferenced.REFUSED) {
          throw ddl.truncateRefusal(r.logicalName(), child, k.key().name());
        }
        // rows of trunk's child, where the branch reads it; a child the branch copied holds the key as a symbolic
        // one, which the check below reads
        Resolved c = ddl.binder.resolve(new TableRef(k.childSchema(), k.childTable(), true, 0, 0,
            TableRef.Role.READ));
        if (c != null && c.binding() == Binding.LOGICAL) {
          ddl.refuseTruncatingReferencedRows(c.physical(), r.physical(), k.key().columns(),
              k.key().parentColumns(), r.logicalName(), child, k.key().name());
        }
      }
    }
    ddl.refuseTruncatingSymbolicParents(truncated.stream().map(Resolved::physical).toList());
  }

  /**
   * The names {@code ~copy} records the statement against: each table it changes, and the new name of each it
   * renames, which is the branch's version of the pipeline table from then on (its later changes are recorded
   * under it, and a merge replays the rename and them rather than declaring it as a new table). One statement's
   * rows hold the same text in a row, which a merge runs once.
   */
  private List<DdlExecutor.ChangedName> changedNames(Analysis a, List<Resolved> changed) throws SQLException {
    List<DdlExecutor.ChangedName> names = new ArrayList<>();
    for (Resolved r : changed) {
      names.add(new DdlExecutor.ChangedName(r.schema().draft, r.table()));
    }
    for (TableRename pair : a.renames()) {
      Resolved from = ddl.binder.resolve(pair.from());
      if (from != null && changed.stream().anyMatch(r -> r.physical().equals(from.physical()))) {
        names.add(new DdlExecutor.ChangedName(from.schema().draft,
            ddl.binder.stored(pair.to().name(), pair.to().quoted())));
      }
    }
    return names;
  }

  /**
   * The pipeline tables a row change writes ({@code INSERT}, {@code UPDATE}, {@code DELETE}, {@code MERGE}: its
   * target and each table it writes), which the branch copies before the rows are written
   * ({@code pipelineWrites=copy}) or refuses ({@code refuse}); none where rows pass ({@code pass}). Bookkeeping
   * tables are copied by the binder on their own.
   */
  public List<Resolved> pipelineWrites(Analysis a) throws SQLException {
    if (policy.writes() == CopyPolicy.Writes.PASS || a == null) {
      return List.of();
    }
    List<Resolved> written = new ArrayList<>();
    for (TableRef ref : a.tables()) {
      if (ref.role() == TableRef.Role.WRITE && a.kind() != StatementKind.TRUNCATE) {
        Resolved r = pipeline.resolveFresh(ref);
        if (r != null && r.binding() == Binding.LOGICAL) {
          written.add(r);
        }
      }
    }
    return byWritesPolicy(written);
  }

  /**
   * Pipeline tables a statement writes, each once, as {@code pipelineWrites} has them: to be copied first
   * ({@code copy}), refused ({@code refuse}, naming the first), or none ({@code pass}: written where they are).
   */
  private List<Resolved> byWritesPolicy(List<Resolved> written) throws SQLException {
    if (written.isEmpty() || policy.writes() == CopyPolicy.Writes.PASS) {
      return List.of();
    }
    if (policy.writes() == CopyPolicy.Writes.REFUSE) {
      throw pipeline.writeRefusal(written.get(0));
    }
    List<Resolved> distinct = new ArrayList<>();
    for (Resolved r : written) {
      if (distinct.stream().noneMatch(d -> d.physical().equals(r.physical()))) {
        distinct.add(r);
      }
    }
    return distinct;
  }

  /**
   * Copies pipeline tables ({@code children}, quoted physical names) whose rows a referential action of the
   * branch's copy of their parent would write: the branch's change of its own copy never reaches trunk's rows,
   * whatever {@code pipelineWrites} says.
   */
  public void copyChildren(List<String> children) throws SQLException {
    List<Resolved> tables = new ArrayList<>();
    for (String child : children) {
      List<String> parts = org.djbranch.rewriter.QualifiedNames.split(child, backend.dialect());
      Resolved r = ddl.binder.resolve(new TableRef(parts.get(0), parts.get(1), true, 0, 0,
          TableRef.Role.WRITE));
      if (r != null && r.binding() == Binding.LOGICAL) {
        tables.add(r);
      }
    }
    copyForWrites(tables);
  }

  /**
   * The pipeline's sequences a text's {@code nextval} or {@code setval} would move ({@code bound}, as the binder found
   * them), named or through their table ({@code setval(pg_get_serial_sequence('t', 'id'), n)}, as Django resets a
   * table's sequence): copied into their drafts first, as tables whose rows a statement writes are
   * ({@code pipelineWrites=copy}), in the open transaction if any; refused with {@code refuse}; left to move trunk's
   * with {@code pass}. Answers whether anything was copied, after which the text binds to the copies.
   */
  public boolean copyMovedSequences(Binder.BoundSequences bound) throws SQLException {
    if (!bound.movesPipeline() || policy.writes() == CopyPolicy.Writes.PASS) {
      return false;
    }
    if (bound.unread() != null) {
      throw pipeline.unreadSequenceRefusal(bound.unread());
    }
    if (policy.writes() == CopyPolicy.Writes.REFUSE && !bound.pipeline().isEmpty()) {
      Binder.PipelineSequence first = bound.pipeline().get(0);
      throw pipeline.sequenceRefusal(first.schema().logical, first.name());
    }
    List<Resolved> tables = byWritesPolicy(bound.tables());
    java.util.Set<String> copied = new java.util.HashSet<>();
    for (Binder.PipelineSequence s : bound.pipeline()) {
      if (copied.add(s.schema().draft + '\u0000' + s.name())) { // named twice in one text, copied once
        executor.copySequence(s.schema(), s.name());
      }
    }
    copyForWrites(tables);
    return true;
  }

  /**
   * Copies the pipeline tables a row change writes into their drafts ({@link #pipelineWrites}), rows and all, in
   * the open transaction where there is one (where DDL commits by itself, MySQL, the copy commits it, as any DDL).
   */
  public void copyForWrites(List<Resolved> written) throws SQLException {
    for (Resolved r : written) {
      pipeline.refuseUncopyable(r, policy.rowLimit(), "pipelineWrites");
    }
    for (Resolved r : written) {
      executor.copy(r, true);
    }
  }

  /** The DDL whose text may name types, domains, collations and sequences: columns, defaults, a view's query. */
  private static final java.util.Set<DdlKind> TAKES_TYPES = java.util.EnumSet.of(DdlKind.DECLARE_TABLE,
      DdlKind.ALTER_TABLE, DdlKind.CREATE_OBJECT);

  /** The plan of one DDL statement: what its kind's planner makes of it. */
  DdlPlan plan(String sql, boolean namesDraft) throws SQLException {
    DdlObject object = DdlObject.read(sql, backend.dialect());
    pipeline.refuseUnhandled(sql, object);
    IfNotExistsCreate ifNotExists = IfNotExistsCreate.read(sql, backend.dialect());
    if (ifNotExists != null && (ifNotExists.kind() == IfNotExistsCreate.Kind.SCHEMA ? existsLogically(ifNotExists)
        : pipelineHolds(ifNotExists))) {
      return agreed(backend, sql);
    }
    sql = ddl.binder.withSequenceClauses(sql);
    Analysis a = ddl.binder.analyze(sql, namesDraft);
    pipeline.refuseUnseen(sql, object, a != null);
    if (a == null) {
      return DdlPlan.send(sql); // CREATE SCHEMA / DATABASE the parser does not read: a base schema, made empty
    }
    pipeline.refuseUnread(sql, object, a);
    if (ifNotExists != null && ifNotExists.kind() == IfNotExistsCreate.Kind.INDEX && pipelineIndexExists(a, ifNotExists)) {
      return agreed(backend, sql);
    }
    if (TAKES_TYPES.contains(DdlKind.of(a.kind()))) {
      // a type, domain, collation or sequence the branch holds, named by its logical schema, and a sequence named
      // alone that the path finds in a draft before trunk's (the branch's copy): named physically
      String bound = ddl.binder.withDraftObjects(ddl.binder.withDraftSequences(sql).text());
      if (!bound.equals(sql)) {
        sql = bound;
        a = ddl.binder.analyze(sql, namesDraft);
      }
    }
    return switch (DdlKind.of(a.kind())) {
      case DECLARE_TABLE -> {
        // a pipeline table still trunk's here (pipelineChanges=refuse: not copied first) is never replaced
        Resolved replaced = object == null ? null : pipeline.replacedTable(a, object);
        if (replaced != null) {
          throw pipeline.refusal("CREATE OR REPLACE TABLE", replaced);
        }
        yield tables.plan(sql, a.createTable(), a.tables());
      }
      case ALTER_TABLE -> alters.plan(sql, a);
      case DROP -> drops.plan(sql, a);
      case DROP_SCHEMA -> {
        pipeline.refuseSchemaDrop(a.droppedSchema());
        String own = a.droppedSchema() == null ? null : ddl.layout.drafts.logicalOf(a.droppedSchema());
        // this branch's draft is gone: the layout must not say it exists
        yield own == null ? DdlPlan.send(sql) : DdlPlan.send(sql).then(own, null);
      }
      case RENAME -> renames.plan(sql, a);
      case CHANGE_EXISTING -> objects.changeExisting(sql, a);
      case CREATE_OBJECT -> objects.create(sql, a, object);
      case TRIGGER -> triggers.plan(sql, a);
      case NAMED_OBJECT -> named.plan(sql, a);
      case OTHER -> DdlPlan.send(other(sql, a, object));
    };
  }

  /**
   * The pipeline table a {@code CREATE TABLE} is declared like with its defaults ({@code CREATE TABLE d (LIKE t
   * INCLUDING ALL)}, MySQL's {@code CREATE TABLE d LIKE t}), where a default draws from a sequence; null otherwise.
   * The new table's default would draw from trunk's sequence, which the database names by its identity, so every row
   * the branch wrote there would move it: once declared, it draws from the branch's copy ({@code
   * DdlExecutor.drawFromCopies}). Refused (55000) before anything is declared where the database cannot move a
   * default (MySQL), and with {@code pipelineWrites=refuse}; none with {@code pass}.
   */
  private Resolved likedPipelineTable(String sql) throws SQLException {
    TableRef like = policy.writes() == CopyPolicy.Writes.PASS ? null : LikeClause.defaultsFrom(sql, backend.dialect());
    Resolved r = like == null ? null : ddl.binder.resolve(like);
    if (r == null || r.binding() != Binding.LOGICAL) {
      return null;
    }
    String sequence = backend.catalog().sequenceDrawnBy(ddl.internal, r.schema().logical, r.table());
    if (sequence == null) {
      return null;
    }
    if (policy.writes() == CopyPolicy.Writes.REFUSE || !backend.catalog().movesDefaults()) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("CREATE TABLE ... LIKE " + r.logicalName()
          + " refused on branch " + ddl.branch + ": it would copy a default drawing from the pipeline's sequence ("
          + sequence + "), and every row the branch wrote into the new table would move trunk's sequence"
          + (policy.writes() == CopyPolicy.Writes.REFUSE ? ", which pipelineWrites=refuse keeps the branch from"
          + " copying" : "") + ". Declare the table's columns (serial, identity), or LIKE ... INCLUDING ALL EXCLUDING"
          + " DEFAULTS and set the defaults on the branch (nextval('s.seq') draws from the branch's own copy of a"
          + " pipeline sequence).");
    }
    return r;
  }

  /**
   * DDL handed to prepareStatement or addBatch: refusals apply as for execute, at once; a statement that needs the
   * steps of a declaration answers null, and the caller runs it through {@link #run} when it executes.
   */
  public String prepare(String statement, boolean namesDraft) throws SQLException {
    String sql = DdlSpelling.onBranch(statement, backend.dialect());
    DdlObject object = DdlObject.read(sql, backend.dialect());
    pipeline.refuseUnhandled(sql, object);
    pipeline.refuseJoiningPipeline(sql);
    pipeline.refuseSchemaMove(sql);
    Analysis a = ddl.binder.analyze(sql, namesDraft);
    pipeline.refuseUnseen(sql, object, a != null);
    if (a == null) {
      return sql;
    }
    DdlKind kind = DdlKind.of(a.kind());
    return switch (kind) {
      case DROP_SCHEMA -> {
        pipeline.refuseSchemaDrop(a.droppedSchema());
        yield sql;
      }
      case OTHER -> other(sql, a, object);
      case DECLARE_TABLE, ALTER_TABLE, DROP, CREATE_OBJECT, RENAME, CHANGE_EXISTING, TRIGGER, NAMED_OBJECT -> {
        if (agreements.of(sql, a) != null) {
          yield null; // answered without DDL when it executes
        }
        if (policy.changes() == CopyPolicy.Changes.COPY && (!pipeline.changed(a).isEmpty()
            || !pipeline.readInOwnFile(a, object != null && object.temporary()).isEmpty())) {
          yield null; // copied first when it executes
        }
        pipeline.refuse(a);
        yield kind.steps ? null : ddl.rewritten(sql, a.tables());
      }
    };
  }

  /**
   * DDL of no planner's kind: the tables it names bound. A trigger, or a type, sequence or index named alone, in a
   * form the token readers do not read is refused: what it names could be trunk's.
   */
  private String other(String sql, Analysis a, DdlObject object) throws SQLException {
    if (object != null && !object.temporary() && pipeline.readByTokens(object)) {
      throw PipelineChanges.unseen(ddl.branch, object.verb() + " " + object.object(), sql,
          "djbranch cannot read what it names");
    }
    return ddl.rewritten(sql, a.tables());
  }

  /**
   * Answers a declaration of something that exists in a logical schema as the database would (nothing to do),
   * without sending DDL there: the database checks the privilege to create before it looks, and a branch login
   * holds read only on the pipeline (Branch Resolution §8). Where the backend has no statement that answers like DDL
   * and does nothing (embedded files, with no logins), the statement is sent as written.
   */
  static DdlPlan agreed(Backend backend, String sql) {
    String noOp = backend.noOp(null, null);
    return DdlPlan.send(noOp != null ? noOp : sql);
  }

  /** {@code CREATE SCHEMA IF NOT EXISTS s} of a logical schema that exists (never a draft name: that is physical). */
  private boolean existsLogically(IfNotExistsCreate c) throws SQLException {
    String schema = ddl.binder.stored(c.name().name(), c.name().quoted());
    if (ddl.layout.isDraft(schema) || backend.isSystemSchema(schema)) {
      return false;
    }
    return ddl.layout.activate(ddl.internal, schema).logicalExists;
  }

  /**
   * {@code CREATE VIEW | SEQUENCE IF NOT EXISTS s.x} where the pipeline holds {@code s.x} (a view, or a table, as the
   * name binds; a sequence of a logical schema the name may be in): the database would do nothing, and the branch
   * sends nothing, rather than make one in the draft that would hide the pipeline's.
   */
  private boolean pipelineHolds(IfNotExistsCreate c) throws SQLException {
    if (c.kind() == IfNotExistsCreate.Kind.VIEW) {
      Resolved r = ddl.binder.resolveDeclared(c.name());
      return r != null && r.binding() == Binding.LOGICAL;
    }
    if (c.kind() != IfNotExistsCreate.Kind.SEQUENCE || !backend.bindsSequences()) {
      return false;
    }
    String name = ddl.binder.stored(c.name().name(), c.name().quoted());
    for (String logical : ddl.binder.schemasOf(c.name())) {
      SchemaLayout s = ddl.layout.activate(ddl.internal, logical);
      if (s.logicalExists && backend.holdsObject(ddl.internal, s.logical, "SEQUENCE", name)) {
        return true;
      }
    }
    return false;
  }

  /** {@code CREATE INDEX IF NOT EXISTS i ON s.t} where the pipeline's table {@code s.t} has an index named i. */
  private boolean pipelineIndexExists(Analysis a, IfNotExistsCreate c) throws SQLException {
    Resolved table = a.target() == null ? null : ddl.binder.resolve(a.target());
    if (table == null || table.binding() != Binding.LOGICAL) {
      return false;
    }
    return backend.indexNames(ddl.internal, table.schema().logical, table.table())
        .contains(backend.key(ddl.binder.stored(c.name().name(), c.name().quoted()), true));
  }
}

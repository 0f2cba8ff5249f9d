package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.sql.Connection;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.TableShape;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.jdbc.ServerCalls.SqlAction;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.driver.naming.PartNames;
import org.djbranch.rewriter.AlterTableActions;
import org.djbranch.rewriter.AlterTableText;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.CreateIndexName;
import org.djbranch.rewriter.CreateTable;
import org.djbranch.rewriter.DeclaredIndex;
import org.djbranch.rewriter.DraftTableText;
import org.djbranch.rewriter.DroppedConstraint;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.ForeignKey;
import org.djbranch.rewriter.IfNotExistsCreate;
import org.djbranch.rewriter.IndexDeclaration;
import org.djbranch.rewriter.QualifiedNames;
import org.djbranch.rewriter.RenamedColumn;
import org.djbranch.rewriter.Splicer;
import org.djbranch.rewriter.StatementKind;
import org.djbranch.rewriter.TableRef;
import org.djbranch.rewriter.TableRename;

/**
 * DDL on a branch (DESIGN "On a branch"): new tables and other new objects are declared into the draft schema,
 * their foreign keys recorded in {@code ~edge} instead of sent; structure the pipeline holds is refused.
 *
 * <p>A declaration converges on re-run (Branch Resolution §8): schemas are created idempotently first, then — in one
 * transaction where the database makes DDL transactional — the {@code ~edge} rows and the table.
 */
public final class Declarations {
  private final Connection internal;
  private final ConnectionLayout layout;
  private final Binder binder;
  private final Backend backend;
  private final Edges edges;
  /** The role every declaration into a draft acts as (Branch Resolution §8, draft ownership on PostgreSQL), or null. */
  private final String draftRole;
  private final Agreements agreements;
  /** The warning of the declaration that ran last, when it was answered without DDL; see {@link #takeWarning()}. */
  private SQLWarning warning;

  public Declarations(Binder binder, String draftRole) {
    this.draftRole = draftRole;
    this.internal = binder.internal();
    this.layout = binder.layout();
    this.binder = binder;
    this.backend = layout.backend;
    this.edges = new Edges(backend);
    this.agreements = new Agreements(internal, backend, layout.branch);
  }

  /** The warning of the last declaration, once: it bound to what the pipeline holds, and no DDL ran. */
  public SQLWarning takeWarning() {
    SQLWarning w = warning;
    if (w != null) {
      warning = null;   // asked after every statement: a store only when there was one
    }
    return w;
  }

  /**
   * How each kind of DDL is treated on a branch: the one table both {@link #run} (execute) and {@link #prepare}
   * read, so a statement is refused, rewritten or declared alike however it is sent.
   */
  private enum Treatment {
    /** CREATE TABLE: binding, ~edge rows, schemas (Branch Resolution §3, §4). */
    DECLARE_TABLE(true),
    /** ALTER TABLE: refused on a pipeline table; on a draft table its foreign keys become ~edge rows. */
    ALTER_TABLE(true),
    /** DROP TABLE / VIEW: refused on a pipeline table; a draft table's ~edge rows go with it. */
    DROP(true),
    /** CREATE VIEW / SEQUENCE / TYPE: a new object lands in the draft. */
    CREATE_OBJECT(true),
    /** RENAME TABLE: refused on a pipeline table; a draft table is renamed in the draft, its ~edge rows with it. */
    RENAME(true),
    /** TRUNCATE, COMMENT, CREATE / DROP INDEX: refused on a pipeline table, else rewritten. */
    CHANGE_EXISTING(false),
    /** DROP SCHEMA: refused on a logical schema (Branch Resolution §5.7). */
    DROP_SCHEMA(false),
    /** Any other DDL: physical names put in, nothing refused. */
    OTHER(false);

    /** Whether it takes several steps, so a prepared one is kept and run through {@link #run} when executed. */
    final boolean steps;

    Treatment(boolean steps) {
      this.steps = steps;
    }

    static Treatment of(StatementKind kind) {
      switch (kind) {
        case CREATE_TABLE:
          return DECLARE_TABLE;
        case ALTER_TABLE:
          return ALTER_TABLE;
        case DROP_TABLE:
        case DROP_VIEW:
          return DROP;
        case CREATE_VIEW:
        case CREATE_SEQUENCE:
        case CREATE_TYPE:
          return CREATE_OBJECT;
        case RENAME:
          return RENAME;
        case TRUNCATE:
        case COMMENT:
        case CREATE_INDEX:
        case DROP_INDEX:
          return CHANGE_EXISTING;
        case DROP_SCHEMA:
          return DROP_SCHEMA;
        default:
          return OTHER;
      }
    }
  }

  /** How often a declaration that lost a conflict to a concurrent one is tried in all. */
  private static final int CONFLICT_ATTEMPTS = 8;

  /**
   * Runs DDL on the branch. A declaration that lost a conflict with a concurrent one (a deadlock, a Galera
   * certification conflict on ~edge rows) is run again, since it converges on re-run — only in autocommit, where
   * no transaction of the application's was lost with it. One that the server refuses as read only (a hot
   * standby) fails saying where to declare instead.
   */
  public <S, T> T run(S target, String sql, SqlAction<S, T> action, boolean namesDraft) throws SQLException {
    try {
      return retryingConflicts(() -> runOnce(target, sql, action, namesDraft));
    } catch (BranchSqlException ours) {
      throw ours;
    } catch (SQLException e) {
      String advice = backend.readOnlyAdvice(internal, e);
      if (advice != null) {
        throw SqlState.READ_ONLY_SQL_TRANSACTION.exception("Branch " + layout.branch + " cannot declare here. " + advice
            + " The database said: " + e.getMessage(), e);
      }
      throw e;
    }
  }

  /**
   * Runs {@code work}, and again where it lost a conflict with a concurrent session, up to {@link #CONFLICT_ATTEMPTS}
   * times: only in autocommit, where no transaction of the application's was lost with it. djbranch's own refusals
   * are never run again.
   */
  private <T> T retryingConflicts(AutoTransaction.Work<T> work) throws SQLException {
    for (int attempt = 1; ; attempt++) {
      try {
        return work.run();
      } catch (BranchSqlException ours) {
        throw ours;
      } catch (SQLException e) {
        if (attempt >= CONFLICT_ATTEMPTS || !backend.isConflict(e) || !internal.getAutoCommit()) {
          throw e;
        }
        pause(attempt);
      }
    }
  }

  /** A short, growing, jittered pause, so two sessions that collided do not collide again in step. */
  private static void pause(int attempt) throws SQLException {
    try {
      Thread.sleep(java.util.concurrent.ThreadLocalRandom.current().nextLong(1, 10L << Math.min(attempt, 5)));
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new java.sql.SQLTransientException("Interrupted while waiting to run a declaration again", interrupted);
    }
  }

  private <S, T> T runOnce(S target, String sql, SqlAction<S, T> action, boolean namesDraft) throws SQLException {
    IfNotExistsCreate ifNotExists = IfNotExistsCreate.read(sql, backend.dialect());
    if (ifNotExists != null && ifNotExists.kind() == IfNotExistsCreate.Kind.SCHEMA && existsLogically(ifNotExists)) {
      return agreed(target, sql, action);
    }
    Analysis a = binder.analyze(sql, namesDraft);
    if (a == null) {
      return action.apply(target, sql);
    }
    if (ifNotExists != null && ifNotExists.kind() == IfNotExistsCreate.Kind.INDEX && pipelineIndexExists(a, ifNotExists)) {
      return agreed(target, sql, action);
    }
    switch (Treatment.of(a.kind())) {
      case DECLARE_TABLE:
        return createTable(target, sql, a.createTable(), action);
      case ALTER_TABLE:
        return alterTable(target, sql, a, action);
      case DROP:
        return drop(target, sql, a, action);
      case DROP_SCHEMA: {
        refuseSchemaDrop(a.droppedSchema());
        T result = action.apply(target, sql);
        String own = a.droppedSchema() == null ? null : layout.drafts.logicalOf(a.droppedSchema());
        if (own != null) {
          layout.refresh(internal, own); // this branch's draft is gone: the layout must not say it exists
        }
        return result;
      }
      case RENAME:
        return renameTables(target, sql, a, action);
      case CHANGE_EXISTING:
        return changeExisting(target, sql, a, action);
      case CREATE_OBJECT:
        return createObject(target, sql, a, action);
      default:
        return action.apply(target, rewritten(sql, a.tables()));
    }
  }

  /**
   * DDL handed to prepareStatement or addBatch: refusals apply as for execute, at once; a statement that needs the
   * steps of a declaration answers null, and the caller runs it through {@link #run} when it executes.
   */
  public String prepare(String sql, boolean namesDraft) throws SQLException {
    Analysis a = binder.analyze(sql, namesDraft);
    if (a == null) {
      return sql;
    }
    Treatment t = Treatment.of(a.kind());
    switch (t) {
      case DROP_SCHEMA:
        refuseSchemaDrop(a.droppedSchema());
        return sql;
      case OTHER:
        return rewritten(sql, a.tables());
      default:
        if (agreement(sql, a) != null) {
          return null; // answered without DDL when it executes
        }
        refuseChangesToPipeline(a);
        return t.steps ? null : rewritten(sql, a.tables());
    }
  }

  // ---- agreeing declarations of what the pipeline holds ----

  /**
   * Answers a declaration of something that exists in a logical schema as the database would (nothing to do),
   * without sending DDL there: the database checks the privilege to create before it looks, and a branch login
   * holds read only on the pipeline (Branch Resolution §8). Where the backend has no statement that answers like DDL and does
   * nothing (embedded files, with no logins), the statement is sent as written.
   */
  private <S, T> T agreed(S target, String sql, SqlAction<S, T> action) throws SQLException {
    String noOp = backend.noOp(null, null);
    return action.apply(target, noOp != null ? noOp : sql);
  }

  /** {@code CREATE SCHEMA IF NOT EXISTS s} of a logical schema that exists (never a draft name: that is physical). */
  private boolean existsLogically(IfNotExistsCreate c) throws SQLException {
    String schema = binder.stored(c.name().name(), c.name().quoted());
    if (layout.isDraft(schema) || backend.isSystemSchema(schema)) {
      return false;
    }
    return layout.activate(internal, schema).logicalExists;
  }

  /** {@code CREATE INDEX IF NOT EXISTS i ON s.t} where the pipeline's table {@code s.t} has an index named i. */
  private boolean pipelineIndexExists(Analysis a, IfNotExistsCreate c) throws SQLException {
    Resolved table = a.target() == null ? null : binder.resolve(a.target());
    if (table == null || table.binding() != Binding.LOGICAL) {
      return false;
    }
    return backend.indexNames(internal, table.schema().logical, table.table())
        .contains(backend.key(binder.stored(c.name().name(), c.name().quoted()), true));
  }

  /** Records that the draft table {@code from} resolved to is now named {@code stored}. */
  private void renamed(Resolved from, String stored) throws SQLException {
    String to = backend.key(stored, true);
    layout.update(from.schema().logical, s -> s.withRenamedDraftTable(from.key(), to, stored));
  }

  // ---- CREATE TABLE (Branch Resolution §3) ----

  private <S, T> T createTable(S target, String sql, CreateTable ct, SqlAction<S, T> action) throws SQLException {
    Resolved r = binder.resolveLive(ct.table());
    if (r == null) {
      return action.apply(target, sql);
    }
    switch (r.binding()) {
      case LOGICAL:
        checkShape(r, ct);
        // It binds. IF NOT EXISTS is answered here, sending no DDL into the pipeline's schema, which a branch
        // login may not create in; without it the database answers as on trunk ("already exists").
        return ct.ifNotExists() ? agreed(target, sql, action) : action.apply(target, sql);
      case DRAFT:
        return redeclare(target, sql, ct, r, action);
      default:
        refuseOrphanPart(r);
        return declare(target, sql, ct, r, action);
    }
  }

  /**
   * The table first, then its ~edge rows — in one transaction where DDL is transactional; where it is not
   * (MySQL), a table the database refuses leaves no rows behind, and one interrupted before its rows gets them
   * when the declaration runs again.
   */
  private <S, T> T declare(S target, String sql, CreateTable ct, Resolved r, SqlAction<S, T> action)
      throws SQLException {
    List<Edges.Edge> rows = edgesOf(ct.foreignKeys(), r);
    String text = draftText(sql, ct, r);
    ensureSchemas(r.schema());
    return declareWithEdges(target, text, r, rows, action);
  }

  /**
   * A re-declaration of a draft table goes to the draft (the database answers "already exists" unless IF NOT
   * EXISTS). An IF NOT EXISTS that finds the table leaves its ~edge rows as its declaration made them; where it has
   * none, they are written from this text, so that a declaration interrupted after its table and before its rows
   * completes when run again.
   */
  private <S, T> T redeclare(S target, String sql, CreateTable ct, Resolved r, SqlAction<S, T> action)
      throws SQLException {
    String table = backend.key(r.draftPhysical(), true);
    boolean hasEdges = r.schema().edges.stream().anyMatch(e -> backend.key(e.referencingTable(), true).equals(table));
    if (ct.ifNotExists() && hasEdges) {
      return action.apply(target, draftText(sql, ct, r));
    }
    List<Edges.Edge> rows = edgesOf(ct.foreignKeys(), r);
    return declareWithEdges(target, draftText(sql, ct, r), r, rows, action);
  }

  /** The draft table's text, then its ~edge rows, as the draft role where there is one; then the layout knows. */
  private <S, T> T declareWithEdges(S target, String text, Resolved r, List<Edges.Edge> rows,
      SqlAction<S, T> action) throws SQLException {
    boolean together = backend.transactionalDdl();
    edges.refuseWhatAPeerCannotHold(internal, r.schema().draft, rows); // before a DDL that would stay (MySQL)
    T result = atomicallyAsDraftRole(() -> {
      backend.serializeDeclarations(internal, r.schema().draft);
      T declared = action.apply(target, text);
      if (together) {
        writeEdges(r, rows);
      }
      return declared;
    });
    if (!together) {
      rowsAfterTable(r, rows);
    }
    layout.update(r.schema().logical, s -> s.withDeclared(r.key(), r.table(), r.draftPhysical(), rows));
    return result;
  }

  private void writeEdges(Resolved r, List<Edges.Edge> rows) throws SQLException {
    ensureEdgeTable(r);
    edges.replace(internal, r.schema().draft, r.draftPhysical(), rows);
  }

  /**
   * Where DDL is not transactional (MySQL) the table is there once its statement ran; its ~edge rows follow, and
   * where writing them loses a conflict (on Galera a concurrent declaration's DDL on ~edge aborts them) only they
   * are written again: the declaration itself must not run again, its table would already exist.
   */
  private void rowsAfterTable(Resolved r, List<Edges.Edge> rows) throws SQLException {
    retryingConflicts(() -> atomicallyAsDraftRole(() -> {
      writeEdges(r, rows);
      return null;
    }));
  }

  private String draftText(String sql, CreateTable ct, Resolved r) {
    return DraftTableText.of(sql, backend.dialect(), ct, r.draftPhysical(),
        impliedIndexes(ct.primaryKey(), ct.indexes(), ct.foreignKeys()));
  }

  /**
   * Where a foreign key implies an index (MySQL, Branch Resolution §4.2), the indexes the stripped keys would have
   * brought, as table elements. One per key whose columns no index already leads with, in order: not the primary
   * key, not one {@code declared} beside the keys (or that the table has), not another key's with more columns or,
   * declared before it, the same ones. Each named as the database names it, unique among the table's index names
   * and within the identifier limit.
   */
  private List<String> impliedIndexes(List<String> primaryKey, List<DeclaredIndex> declared, List<ForeignKey> fks) {
    if (!backend.foreignKeyImpliesIndex() || fks.isEmpty()) {
      return List.of();
    }
    List<List<String>> leading = new ArrayList<>();
    if (!primaryKey.isEmpty()) {
      leading.add(columnKeys(primaryKey));
    }
    Set<String> taken = new HashSet<>();
    for (DeclaredIndex index : declared) {
      if (index.columns().isEmpty()) {
        continue;
      }
      leading.add(columnKeys(index.columns()));
      // an unnamed index is named by the database as an unnamed key's index is: after its first column
      taken.add(Backend.lower(index.name() != null ? index.name()
          : backend.impliedIndexName(null, null, index.columns(), taken)));
    }
    List<String> elements = new ArrayList<>();
    for (int i = 0; i < fks.size(); i++) {
      ForeignKey fk = fks.get(i);
      List<String> columns = columnKeys(fk.columns());
      boolean supported = leading.stream().anyMatch(index -> leadsWith(index, columns));
      for (int j = 0; j < fks.size() && !supported; j++) {
        List<String> other = columnKeys(fks.get(j).columns());
        supported = j != i && leadsWith(other, columns) && (other.size() > columns.size() || j < i);
      }
      if (!supported) {
        String name = backend.impliedIndexName(fk.name(), fk.indexName(), fk.columns(), taken);
        taken.add(Backend.lower(name));
        elements.add(backend.impliedIndexElement(name, fk.columns()));
      }
    }
    return elements;
  }

  private List<String> columnKeys(List<String> columns) {
    return columns.stream().map(backend::columnKey).toList();
  }

  private static boolean leadsWith(List<String> index, List<String> columns) {
    return index.size() >= columns.size() && index.subList(0, columns.size()).equals(columns);
  }

  /** The draft's ~edge table, created unless this process already knows it is there. */
  private void ensureEdgeTable(Resolved r) throws SQLException {
    if (!r.schema().edgeTableExists) {
      edges.ensureTable(internal, r.schema().draft);
    }
  }

  /** Branch Resolution §3.5: a name the pipeline holds binds only with the same primary key (in order) and column names. */
  private void checkShape(Resolved r, CreateTable ct) throws SQLException {
    TableShape live = backend.shape(internal, r.schema().logical, r.table());
    TableShape declared = new TableShape(ct.columns(), ct.primaryKey());
    if (!declared.sameAs(live, backend)) {
      throw SqlState.DUPLICATE_TABLE.exception("Table " + r.table() + " already exists in the pipeline's schema "
          + r.schema().logical + " with a different shape (" + live + "); this statement declares " + declared
          + ". A branch adds tables and changes none: give the new table another name, or declare it as it is.");
    }
  }

  /** Branch Resolution §3.4: a new part under a master the pipeline holds would split master and part across schemas. */
  private void refuseOrphanPart(Resolved r) throws SQLException {
    String master = PartNames.masterOf(r.table());
    if (master != null && r.schema().bind(backend.key(master, true)) == Binding.LOGICAL) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("Table " + r.table() + " is a part of master " + master
          + ", which the pipeline holds in schema " + r.schema().logical + ": a branch cannot add a part to a"
          + " pipeline master. Declare the part on trunk, or declare a new master with its parts on the branch.");
    }
  }

  /** The ~edge rows of foreign keys declared on table {@code r}, parents resolved to physical names. */
  private List<Edges.Edge> edgesOf(List<ForeignKey> fks, Resolved r) throws SQLException {
    List<Edges.Edge> rows = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (ForeignKey fk : fks) {
      Resolved parent = binder.resolve(fk.parent());
      String parentName;
      List<String> parentColumns = fk.parentColumns();
      if (parent == null) {
        parentName = fk.parent().schema() == null ? backend.quote(binder.stored(fk.parent().name(), fk.parent().quoted()))
            : backend.quote(binder.stored(fk.parent().schema(), fk.parent().schemaQuoted()),
                binder.stored(fk.parent().name(), fk.parent().quoted()));
      } else if (parent.binding() == Binding.LOGICAL) {
        parentName = parent.physical();
        if (parentColumns.isEmpty()) {
          parentColumns = backend.shape(internal, parent.schema().logical, parent.table()).primaryKey();
        }
      } else {
        // A draft parent, the table itself, or one not declared yet (SQLite and MySQL scripts may name a parent
        // before declaring it): on this branch it lives, or will live, in the draft.
        parentName = parent.draftPhysical();
        if (parentColumns.isEmpty() && parent.binding() == Binding.DRAFT) {
          parentColumns = backend.shape(internal, parent.schema().draft, parent.table()).primaryKey();
        }
      }
      List<String> columns = fk.columns();
      String name = fk.name() != null ? fk.name() : generatedName(r.table(), columns, names);
      names.add(name.toLowerCase(Locale.ROOT));
      for (int i = 0; i < columns.size(); i++) {
        rows.add(new Edges.Edge(name, r.draftPhysical(), parentName, columns.get(i),
            i < parentColumns.size() ? parentColumns.get(i) : columns.get(i), i + 1, rule(fk.onUpdate()),
            rule(fk.onDelete())));
      }
    }
    return rows;
  }

  /** PostgreSQL's own pattern, {@code <table>_<columns>_fkey}, made unique within the statement. */
  /** Unique within the statement whatever the case (some databases compare constraint names without it). */
  private static String generatedName(String table, List<String> columns, Set<String> taken) {
    String base = table + "_" + String.join("_", columns) + "_fkey";
    String name = base;
    for (int i = 1; taken.contains(name.toLowerCase(Locale.ROOT)); i++) {
      name = base + i;
    }
    return name;
  }

  private static String rule(String written) {
    return written == null ? "NO ACTION" : written.toUpperCase(Locale.ROOT);
  }


  // ---- other DDL ----

  /**
   * ALTER TABLE. On a pipeline table refused (or answered, where it agrees with what the table is); on a draft table
   * the ~edge rows follow it (Branch Resolution §4.3): foreign keys added become rows, a symbolic key dropped loses
   * its rows and sends no DDL (the database never held it), a column or the table renamed is renamed in the rows
   * that name it, in every draft of the branch.
   */
  private <S, T> T alterTable(S target, String sql, Analysis a, SqlAction<S, T> action) throws SQLException {
    Resolved r = binder.resolve(a.target());
    if (r == null || r.binding() == Binding.NEITHER) {
      return action.apply(target, rewritten(sql, a.tables()));
    }
    if (r.binding() == Binding.LOGICAL) {
      String agreed = agreement(sql, a);
      if (agreed != null) {
        return answered(target, agreed, r, action);
      }
      throw refusal("ALTER", r);
    }
    List<ForeignKey> fks = a.addedForeignKeys();
    List<Edges.Edge> added = edgesOf(fks, r);
    Edges.Change change = Edges.added(added);
    List<Edit> cuts = new ArrayList<>();
    for (ForeignKey fk : fks) {
      cuts.add(new Edit(fk.start(), fk.end(), ""));
    }
    boolean edgesChange = !added.isEmpty();
    for (DroppedConstraint dropped : a.droppedConstraints()) {
      if (edges.hasConstraint(r.schema().edges, r.draftPhysical(), dropped.name())) {
        cuts.add(new Edit(dropped.start(), dropped.end(), ""));
        change = change.andThen(edges.constraintDropped(r.draftPhysical(), dropped.name()));
        edgesChange = true;
      } // any other constraint, or none of that name: the database answers
    }
    // A renamed column or table may be named by the rows of any draft of the branch, as a referenced one.
    boolean everyDraft = !a.renames().isEmpty();
    for (RenamedColumn column : a.renamedColumns()) {
      if (!backend.columnKey(column.from()).equals(backend.columnKey(column.to()))) {
        change = change.andThen(edges.columnRenamed(r.draftPhysical(), column.from(), column.to()));
        everyDraft = true;
      }
    }
    List<TableRef> refs = outside(a.tables(), fks);
    Rename rename = null;
    if (!a.renames().isEmpty()) {
      rename = rename(a.renames().get(0), r, new HashMap<>());
      change = change.andThen(rename.change());
      refs = without(refs, a.renames().get(0).to());
    }
    List<Edit> names = binder.physicalNames(refs);
    if (rename != null && rename.edit() != null) {
      names.add(rename.edit());
    }
    List<String> indexes = new ArrayList<>();
    if (backend.foreignKeyImpliesIndex() && !fks.isEmpty()) {
      for (String index : impliedIndexes(List.of(), liveIndexes(r), fks)) {
        indexes.add("ADD " + index);
      }
    }
    String text = AlterTableText.rewritten(sql, backend.dialect(), cuts, names, indexes);
    if (!edgesChange && !everyDraft) {
      return action.apply(target, text);
    }
    if (!added.isEmpty()) {
      ensureEdgeTable(r);
    }
    List<SchemaLayout> drafts = new ArrayList<>(everyDraft ? layout.activateDraftsWithEdges(internal) : List.of());
    if (drafts.stream().noneMatch(s -> s.logical.equals(r.schema().logical)) && (r.schema().edgeTableExists
        || !added.isEmpty())) {
      drafts.add(r.schema());
    }
    String ddl = text != null ? text : edges.noOp(r.schema().draft);
    T result = withEdgeChanges(drafts, change, () -> action.apply(target, ddl));
    if (rename != null) {
      renamed(r, rename.to());
    }
    return result;
  }

  /** The indexes a draft table has, for the implied indexes of keys added to it: one round trip. */
  private List<DeclaredIndex> liveIndexes(Resolved r) throws SQLException {
    List<DeclaredIndex> out = new ArrayList<>();
    for (Backend.LiveIndex index : backend.indexes(internal, r.schema().draft, r.table())) {
      out.add(new DeclaredIndex(index.name(), index.columns()));
    }
    return out;
  }

  /** A draft table renamed: to its new stored name; the edit naming it in the text (null: as written); its rows. */
  private record Rename(String to, Edit edit, Edges.Change change) {}

  /**
   * One rename of draft table {@code from}. It stays in its logical schema's draft: a rename into another schema is
   * refused, as it would take the table and its symbolic keys across drafts; a new name some table of the schema
   * already has is refused as the database refuses it. {@code renamedHere}: names the statement's earlier renames
   * freed (null) or took (the stored name), by {@link #renameKey}.
   */
  private Rename rename(TableRename pair, Resolved from, Map<String, String> renamedHere) throws SQLException {
    TableRef to = pair.to();
    String logical = to.schema() != null ? binder.logicalSchema(binder.stored(to.schema(), to.schemaQuoted()))
        : backend.renameMovesSchema() ? binder.currentSchema() : from.schema().logical;
    String name = binder.stored(to.name(), to.quoted());
    if (logical == null || !backend.key(logical, true).equals(backend.key(from.schema().logical, true))) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("RENAME of " + from.logicalName() + " to "
          + (logical == null ? name + " (no schema is current)" : logical + "." + name) + " refused on branch "
          + layout.branch + ": a draft table stays in the draft of its schema " + from.schema().logical
          + ", with its symbolic keys. Rename it within " + from.schema().logical + " (" + from.schema().logical + "."
          + name + "), or declare the table in the other schema and copy its rows.");
    }
    String key = renameKey(from.schema(), name);
    boolean taken;
    if (renamedHere.containsKey(key)) {
      taken = renamedHere.get(key) != null;
    } else {
      taken = !key.equals(renameKey(from.schema(), from.table())) && binder.resolveLive(new TableRef(
          from.schema().logical, name, true, 0, 0, TableRef.Role.CREATE, true)).binding() != Binding.NEITHER;
    }
    if (taken) {
      throw SqlState.DUPLICATE_TABLE.exception("Cannot rename " + from.logicalName() + " to " + name + " on branch "
          + layout.branch + ": a table " + from.schema().logical + "." + name + " already exists (in the pipeline's"
          + " schema or the branch's draft " + from.schema().draft + "). Choose another name.");
    }
    renamedHere.put(renameKey(from.schema(), from.table()), null);
    renamedHere.put(key, name);
    String physical = backend.quote(from.schema().draft, name);
    Edit edit = backend.renameMovesSchema() ? new Edit(to.start(), to.end(), physical) : null;
    return new Rename(name, edit, edges.tableRenamed(from.draftPhysical(), physical));
  }

  private String renameKey(SchemaLayout s, String table) {
    return backend.key(s.logical, true) + '\u0000' + backend.key(table, true);
  }

  /**
   * RENAME TABLE a TO b [, c TO d] (MySQL): the pairs run in order, so a name an earlier pair freed may be taken by
   * a later one (a swap through a third name). Each draft table is renamed within its draft, its ~edge rows with
   * it; a pipeline table's rename is refused.
   */
  private <S, T> T renameTables(S target, String sql, Analysis a, SqlAction<S, T> action) throws SQLException {
    refuseChangesToPipeline(a);
    Map<String, String> renamedHere = new HashMap<>();
    List<Edit> names = new ArrayList<>();
    List<Resolved> renamed = new ArrayList<>();
    List<Rename> renames = new ArrayList<>();
    Edges.Change change = Edges.none();
    for (TableRename pair : a.renames()) {
      Resolved from = binder.resolve(pair.from());
      if (from != null && renamedHere.containsKey(renameKey(from.schema(), from.table()))) {
        String now = renamedHere.get(renameKey(from.schema(), from.table()));
        from = new Resolved(from.schema(), now != null ? now : from.table(),
            now != null ? Binding.DRAFT : Binding.NEITHER, backend);
      }
      if (from == null || from.binding() != Binding.DRAFT) {
        continue; // no table of the branch: the database answers
      }
      Rename rename = rename(pair, from, renamedHere);
      names.add(new Edit(pair.from().start(), pair.from().end(), from.draftPhysical()));
      if (rename.edit() != null) {
        names.add(rename.edit());
      }
      change = change.andThen(rename.change());
      renamed.add(from);
      renames.add(rename);
    }
    String text = Splicer.apply(sql, names);
    if (renamed.isEmpty()) {
      return action.apply(target, rewritten(sql, a.tables()));
    }
    T result = withEdgeChanges(layout.activateDraftsWithEdges(internal), change, () -> action.apply(target, text));
    for (int i = 0; i < renamed.size(); i++) {
      renamed(renamed.get(i), renames.get(i).to());
    }
    return result;
  }

  /** References not inside any cut-out foreign key (a cut parent needs no physical name). */
  private static List<TableRef> outside(List<TableRef> refs, List<ForeignKey> fks) {
    List<TableRef> kept = new ArrayList<>();
    for (TableRef ref : refs) {
      boolean inside = false;
      for (ForeignKey fk : fks) {
        inside |= ref.start() >= fk.start() && ref.end() <= fk.end();
      }
      if (!inside) {
        kept.add(ref);
      }
    }
    return kept;
  }

  /**
   * DROP TABLE / VIEW: refused on a pipeline table. A draft table goes with its ~edge rows; one that other draft
   * tables reference through symbolic keys is refused as the database refuses a referenced parent (2BP01), unless
   * CASCADE where the database then drops the keys and keeps their tables.
   */
  private <S, T> T drop(S target, String sql, Analysis a, SqlAction<S, T> action) throws SQLException {
    refuseChangesToPipeline(a);
    List<Resolved> drafts = new ArrayList<>();
    for (TableRef ref : a.tables()) {
      Resolved r = binder.resolve(ref);
      if (r != null && r.binding() == Binding.DRAFT && ref.role() == TableRef.Role.DROP) {
        drafts.add(r);
      }
    }
    String text = rewritten(sql, a.tables());
    if (drafts.isEmpty()) {
      return action.apply(target, text);
    }
    List<String> dropped = drafts.stream().map(Resolved::draftPhysical).toList();
    List<SchemaLayout> withEdges = layout.activateDraftsWithEdges(internal);
    List<Edges.Edge> children = new ArrayList<>();
    for (SchemaLayout s : withEdges) {
      children.addAll(edges.referencesFromOthers(s.edges, dropped));
    }
    boolean cascade = a.cascade() && backend.dropCascadeReleasesChildren();
    if (!children.isEmpty() && !cascade) {
      throw dependents(children);
    }
    // Rows first where DDL is not transactional: a drop interrupted after them still drops the table when run again.
    T result = withEdgeChanges(withEdges, edges.tablesDropped(dropped, cascade), () -> action.apply(target, text));
    for (Resolved r : drafts) {
      layout.update(r.schema().logical, s -> s.withoutDraftTable(r.key()));
    }
    return result;
  }

  /** The refusal of a DROP TABLE whose table symbolic keys of other draft tables reference, naming them. */
  private BranchSqlException dependents(List<Edges.Edge> children) {
    Edges.Edge first = children.get(0);
    String parent = String.join(".", logicalName(first.referencedTable()));
    StringBuilder keys = new StringBuilder();
    Set<String> named = new java.util.LinkedHashSet<>();
    for (Edges.Edge e : children) {
      if (named.add(e.referencingTable() + '\u0000' + e.constraintName())) {
        keys.append(keys.length() == 0 ? "" : "; ").append("constraint ").append(e.constraintName())
            .append(" on table ").append(String.join(".", logicalName(e.referencingTable())))
            .append(" depends on table ").append(parent);
      }
    }
    List<String> child = logicalName(first.referencingTable());
    String dropKey = backend.dropForeignKeyText(backend.quote(child.get(0), child.get(1)), first.constraintName());
    String advice = backend.dropCascadeReleasesChildren()
        ? "Use DROP TABLE ... CASCADE to drop the keys that reference it (their tables stay), or drop those tables first."
        : dropKey != null ? "Drop the key first (" + dropKey + "), or drop " + String.join(".", child) + " first."
        : "Drop " + String.join(".", child) + " first: " + backend.displayName() + " cannot drop a foreign key alone.";
    return SqlState.DEPENDENT_OBJECTS_STILL_EXIST.exception("Cannot drop table " + parent + " because other objects"
        + " depend on it: " + keys + " (symbolic foreign keys of branch " + layout.branch + "). " + advice);
  }

  /** The logical schema and the table of a draft table's physical name, as the branch's user names them. */
  private List<String> logicalName(String physical) {
    List<String> parts = QualifiedNames.split(physical, backend.dialect());
    if (parts.isEmpty()) {
      return List.of("", physical);
    }
    String schema = parts.size() < 2 ? "" : parts.get(parts.size() - 2);
    String logical = layout.drafts.logicalOf(schema);
    return List.of(logical != null ? logical : schema, parts.get(parts.size() - 1));
  }

  /**
   * Runs {@code ddl} with the ~edge change that follows it, in each of {@code drafts}, and then shows the change in
   * the layout. Where DDL is transactional, all in one transaction. Where it is not (MySQL), the rows first, in a
   * transaction of their own, then the DDL: one interrupted between the two converges when run again (the rows
   * already say what the DDL makes), and one the database refuses puts the rows back as they were.
   */
  private <T> T withEdgeChanges(List<SchemaLayout> drafts, Edges.Change change, AutoTransaction.Work<T> ddl)
      throws SQLException {
    T result;
    if (backend.transactionalDdl()) {
      result = atomicallyAsDraftRole(() -> {
        for (SchemaLayout s : drafts) {
          backend.serializeDeclarations(internal, s.draft);
          edges.change(internal, s.draft, change);
        }
        return ddl.run();
      });
    } else {
      Map<String, List<Edges.Edge>> before = new LinkedHashMap<>();
      AutoTransaction.run(internal, true, () -> {
        for (SchemaLayout s : drafts) {
          before.put(s.draft, edges.change(internal, s.draft, change));
        }
        return null;
      });
      try {
        result = ddl.run();
      } catch (SQLException refused) {
        try {
          AutoTransaction.run(internal, true, () -> {
            for (Map.Entry<String, List<Edges.Edge>> e : before.entrySet()) {
              edges.restore(internal, e.getKey(), e.getValue());
            }
            return null;
          });
          if (!internal.getAutoCommit()) {
            internal.commit(); // the refused DDL committed the rows implicitly; their restoration must stand too
          }
        } catch (SQLException notRestored) {
          refused.addSuppressed(notRestored);
        }
        throw refused;
      }
      if (!internal.getAutoCommit()) {
        internal.commit(); // as the DDL's own implicit commit did: the rows stand with the tables they describe
      }
    }
    for (SchemaLayout s : drafts) {
      layout.update(s.logical, current -> current.withEdgeRows(change.apply(current.edges)));
    }
    return result;
  }

  private <S, T> T changeExisting(S target, String sql, Analysis a, SqlAction<S, T> action) throws SQLException {
    String agreed = agreement(sql, a);
    if (agreed != null) {
      return answered(target, agreed, binder.resolve(a.target()), action);
    }
    refuseChangesToPipeline(a);
    return action.apply(target, a.kind() == org.djbranch.rewriter.StatementKind.CREATE_INDEX
        ? indexText(sql, a) : rewritten(sql, a.tables()));
  }

  /** CREATE INDEX on a draft table; where the index carries the schema (SQLite), the draft moves onto it. */
  private String indexText(String sql, Analysis a) throws SQLException {
    Resolved table = a.target() == null ? null : binder.resolve(a.target());
    TableRef index = CreateIndexName.find(sql, backend.dialect());
    if (!backend.qualifiesIndexNotTable() || table == null || table.binding() != Binding.DRAFT || index == null) {
      return rewritten(sql, a.tables());
    }
    return Splicer.apply(sql, List.of(new Edit(a.target().start(), a.target().end(), backend.quote(table.table())),
        new Edit(index.start(), index.end(), backend.quote(table.schema().draft, binder.stored(index.name(),
            index.quoted())))));
  }

  /** A new view, sequence or type named in a logical schema lands in the draft, its body rewritten. */
  private <S, T> T createObject(S target, String sql, Analysis a, SqlAction<S, T> action) throws SQLException {
    TableRef created = a.target();
    Resolved r = created == null ? null : binder.resolveDeclared(created);
    if (r == null) {
      return action.apply(target, rewritten(sql, a.tables()));
    }
    if (r.binding() == Binding.LOGICAL) {
      throw refusal("CREATE OR REPLACE", r);
    }
    List<Edit> names = binder.physicalNames(without(a.tables(), created));
    names.add(new Edit(created.start(), created.end(), r.draftPhysical()));
    ensureSchemas(r.schema());
    String text = Splicer.apply(sql, names);
    T result = draftRole == null ? action.apply(target, text) : atomicallyAsDraftRole(() -> action.apply(target, text));
    layout.update(r.schema().logical, s -> s.withDraftTable(r.key(), r.table()));
    return result;
  }

  private static List<TableRef> without(List<TableRef> refs, TableRef skipped) {
    List<TableRef> kept = new ArrayList<>(refs);
    kept.removeIf(ref -> ref.start() == skipped.start() && ref.end() == skipped.end());
    return kept;
  }

  // ---- agreeing declarations (README "Agreeing declarations") ----

  /**
   * Where CREATE INDEX or ALTER TABLE names a pipeline table and declares only what the table already has, the text of
   * the warning that says what it bound to; else null, and the statement is refused or declared as usual.
   */
  private String agreement(String sql, Analysis a) throws SQLException {
    Resolved r = a.target() == null ? null : binder.resolve(a.target());
    if (r == null || r.binding() != Binding.LOGICAL) {
      return null;
    }
    if (a.kind() != StatementKind.CREATE_INDEX && a.kind() != StatementKind.ALTER_TABLE) {
      return null;
    }
    if (a.kind() == StatementKind.CREATE_INDEX) {
      IndexDeclaration d = IndexDeclaration.read(sql, backend.dialect());
      return d == null ? null : agreements.index(r.schema().logical, r.table(), d);
    }
    return agreements.alter(r.schema().logical, r.table(), AlterTableActions.read(sql, backend.dialect()),
        fk -> existingForeignKey(r, fk));
  }

  /** The name of {@code r}'s pipeline foreign key that is the declared one: name, columns, parent, actions. */
  private String existingForeignKey(Resolved r, ForeignKey fk) throws SQLException {
    Resolved parent = binder.resolve(fk.parent());
    if (parent == null || parent.binding() != Binding.LOGICAL) {
      return null;
    }
    List<String> columns = fk.columns();
    List<String> parentColumns = fk.parentColumns().isEmpty()
        ? backend.shape(internal, parent.schema().logical, parent.table()).primaryKey() : fk.parentColumns();
    for (Backend.LiveForeignKey live : backend.foreignKeys(internal, r.schema().logical, r.table())) {
      if ((fk.name() == null || backend.constraintKey(fk.name()).equals(backend.constraintKey(live.name())))
          && backend.key(parent.schema().logical, true).equals(backend.key(live.parentSchema(), true))
          && parent.key().equals(backend.key(live.parentTable(), true))
          && sameNames(columns, live.columns()) && sameNames(parentColumns, live.parentColumns())
          && sameRule(fk.onUpdate(), live.updateRule()) && sameRule(fk.onDelete(), live.deleteRule())) {
        return live.name();
      }
    }
    return null;
  }

  private boolean sameNames(List<String> declared, List<String> live) {
    if (declared.size() != live.size()) {
      return false;
    }
    for (int i = 0; i < declared.size(); i++) {
      if (!backend.columnKey(declared.get(i)).equals(backend.columnKey(live.get(i)))) {
        return false;
      }
    }
    return true;
  }

  /** NO ACTION and RESTRICT refuse alike where no deferral is declared (MySQL reports the one for the other). */
  private static boolean sameRule(String declared, int live) {
    String rule = rule(declared);
    switch (live) {
      case java.sql.DatabaseMetaData.importedKeyCascade:
        return rule.equals("CASCADE");
      case java.sql.DatabaseMetaData.importedKeySetNull:
        return rule.equals("SET NULL");
      case java.sql.DatabaseMetaData.importedKeySetDefault:
        return rule.equals("SET DEFAULT");
      default:
        return rule.equals("NO ACTION") || rule.equals("RESTRICT");
    }
  }

  /** Runs the backend's no-op in place of an agreeing declaration, so execute answers as DDL does, and warns. */
  private <S, T> T answered(S target, String warning, Resolved r, SqlAction<S, T> action) throws SQLException {
    T result = action.apply(target, backend.noOp(r.schema().logical, r.table()));
    this.warning = new SQLWarning(warning, "01000");
    return result;
  }

  /** Additive only: ALTER, DROP, TRUNCATE, RENAME, COMMENT or an index on a table the pipeline holds. */
  private void refuseChangesToPipeline(Analysis a) throws SQLException {
    List<TableRef> changed = new ArrayList<>();
    if (a.target() != null) {
      changed.add(a.target());
    }
    for (TableRef ref : a.tables()) {
      if (ref.role() == TableRef.Role.DROP || ref.role() == TableRef.Role.ALTER
          || (ref.role() == TableRef.Role.WRITE && a.kind() == org.djbranch.rewriter.StatementKind.TRUNCATE)) {
        changed.add(ref);
      }
    }
    for (TableRef ref : changed) {
      Resolved r = binder.resolve(ref);
      if (r != null && r.binding() == Binding.LOGICAL) {
        throw refusal(a.kind().name().replace('_', ' '), r);
      }
    }
  }

  private BranchSqlException refusal(String what, Resolved r) {
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal(what + " of " + r.logicalName() + " refused: the table"
        + " belongs to the pipeline's schema " + r.schema().logical + ", and branch " + layout.branch
        + " is additive only. Change it on trunk; on the branch, declare a new table instead.");
  }

  /** Branch Resolution §5.7: dropping a logical schema on a branch would take the pipeline's schema from under the draft. */
  private void refuseSchemaDrop(String schema) throws SQLException {
    if (schema == null || backend.isSystemSchema(schema) || layout.drafts.logicalOf(schema) != null) {
      return; // this branch's own draft: dropping it is the caller's teardown (Branch Resolution §8)
    }
    binder.logicalSchema(schema); // refuses another branch's draft
    SchemaLayout s = layout.activate(internal, schema);
    if (s.logicalExists) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("DROP SCHEMA " + s.logical + " refused on branch "
          + layout.branch + ": it is the pipeline's schema, realised on this branch by " + s.logical + " and its draft "
          + s.draft + ". Drop the draft " + s.draft + " to tear the branch down, or drop " + s.logical + " on trunk.");
    }
  }

  /**
   * Creates the base schema (empty) and the draft schema where missing (Branch Resolution §2.3, §2.4). Where the login may not,
   * the schema may have been provisioned since this process listed it: one fresh listing decides before refusing.
   */
  private void ensureSchemas(SchemaLayout s) throws SQLException {
    if (s.logicalExists && s.draftExists) {
      return;
    }
    try {
      createMissing(s);
    } catch (BranchSqlException refused) {
      SchemaLayout fresh = layout.refresh(internal, s.logical);
      if (!fresh.logicalExists || !fresh.draftExists) {
        createMissing(fresh);
      }
    }
    layout.update(s.logical, current -> current.withSchemas(true, true));
  }

  private void createMissing(SchemaLayout s) throws SQLException {
    if (!s.logicalExists) {
      create(s.logical, "Branch " + layout.branch + " declares into schema " + s.logical + ", which does not exist,"
          + " and this login may not create it: the base schema " + s.logical + " must be provisioned (created,"
          + " empty) before the branch uses it.");
    }
    if (!s.draftExists) {
      create(s.draft, "Branch " + layout.branch + " needs its draft schema " + s.draft + ", which does not exist,"
          + " and this login may not create it: the draft schema " + s.draft + " must be provisioned (created, or"
          + " CREATE granted on it) before use.");
    }
  }

  private void create(String schema, String whenRefused) throws SQLException {
    try {
      if (layout.isDraft(schema)) {
        backend.createSchema(internal, schema, draftRole);
      } else {
        backend.createSchema(internal, schema);
      }
      binder.madeAvailable(schema);
    } catch (SQLException e) {
      if (backend.isPermissionDenied(e)) {
        throw SqlState.INSUFFICIENT_PRIVILEGE.exception(whenRefused + " The database said: " + e.getMessage(), e);
      }
      throw e;
    }
  }

  /** The text with every reference that binds to a draft naming the draft's physical table. */
  private String rewritten(String sql, List<TableRef> refs) throws SQLException {
    return Splicer.apply(sql, binder.physicalNames(refs));
  }

  private <T> T atomically(AutoTransaction.Work<T> work) throws SQLException {
    return AutoTransaction.run(internal, backend.transactionalDdl(), work);
  }

  /**
   * As {@link #atomically}, acting as the draft role where there is one and objects have owners (PostgreSQL, Branch
   * Resolution §8): the table, its sequences and types, and ~edge then belong to the role, so another member may drop and
   * re-declare them. {@code SET LOCAL} ends with the transaction; inside the session's own transaction the login
   * acts again right after the declaration.
   */
  private <T> T atomicallyAsDraftRole(AutoTransaction.Work<T> work) throws SQLException {
    String role = draftRole;
    String actAs = role == null ? null : backend.actAsRole(role);
    if (actAs == null) {
      return atomically(work);
    }
    boolean ownTransaction = internal.getAutoCommit();
    return AutoTransaction.run(internal, true, () -> {
      execute(actAs);
      T result = work.run();
      if (!ownTransaction) {
        execute(backend.actAsLogin());
      }
      return result;
    });
  }

  private void execute(String sql) throws SQLException {
    try (java.sql.Statement s = internal.createStatement()) {
      s.execute(sql);
    }
  }
}

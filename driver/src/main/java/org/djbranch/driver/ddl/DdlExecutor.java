package org.djbranch.driver.ddl;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.edges.Activity;
import org.djbranch.driver.edges.Copies;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.jdbc.ServerCalls.SqlAction;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.rewriter.RoutineBodies;

/**
 * The one place a DDL plan is carried out: the schemas it needs, the transaction, the draft role, the order of the
 * statement and its {@code ~edge} rows (and where DDL is not transactional, MySQL, putting rows back when the
 * statement is refused), the layout once it ran, and a declaration that lost a conflict run again.
 *
 * <p>A declaration converges on re-run (Branch Resolution §8): schemas are created idempotently first, then — in one
 * transaction where the database makes DDL transactional — the {@code ~edge} rows and the table.
 */
final class DdlExecutor {
  /** How often a declaration that lost a conflict to a concurrent one is tried in all. */
  private static final int CONFLICT_ATTEMPTS = 8;

  private final DdlContext ddl;
  private final Connection internal;
  private final ConnectionLayout layout;
  private final Backend backend;
  private final Edges edges;
  private final Copies copies;
  private final Activity activity;
  /** The role every declaration into a draft acts as (Branch Resolution §8, draft ownership on PostgreSQL), or null. */
  private final String draftRole;
  /** The warning of the declaration that ran last, when it was answered without DDL; see {@link #takeWarning()}. */
  private SQLWarning warning;

  DdlExecutor(DdlContext ddl, String draftRole) {
    this.ddl = ddl;
    this.internal = ddl.internal;
    this.layout = ddl.layout;
    this.backend = ddl.backend;
    this.edges = ddl.edges;
    this.copies = new Copies(backend);
    this.activity = new Activity(backend);
    this.draftRole = draftRole;
  }

  /** Makes the plan of a statement; planned again for each attempt, since a lost conflict may change what binds. */
  @FunctionalInterface
  interface Planner {
    DdlPlan plan() throws SQLException;
  }

  /**
   * Plans and runs a statement. One that lost a conflict with a concurrent declaration (a deadlock, a Galera
   * certification conflict on ~edge rows) is run again, since it converges on re-run — only in autocommit, where
   * no transaction of the application's was lost with it. One that the server refuses as read only (a hot
   * standby) fails saying where to declare instead.
   */
  <S, T> T run(Planner planner, S target, SqlAction<S, T> action) throws SQLException {
    // what the branch declared (a type, a sequence) is usable by what it declares next, named as the pipeline's would
    // be: a draft made since the path was set (by another connection of the branch) joins it first
    ddl.binder.keepDraftsOnPath();
    try {
      T result = retryingConflicts(() -> execute(planner.plan(), target, action));
      ddl.binder.keepDraftsOnPath(); // a draft this statement made, for the statements that follow
      ddl.binder.objectsChanged();
      return result;
    } catch (BranchSqlException ours) {
      throw ours;
    } catch (SQLException e) {
      String advice = backend.readOnlyAdvice(internal, e);
      if (advice != null) {
        throw SqlState.READ_ONLY_SQL_TRANSACTION.exception("Branch " + ddl.branch + " cannot declare here. " + advice
            + " The database said: " + e.getMessage(), e);
      }
      throw e;
    }
  }

  /** The warning of the last declaration, once: it bound to what the pipeline holds, and no DDL ran. */
  SQLWarning takeWarning() {
    SQLWarning w = warning;
    if (w != null) {
      warning = null;   // asked after every statement: a store only when there was one
    }
    return w;
  }

  private <S, T> T execute(DdlPlan plan, S target, SqlAction<S, T> action) throws SQLException {
    if (plan.schemas() != null) {
      ensureSchemas(plan.schemas());
    }
    if (plan.edgeTable() != null && !plan.edgeTable().edgeTableExists) {
      edges.ensureTable(internal, plan.edgeTable().draft);
    }
    AutoTransaction.Work<T> send = () -> action.apply(target, plan.text());
    T result = switch (plan.mode()) {
      case SEND -> send.run();
      case AS_DRAFT_ROLE -> draftRole == null ? send.run() : atomicallyAsDraftRole(send);
      case DECLARE, EDGE_CHANGE -> {
        // ~edge rows are djbranch's: the application's next DDL answers as on trunk
        Backend.RowChanges kept = backend.rowChanges(internal);
        T done = plan.mode() == DdlPlan.Mode.DECLARE ? declare(plan, send)
            : withEdgeChanges(plan.drafts(), plan.change(), send);
        backend.restoreRowChanges(internal, kept);
        yield done;
      }
    };
    for (DdlPlan.LayoutChange change : plan.layoutChanges()) {
      if (change.update() == null) {
        layout.refresh(internal, change.logical());
      } else {
        layout.update(change.logical(), change.update());
      }
    }
    if (plan.warning() != null) {
      warning = new SQLWarning(plan.warning(), "01000");
    }
    if (plan.temporary() != null) {
      layout.createdTemporary(plan.temporary());
    }
    return result;
  }

  /**
   * The draft table's text, then its ~edge rows, as the draft role where there is one: in one transaction where DDL
   * is transactional; where it is not (MySQL), a table the database refuses leaves no rows behind, and one
   * interrupted before its rows gets them when the declaration runs again.
   */
  private <T> T declare(DdlPlan plan, AutoTransaction.Work<T> send) throws SQLException {
    boolean together = backend.transactionalDdl();
    SchemaLayout schema = plan.declared().schema();
    edges.refuseWhatAPeerCannotHold(internal, schema.draft, plan.rows()); // before a DDL that would stay (MySQL)
    T result = atomicallyAsDraftRole(() -> {
      backend.serializeDeclarations(internal, schema.draft);
      T declared = send.run();
      if (together) {
        writeEdges(plan);
        stampActivity(schema);
      }
      return declared;
    });
    if (!together) {
      // The table is there once its statement ran; where writing its rows loses a conflict (on Galera a concurrent
      // declaration's DDL on ~edge aborts them) only they are written again: the table would already exist.
      retryingConflicts(() -> atomicallyAsDraftRole(() -> {
        writeEdges(plan);
        stampActivity(schema);
        return null;
      }));
    }
    return result;
  }

  private void writeEdges(DdlPlan plan) throws SQLException {
    SchemaLayout schema = plan.declared().schema();
    if (!schema.edgeTableExists) {
      edges.ensureTable(internal, schema.draft);
    }
    if (plan.rows().isEmpty() && !edges.hasKeysOf(schema.edges, plan.declared().draftPhysical())) {
      // Nothing to write and nothing to replace: no row change, which would also reset what SQLite reports as the
      // rows the application's last statement changed.
      return;
    }
    edges.replace(internal, schema.draft, plan.declared().draftPhysical(), plan.rows());
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

  /** A table a statement changes, as {@code ~copy} names it: its draft, and its name there as stored. */
  record ChangedName(String draft, String table) {
  }

  /**
   * Runs {@code statement} on the branch's own copies of the pipeline tables it changes: each of {@code tables} is
   * copied into its draft first ({@link #copy}), then the statement runs, then {@code change} (the statement with
   * logical names) is recorded against each of {@code changed} (those copied now, and copies made before) for a
   * merge to replay. Where DDL is transactional all of it
   * is one transaction (the application's, or one of its own in autocommit), so a statement that fails leaves no
   * copy; where it is not (MySQL), each step stands once made and a re-run finds the copy made. {@code large}: a
   * table is past {@code Backend.rowsCommittedFirstPast} rows.
   */
  <T> T copyingFirst(List<Resolved> tables, boolean rows, boolean large, List<ChangedName> changed, String change,
      AutoTransaction.Work<T> statement) throws SQLException {
    boolean own = backend.transactionalDdl() && internal.getAutoCommit();
    if (own) {
      internal.setAutoCommit(false);
    }
    // In a transaction of its own, a copy of a large table may commit its rows before its indexes (DuckDB): then the
    // statement's failure leaves rows behind, dropped again below.
    boolean rowsFirst = own && rows && large;
    // the copy's rows and records are djbranch's: the statement, and the application's next, answer as on trunk
    Backend.RowChanges kept = backend.rowChanges(internal);
    // the drafts whose ~copy this statement made sure of: each made once, not before every record
    java.util.Set<String> copyTables = new java.util.HashSet<>();
    try {
      for (Resolved r : tables) {
        copy(r, rows, rowsFirst, copyTables);
      }
      backend.restoreRowChanges(internal, kept);
      T result = statement.run();
      AutoTransaction.run(internal, backend.transactionalDdl(), () -> {
        for (ChangedName n : changed) {
          copies.append(internal, n.draft(), n.table(), Copies.Kind.CHANGE, change,
              copyTables.add(backend.key(n.draft(), true)));
        }
        return null;
      });
      backend.restoreRowChanges(internal, kept);
      if (own) {
        internal.commit();
        internal.setAutoCommit(true);
        own = false;
        layout.committed();
      }
      return result;
    } catch (SQLException | RuntimeException e) {
      if (own) {
        try {
          internal.rollback();
          layout.rolledBack();
        } catch (SQLException notRolledBack) {
          e.addSuppressed(notRolledBack);
        }
        if (rowsFirst) {
          dropUnfinished(tables, e);
        }
      }
      throw e;
    } finally {
      if (own) {
        internal.setAutoCommit(true);
      }
    }
  }

  /**
   * Copies pipeline table {@code r} into its draft under the same name: declaration, rows (where {@code rows}: not for
   * a table about to be emptied or dropped) and counters ({@code PhysicalCatalog.copyTable}); its foreign keys
   * become the copy's ~edge rows, symbolic keys that named it as a parent now name the copy, and {@code ~copy}
   * records it, so from now on the name binds to the draft for every connection of the branch. As the draft role.
   */
  void copy(Resolved r, boolean rows) throws SQLException {
    copy(r, rows, false, new java.util.HashSet<>());
  }

  /**
   * Copies {@code r} as {@link #copy(Resolved, boolean)}; {@code rowsFirst}: in a transaction of djbranch's own, the
   * table and its rows commit first, marked unfinished in {@code ~copy}, and its keys, indexes and records follow in
   * the transaction that goes on ({@code Backend.rowsCommittedFirstPast}). {@code copyTables}: the drafts (by key)
   * whose {@code ~copy} the statement made sure of already; this copy's draft is added.
   */
  private void copy(Resolved r, boolean rows, boolean rowsFirst, java.util.Set<String> copyTables)
      throws SQLException {
    SchemaLayout s = r.schema();
    ensureSchemas(s);
    ddl.binder.makeAvailable(s.draft);
    List<SchemaLayout> withEdges = layout.activateDraftsWithEdges(internal);
    Edges.Change repoint = edges.tableRenamed(r.physical(), r.draftPhysical());
    // Another draft may hold the table's keys as a child already (written when its parent there was copied): the
    // copy's own ~edge holds them from now on, so they go from there.
    Edges.Change elsewhere = edges.tablesDropped(List.of(r.physical()), false).andThen(repoint);
    Backend.KeysAround around = backend.keysAround(internal, s.logical, r.table()); // both ways in one read where it can
    List<Edges.Edge> keys = repoint.apply(keysOf(r, around.own())); // a key of the table to itself names the copy
    List<Edges.Edge> inbound = inboundKeysOf(r, around.referencing());
    String draftKey = backend.key(s.draft, true);
    if (s.draftTables.contains(backend.key(Copies.TABLE, true))) {
      copyTables.add(draftKey); // listed: ~copy is there to append to (as ~activity's stamp trusts its listing)
    }
    boolean edgeTable = s.edgeTableExists || withEdges.stream().anyMatch(d -> d.draft.equals(s.draft));
    boolean writesEdges = !keys.isEmpty() || !inbound.isEmpty() || edgeTable;
    if (!backend.transactionalDdl()) {
      // Each step below commits on its own: ~copy says first that a copy began, so that one interrupted before
      // its end is made again at the next attempt (PipelineChanges.refuseUncopyable) rather than refused.
      atomicallyAsDraftRole(() -> {
        copies.append(internal, s.draft, r.table(), Copies.Kind.COPY, Copies.UNFINISHED, copyTables.add(draftKey));
        return null;
      });
    }
    atomicallyAsDraftRole(() -> {
      backend.serializeDeclarations(internal, s.draft);
      if (rowsFirst) {
        copies.append(internal, s.draft, r.table(), Copies.Kind.COPY, Copies.UNFINISHED, copyTables.add(draftKey));
      }
      if (backend.leavesUnfinishedCopies() && s.draftTables.contains(r.key())) {
        execute("DROP TABLE IF EXISTS " + backend.quote(s.draft, r.table())); // what the interrupted copy left
      }
      long copied = backend.catalog().copyTable(internal, s.logical, r.table(), s.draft, rows,
          declaration -> refuseWritingDefaults(r, declaration), !rowsFirst ? () -> { } : () -> {
            internal.commit();
            layout.committed();
          });
      // Keys naming the table now name the copy; then the copy's own keys replace whatever rows name it as a child
      // (those a copy of its parent wrote for it while it was the pipeline's).
      for (SchemaLayout d : withEdges) {
        edges.change(internal, d.draft, d.draft.equals(s.draft) ? repoint : elsewhere);
      }
      if (writesEdges) {
        edges.ensureTable(internal, s.draft);
        edges.replace(internal, s.draft, r.draftPhysical(), keys);
        edges.add(internal, s.draft, inbound);
      }
      copies.append(internal, s.draft, r.table(), Copies.Kind.COPY, String.valueOf(copied),
          copyTables.add(draftKey));
      stampActivity(s);
      return null;
    });
    for (SchemaLayout d : withEdges) {
      Edges.Change change = d.draft.equals(s.draft) ? repoint : elsewhere;
      layout.update(d.logical, current -> current.withEdgeRows(change.apply(current.edges)));
    }
    layout.update(s.logical, current -> {
      SchemaLayout declared = current.withDeclared(r.key(), r.table(), r.draftPhysical(), keys, writesEdges)
          .withOwnTable(r.key(), r.table());
      List<Edges.Edge> all = new ArrayList<>(declared.edges);
      all.addAll(inbound);
      return inbound.isEmpty() ? declared : declared.withEdgeRows(all);
    });
  }

  /**
   * Refuses the copy of {@code r} whose declaration calls a routine of the pipeline that may write (a default such as
   * {@code DEFAULT s.next_code()} drawing from a counter table, or a check): every row the branch wrote into the
   * copy would run it on trunk's tables. Nothing of the copy has run yet.
   */
  private void refuseWritingDefaults(Resolved r, String declaration) throws SQLException {
    String called = RoutineBodies.firstCall(declaration, backend.dialect(), layout.snapshot().writingRoutines());
    if (called != null) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("Branch " + layout.branch + " cannot copy "
          + r.logicalName() + " into its draft to change it: a default or check of it calls " + called + "(), a"
          + " routine of the pipeline whose body writes, so every row the branch wrote into the copy would change"
          + " trunk's tables as the routine names them. Nothing was copied. Make the change on trunk, or connect"
          + " with pipelineWrites=pass and pipelineChanges=refuse to leave the table trunk's.");
    }
  }

  /**
   * Copies pipeline sequence {@code name} of {@code s} into its draft under the same name, standing where trunk's
   * stands ({@code PhysicalCatalog.copySequence}): from now on the branch's sequence functions move the copy, as
   * they do a copied table's own. As the draft role, in the statement's transaction.
   */
  void copySequence(SchemaLayout s, String name) throws SQLException {
    ensureSchemas(s);
    ddl.binder.makeAvailable(s.draft);
    atomicallyAsDraftRole(() -> {
      backend.serializeDeclarations(internal, s.draft);
      // another connection of the branch may have copied it while this one waited for the draft
      if (!backend.holdsObject(internal, s.draft, "SEQUENCE", name)) {
        backend.catalog().copySequence(internal, s.logical, name, s.draft);
        stampActivity(s);
      }
      return null;
    });
    ddl.binder.objectsChanged();
  }

  /**
   * Table {@code schema.table}, declared like a pipeline table of {@code source}'s schema with its defaults, draws
   * from the branch's copies of that schema's sequences where it drew from trunk's: the copies made first
   * ({@link #copySequence}), then the defaults moved, as the draft role where the table is the draft's ({@code
   * schema} null: the session's own temporary table, which its login owns). False where the database cannot.
   */
  boolean drawFromCopies(String schema, String table, SchemaLayout source) throws SQLException {
    PhysicalCatalog.DefaultsMove move = backend.catalog().movedDefaults(internal, schema, table, source.logical,
        source.draft);
    if (move == null) {
      return false;
    }
    for (String sequence : move.sequences()) {
      copySequence(source, sequence);
    }
    AutoTransaction.Work<Void> alter = () -> {
      for (String sql : move.statements()) {
        execute(sql);
      }
      return null;
    };
    if (schema == null) {
      atomically(alter);
    } else {
      atomicallyAsDraftRole(alter);
    }
    return true;
  }

  /**
   * After a failed statement whose copies committed their rows first: the copies go again (each is still marked
   * unfinished, so the branch reads trunk's table either way), and the layout lists their schemas anew. What cannot
   * be dropped now is dropped by the next copy of the table.
   */
  private void dropUnfinished(List<Resolved> tables, Exception failure) {
    for (Resolved r : tables) {
      try {
        execute("DROP TABLE IF EXISTS " + backend.quote(r.schema().draft, r.table()));
        internal.commit();
        layout.refresh(internal, r.schema().logical);
      } catch (SQLException notDropped) {
        failure.addSuppressed(notDropped);
      }
    }
  }

  /**
   * The foreign keys other pipeline tables hold to {@code r} — of its schema or of any other — as ~edge rows of its
   * draft naming the copy as parent: so the branch's deletes and key changes of its copy honour them as trunk's
   * would (a child an action writes is copied first, by the referential actions). One metadata read. A child the
   * branch has its own copy of already holds its keys in its own draft's ~edge, and a draft table holds no real
   * key. {@code referencing}: the keys the catalog holds to it.
   */
  private List<Edges.Edge> inboundKeysOf(Resolved r, List<Backend.ReferencingKey> referencing) throws SQLException {
    List<Edges.Edge> rows = new ArrayList<>();
    SchemaLayout s = r.schema();
    java.util.Map<String, java.util.Set<String>> takenByChild = new java.util.HashMap<>();
    for (Backend.ReferencingKey k : referencing) {
      String childSchema = k.childSchema();
      String child = k.childTable();
      String childKey = backend.key(child, true);
      boolean sameSchema = backend.key(childSchema, true).equals(backend.key(s.logical, true));
      if (sameSchema && childKey.equals(r.key()) || layout.isDraft(childSchema) || backend.isSystemSchema(childSchema)
          || org.djbranch.driver.naming.HiddenTables.isHidden(child) || layout.isBranchLocal(child)) {
        continue;
      }
      SchemaLayout childLayout = sameSchema ? s : layout.activate(internal, childSchema);
      if (childLayout.ownTables.contains(childKey)) {
        continue;
      }
      Backend.LiveForeignKey fk = k.key();
      String name = keyName(fk, child, takenByChild.computeIfAbsent(childKey, c -> new java.util.HashSet<>()));
      for (int i = 0; i < fk.columns().size(); i++) {
        rows.add(new Edges.Edge(name, backend.quote(childLayout.logical, child), r.draftPhysical(),
            fk.columns().get(i), fk.parentColumns().get(i), i + 1, Edges.ruleOf(fk.updateRule()),
            Edges.ruleOf(fk.deleteRule())));
      }
    }
    return rows;
  }

  /**
   * The name of a live foreign key of {@code table} as ~edge holds it: its own, or for a key the catalog lists unnamed
   * (SQLite's {@code a INT REFERENCES p}) the one PostgreSQL would give it, unique among {@code taken} (the table's
   * names so far, added to), since ~edge tells one key of a table from another by name.
   */
  private static String keyName(Backend.LiveForeignKey fk, String table, java.util.Set<String> taken) {
    String name = fk.name() == null || fk.name().isEmpty() ? SymbolicKeys.generatedName(table, fk.columns(), taken)
        : fk.name();
    taken.add(name.toLowerCase(java.util.Locale.ROOT));
    return name;
  }

  /**
   * The foreign keys of pipeline table {@code r} ({@code own}, as the catalog holds them), as its copy's ~edge rows:
   * parents named where they bind now.
   */
  private List<Edges.Edge> keysOf(Resolved r, List<Backend.LiveForeignKey> own) throws SQLException {
    List<Edges.Edge> rows = new ArrayList<>();
    java.util.Set<String> taken = new java.util.HashSet<>();
    for (Backend.LiveForeignKey fk : own) {
      String name = keyName(fk, r.table(), taken);
      String parentSchema = fk.parentSchema() != null ? fk.parentSchema() : r.schema().logical;
      Resolved parent = ddl.binder.resolve(new org.djbranch.rewriter.TableRef(parentSchema, fk.parentTable(), true,
          0, 0, org.djbranch.rewriter.TableRef.Role.REFERENCE));
      String parentName = parent != null ? parent.physical() : backend.quote(parentSchema, fk.parentTable());
      for (int i = 0; i < fk.columns().size(); i++) {
        rows.add(new Edges.Edge(name, r.draftPhysical(), parentName, fk.columns().get(i),
            fk.parentColumns().get(i), i + 1, Edges.ruleOf(fk.updateRule()), Edges.ruleOf(fk.deleteRule())));
      }
    }
    return rows;
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
      create(s.logical, "Branch " + ddl.branch + " declares into schema " + s.logical + ", which does not exist,"
          + " and this login may not create it: the base schema " + s.logical + " must be provisioned (created,"
          + " empty) before the branch uses it.");
    }
    if (!s.draftExists) {
      create(s.draft, "Branch " + ddl.branch + " needs its draft schema " + s.draft + ", which does not exist,"
          + " and this login may not create it: the draft schema " + s.draft + " must be provisioned (created, or"
          + " CREATE granted on it) before use.");
    }
    if (!s.logicalExists) {
      // the base is the branch's own: dropping the branch may remove it while it is empty, never a schema trunk made
      Backend.RowChanges kept = backend.rowChanges(internal);
      atomicallyAsDraftRole(() -> {
        activity.markBaseMade(internal, s.draft, java.time.Instant.now());
        return null;
      });
      backend.restoreRowChanges(internal, kept);
    }
  }

  private void create(String schema, String whenRefused) throws SQLException {
    try {
      if (layout.isDraft(schema)) {
        backend.createSchema(internal, schema, draftRole);
      } else {
        backend.createSchema(internal, schema);
      }
      ddl.binder.madeAvailable(schema);
    } catch (SQLException e) {
      if (backend.isPermissionDenied(e)) {
        throw SqlState.INSUFFICIENT_PRIVILEGE.exception(whenRefused + " The database said: " + e.getMessage(), e);
      }
      throw e;
    }
  }

  /**
   * Records that the draft was declared into now, for {@code prune --idle-days}, where the catalog does not date
   * it already (PostgreSQL, DuckDB): at most once an hour per draft in this process ({@link Activity#EVERY}), so
   * that a declaration costs a round trip more only then. Inside the declaration's transaction, as the draft role:
   * a rolled back declaration leaves the stamp as it was, and the stamp's table belongs to whoever owns the draft's
   * tables.
   */
  private void stampActivity(SchemaLayout s) throws SQLException {
    java.time.Instant now = java.time.Instant.now();
    if (!backend.catalog().clocksDrafts() && layout.stampDue(s.draft, now, Activity.EVERY)) {
      activity.stamp(internal, s.draft, now, s.draftTables.contains(backend.key(Activity.TABLE, true)));
    }
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
    String actAs = draftRole == null ? null : backend.actAsRole(draftRole);
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

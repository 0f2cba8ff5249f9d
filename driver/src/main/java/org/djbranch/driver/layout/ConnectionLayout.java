package org.djbranch.driver.layout;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.rewriter.PlanCache;
import org.djbranch.rewriter.ShapeKey;

/**
 * The branch layout as one connection sees it: what committed ({@link BranchLayout}, shared by the process), and
 * over it what this connection declared in its open transaction and has not committed. The database shows a
 * transaction's declarations to that transaction alone, so does the layout: the connection binds its new draft
 * table at its next statement, every other connection goes on binding what committed, and the declarations reach
 * the shared layout when the transaction commits (by {@code commit()}, {@code setAutoCommit(true)} or a
 * {@code COMMIT} text) and are dropped when it rolls back — to a savepoint, back to what was declared before it.
 * Where DDL commits by itself (MySQL), a declaration is committed when it runs and is shared at once.
 *
 * <p>What is held is the changes themselves (functions of a schema's layout, as {@link BranchLayout#update} takes
 * them), not copies: this connection sees the other connections' committed changes under its own, and at commit
 * its changes are applied to whatever is current then, so that neither loses the other's. A schema listed again
 * inside the transaction is listed for this connection alone, since the listing sees its uncommitted declarations.
 *
 * <p>Used by one thread at a time, as its connection is.
 */
public final class ConnectionLayout {
  public final String branch;
  public final Backend backend;
  /** The draft-name function of this branch. */
  public final DraftNames drafts;
  private final BranchLayout shared;
  /** Says whether a statement commits on its own (not inside a transaction, however it was begun). */
  private final Connection internal;
  /** What this connection changed and did not commit, by schema key; replaced, never changed in place. */
  private Map<String, Pending> pending = Map.of();
  /**
   * Whether {@link #pending} holds anything: read by every statement ({@link #snapshot}), so kept beside the
   * reference to the shared layout rather than behind the map's own reference.
   */
  private boolean hasPending;
  /** The savepoints of the open transaction, oldest first, each with what was pending when it was set. */
  private final List<Mark> savepoints = new ArrayList<>();
  /** The last layout computed per schema with pending changes, and the snapshot computed over them. */
  private final Map<String, Merged> merged = new HashMap<>();
  private Snapshots snapshots;
  /** The lookup keys of the temporary tables this connection created: the session's own, in no pipeline schema. */
  private final java.util.Set<String> temporaryTables = new java.util.HashSet<>();

  public ConnectionLayout(BranchLayout shared, Connection internal) {
    this.shared = shared;
    this.internal = internal;
    this.branch = shared.branch;
    this.backend = shared.backend;
    this.drafts = shared.drafts;
  }

  /**
   * The changes of one schema this connection has not committed. {@code base} is a listing made inside the
   * transaction (or null: the shared layout is the base), which already shows the first {@code covered} changes.
   * {@code relist}: the listing showed something no recorded change explains (a RENAME, a dropped draft), so the
   * schema is listed again once the transaction is over.
   */
  private record Pending(String logical, SchemaLayout base, List<UnaryOperator<SchemaLayout>> changes, int covered,
      boolean relist) {
    Pending with(UnaryOperator<SchemaLayout> change) {
      List<UnaryOperator<SchemaLayout>> all = new ArrayList<>(changes);
      all.add(change);
      return new Pending(logical, base, List.copyOf(all), covered, relist);
    }
  }

  private record Mark(Object savepoint, Map<String, Pending> pending) {}

  private record Merged(SchemaLayout source, Pending pending, SchemaLayout layout) {}

  private record Snapshots(BranchLayout.Snapshot shared, Map<String, Pending> pending, BranchLayout.Snapshot view) {}

  /** Whether this connection holds declarations it has not committed. */
  public boolean hasPending() {
    return hasPending;
  }

  /** Whether this connection is inside a transaction: declarations are then held until it ends. */
  public boolean inTransaction() throws SQLException {
    return !internal.getAutoCommit();
  }

  // ---- reading: the shared layout, with this connection's pending changes over it ----

  /** What the lexer needs: the shared snapshot, or one of this connection's own while it has pending changes. */
  public BranchLayout.Snapshot snapshot() {
    BranchLayout.Snapshot committed = shared.snapshot();
    if (!hasPending) {
      return committed;
    }
    Snapshots s = snapshots;
    if (s == null || s.shared() != committed || s.pending() != pending) {
      s = new Snapshots(committed, pending, shared.snapshotOf(viewByKey()));
      snapshots = s;
    }
    return s.view();
  }

  /** The layout of an activated schema as this connection sees it, or null when none touched it yet. */
  public SchemaLayout get(String logical) {
    if (!hasPending) {
      return shared.get(logical);
    }
    String key = backend.key(logical, true);
    Pending p = pending.get(key);
    return p == null ? shared.get(logical) : merged(key, p);
  }

  /** As {@link BranchLayout#activate}: listed once per process, the first time any connection touches it. */
  public SchemaLayout activate(Connection internal, String logical) throws SQLException {
    SchemaLayout own = !hasPending ? null : get(logical);
    return own != null ? own : shared.activate(internal, logical);
  }

  /**
   * Lists the schema again, for when another process may have changed it. Outside a transaction the listing
   * becomes the shared layout's ({@link BranchLayout#refresh}). Inside one it is this connection's alone: it shows
   * the transaction's uncommitted declarations, which other connections must not see, and which a rollback must
   * take with it.
   */
  public SchemaLayout refresh(Connection internal, String logical) throws SQLException {
    if (!inTransaction()) {
      return shared.refresh(internal, logical);
    }
    SchemaLayout before = get(logical);
    SchemaLayout listed = shared.listNow(internal, logical);
    String key = backend.key(listed.logical, true);
    Pending p = pending.get(key);
    boolean unexplained = before != null && !before.sameAs(listed);
    List<UnaryOperator<SchemaLayout>> changes = p == null ? List.of() : p.changes();
    put(key, new Pending(listed.logical, listed, changes, changes.size(), unexplained || (p != null && p.relist())));
    return listed;
  }

  /**
   * Records a change this connection made. Outside a transaction, or where DDL commits by itself, it is committed
   * and goes to the shared layout at once; inside a transaction it is this connection's until the transaction ends.
   */
  public void update(String logical, UnaryOperator<SchemaLayout> change) throws SQLException {
    String key = backend.key(logical, true);
    Pending p = pending.get(key);
    if (!inTransaction() || !backend.transactionalDdl()) {
      shared.update(logical, change);
      if (p != null && p.base() != null) { // this connection's own listing shows it too
        put(key, new Pending(p.logical(), change.apply(p.base()), p.changes(), p.covered(), p.relist()));
      }
      return;
    }
    SchemaLayout current = get(logical);
    if (current != null) {
      put(key, p == null ? new Pending(current.logical, null, List.of(change), 0, false) : p.with(change));
    }
  }

  /** Every activated schema, as this connection sees it. */
  public List<SchemaLayout> activated() {
    return !hasPending ? shared.activated() : new ArrayList<>(viewByKey().values());
  }

  /** The activated schemas by key, this connection's pending changes over the shared layout's. */
  private Map<String, SchemaLayout> viewByKey() {
    Map<String, SchemaLayout> view = new HashMap<>(shared.schemasByKey());
    for (Map.Entry<String, Pending> e : pending.entrySet()) {
      SchemaLayout own = merged(e.getKey(), e.getValue());
      if (own != null) {
        view.put(e.getKey(), own);
      }
    }
    return view;
  }

  /** The symbolic foreign keys whose parent is {@code parentPhysical}, in every draft this connection sees. */
  public List<Edges.Edge> childrenOf(String parentPhysical) {
    return !hasPending ? shared.childrenOf(parentPhysical) : shared.childrenOf(parentPhysical, viewByKey());
  }

  /**
   * Every draft of this branch holding symbolic foreign keys now, as this connection sees it: one catalog query
   * (inside a transaction it sees the transaction's own new drafts), then a listing per draft not listed yet.
   */
  public List<SchemaLayout> activateDraftsWithEdges(Connection internal) throws SQLException {
    return shared.draftsWithEdges(internal, this::activate);
  }

  /** The tables of a system schema a search path puts first: the server's, the same for every connection. */
  public java.util.Set<String> systemTables(Connection internal, String schema) throws SQLException {
    return shared.systemTables(internal, schema);
  }

  public SchemaLayout.Binding bind(SchemaLayout s, String table) {
    return shared.bind(s, table);
  }

  public boolean isBranchLocal(String table) {
    return shared.isBranchLocal(table);
  }

  public boolean isDraft(String schema) {
    return shared.isDraft(schema);
  }

  /** This connection created a temporary table of lookup key {@code key}. */
  public void createdTemporary(String key) {
    temporaryTables.add(key);
  }

  /**
   * Whether an unqualified name of lookup key {@code key} may be a temporary table of this connection's: a write to
   * it then needs no look in the live catalog for a pipeline table trunk created since.
   */
  public boolean isTemporary(String key) {
    return !temporaryTables.isEmpty() && temporaryTables.contains(key);
  }

  /** As {@link BranchLayout#stampDue}: once per process and period, whichever connection declares. */
  public boolean stampDue(String draft, java.time.Instant now, java.time.Duration every) {
    return shared.stampDue(draft, now, every);
  }

  /** Splice plans, shared: a plan made under this connection's own snapshot carries a generation no other has. */
  public PlanCache<ShapeKey, StatementPlan> plans(String currentSchema) {
    return shared.plans(currentSchema);
  }

  // ---- the transaction's end ----

  /** The transaction committed: this connection's changes go to the shared layout, applied to what is current. */
  public void committed() throws SQLException {
    Map<String, Pending> done = ended();
    for (Pending p : done.values()) {
      if (!p.changes().isEmpty()) {
        shared.update(p.logical(), all(p.changes()));
      }
    }
    relist(done);
  }

  /**
   * The transaction rolled back: its changes are dropped. Where DDL commits by itself they had been shared
   * already, and stay, as the database keeps them. A schema marked to be listed again is listed either way: what
   * another process committed meanwhile did not roll back with this transaction.
   */
  public void rolledBack() throws SQLException {
    relist(ended());
  }

  /**
   * Lists the schema again once the open transaction is over: a statement of the transaction missed a table that
   * another process may have declared since the schema was listed. It cannot be listed now, since the failed
   * statement may have aborted the transaction (PostgreSQL), and what this transaction holds pending stays so.
   */
  public void relistWhenOver(String logical) {
    String key = backend.key(logical, true);
    Pending p = pending.get(key);
    put(key, p == null ? new Pending(logical, null, List.of(), 0, true)
        : new Pending(p.logical(), p.base(), p.changes(), p.covered(), true));
  }

  /** A savepoint was set; {@code savepoint} is the JDBC object, or the key of the name a text gave it. */
  public void savepoint(Object savepoint) {
    savepoints.add(new Mark(savepoint, pending));
  }

  /**
   * The transaction went back to a savepoint, which stays: what was declared after it is dropped, what was
   * declared before it stays pending. A savepoint this connection did not see set (a name a text gave it through
   * another route) leaves only the database able to say what is left.
   */
  public void rolledBackTo(Object savepoint) throws SQLException {
    int at = indexOf(savepoint);
    if (at < 0) {
      uncertain();
      return;
    }
    savepoints.subList(at + 1, savepoints.size()).clear();
    if (backend.transactionalDdl()) {
      Map<String, Pending> after = pending;
      put(savepoints.get(at).pending());
      for (Pending p : after.values()) {
        if (p.relist()) {
          relistWhenOver(p.logical());   // what another process committed did not go back with the savepoint
        }
      }
    }
  }

  /** A savepoint was released, with every one set after it; what was declared stays pending. */
  public void released(Object savepoint) {
    int at = indexOf(savepoint);
    if (at >= 0) {
      savepoints.subList(at, savepoints.size()).clear();
    }
  }

  /**
   * The database undid some of this transaction's work, but what is not known (a text of several statements that
   * failed part way, a savepoint set by another route): each schema with pending changes is listed again — inside
   * the transaction for this connection alone, and once more when it ends; outside one for all.
   */
  public void uncertain() throws SQLException {
    if (!inTransaction()) {
      Map<String, Pending> done = ended();
      for (Pending p : done.values()) {
        if (shared.get(p.logical()) != null) {
          shared.refresh(internal, p.logical());
        }
      }
      return;
    }
    for (Map.Entry<String, Pending> e : new ArrayList<>(pending.entrySet())) {
      String logical = e.getValue().logical();
      put(e.getKey(), new Pending(logical, shared.listNow(internal, logical), List.of(), 0, true));
    }
  }

  private Map<String, Pending> ended() {
    Map<String, Pending> done = pending;
    put(Map.of());
    savepoints.clear();
    return done;
  }

  /** Lists again, now that the transaction is over, the schemas whose changes no recorded change explains. */
  private void relist(Map<String, Pending> done) throws SQLException {
    for (Pending p : done.values()) {
      if (p.relist() && shared.get(p.logical()) != null) {
        shared.refresh(internal, p.logical());
      }
    }
  }

  private int indexOf(Object savepoint) {
    for (int i = savepoints.size() - 1; i >= 0; i--) {
      if (savepoints.get(i).savepoint().equals(savepoint)) {
        return i;
      }
    }
    return -1;
  }

  private static UnaryOperator<SchemaLayout> all(List<UnaryOperator<SchemaLayout>> changes) {
    return s -> {
      for (UnaryOperator<SchemaLayout> change : changes) {
        s = change.apply(s);
      }
      return s;
    };
  }

  private void put(String key, Pending p) {
    Map<String, Pending> next = new HashMap<>(pending);
    next.put(key, p);
    put(Map.copyOf(next));
  }

  private void put(Map<String, Pending> next) {
    pending = next;
    hasPending = !next.isEmpty();
    if (!hasPending) {
      merged.clear();
      snapshots = null;
    }
  }

  /** The pending changes over their base, computed once per base and changes. */
  private SchemaLayout merged(String key, Pending p) {
    SchemaLayout source = p.base() != null ? p.base() : shared.schemasByKey().get(key);
    if (source == null) {
      return null;
    }
    Merged m = merged.get(key);
    if (m == null || m.source() != source || m.pending() != p) {
      SchemaLayout layout = source;
      for (int i = p.covered(); i < p.changes().size(); i++) {
        layout = p.changes().get(i).apply(layout);
      }
      m = new Merged(source, p, layout);
      merged.put(key, m);
    }
    return m.layout();
  }
}

package org.djbranch.driver.layout;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.OwnStatement;
import org.djbranch.driver.edges.Copies;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.error.PrivilegeDenied;
import org.djbranch.driver.naming.BranchLocalTables;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.rewriter.NameSet;
import org.djbranch.rewriter.PlanCache;
import org.djbranch.rewriter.QualifiedNames;
import org.djbranch.rewriter.RoutineBodies;
import org.djbranch.rewriter.ShapeKey;

/**
 * Which tables live where, for one database and one branch, as committed: shared by every connection of the process
 * that works on them, so that a table one connection declares and commits is seen by the others at once. A logical
 * schema is listed once, the first time any connection touches it (one query, Branch Resolution §3.3); DDL through
 * the driver keeps it current. What a connection declares inside a transaction is held by its own
 * {@link ConnectionLayout} and reaches this layout only when the transaction commits.
 *
 * <p>Readers take the current {@link Snapshot} without locking; changes build a new one under the lock.
 */
public final class BranchLayout {
  private static final int PLAN_CACHE_SIZE = 2048;

  public final String branch;
  public final Backend backend;
  /** The draft-name function of this branch. */
  public final DraftNames drafts;
  private final Map<String, SchemaLayout> schemas = new ConcurrentHashMap<>();
  private final Map<String, PlanCache<ShapeKey, StatementPlan>> plans = new ConcurrentHashMap<>();
  private final Map<String, Set<String>> systemTables = new ConcurrentHashMap<>();
  /**
   * Where generations come from, for this layout's snapshots and for those of connections with uncommitted
   * declarations alike: no two views of the layout share one, so a splice plan cached under a generation is never
   * used under another view.
   */
  private final AtomicLong generations = new AtomicLong();
  private volatile Snapshot snapshot = new Snapshot(0, NameSet.EMPTY, NameSet.EMPTY, false, NameSet.EMPTY);
  /** This branch's drafts holding symbolic keys, found once per process; null until a connection found them. */
  private volatile FoundDrafts found;
  /** The lower-cased names of the pipeline's routines that may write ({@link #findRoutines}); null until found. */
  private volatile Set<String> writingRoutines;
  /** The bookkeeping tables this branch keeps its own copies of: the defaults, and what connections named. */
  private volatile BranchLocalTables branchLocal = BranchLocalTables.of(null);
  /** When this process last stamped each draft's activity ({@code edges.Activity}), by draft key. */
  private final Map<String, java.time.Instant> stamped = new ConcurrentHashMap<>();

  public BranchLayout(String branch, Backend backend) {
    this.branch = branch;
    this.backend = backend;
    // As the database stores it: with MySQL's lower_case_table_names=1 the draft of branch Ab is br_ab_<schema>.
    this.drafts = backend.draftNames(branch);
  }

  /**
   * What the lexer needs, consistent with one generation: the names that send a statement to analysis (draft
   * tables and the parents of symbolic foreign keys), and the qualifiers that need none (activated schemas and
   * the tables they hold; not their drafts, whose physical names are always analysed), and the names of the
   * pipeline's routines that may write ({@link #findRoutines}), which are analysed too.
   */
  public record Snapshot(long generation, NameSet analyzedNames, NameSet knownQualifiers, boolean hasEdges,
      NameSet writingRoutines) {}

  public Snapshot snapshot() {
    return snapshot;
  }

  /**
   * Whether a declaration into {@code draft} at {@code now} should stamp the draft's activity: the first in this
   * process, or the first {@code every} after the last stamp. Claims the stamp when it answers true.
   */
  public boolean stampDue(String draft, java.time.Instant now, java.time.Duration every) {
    boolean[] due = {false};
    stamped.compute(backend.key(draft, true), (k, last) -> {
      due[0] = last == null || !now.isBefore(last.plus(every));
      return due[0] ? now : last;
    });
    return due[0];
  }

  /** Adds the bookkeeping tables a connection names (property {@code branchLocalTables}). */
  public synchronized void addBranchLocal(BranchLocalTables tables) {
    BranchLocalTables all = branchLocal.with(tables);
    if (all != branchLocal) {
      branchLocal = all;
      publish();
    }
  }

  /** Whether {@code table} is a bookkeeping table this branch keeps its own copy of. */
  public boolean isBranchLocal(String table) {
    return branchLocal.contains(table);
  }

  /**
   * Where a table name binds in {@code s} (Branch Resolution §3.1), with the one deliberate exception: a bookkeeping
   * table the draft holds a copy of binds to the copy, though the pipeline holds the original.
   */
  public SchemaLayout.Binding bind(SchemaLayout s, String table) {
    String key = backend.key(table, true);
    if (isBranchLocal(table) && s.draftTables.contains(key)) {
      return SchemaLayout.Binding.DRAFT;
    }
    return s.bind(key);
  }

  /**
   * The draft schema of a logical one, as the database stores it: {@code br_<branch>_<schema>}; fails naming it
   * where it would not fit the identifier limit ({@link DraftNames#draftOf}).
   */
  public String draftOf(String logical) throws SQLException {
    return backend.stored(drafts.draftOf(logical), true);
  }

  /** Whether a schema name is one of this branch's drafts, written physically. */
  public boolean isDraft(String schema) {
    return drafts.isDraft(schema);
  }

  /** The layout of an activated schema, or null when no connection touched it yet. */
  public SchemaLayout get(String logical) {
    return schemas.get(backend.key(logical, true));
  }

  /**
   * The layout of a logical schema, listed with one query the first time; fails naming the schema when the
   * derived draft name would not fit the backend's identifier limit.
   */
  public SchemaLayout activate(Connection internal, String logical) throws SQLException {
    SchemaLayout known = get(logical);
    if (known != null) {
      return known;
    }
    logical = backend.stored(logical, true);
    SchemaLayout listed = list(internal, logical, draftOf(logical));
    synchronized (this) {
      SchemaLayout raced = get(logical);
      if (raced != null) {
        return raced;
      }
      schemas.put(backend.key(logical, true), listed);
      publish();
    }
    return listed;
  }

  /**
   * Lists the schema again, for when another process may have changed it. The listing is made under the lock that
   * {@link #update} takes, so an update another connection makes meanwhile is applied after it, never overwritten
   * by a listing that predates it. Only a listing made outside any transaction comes here: one made inside sees
   * that transaction's uncommitted declarations (or, in REPEATABLE READ, an older snapshot), and stays with its
   * connection ({@link ConnectionLayout#refresh}).
   */
  public synchronized SchemaLayout refresh(Connection internal, String logical) throws SQLException {
    SchemaLayout listed = listNow(internal, logical);
    schemas.put(backend.key(listed.logical, true), listed);
    publish();
    return listed;
  }

  /**
   * Lists every schema this process activated again, as a connection opens, and shares what changed: another
   * process may have declared into the branch, or copied a pipeline table into it, since they were listed (a copy
   * raises no error a statement could notice, as a missing table does). One query per activated schema (one more
   * each for ~edge and ~copy); nothing is published, and no cached plan is dropped, where nothing changed.
   */
  public void relistActivated(Connection internal) throws SQLException {
    for (SchemaLayout known : new ArrayList<>(schemas.values())) {
      synchronized (this) { // as refresh: an update another connection makes meanwhile is applied after it
        SchemaLayout listed = list(internal, known.logical, known.draft);
        if (!listed.sameAs(schemas.get(backend.key(known.logical, true)))) {
          schemas.put(backend.key(listed.logical, true), listed);
          publish();
        }
      }
    }
  }

  /**
   * The schema as {@code internal} sees it now (one query; one more each where the draft has ~edge, ~copy),
   * recorded nowhere.
   */
  SchemaLayout listNow(Connection internal, String logical) throws SQLException {
    SchemaLayout known = get(logical);
    if (known != null) {
      logical = known.logical; // as first listed: where names compare without case, one spelling for all
    } else {
      logical = backend.stored(logical, true);
    }
    return list(internal, logical, draftOf(logical));
  }

  /**
   * One query listing the logical schema and its draft; where the draft holds symbolic foreign keys, a second
   * reads them, since deletes from this branch honour them (Branch Resolution §5.2); where it holds its own versions
   * of pipeline tables ({@code ~copy}), another reads which.
   */
  private SchemaLayout list(Connection internal, String logical, String draft) throws SQLException {
    boolean hasEdges = false;
    boolean hasCopies = false;
    String stored = logical;
    boolean logicalExists = false;
    boolean draftExists = false;
    Map<String, String> logicalTables = new HashMap<>();
    Map<String, String> draftTables = new HashMap<>();
    try (OwnStatement listing = backend.own(internal, backend.listingSql(), logical, draft, logical, draft)) {
      String logicalKey = backend.key(logical, true);
      String draftKey = backend.key(draft, true);
      try (ResultSet rs = listing.query()) {
        while (rs.next()) {
          String schemaKey = backend.key(rs.getString(1), true);
          if (!schemaKey.equals(logicalKey) && !schemaKey.equals(draftKey)) {
            continue; // a catalog that matched the names without regard to case, where the database tells case apart
          }
          boolean inDraft = schemaKey.equals(draftKey);
          String table = rs.getString(2);
          if (table == null) {
            if (inDraft) {
              draftExists = true;
            } else {
              logicalExists = true;
              stored = rs.getString(1); // as the database stores it, where it compares schema names without case
            }
          } else if (inDraft && table.equals(Edges.TABLE)) {
            hasEdges = true;
          } else if (inDraft && table.equals(Copies.TABLE)) {
            hasCopies = true;
          } else {
            (inDraft ? draftTables : logicalTables).put(backend.key(table, true), table);
          }
        }
      }
    }
    List<Edges.Edge> edges;
    try {
      edges = hasEdges ? new Edges(backend).read(internal, draft) : List.of();
    } catch (SQLException e) {
      throw backend.isPermissionDenied(e) ? new PrivilegeDenied(e, draft, Edges.TABLE, "SELECT") : e;
    }
    Copies copies = new Copies(backend);
    Set<String> own = hasCopies ? copies.own(copies.read(internal, draft)) : Set.of();
    return new SchemaLayout(stored, draft, logicalExists, draftExists, logicalTables, draftTables, hasEdges, edges,
        own);
  }

  /**
   * The tables and views of a system schema that a search path puts ahead of the logical schemas (PostgreSQL's
   * {@code pg_catalog}), as lookup keys: an unqualified name they hold is theirs. Listed once (one query): they
   * change only with the server.
   */
  public Set<String> systemTables(Connection internal, String schema) throws SQLException {
    Set<String> known = systemTables.get(schema);
    if (known == null) {
      Set<String> keys = new HashSet<>();
      for (String table : backend.catalog().tables(internal, schema)) {
        keys.add(backend.key(table, true));
      }
      known = Set.copyOf(keys);
      systemTables.put(schema, known);
    }
    return known;
  }

  /**
   * Finds this branch's drafts that hold symbolic foreign keys, once per process (one catalog query, then each
   * one's ~edge), so that deletes honour them before any statement names their schemas (Branch Resolution §5.2).
   * Connections opening at once may each look; the first to finish is kept.
   */
  public void findDrafts(Connection internal) throws SQLException {
    if (found != null) {
      return;
    }
    FoundDrafts f = FoundDrafts.find(internal, backend, drafts);
    synchronized (this) {
      if (found == null) {
        found = f;
        publish();
      }
    }
  }

  /**
   * Finds the routines of the database that may write (their bodies read by {@code RoutineBodies}), once per
   * process: a statement of the branch calling one would change trunk's tables or sequences as the routine names
   * them, so the session refuses it. One catalog query; a routine declared on trunk later is found by a new process.
   */
  public void findRoutines(Connection internal) throws SQLException {
    if (writingRoutines != null) {
      return;
    }
    Set<String> found = Set.copyOf(RoutineBodies.writing(backend.catalog().routines(internal), backend.dialect()));
    synchronized (this) {
      if (writingRoutines == null) {
        writingRoutines = found;
        publish();
      }
    }
  }

  /** How a connection's view activates a schema: as this layout does, with its own pending changes over it. */
  @FunctionalInterface
  interface Activation {
    SchemaLayout activate(Connection internal, String logical) throws SQLException;
  }

  /**
   * Every draft of this branch that holds symbolic foreign keys now, each as {@code activation} gives it (listed
   * where it was not): what a change of a draft table's name or existence must carry into every draft whose keys
   * may name it. One catalog query, then one listing per draft not listed yet; asked by DDL only.
   */
  List<SchemaLayout> draftsWithEdges(Connection internal, Activation activation) throws SQLException {
    List<SchemaLayout> out = new ArrayList<>();
    for (DraftNames.Reading draft : FoundDrafts.ofThisBranch(internal, backend, drafts)) {
      SchemaLayout s = activation.activate(internal, draft.logical());
      if (s.edgeTableExists) {
        out.add(s);
      }
    }
    return out;
  }

  /**
   * The symbolic foreign keys of this branch, one list per draft: an activated schema's (of {@code activated}, by
   * key) as listed and declared since, every other draft's as found.
   */
  private List<List<Edges.Edge>> edgesByDraft(Map<String, SchemaLayout> activated) {
    List<List<Edges.Edge>> out = new ArrayList<>();
    for (SchemaLayout s : activated.values()) {
      out.add(s.edges);
    }
    FoundDrafts f = found == null ? FoundDrafts.NONE : found;
    f.edges.forEach((logical, edges) -> {
      if (!activated.containsKey(logical)) {
        out.add(edges);
      }
    });
    return out;
  }

  /**
   * Records a committed change made through the driver; every connection sees it at its next statement. A change is
   * a function of the schema's layout, applied to whatever is current when it is recorded, so that two
   * connections' changes (or a change and a listing) never overwrite one another.
   */
  public synchronized void update(String logical, UnaryOperator<SchemaLayout> change) {
    String key = backend.key(logical, true);
    SchemaLayout current = schemas.get(key);
    if (current != null) {
      schemas.put(key, change.apply(current));
      publish();
    }
  }

  /** All activated schemas. */
  public List<SchemaLayout> activated() {
    return new ArrayList<>(schemas.values());
  }

  /** Splice plans made under one search path ({@code Binder.pathKey}), since unqualified names resolve along it. */
  public PlanCache<ShapeKey, StatementPlan> plans(String searchPath) {
    return plans.computeIfAbsent(searchPath == null ? "" : searchPath, k -> new PlanCache<>(PLAN_CACHE_SIZE));
  }

  /** The symbolic foreign keys of any draft of this branch whose parent is {@code parentPhysical}. */
  public List<Edges.Edge> childrenOf(String parentPhysical) {
    return childrenOf(parentPhysical, schemas);
  }

  /** As {@link #childrenOf(String)}, with {@code activated} (by key) as the activated schemas' layouts. */
  List<Edges.Edge> childrenOf(String parentPhysical, Map<String, SchemaLayout> activated) {
    String parent = backend.key(parentPhysical, true);
    List<Edges.Edge> children = new ArrayList<>();
    for (List<Edges.Edge> draft : edgesByDraft(activated)) {
      for (Edges.Edge e : draft) {
        if (backend.key(e.referencedTable(), true).equals(parent)) {
          children.add(e);
        }
      }
    }
    return children;
  }

  private void publish() {
    snapshot = snapshotOf(schemas);
  }

  /** The activated schemas, by key; for a connection's view to lay its own over. */
  Map<String, SchemaLayout> schemasByKey() {
    return schemas;
  }

  /** What the lexer needs with {@code activated} (by key) as the activated schemas' layouts, under a new generation. */
  Snapshot snapshotOf(Map<String, SchemaLayout> activated) {
    List<String> analyzed = new ArrayList<>();
    List<String> qualifiers = new ArrayList<>();
    boolean edges = false;
    for (SchemaLayout s : activated.values()) {
      analyzed.addAll(s.draftTables);
      analyzed.addAll(s.ownTables); // a pipeline table the branch dropped is in no listing, and binds to the draft
      qualifiers.add(s.logical);
      // Not the draft: a statement naming it physically is analysed, since br_<b>_s.t binds as s.t would — in the
      // pipeline's s where s holds t.
      qualifiers.addAll(s.logicalTables);
    }
    for (List<Edges.Edge> draft : edgesByDraft(activated)) {
      edges |= !draft.isEmpty();
      for (Edges.Edge e : draft) {
        // A parent of a symbolic foreign key: its DELETE and UPDATE must be seen to honour the edge.
        List<String> parts = QualifiedNames.split(e.referencedTable(), backend.dialect());
        if (!parts.isEmpty()) {
          analyzed.add(parts.get(parts.size() - 1));
        }
      }
    }
    // A bookkeeping table is copied into the draft at its first touch: statements naming it need binding.
    analyzed.addAll(branchLocal.names());
    // A call of a routine that may write is refused (BranchSession): statements naming one are looked at.
    Set<String> routines = writingRoutines == null ? Set.of() : writingRoutines;
    analyzed.addAll(routines);
    // A pipeline table that a draft shadows is named like a draft table; the lexer may send it to analysis,
    // where binding decides. Over-approximating here costs a parse, never a wrong answer.
    return new Snapshot(generations.incrementAndGet(), NameSet.of(analyzed), NameSet.of(qualifiers), edges,
        NameSet.of(routines));
  }
}

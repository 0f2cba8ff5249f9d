package org.djbranch.driver.binding;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.Analyzer;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.Edit;
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
  private String currentSchema;
  /** Draft schemas this connection has made available, where schemas exist per connection (SQLite). */
  private final Set<String> available = new HashSet<>();

  public Binder(Connection internal, ConnectionLayout layout) {
    this.internal = internal;
    this.layout = layout;
    this.backend = layout.backend;
    this.dialect = backend.dialect();
  }

  public String currentSchema() {
    return currentSchema;
  }

  /**
   * Reads the session's current schema again (one round trip) and activates it. Where the session sits in this
   * branch's draft (after {@code USE br_<b>_s}, a search path starting with it), unqualified names are the logical
   * schema's.
   */
  public void readCurrentSchema() throws SQLException {
    String physical = backend.currentSchema(internal);
    currentSchema = physical == null || backend.isSystemSchema(physical) ? physical : logicalSchema(physical);
    if (currentSchema != null) {
      layout.activate(internal, currentSchema);
    }
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
    return quoted ? name : dialect.fold(name);
  }

  /** The schema a reference names, as stored, or the current schema for an unqualified one. */
  public String schemaOf(TableRef ref) {
    return ref.schema() != null ? stored(ref.schema(), ref.schemaQuoted()) : currentSchema;
  }

  /**
   * Where a reference binds, listing its schema the first time; null for references this branch never
   * rewrites (system schemas, unqualified names with no current schema). This branch's draft named physically
   * binds as its logical schema would; another branch's draft is refused.
   */
  public Resolved resolve(TableRef ref) throws SQLException {
    String schema = schemaOf(ref);
    if (schema == null || backend.isSystemSchema(schema)) {
      return null;
    }
    schema = logicalSchema(schema);
    SchemaLayout s = layout.activate(internal, schema);
    String table = stored(ref.name(), ref.quoted());
    SchemaLayout.Binding b = layout.bind(s, table);
    if (b == SchemaLayout.Binding.LOGICAL && layout.isBranchLocal(table)) {
      s = copyIn(s, table);
      b = SchemaLayout.Binding.DRAFT;
    }
    return new Resolved(s, table, b, backend);
  }

  /**
   * The branch's first touch of a bookkeeping table the pipeline holds: the table's declaration and its rows, as
   * trunk holds them now, are copied into the draft, which from then on is where the name binds on this branch
   * (README "Bookkeeping tables"). Where another process copied it first, the fresh listing says so.
   */
  private SchemaLayout copyIn(SchemaLayout s, String table) throws SQLException {
    if (!s.draftExists) {
      backend.createSchema(internal, s.draft);
      madeAvailable(s.draft);
    }
    makeAvailable(s.draft);
    try (Statement st = internal.createStatement()) {
      for (String ddl : backend.declareTable(internal, s.logical, table, s.draft, List.of())) {
        st.execute(ddl);
      }
      st.execute("INSERT INTO " + backend.quote(s.draft, table) + " SELECT * FROM " + backend.quote(s.logical, table));
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
    layout.update(s.logical, current -> current.withDraftTable(key));
    return layout.get(s.logical);
  }

  /**
   * As {@link #resolve}, against the live catalog: the reference's schema is listed again first (one query), so a
   * declaration binds to what exists now — a table another process or trunk created since — never to a stale
   * listing (Branch Resolution §3.1, one lookup per declaration). Inside a transaction the listing shows this
   * transaction's uncommitted declarations and stays this connection's ({@link ConnectionLayout#refresh}): another
   * connection's pending declarations are neither seen by it nor lost through it.
   */
  public Resolved resolveLive(TableRef ref) throws SQLException {
    String schema = schemaOf(ref);
    if (schema != null && !backend.isSystemSchema(schema)) {
      layout.refresh(internal, logicalSchema(schema));
    }
    return resolve(ref);
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
      }
    }
    return edits;
  }

  /**
   * The analysis of a statement, or null when it cannot be parsed but names no draft table (it then passes
   * through); one that names a draft table and cannot be parsed fails, since it cannot be rewritten safely.
   */
  public Analysis analyze(String sql, boolean namesDraft) throws SQLException {
    try {
      return Analyzer.analyze(sql, dialect);
    } catch (UnparsableStatementException e) {
      if (!namesDraft) {
        return null;
      }
      throw SqlState.SYNTAX_ERROR.exception("On branch " + layout.branch + " this statement names a draft table but"
          + " djbranch cannot parse it, so it cannot put the draft's physical names in: " + e.getMessage()
          + ". Statement: " + sql, e);
    }
  }

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

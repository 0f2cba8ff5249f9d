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
import org.djbranch.driver.layout.BranchLayout;
import org.djbranch.driver.layout.SchemaLayout;
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
  private final BranchLayout layout;
  private final Backend backend;
  private final Dialect dialect;
  private String currentSchema;
  /** Draft schemas this connection has made available, where schemas exist per connection (SQLite). */
  private final Set<String> available = new HashSet<>();

  public Binder(Connection internal, BranchLayout layout) {
    this.internal = internal;
    this.layout = layout;
    this.backend = layout.backend;
    this.dialect = backend.dialect();
  }

  public String currentSchema() {
    return currentSchema;
  }

  /** Reads the session's current schema again (one round trip) and activates it. */
  public void readCurrentSchema() throws SQLException {
    currentSchema = backend.currentSchema(internal);
    if (currentSchema != null) {
      layout.activate(internal, currentSchema);
    }
  }

  public BranchLayout layout() {
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
    return ref.schema() != null ? stored(ref.schema(), ref.quoted()) : currentSchema;
  }

  /**
   * Where a reference binds, listing its schema the first time; null for references this branch never
   * rewrites (system schemas, physical draft names, unqualified names with no current schema).
   */
  public Resolved resolve(TableRef ref) throws SQLException {
    String schema = schemaOf(ref);
    if (schema == null || backend.isSystemSchema(schema) || layout.isDraft(schema)) {
      return null;
    }
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
    layout.update(s.logical, current -> current.withDraftTable(key));
    return layout.get(s.logical);
  }

  /** The quoted physical name of a table as it stands in a rewritten statement, or null. */
  public String physicalOf(TableRef ref) throws SQLException {
    if (ref.schema() != null && layout.isDraft(ref.schema())) {
      return backend.quote(ref.schema(), stored(ref.name(), ref.quoted()));
    }
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

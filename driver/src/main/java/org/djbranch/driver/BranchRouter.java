package org.djbranch.driver;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.Analyzer;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.DmlShape;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.InlineParameters;
import org.djbranch.rewriter.Lexer;
import org.djbranch.rewriter.PlanCache;
import org.djbranch.rewriter.ShapeKey;
import org.djbranch.rewriter.SplicePlan;
import org.djbranch.rewriter.Splicer;
import org.djbranch.rewriter.StatementKind;
import org.djbranch.rewriter.TableRef;
import org.djbranch.rewriter.Tokens;
import org.djbranch.rewriter.UnparsableStatementException;

/**
 * The statements of one branch connection. One lexing pass decides: a statement naming no draft table and no
 * unknown qualifier, and not DDL, reaches the database untouched. Otherwise its splice plan — cached by shape and
 * layout generation — puts physical names in; DDL goes to {@link Declarations}.
 */
final class BranchRouter implements StatementRouter {
  private final BranchConnection internal;
  private final Backend backend;
  private final Dialect dialect;
  private final BranchLayout layout;
  private final Declarations declarations;
  private final ReferentialActions actions;
  private String currentSchema;
  /** Draft schemas this connection has made available, where schemas exist per connection (SQLite). */
  private final Set<String> available = new HashSet<>();
  /** Token arrays reused from statement to statement: a connection runs one statement at a time. */
  private final Tokens.Buffer tokenBuffer = new Tokens.Buffer();
  /** The last plan this connection used, the tokens it was made for, and the layout generation it was made under. */
  private Tokens lastTokens;
  private long lastGeneration = -1;
  private StatementPlan lastPlan;

  private BranchRouter(BranchConnection internal, BranchLayout layout) {
    this.internal = internal;
    this.backend = layout.backend;
    this.dialect = backend.dialect();
    this.layout = layout;
    this.declarations = new Declarations(internal, layout, this);
    this.actions = new ReferentialActions(internal, layout);
  }

  /** The router of a new branch connection: reads the current schema and activates it. */
  static BranchRouter open(BranchConnection internal, BranchLayout layout) throws SQLException {
    layout.backend.openBranch(internal, layout.branch);
    BranchRouter router = new BranchRouter(internal, layout);
    router.currentSchemaChanged();
    return router;
  }

  String currentSchema() {
    return currentSchema;
  }

  @Override
  public void currentSchemaChanged() throws SQLException {
    currentSchema = backend.currentSchema(internal);
    lastTokens = null;
    if (currentSchema != null) {
      layout.activate(internal, currentSchema);
    }
  }

  @Override
  public <S, T> T run(S target, String sql, SqlAction<S, T> action) throws SQLException {
    BranchLayout.Snapshot names = layout.snapshot();
    int flags = Lexer.scan(sql, dialect, names.analyzedNames(), names.knownQualifiers(), tokenBuffer);
    if ((flags & Lexer.DDL) != 0) {
      return declarations.run(target, sql, action, (flags & Lexer.DRAFT_NAME) != 0);
    }
    if ((flags & Lexer.SESSION) != 0) {
      // USE db, SET search_path, SET schema: unqualified names may resolve elsewhere from now on.
      T result = action.apply(target, sql);
      currentSchemaChanged();
      return result;
    }
    String text = sql;
    if (flags != 0) {
      Tokens tokens = tokenBuffer.tokens();
      StatementPlan plan = plan(sql, tokens, flags);
      text = plan.apply(sql, tokens);
      if (plan.deletesOrUpdates()) {
        return withReferentialActions(target, text, action);
      }
    }
    try {
      return action.apply(target, text);
    } catch (SQLException e) {
      String retry = afterStaleLayout(sql, text, e);
      if (retry == null) {
        throw e;
      }
      return action.apply(target, retry);
    }
  }

  /**
   * When the database says a table does not exist, another process may have declared it in the draft since this
   * process listed the schema. Lists the statement's schemas again and returns the statement to retry — only in
   * autocommit, where the failed statement had no effect and no transaction is spoiled — or null.
   */
  private String afterStaleLayout(String sql, String failed, SQLException e) throws SQLException {
    if (!backend.isUndefinedTable(e) || !internal.getAutoCommit()) {
      return null;
    }
    Analysis analysis;
    try {
      analysis = Analyzer.analyze(sql, dialect);
    } catch (UnparsableStatementException unparsable) {
      return null;
    }
    Set<String> schemas = new HashSet<>();
    for (TableRef ref : analysis.tables()) {
      String schema = ref.schema() != null ? stored(ref.schema(), ref.quoted()) : currentSchema;
      if (schema != null && !backend.isSystemSchema(schema) && schemas.add(schema)) {
        layout.refresh(internal, schema);
      }
    }
    String retry = Splicer.apply(sql, physicalNames(analysis.tables()));
    return retry.equals(failed) ? null : retry;
  }

  @Override
  public String prepare(String sql) throws SQLException {
    BranchLayout.Snapshot names = layout.snapshot();
    int flags = Lexer.scan(sql, dialect, names.analyzedNames(), names.knownQualifiers(), tokenBuffer);
    if (flags == 0) {
      return sql;
    }
    if ((flags & Lexer.DDL) != 0) {
      return declarations.prepare(sql, (flags & Lexer.DRAFT_NAME) != 0);
    }
    Tokens tokens = tokenBuffer.tokens();
    return plan(sql, tokens, flags).apply(sql, tokens);
  }

  /**
   * The plan of a statement's shape: parsed once per shape and layout generation. The last plan used is kept on
   * the connection with the tokens it was made for, since an application mostly repeats the statement it just ran
   * with other values: that case compares tokens in place and builds no key.
   */
  private StatementPlan plan(String sql, Tokens tokens, int flags) throws SQLException {
    long generation = layout.snapshot().generation();
    if (generation == lastGeneration && tokens.sameShape(lastTokens)) {
      return lastPlan;
    }
    PlanCache<ShapeKey, StatementPlan> cache = layout.plans(currentSchema);
    StatementPlan plan = cache.get(new ShapeKey(tokens.shape(), generation));
    if (plan == null) {
      Analysis analysis = analyze(sql, (flags & Lexer.DRAFT_NAME) != 0);
      Set<String> drafts = new HashSet<>();
      plan = analysis == null ? StatementPlan.UNCHANGED
          : new StatementPlan(SplicePlan.of(tokens, physicalNames(analysis.tables(), drafts)),
              analysis.kind() == StatementKind.DELETE || analysis.kind() == StatementKind.UPDATE, Set.copyOf(drafts));
      // Planning may have listed a schema, moving the generation on: store under the one planned against.
      generation = layout.snapshot().generation();
      cache.put(new ShapeKey(tokens.shape(), generation), plan);
    }
    lastGeneration = generation;
    lastTokens = tokens.copy();
    lastPlan = plan;
    // A plan made on another connection of the pool names drafts this connection may not have attached yet.
    if (!plan.drafts().isEmpty()) {
      for (String draft : plan.drafts()) {
        makeAvailable(draft);
      }
    }
    return plan;
  }

  /**
   * A DELETE or UPDATE whose target is the parent of symbolic foreign keys: the children are dealt with first,
   * as the stripped clauses said, in one transaction with the statement (spec 5.2).
   */
  private <S, T> T withReferentialActions(S target, String text, SqlAction<S, T> action) throws SQLException {
    if (!changesParentRows(text)) {
      return action.apply(target, text);
    }
    return AutoTransaction.run(internal, true, () -> {
      beforeRowChange(text);
      return action.apply(target, text);
    });
  }

  /** Whether a DELETE or UPDATE text targets the parent of symbolic foreign keys. */
  boolean changesParentRows(String text) throws SQLException {
    DmlShape shape = DmlShape.read(text, dialect);
    String parent = shape == null ? null : physicalOf(shape.target());
    return parent != null && actions.hasChildren(parent);
  }

  /**
   * A prepared DELETE or UPDATE of such a parent: for each execution (one, or each entry of a batch), the
   * actions run with that execution's parameter values inlined, then the statement, in one transaction.
   */
  <T> T changingParentRows(String text, List<Object[]> executions, AutoTransaction.Work<T> statement)
      throws SQLException {
    return AutoTransaction.run(internal, true, () -> {
      for (Object[] values : executions) {
        List<String> literals = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
          String literal = GuardedPreparedStatement.renderable(values[i]) ? backend.literal(values[i]) : null;
          if (literal == null) {
            throw SqlState.FEATURE_NOT_SUPPORTED.exception("Parameter " + (i + 1) + " of this statement is unset or"
                + " of a kind djbranch cannot write into the statements that honour branch " + layout.branch
                + "'s symbolic foreign keys; set it with setInt, setLong, setString, setObject or the like."
                + " Statement: " + text);
          }
          literals.add(literal);
        }
        beforeRowChange(InlineParameters.inline(text, dialect, literals));
      }
      return statement.run();
    });
  }

  /** Runs the referential actions a DELETE or UPDATE (with no parameters left) calls for. */
  private void beforeRowChange(String text) throws SQLException {
    DmlShape shape = DmlShape.read(text, dialect);
    String parent = physicalOf(shape.target());
    String rows = parent + (shape.alias() != null ? " " + backend.quote(shape.alias()) : "")
        + (shape.hasWhere() ? " WHERE " + text.substring(shape.whereStart(), shape.whereEnd()) : "");
    if (shape.delete()) {
      actions.beforeDelete(parent, rows);
    } else {
      Map<String, String> newValues = new HashMap<>();
      for (DmlShape.Assignment a : shape.assignments()) {
        newValues.put(a.column().toLowerCase(Locale.ROOT), text.substring(a.start(), a.end()));
      }
      actions.beforeUpdate(parent, rows, newValues);
    }
  }

  @Override
  public PreparedStatement wrapPrepared(BranchConnection connection, String text, PreparedStatement inner)
      throws SQLException {
    if (layout.hasEdges() && changesParentRows(text)) {
      return new GuardedPreparedStatement(connection, inner, this, text, InlineParameters.count(text, dialect));
    }
    return new BranchPreparedStatement<>(connection, inner);
  }

  /** The quoted physical name of a table as it stands in a rewritten statement, or null. */
  private String physicalOf(TableRef ref) throws SQLException {
    if (ref.schema() != null && layout.isDraft(ref.schema())) {
      return backend.quote(ref.schema(), stored(ref.name(), ref.quoted()));
    }
    Resolved r = resolve(ref);
    return r == null ? null : r.physical();
  }

  /**
   * The analysis of a statement, or null when it cannot be parsed but names no draft table (it then passes
   * through); one that names a draft table and cannot be parsed fails, since it cannot be rewritten safely.
   */
  Analysis analyze(String sql, boolean namesDraft) throws SQLException {
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

  /**
   * Edits naming the draft's physical table for every reference that binds to a draft. A column qualifier written
   * without a schema ({@code t.col}, {@code t.*}) stays as it is: the table's exposed name is {@code t} wherever it
   * lives, and SQLite accepts no {@code schema.t.*}.
   */
  List<Edit> physicalNames(List<TableRef> refs) throws SQLException {
    return physicalNames(refs, new HashSet<>());
  }

  /** As {@link #physicalNames(List)}, adding the draft schemas named to {@code drafts}. */
  private List<Edit> physicalNames(List<TableRef> refs, Set<String> drafts) throws SQLException {
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

  /** A schema this connection just created, and so has available. */
  void madeAvailable(String schema) {
    available.add(schema);
  }

  /**
   * Where schemas exist per connection (SQLite), attaches a draft this connection has not attached yet: another
   * connection of the process may have created it after this one opened.
   */
  void makeAvailable(String draft) throws SQLException {
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
   * Where a reference binds, listing its schema the first time; null for references this branch never
   * rewrites (system schemas, physical draft names, unqualified names with no current schema).
   */
  Resolved resolve(TableRef ref) throws SQLException {
    String schema = ref.schema() != null ? stored(ref.schema(), ref.quoted()) : currentSchema;
    if (schema == null || backend.isSystemSchema(schema) || layout.isDraft(schema)) {
      return null;
    }
    SchemaLayout s = layout.activate(internal, schema);
    String table = stored(ref.name(), ref.quoted());
    return new Resolved(s, table, s.bind(backend.key(table, true)), backend);
  }

  /** How the database stores a name as written. */
  String stored(String name, boolean quoted) {
    return quoted ? name : dialect.fold(name);
  }

  BranchLayout layout() {
    return layout;
  }

  /** The unrouted, counted view of this connection that djbranch's own queries go through. */
  BranchConnection internal() {
    return internal;
  }

  /** A reference resolved against the layout: its schema, its stored name and where it binds. */
  record Resolved(SchemaLayout schema, String table, SchemaLayout.Binding binding, Backend backend) {
    /** The quoted physical name the reference stands for. */
    String physical() {
      return backend.quote(binding == SchemaLayout.Binding.DRAFT ? schema.draft : schema.logical, table);
    }

    String draftPhysical() {
      return backend.quote(schema.draft, table);
    }

    String key() {
      return backend.key(table, true);
    }

    /** {@code s.t}, for messages. */
    String logicalName() {
      return schema.logical + "." + table;
    }
  }
}

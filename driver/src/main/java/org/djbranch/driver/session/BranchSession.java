package org.djbranch.driver.session;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.ddl.AutoTransaction;
import org.djbranch.driver.ddl.CopyPolicy;
import org.djbranch.driver.ddl.Declarations;
import org.djbranch.driver.ddl.PipelineChanges;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.jdbc.RoundTrips;
import org.djbranch.driver.jdbc.ServerCalls;
import org.djbranch.driver.layout.BranchLayout;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.layout.StatementPlan;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.CatalogLookup;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.DmlShape;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.Lexer;
import org.djbranch.rewriter.PlanCache;
import org.djbranch.rewriter.RoutineBodies;
import org.djbranch.rewriter.ShapeKey;
import org.djbranch.rewriter.SplicePlan;
import org.djbranch.rewriter.Splicer;
import org.djbranch.rewriter.StatementKind;
import org.djbranch.rewriter.StatementSplitter;
import org.djbranch.rewriter.TableMaintenance;
import org.djbranch.rewriter.TableRef;
import org.djbranch.rewriter.Tokens;
import org.djbranch.rewriter.TransactionControl;
import org.djbranch.rewriter.UnicodeNames;

/**
 * The branch session of one connection: scan → plan → execute. One lexing pass decides: a statement naming no
 * draft table and no unknown qualifier, and not DDL, reaches the database untouched. Otherwise its splice plan —
 * cached by shape and layout generation — puts physical names in; DDL goes to {@link Declarations}; a DELETE or
 * UPDATE of a parent of symbolic foreign keys first runs the {@link ReferentialActions}.
 *
 * <p>It is the connection's {@link ServerCalls} hook on a branch: every wrapper of the connection reaches the
 * server through it, and it counts each call into the connection's {@link RoundTrips} before routing the text.
 */
public final class BranchSession implements ServerCalls {
  private final RoundTrips trips;
  private final InternalConnection internal;
  private final Backend backend;
  private final Dialect dialect;
  /** The layout as this connection sees it: what committed, and what it declared in its open transaction. */
  private final ConnectionLayout layout;
  private final Transactions transactions;
  private final Binder binder;
  private final Declarations declarations;
  private final ReferentialActions actions;
  private final PermissionErrors permissions;
  private final SessionTexts sessionTexts;
  private final StaleLayout stale;
  private final PreparedTexts prepares;
  private final TableListings listings;
  /** Token arrays reused from statement to statement: a connection runs one statement at a time. */
  private final Tokens.Buffer tokenBuffer = new Tokens.Buffer();
  /** {@code pipelineWrites=pass}: a routine that writes may write trunk, as the login allows. */
  private final boolean writesPass;
  /** The lexer's flags this session acts on: all, or all but {@link Lexer#ROWS} where pipeline rows pass. */
  private final int flagMask;
  /** The last plan this connection used, the tokens it was made for, and the layout generation it was made under. */
  private Tokens lastTokens;
  private long lastGeneration = -1;
  private StatementPlan lastPlan;

  private BranchSession(InternalConnection internal, BranchLayout shared, RoundTrips trips, String draftRole,
      CopyPolicy policy) {
    this.trips = trips;
    this.internal = internal;
    this.backend = shared.backend;
    this.dialect = backend.dialect();
    this.layout = new ConnectionLayout(shared, internal);
    this.transactions = new Transactions(internal, layout, this::readPath);
    this.binder = new Binder(internal, layout);
    this.declarations = new Declarations(binder, draftRole, policy);
    // Where rows of pipeline tables are written where they are, a row change needs no look unless it names the branch.
    this.flagMask = policy.writes() == CopyPolicy.Writes.PASS ? ~Lexer.ROWS : ~0;
    this.writesPass = policy.writes() == CopyPolicy.Writes.PASS;
    this.permissions = new PermissionErrors(internal, layout, draftRole);
    this.actions = new ReferentialActions(internal, layout, binder, declarations::copyChildren);
    this.sessionTexts = new SessionTexts(backend, binder);
    this.stale = new StaleLayout(internal, layout, binder);
    this.prepares = new PreparedTexts(internal, dialect, layout.branch);
    this.listings = new TableListings(internal, layout, binder);
  }

  /**
   * The session of a new branch connection on {@code inner}: djbranch's own queries go through a counted view of
   * it that routes nothing. Finds the branch's drafts holding symbolic foreign keys (once per process), lists the
   * schemas the process activated again (what another process declared or copied since), reads the current schema
   * and activates it.
   */
  public static BranchSession open(Connection inner, BranchLayout layout, RoundTrips trips, String draftRole,
      CopyPolicy policy) throws SQLException {
    InternalConnection internal = new InternalConnection(inner, trips);
    layout.backend.openBranch(internal, layout.drafts);
    BranchSession session = new BranchSession(internal, layout, trips, draftRole, policy);
    try {
      layout.findDrafts(internal);
      if (policy.writes() != CopyPolicy.Writes.PASS) {
        layout.findRoutines(internal);
      }
      layout.relistActivated(internal);
      session.readPath(); // the path the connection opened with: no transaction of the application set it
    } catch (SQLException e) {
      throw session.permissions.explain(e, null, null);
    }
    return session;
  }

  /** The binder of this connection: the metadata presents logical schemas through it. */
  public Binder binder() {
    return binder;
  }

  public String branch() {
    return layout.branch;
  }

  /** The ends of this connection's transactions: the connection tells it of its JDBC calls. */
  public Transactions transactions() {
    return transactions;
  }

  @Override
  public void reached() {
    trips.reached();
  }

  /**
   * The session's current schema may have changed (setSchema, setCatalog, USE, SET, set_config): read it again,
   * and again when the transaction it changed in ends, where the path is transactional.
   */
  public void currentSchemaChanged() throws SQLException {
    readPath();
    transactions.pathMayHaveChanged();
  }

  private void readPath() throws SQLException {
    binder.readCurrentSchema();
    lastTokens = null;
  }

  /**
   * The warning djbranch itself gave the statement that just ran (a declaration answered without DDL), taken once;
   * null for every statement the database answered.
   */
  java.sql.SQLWarning takeWarning() {
    return declarations.takeWarning();
  }

  /** Runs a statement of the application; a permission error says which grant is missing. */
  public <S, T> T execute(S target, String sql, SqlAction<S, T> action) throws SQLException {
    trips.reached();
    try {
      return route(target, sql, action);
    } catch (SQLException e) {
      throw permissions.explain(e, sql, binder.currentSchema());
    }
  }

  /**
   * The one pass, then the text as it is when it names nothing of the branch (the commonest case, kept small so that
   * the compiler inlines it into every statement wrapper), else the branch's rules ({@link #routeFlagged}).
   */
  private <S, T> T route(S target, String sql, SqlAction<S, T> action) throws SQLException {
    BranchLayout.Snapshot names = layout.snapshot();
    int flags = Lexer.scan(sql, dialect, names.analyzedNames(), names.knownQualifiers(), tokenBuffer) & flagMask;
    return flags == 0 ? run(target, sql, sql, action) : routeFlagged(target, sql, flags, names, action);
  }

  /**
   * A statement the one pass flagged: what it is ({@link Route}) says what happens to it. One that may set the
   * search path by a function ({@link Lexer#PATH_CALL}) runs as its route says, and the path is read again after it.
   */
  private <S, T> T routeFlagged(S target, String sql, int flags, BranchLayout.Snapshot names, SqlAction<S, T> action)
      throws SQLException {
    if ((flags & Lexer.PATH_CALL) != 0) {
      T result = routeFlagged(target, sql, flags & ~Lexer.PATH_CALL, names, action);
      currentSchemaChanged();
      return result;
    }
    Route route = routeOf(sql, flags, names);
    return switch (route.kind) {
      case AS_SENT -> run(target, sql, sql, action);
      case SEVERAL -> {
        Several several = severalStatements(sql, route.pieces, names);
        yield several.controls().isEmpty() ? action.apply(target, several.text())
            : transactions.run(target, several.text(), several.controls(), action);
      }
      case TRANSACTION -> transactions.run(target, sql, List.of(route.control), action);
      case DDL -> transactions.ddl(() -> declarations.run(target, route.text(sql), action,
          (flags & Lexer.DRAFT_NAME) != 0));
      case SESSION -> {
        // USE db, SET search_path, SET schema: unqualified names may resolve elsewhere from now on.
        T result = action.apply(target, sessionTexts.logical(sessionTexts.withoutSymbolicKeys(sql)));
        currentSchemaChanged();
        yield result;
      }
      case SPLICE -> {
        Tokens tokens = tokenBuffer.tokens(sql);
        StatementPlan plan = plan(sql, tokens, flags, names);
        String text = withSequences(plan.apply(sql, tokens, binder.renderedLabels()), flags);
        yield plan.deletesOrUpdates() ? withReferentialActions(target, sql, text, action)
            : run(target, sql, text, action);
      }
      case FOLLOW -> action.apply(target, prepares.followed(sql, this::prepareText));
      case EXPLAINED -> {
        // routed as the statement it runs, the explanation's words in front of whatever that statement becomes
        String prefix = sql.substring(0, route.explainedStart);
        String inner = sql.substring(route.explainedStart);
        int innerFlags = explainedFlags(sql, inner, names);
        yield routeFlagged(target, inner, innerFlags, names, (t, text) -> action.apply(t, prefix + text));
      }
      case LISTING -> run(target, sql, listings.text(sql), action);
      case MAINTENANCE -> throw maintenance(sql);
      case UNSEEN -> throw unseen(sql);
      case SERVER -> throw serverWide(sql);
    };
  }

  /**
   * What {@code sql}, just scanned into the token buffer with {@code flags}, is ({@link Route#of}). Refused first,
   * whatever it is: a statement naming something with PostgreSQL's Unicode escapes ({@code U&"..."}), whose name the
   * branch cannot read; and one calling a routine of the pipeline that may write ({@code RoutineBodies}), whose
   * statements run as it names them, on trunk's tables and sequences, where the branch cannot follow.
   */
  private Route routeOf(String sql, int flags, BranchLayout.Snapshot names) throws SQLException {
    String escaped = UnicodeNames.mayHold(sql, dialect) ? UnicodeNames.first(sql, tokenBuffer.tokens(sql)) : null;
    if (escaped != null) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("On branch " + layout.branch + " a name written with"
          + " Unicode escapes (" + escaped + ") is not read, so the branch cannot tell which table it is, and it could"
          + " be trunk's (" + SqlState.excerpt(sql) + "). Write the name plainly, quoted where it needs to be.");
    }
    if ((flags & Lexer.DRAFT_NAME) != 0 && !writesPass && !names.writingRoutines().isEmpty()) {
      String called = RoutineBodies.firstCall(tokenBuffer.tokens(sql), names.writingRoutines());
      if (called != null) {
        throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal(Route.firstWord(sql, dialect) + " refused on branch "
            + layout.branch + ": it calls " + called + "(), a routine of the pipeline whose body writes, moves a"
            + " sequence or runs statements it does not show, on trunk's tables as it names them, or a function of"
            + " the server's that changes it for every session, trunk's too (" + SqlState.excerpt(sql) + "); the"
            + " branch cannot follow a routine's statements into its draft. Call it on trunk, write its statements"
            + " out on the branch, or connect with pipelineWrites=pass to let it write as the login allows.");
      }
    }
    return Route.of(sql, flags, dialect);
  }

  /**
   * The lexer's flags of {@code inner}, the statement an {@code EXPLAIN ANALYZE} runs, where the branch can route it
   * in place: one that reads or changes rows. One that takes steps of its own (a declaration, a change of the path, a transaction statement, several
   * statements) is refused: its explanation cannot carry them.
   */
  private int explainedFlags(String sql, String inner, BranchLayout.Snapshot names) throws SQLException {
    int flags = Lexer.scan(inner, dialect, names.analyzedNames(), names.knownQualifiers(), tokenBuffer) & flagMask;
    Route.Kind kind = routeOf(inner, flags, names).kind;
    if (kind != Route.Kind.AS_SENT && kind != Route.Kind.SPLICE && kind != Route.Kind.EXPLAINED) {
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal(Route.firstWord(sql, dialect) + " refused on branch "
          + layout.branch + ": it runs the statement it explains or carries, which takes steps of its own on a branch"
          + " and cannot run inside another (" + SqlState.excerpt(sql) + "). Run the statement itself, or explain it"
          + " without ANALYZE.");
    }
    return flags;
  }

  /**
   * A maintenance statement that rewrites or locks what it names ({@link Lexer#MAINTENANCE}) and names a table of the
   * branch's runs on the branch's tables only: one naming a pipeline table besides is refused, as the statement is
   * where it names none of the branch's ({@link Route.Kind#MAINTENANCE}).
   */
  private void refuseMaintainingPipeline(String sql, int flags, Analysis analysis) throws SQLException {
    if ((flags & Lexer.MAINTENANCE) == 0 || analysis == null || !TableMaintenance.rewritesOrLocks(sql, dialect)) {
      return;
    }
    for (TableRef ref : analysis.tables()) {
      Binder.Resolved r = binder.resolve(ref);
      if (r != null && r.binding() == SchemaLayout.Binding.LOGICAL) {
        throw maintenance(sql); // a pipeline table beside the branch's
      }
    }
  }

  /** The refusal of a maintenance statement that would rewrite, lock or change the pipeline's tables. */
  private SQLException maintenance(String sql) {
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal(Route.firstWord(sql, dialect) + " refused on branch "
        + layout.branch + ": it rewrites, locks or changes what the pipeline holds — the tables it names, or"
        + " SQLite's main file (" + SqlState.excerpt(sql) + ") — and nothing a branch runs may change or block"
        + " that. Run it on trunk.");
  }

  /**
   * {@code text} with a sequence the branch holds named physically where a sequence function reads it; only where
   * the lexer saw such a call ({@link Lexer#SEQUENCE_CALL}): the string is a literal, which a plan kept per shape
   * does not hold. A pipeline sequence that {@code nextval} or {@code setval} would move is copied into the draft
   * first ({@code pipelineWrites}), as a table a row change writes is.
   */
  private String withSequences(String text, int flags) throws SQLException {
    if ((flags & Lexer.SEQUENCE_CALL) == 0) {
      return text;
    }
    Binder.BoundSequences bound = binder.withDraftSequences(text);
    if (!bound.movesPipeline()) {
      return bound.text();
    }
    transactions.ddl(() -> declarations.copyMovedSequences(bound));
    return binder.withDraftSequences(text).text();
  }

  /** The refusal of a MySQL SET or RESET of the server's or another login's settings ({@link Route.Kind#SERVER}). */
  private SQLException serverWide(String sql) {
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal(Route.firstWord(sql, dialect) + " refused on branch "
        + layout.branch + ": it changes the server, or a login, for every session, trunk's too (" + SqlState.excerpt(sql)
        + "), and nothing a branch runs may change what the pipeline runs on. Set it for this session alone (SET SESSION"
        + " x = ...), or run it on trunk.");
  }

  /** The refusal of a statement whose effect is not in its text ({@link Route.Kind#UNSEEN}). */
  private SQLException unseen(String sql) {
    return PipelineChanges.unseen(layout.branch, Route.firstWord(sql, dialect), sql,
        "it runs statements its text does not show, changes who may change the pipeline's objects, or acts on the"
            + " server itself (SHUTDOWN, PURGE, replication, plugins)");
  }

  /** Runs {@code text}, the statement {@code sql} as routed; once more where the layout it was routed by was stale. */
  private <S, T> T run(S target, String sql, String text, SqlAction<S, T> action) throws SQLException {
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

  /** A text of several statements with the branch's names put in, and the transaction statements it holds. */
  private record Several(String text, List<TransactionControl> controls) {}

  /**
   * A text of several statements: each gets the branch rules on its own, and the rewritten statements go out
   * together as one text, so that the database answers it as it would have answered the text (results, update
   * counts, its implicit transaction). A statement that takes steps of its own — a declaration or other DDL, a
   * change of the current schema, a change of rows that symbolic foreign keys reference — cannot travel inside one
   * text: the whole text is refused before any of it runs, naming that statement. Transaction statements travel
   * with the others; the layout follows them once the text has run.
   */
  private Several severalStatements(String sql, List<StatementSplitter.Piece> pieces, BranchLayout.Snapshot names)
      throws SQLException {
    List<Edit> edits = new ArrayList<>();
    List<TransactionControl> controls = new ArrayList<>();
    for (int k = 0; k < pieces.size(); k++) {
      StatementSplitter.Piece piece = pieces.get(k);
      String statement = piece.of(sql);
      int flags = Lexer.scan(statement, dialect, names.analyzedNames(), names.knownQualifiers(), tokenBuffer);
      Route route = routeOf(statement, flags, names);
      String text = switch (route.kind) {
        case AS_SENT -> statement;
        // the splitter's own pieces: one that reads as several again is one statement with semicolons inside
        case SEVERAL, SPLICE -> {
          Tokens tokens = tokenBuffer.tokens(statement);
          StatementPlan plan = plan(statement, tokens, flags, names);
          String spliced = withSequences(plan.apply(statement, tokens, binder.renderedLabels()), flags);
          if (plan.deletesOrUpdates() && names.hasEdges()
              && parentTarget(RowChange.plain(spliced, dialect)).referenced()) {
            throw severalRefused(k, pieces.size(), statement, "changes rows that symbolic foreign keys reference");
          }
          yield spliced;
        }
        case TRANSACTION -> {
          controls.add(route.control);
          yield statement;
        }
        case DDL -> throw severalRefused(k, pieces.size(), statement, "declares or changes structure");
        case SESSION -> throw severalRefused(k, pieces.size(), statement, "may change the current schema");
        case FOLLOW -> throw severalRefused(k, pieces.size(), statement, "prepares a text that must be read first");
        case EXPLAINED -> throw severalRefused(k, pieces.size(), statement, "runs the statement it explains");
        case LISTING -> listings.text(statement);
        case MAINTENANCE -> throw maintenance(statement);
        case UNSEEN -> throw unseen(statement);
        case SERVER -> throw serverWide(statement);
      };
      if (!text.equals(statement)) {
        edits.add(new Edit(piece.start(), piece.end(), text));
      }
    }
    return new Several(edits.isEmpty() ? sql : Splicer.apply(sql, edits), List.copyOf(controls));
  }

  /** A refusal by a rule of the branch, not an unsupported feature: a failed statement to every pool. */
  private SQLException severalRefused(int index, int count, String statement, String why) {
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("On branch " + layout.branch + ", statement " + (index + 1) + " of the " + count
        + " in this text " + why + " (" + SqlState.excerpt(statement) + "), which takes steps of its own on a branch"
        + " and so cannot run inside a text of several statements."
        + " Nothing of the text ran; send that statement on its own.");
  }

  /** See {@link StaleLayout#retry}: the statement to run again where another process declared its table since. */
  String afterStaleLayout(String sql, String failed, SQLException e) throws SQLException {
    return stale.retry(sql, failed, e);
  }

  /**
   * The text to prepare for {@code sql}, or null for a declaration, which takes several steps, and for a statement
   * that ends a transaction or a part of one, which the layout must follow: the caller keeps the text and runs it
   * through this session when it executes ({@link #declaration}). Refusals (additive only) fail here already.
   */
  public String prepare(String sql) throws SQLException {
    try {
      BranchLayout.Snapshot names = layout.snapshot();
      int flags = Lexer.scan(sql, dialect, names.analyzedNames(), names.knownQualifiers(), tokenBuffer);
      preparedSql = sql;
      preparedFlags = flags;
      return prepareText(sql, flags, names);
    } catch (SQLException e) {
      throw permissions.explain(e, sql, binder.currentSchema());
    }
  }

  /** The text {@link #prepare} last read, and its flags, which {@link #prepared} asks of the same text next. */
  private String preparedSql;
  private int preparedFlags;

  private String prepareText(String sql) throws SQLException {
    BranchLayout.Snapshot names = layout.snapshot();
    return prepareText(sql, Lexer.scan(sql, dialect, names.analyzedNames(), names.knownQualifiers(), tokenBuffer),
        names);
  }

  private String prepareText(String sql, int flags, BranchLayout.Snapshot names) throws SQLException {
    Route route = routeOf(sql, flags, names);
    return switch (route.kind) {
      case AS_SENT -> sql;
      case SEVERAL -> {
        Several several = severalStatements(sql, route.pieces, names);
        yield several.controls().isEmpty() ? several.text() : null;
      }
      case TRANSACTION -> null;
      case DDL -> declarations.prepare(route.text(sql), (flags & Lexer.DRAFT_NAME) != 0);
      case SESSION, SPLICE -> {
        Tokens tokens = tokenBuffer.tokens(sql);
        yield withSequences(plan(sql, tokens, flags, names).apply(sql, tokens, binder.renderedLabels()), flags);
      }
      case FOLLOW -> null; // read when it runs: the variable may change until then
      case EXPLAINED -> {
        String prefix = sql.substring(0, route.explainedStart);
        String explained = sql.substring(route.explainedStart);
        String inner = prepareText(explained, explainedFlags(sql, explained, names), names);
        yield inner == null ? null : prefix + inner;
      }
      case LISTING -> listings.text(sql);
      case MAINTENANCE -> throw maintenance(sql);
      case UNSEEN -> throw unseen(sql);
      case SERVER -> throw serverWide(sql);
    };
  }

  /**
   * The prepared statement of {@code sql}, routed as {@code text}: a DELETE or UPDATE remembers its parameters and
   * asks at each execution whether its target (of a single table) is a parent of symbolic foreign keys by then; a
   * lookup in the catalog of whether a table exists asks for the draft where the table binds there; any other
   * is prepared anew if its first execution meets a stale listing. {@code preparer} prepares a text as the
   * application asked.
   */
  public PreparedStatement prepared(Connection owner, String sql, String routed, Preparer preparer)
      throws SQLException {
    String text = routed;
    PreparedStatement inner;
    try {
      inner = preparer.prepare(text);
    } catch (SQLException e) {
      // SQLite and DuckDB, and MySQL with server-side prepares, look the table up when preparing: a listing this
      // process made before another declared the table fails here, before any parameter was set.
      text = afterStaleLayout(sql, text, e);
      if (text == null) {
        throw e;
      }
      inner = preparer.prepare(text);
    }
    if (DmlShape.startsAsRowChange(text, dialect)) {
      return new GuardedPreparedStatement(owner, inner, this, sql, text, preparer, dialect);
    }
    BranchLayout.Snapshot names = layout.snapshot();
    int flags = sql == preparedSql ? preparedFlags
        : Lexer.scan(sql, dialect, names.analyzedNames(), names.knownQualifiers(), tokenBuffer);
    if ((flags & (Lexer.PATH_CALL | Lexer.SESSION)) != 0) {
      return new PathFollowingStatement(owner, inner, this, sql, text, preparer);
    }
    CatalogLookup lookup = backend.catalogLookup(text);
    if (lookup != null) {
      return new CatalogLookupStatement(owner, inner, this, lookup);
    }
    return new ReplayablePreparedStatement(owner, inner, this, sql, text, preparer, false);
  }

  /** A plain statement of the application on this branch: its texts are routed through {@link #execute}. */
  public Statement statement(Connection owner, Statement inner) {
    return new BranchStatement(owner, inner, this, false);
  }

  /**
   * A plain statement of the application whose result sets may change rows ({@code CONCUR_UPDATABLE}): each query
   * goes through {@link #updatableQuery} first.
   */
  public Statement updatableStatement(Connection owner, Statement inner) {
    return new BranchStatement(owner, inner, this, true);
  }

  /**
   * Before a query whose result set may change rows ({@code CONCUR_UPDATABLE}): the wrapped driver writes those rows
   * itself, by statements the branch never sees, into the tables the query reads. So the pipeline's tables it reads
   * are taken as written: copied into the draft first ({@code pipelineWrites=copy}; {@code refuse} refuses it), and
   * the query, routed as any, then reads the copies, which the result set's changes write. With {@code pass}
   * nothing is done: the changes go to trunk's rows, as the login allows. Before, an updatable result set over a
   * pipeline table wrote trunk's rows.
   */
  public void updatableQuery(String sql) throws SQLException {
    if (writesPass) {
      return;
    }
    try {
      // a text it cannot read goes on to its route, which refuses what it must; only a query has a result set
      Analysis analysis = binder.analyze(sql, false);
      if (analysis != null && analysis.kind() == StatementKind.SELECT) {
        copyWritten(analysis.readsWritten());
      }
    } catch (SQLException e) {
      throw permissions.explain(e, sql, binder.currentSchema());
    }
  }

  /**
   * A statement that may change rows ({@link Lexer#ROWS}) and that neither the parser nor the tokens read: which table
   * it writes is unknown, so it is refused rather than sent as written, which would write trunk's table where it
   * names a pipeline table (MySQL's {@code UPDATE (t) SET ...} did). Not with {@code pipelineWrites=pass}, whose rows
   * are the login's business: the lexer's flag is masked off there.
   */
  private SQLException unreadRowChange(String sql) {
    return SqlState.SYNTAX_ERROR.exception("On branch " + layout.branch + " djbranch cannot read which table this"
        + " statement writes, so it cannot keep trunk's rows out of it (pipelineWrites): name"
        + " the table plainly (UPDATE t SET ..., not UPDATE (t); a name, not a string), or connect with"
        + " pipelineWrites=pass to let the login write trunk's table. Statement: " + SqlState.excerpt(sql));
  }

  /**
   * Copies into the draft the pipeline tables {@code analysis} writes ({@code pipelineWrites=copy}; {@code refuse}
   * refuses them, {@code pass} copies none); whether it copied any, so that the statement binds to the copies.
   */
  private boolean copyWritten(Analysis analysis) throws SQLException {
    List<Binder.Resolved> written = declarations.pipelineWrites(analysis);
    if (written.isEmpty()) {
      return false;
    }
    transactions.ddl(() -> {
      declarations.copyForWrites(written);
      return null;
    });
    return true;
  }

  /** A call prepared on this branch from a text {@link #prepare} routed (not a declaration). */
  public CallableStatement callable(Connection owner, CallableStatement inner) {
    return new BranchCallableStatement(owner, inner, this);
  }

  /** A declaration prepared on a branch: kept, and run through the branch's declarations when executed. */
  public PreparedStatement declaration(Connection owner, Statement inner, String sql) {
    return new PreparedDeclaration(owner, inner, this, sql);
  }

  /** A declaration handed to prepareCall on a branch: as a prepared one, and a call with no parameters. */
  public CallableStatement callableDeclaration(Connection owner, Statement inner, String sql) {
    return PreparedDeclaration.callable(new PreparedDeclaration(owner, inner, this, sql));
  }

  /**
   * The plan of a statement's shape: parsed once per shape and layout generation. The last plan used is kept on
   * the connection with the tokens it was made for, since an application mostly repeats the statement it just ran
   * with other values: that case compares tokens in place and builds no key. {@code names} is the snapshot the
   * statement was read against.
   */
  private StatementPlan plan(String sql, Tokens tokens, int flags, BranchLayout.Snapshot names) throws SQLException {
    long generation = names.generation();
    if (generation == lastGeneration && tokens.sameShape(lastTokens)) {
      return lastPlan;
    }
    PlanCache<ShapeKey, StatementPlan> cache = layout.plans(binder.pathKey());
    StatementPlan plan = cache.get(new ShapeKey(tokens.shape(), generation));
    if (plan == null) {
      Analysis analysis = binder.analyze(sql, (flags & Lexer.DRAFT_NAME) != 0);
      if (analysis == null && (flags & Lexer.ROWS) != 0) {
        throw unreadRowChange(sql);
      }
      refuseMaintainingPipeline(sql, flags, analysis);
      if (copyWritten(analysis)) {
        // Rows of pipeline tables: the branch's own copies take them, made now; the statement binds to them.
        return plan(sql, tokens, flags, layout.snapshot());
      }
      Set<String> drafts = new HashSet<>();
      plan = analysis == null ? StatementPlan.UNCHANGED
          : new StatementPlan(SplicePlan.of(tokens, binder.physicalNames(analysis.tables(), drafts), analysis, dialect),
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
        binder.makeAvailable(draft);
      }
    }
    return plan;
  }

  /**
   * A DELETE or UPDATE whose target is the parent of symbolic foreign keys: the children are dealt with first,
   * as the stripped clauses said, in one transaction with the statement (Branch Resolution §5.2).
   */
  private <S, T> T withReferentialActions(S target, String sql, String text, SqlAction<S, T> action)
      throws SQLException {
    if (!hasSymbolicKeys()) {
      return run(target, sql, text, action);   // no symbolic key anywhere: nothing to read the statement for
    }
    RowChange change = RowChange.plain(text, dialect);
    RowChange.Target parent = parentTarget(change);
    if (!parent.referenced()) {
      return run(target, sql, text, action);
    }
    List<Parameter[]> noParameters = List.<Parameter[]>of(new Parameter[0]);
    return changingParentRows(change, parent, noParameters, () -> action.apply(target, text));
  }

  /** Whether the branch, as this connection sees it, has a symbolic foreign key: else no referential action applies. */
  boolean hasSymbolicKeys() {
    return layout.snapshot().hasEdges();
  }

  /**
   * Whether a DELETE or UPDATE (null: neither, or of several tables) changes rows of a parent of symbolic foreign
   * keys, and which columns of it its children reference. Where the branch has no symbolic key this is one read of
   * the layout; otherwise the answer is kept on {@code change} until the layout or the current schema changes.
   */
  RowChange.Target parentTarget(RowChange change) throws SQLException {
    BranchLayout.Snapshot snapshot = layout.snapshot();
    if (change == null || !snapshot.hasEdges()) {
      return RowChange.Target.NONE;
    }
    String schema = binder.currentSchema();
    RowChange.Target known = change.decided(snapshot.generation(), schema);
    if (known != null) {
      return known;
    }
    String parent = binder.physicalOf(change.shape.target());
    RowChange.Target target = parent == null ? RowChange.Target.NONE : actions.target(parent);
    change.decide(snapshot.generation(), schema, target);
    return target;
  }

  /**
   * The referential actions for each execution (one, or each entry of a batch), with that execution's parameters
   * bound as the application set them, then the statement, in one transaction.
   */
  <T> T changingParentRows(RowChange change, RowChange.Target target, List<Parameter[]> executions,
      AutoTransaction.Work<T> statement) throws SQLException {
    boolean own = internal.getAutoCommit();
    T result;
    try {
      result = AutoTransaction.run(internal, true, () -> {
        for (Parameter[] values : executions) {
          beforeRowChange(change, target, values);
        }
        return statement.run();
      });
    } catch (SQLException | RuntimeException e) {
      if (own && layout.hasPending()) {
        layout.rolledBack(); // a child copied for the actions went with the transaction
      }
      throw e;
    }
    if (own && layout.hasPending()) {
      layout.committed(); // a child copied for the actions, in the transaction that committed
    }
    return result;
  }

  private void beforeRowChange(RowChange change, RowChange.Target target, Parameter[] values) throws SQLException {
    DmlShape shape = change.shape;
    String alias = shape.alias() != null ? " " + backend.quote(shape.alias()) : "";
    DerivedSql rows = DerivedSql.of(target.parent() + alias);
    DerivedSql where = change.where(values);
    if (where != null) {
      rows = rows.then(" WHERE ").then(where);
    }
    if (shape.delete()) {
      actions.beforeDelete(target.parent(), rows);
    } else {
      actions.beforeUpdate(target.parent(), rows, change.newValues(values, target));
    }
  }
}

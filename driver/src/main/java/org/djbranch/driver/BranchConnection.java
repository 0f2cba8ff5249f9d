package org.djbranch.driver;

import java.sql.CallableStatement;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.jdbc.DelegatingConnection;
import org.djbranch.driver.jdbc.RoundTrips;
import org.djbranch.driver.metadata.BranchDatabaseMetaData;
import org.djbranch.driver.session.BranchSession;

/**
 * A connection of the djbranch driver. Off a branch every call goes straight to the wrapped connection, counted;
 * on a branch, statements go through the connection's {@link BranchSession}, which is then the hook every wrapper
 * of this connection reaches the server through.
 *
 * <p>{@link #roundTrips()} counts the calls that reach the wrapped connection's server; see docs/connecting.md
 * ("Round trips") for the exact list. The count is kept without synchronisation, as JDBC connections are used by one
 * thread at a time.
 */
public final class BranchConnection extends DelegatingConnection {
  private final Backend backend;
  private final BranchSetting setting;
  /** Null on trunk: the one check the hot path makes. */
  private final BranchSession session;
  /** Calls that reached the server; shared with this connection's statements, metadata and internal view. */
  private final RoundTrips trips;
  private DatabaseMetaData metaData;

  BranchConnection(java.sql.Connection delegate, Backend backend, BranchSetting setting, BranchSession session,
      RoundTrips trips) {
    super(delegate, session != null ? session : trips);
    this.backend = backend;
    this.setting = setting;
    this.session = session;
    this.trips = trips;
  }

  /** The branch this connection works on, or null on trunk. Fixed when the connection opened. */
  public String branch() {
    return setting.branch();
  }

  /** Whether this connection works on a branch. */
  public boolean onBranch() {
    return setting.branch() != null;
  }

  /** Where the branch setting came from, in words. */
  public String branchSource() {
    return setting.source();
  }

  /** The database this connection wraps. */
  public Backend backend() {
    return backend;
  }

  /** How many calls of this connection reached the wrapped connection's server so far. */
  public long roundTrips() {
    return trips.count();
  }

  /**
   * On a branch, the wrapped driver's own connection only as the backend hands it out, its statements (pgjdbc's
   * {@code COPY}) going as the branch routes them ({@code Backend.onBranch}); refused where it has none.
   */
  @Override
  protected Object exposed(Object inner, Class<?> iface) throws SQLException {
    if (session == null) {
      return inner;
    }
    Object exposed = onBranch(inner, iface);
    if (exposed == null) {
      throw unwrapRefused(iface);
    }
    return exposed;
  }

  @Override
  protected boolean exposes(Class<?> iface) {
    return session == null || backend.exposesOnBranch(iface, delegate);
  }

  /**
   * On a branch, nothing of the wrapped driver's own through a statement, a result set or the metadata: each leads to
   * the driver's statements ({@code getStatement()}, {@code getConnection()}), which would run anything past the
   * branch, trunk's tables too. Before, {@code unwrap(PgStatement.class).execute("DELETE ...")} emptied trunk's table.
   */
  @Override
  protected Object exposedOfChild(Object inner, Class<?> iface) throws SQLException {
    if (session == null) {
      return inner;
    }
    throw unwrapRefused(iface);
  }

  @Override
  protected boolean exposesChildren() {
    return session == null;
  }

  private SQLException unwrapRefused(Class<?> iface) {
    return SqlState.notSupported("On branch " + setting.branch() + ", unwrap(" + iface.getName() + ") is refused:"
        + " it is the " + backend.displayName() + " driver's own, whose statements would reach the database past the"
        + " branch, trunk's tables too. On a branch use the java.sql interfaces; for the driver's own API, connect"
        + " without a branch.");
  }

  private Object onBranch(Object inner, Class<?> iface) throws SQLException {
    return backend.onBranch(inner, iface, this, sql -> {
      String routed = session.prepare(sql);
      if (routed == null) {
        throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("On branch " + setting.branch() + ", "
            + SqlState.excerpt(sql) + " takes steps of its own, which the wrapped driver's own API cannot take: send"
            + " it as a statement of the connection.");
      }
      return routed;
    });
  }

  // ---- on a branch, a statement's texts go through the session; prepared texts are decided once, when prepared ----

  @Override
  public Statement createStatement() throws SQLException {
    return session == null ? super.createStatement() : session.statement(this, delegate.createStatement());
  }

  @Override
  public Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
    return session == null ? super.createStatement(resultSetType, resultSetConcurrency)
        : statement(delegate.createStatement(resultSetType, resultSetConcurrency), resultSetConcurrency);
  }

  @Override
  public Statement createStatement(int resultSetType, int resultSetConcurrency, int resultSetHoldability)
      throws SQLException {
    return session == null ? super.createStatement(resultSetType, resultSetConcurrency, resultSetHoldability)
        : statement(delegate.createStatement(resultSetType, resultSetConcurrency, resultSetHoldability),
            resultSetConcurrency);
  }

  @Override
  public PreparedStatement prepareStatement(String sql) throws SQLException {
    if (session == null) {
      return super.prepareStatement(sql);
    }
    String text = session.prepare(sql);
    return text == null ? declaration(sql) : session.prepared(this, sql, text, delegate::prepareStatement);
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
    if (session == null) {
      return super.prepareStatement(sql, autoGeneratedKeys);
    }
    String text = session.prepare(sql);
    return text == null ? declaration(sql)
        : session.prepared(this, sql, text, t -> delegate.prepareStatement(t, autoGeneratedKeys));
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
    if (session == null) {
      return super.prepareStatement(sql, columnIndexes);
    }
    String text = session.prepare(sql);
    return text == null ? declaration(sql)
        : session.prepared(this, sql, text, t -> delegate.prepareStatement(t, columnIndexes));
  }

  @Override
  public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
    if (session == null) {
      return super.prepareStatement(sql, columnNames);
    }
    String text = session.prepare(sql);
    return text == null ? declaration(sql)
        : session.prepared(this, sql, text, t -> delegate.prepareStatement(t, columnNames));
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency)
      throws SQLException {
    if (session == null) {
      return super.prepareStatement(sql, resultSetType, resultSetConcurrency);
    }
    String text = prepareUpdatable(sql, resultSetConcurrency);
    return text == null ? declaration(sql)
        : session.prepared(this, sql, text, t -> delegate.prepareStatement(t, resultSetType, resultSetConcurrency));
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency,
      int resultSetHoldability) throws SQLException {
    if (session == null) {
      return super.prepareStatement(sql, resultSetType, resultSetConcurrency, resultSetHoldability);
    }
    String text = prepareUpdatable(sql, resultSetConcurrency);
    return text == null ? declaration(sql) : session.prepared(this, sql, text,
        t -> delegate.prepareStatement(t, resultSetType, resultSetConcurrency, resultSetHoldability));
  }

  @Override
  public CallableStatement prepareCall(String sql) throws SQLException {
    if (session == null) {
      return super.prepareCall(sql);
    }
    String text = session.prepare(sql);
    return text == null ? callDeclaration(sql) : session.callable(this, delegate.prepareCall(text));
  }

  @Override
  public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
    if (session == null) {
      return super.prepareCall(sql, resultSetType, resultSetConcurrency);
    }
    String text = prepareUpdatable(sql, resultSetConcurrency);
    return text == null ? callDeclaration(sql)
        : session.callable(this, delegate.prepareCall(text, resultSetType, resultSetConcurrency));
  }

  @Override
  public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency,
      int resultSetHoldability) throws SQLException {
    if (session == null) {
      return super.prepareCall(sql, resultSetType, resultSetConcurrency, resultSetHoldability);
    }
    String text = prepareUpdatable(sql, resultSetConcurrency);
    return text == null ? callDeclaration(sql) : session.callable(this,
        delegate.prepareCall(text, resultSetType, resultSetConcurrency, resultSetHoldability));
  }

  /**
   * A plain statement on the branch; one whose result sets may change rows ({@code CONCUR_UPDATABLE}) takes the
   * tables each query reads as written ({@code BranchSession.updatableQuery}), since the wrapped driver writes
   * their rows itself.
   */
  private Statement statement(Statement inner, int resultSetConcurrency) {
    return resultSetConcurrency == ResultSet.CONCUR_UPDATABLE ? session.updatableStatement(this, inner)
        : session.statement(this, inner);
  }

  /** The text to prepare for {@code sql}, its tables taken as written first where its result sets may change rows. */
  private String prepareUpdatable(String sql, int resultSetConcurrency) throws SQLException {
    if (resultSetConcurrency == ResultSet.CONCUR_UPDATABLE) {
      session.updatableQuery(sql);
    }
    return session.prepare(sql);
  }

  /** A declaration prepared on a branch: kept, and run through the branch's declarations when executed. */
  private PreparedStatement declaration(String sql) throws SQLException {
    return session.declaration(this, delegate.createStatement(), sql);
  }

  /** A declaration handed to prepareCall on a branch: run as {@link #declaration} runs it. */
  private CallableStatement callDeclaration(String sql) throws SQLException {
    return session.callableDeclaration(this, delegate.createStatement(), sql);
  }

  /** One wrapper per connection and no I/O: tools such as SchemaCrawler ask for it dozens of times. */
  @Override
  public DatabaseMetaData getMetaData() throws SQLException {
    if (session == null) {
      return super.getMetaData();
    }
    DatabaseMetaData m = metaData;
    if (m == null) {
      m = new BranchDatabaseMetaData(this, delegate.getMetaData(), session, session.binder());
      metaData = m;
    }
    return m;
  }

  // ---- a changed current schema changes where unqualified names bind ----

  @Override
  public void setCatalog(String catalog) throws SQLException {
    if (session == null) {
      super.setCatalog(catalog);
      return;
    }
    super.setCatalog(catalog == null ? null : session.binder().logicalSchema(catalog));
    session.currentSchemaChanged();
  }

  /**
   * On a branch, the logical schema: the session's path holds the branch's drafts after their logical schemas, and the
   * database names a draft as current where its logical schema exists only on the branch.
   */
  @Override
  public String getSchema() throws SQLException {
    return session == null ? super.getSchema() : session.binder().logicalCurrentSchema(super.getSchema());
  }

  /** On a branch, this branch's draft named physically is its logical schema; another branch's is refused. */
  @Override
  public void setSchema(String schema) throws SQLException {
    if (session == null) {
      super.setSchema(schema);
      return;
    }
    super.setSchema(schema == null ? null : session.binder().logicalSchema(schema));
    session.currentSchemaChanged();
  }

  // ---- the layout shows what committed: a transaction's declarations are shared at commit, dropped at rollback ----

  @Override
  public void commit() throws SQLException {
    try {
      super.commit();
    } catch (SQLException e) {
      throw endFailed(e);
    }
    if (session != null) {
      session.transactions().committed();
    }
  }

  @Override
  public void rollback() throws SQLException {
    try {
      super.rollback();
    } catch (SQLException e) {
      throw endFailed(e);
    }
    if (session != null) {
      session.transactions().rolledBack();
    }
  }

  /** A commit or rollback failed: what the transaction declared is not kept as committed ({@code endFailed}). */
  private SQLException endFailed(SQLException e) {
    if (session != null) {
      try {
        session.transactions().endFailed();
      } catch (SQLException alsoFailed) {
        e.addSuppressed(alsoFailed);
      }
    }
    return e;
  }

  @Override
  public Savepoint setSavepoint() throws SQLException {
    Savepoint savepoint = super.setSavepoint();
    if (session != null) {
      session.transactions().savepointSet(savepoint);
    }
    return savepoint;
  }

  @Override
  public Savepoint setSavepoint(String name) throws SQLException {
    Savepoint savepoint = super.setSavepoint(name);
    if (session != null) {
      session.transactions().savepointSet(savepoint);
    }
    return savepoint;
  }

  @Override
  public void rollback(Savepoint savepoint) throws SQLException {
    super.rollback(savepoint);
    if (session != null) {
      session.transactions().rolledBackTo(savepoint);
    }
  }

  @Override
  public void releaseSavepoint(Savepoint savepoint) throws SQLException {
    super.releaseSavepoint(savepoint);
    if (session != null) {
      session.transactions().released(savepoint);
    }
  }

  /** Switching autocommit on inside a transaction commits it (JDBC); switching it on when it is on does nothing. */
  @Override
  public void setAutoCommit(boolean autoCommit) throws SQLException {
    boolean committing = session != null && autoCommit && !delegate.getAutoCommit();
    try {
      super.setAutoCommit(autoCommit);
    } catch (SQLException e) {
      throw committing ? endFailed(e) : e;
    }
    if (committing) {
      session.transactions().committed();
    }
  }

  @Override
  public String toString() {
    return "BranchConnection[" + setting + ", " + backend + "]";
  }
}

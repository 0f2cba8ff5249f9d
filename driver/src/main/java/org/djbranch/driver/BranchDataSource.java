package org.djbranch.driver;

import org.djbranch.driver.error.SqlState;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A {@link DataSource} for pools, Spring and Flyway: a {@code jdbc:djbranch:} URL, user, password and branch.
 * Leave the branch null to use the URL's, DJ_BRANCH or datajoint.json, or set it to "" for trunk; a branch here
 * and a different one in the URL fail the connection, naming both.
 *
 * <p>Once it has handed out a connection, its branch is frozen (spec 1.4): a pool holds connections made earlier,
 * and changing the branch under it would mix two branches in one pool with no signal. {@link #setBranch} then fails
 * naming the branch in use, as HikariCP refuses changes to a started pool's configuration.
 */
public class BranchDataSource implements DataSource {
  private static final BranchDriver DRIVER = new BranchDriver();

  private volatile String url;
  private volatile String user;
  private volatile String password;
  private volatile String branch;
  private volatile String draftRole;
  /** Set by the first connection handed out: what it works on, in words ("branch a1b2c3", "trunk"). */
  private volatile String inUse;
  private volatile String layoutCacheSize;
  private volatile String branchLocalTables;
  private volatile String pipelineChanges;
  private volatile String pipelineWrites;
  private volatile String copyRowLimit;
  private volatile int loginTimeoutSeconds;
  private volatile PrintWriter logWriter;

  public BranchDataSource() {}

  public BranchDataSource(String url) {
    this.url = url;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return getConnection(user, password);
  }

  @Override
  public Connection getConnection(String username, String pass) throws SQLException {
    String target = url;
    if (target == null || !DRIVER.acceptsURL(target)) {
      throw SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION.exception("BranchDataSource needs a URL starting with jdbc:djbranch:"
          + " (for example jdbc:djbranch:postgresql://host/db); set it with setUrl.");
    }
    Properties props = new Properties();
    if (username != null) {
      props.setProperty("user", username);
    }
    if (pass != null) {
      props.setProperty("password", pass);
    }
    String chosen = branch;
    if (chosen != null) {
      props.setProperty(DriverProperty.BRANCH.key(), chosen);
    }
    if (draftRole != null) {
      props.setProperty(DriverProperty.DRAFT_ROLE.key(), draftRole);
    }
    if (layoutCacheSize != null) {
      props.setProperty(DriverProperty.LAYOUT_CACHE_SIZE.key(), layoutCacheSize);
    }
    if (branchLocalTables != null) {
      props.setProperty(DriverProperty.BRANCH_LOCAL_TABLES.key(), branchLocalTables);
    }
    set(props, DriverProperty.PIPELINE_CHANGES, pipelineChanges);
    set(props, DriverProperty.PIPELINE_WRITES, pipelineWrites);
    set(props, DriverProperty.COPY_ROW_LIMIT, copyRowLimit);
    Connection c = DRIVER.connect(target, props);
    if (inUse == null) {
      String onIt = c.unwrap(BranchConnection.class).branch();
      inUse = onIt == null ? "trunk" : "branch " + onIt;
    }
    return c;
  }

  /** Refuses a change of a setting the connections already handed out were made with. */
  private void unchangedOnceInUse(String setting, String old, String value) {
    String used = inUse;
    if (used != null && !java.util.Objects.equals(old, value)) {
      throw new IllegalStateException("This BranchDataSource has handed out connections on " + used
          + ", so its " + setting + " cannot change to " + (value == null ? "unset" : "'" + value + "'")
          + " (a pool would mix connections of both). Make a new data source for it.");
    }
  }

  public String getUrl() {
    return url;
  }

  public void setUrl(String url) {
    this.url = url;
  }

  /** Spring Boot and Hikari call it jdbcUrl. */
  public String getJdbcUrl() {
    return url;
  }

  public void setJdbcUrl(String url) {
    this.url = url;
  }

  public String getUser() {
    return user;
  }

  public void setUser(String user) {
    this.user = user;
  }

  public String getUsername() {
    return user;
  }

  public void setUsername(String user) {
    this.user = user;
  }

  public String getPassword() {
    return password;
  }

  public void setPassword(String password) {
    this.password = password;
  }

  /** Further bookkeeping tables the branch keeps its own copies of, comma-separated; null: the URL's, if any. */
  public String getBranchLocalTables() {
    return branchLocalTables;
  }

  public void setBranchLocalTables(String branchLocalTables) {
    this.branchLocalTables = branchLocalTables;
  }

  private static void set(Properties props, DriverProperty property, String value) {
    if (value != null) {
      props.setProperty(property.key(), value);
    }
  }

  /** {@link DriverProperty#PIPELINE_CHANGES}: copy or refuse; null leaves the URL's value, or the default. */
  public String getPipelineChanges() {
    return pipelineChanges;
  }

  public void setPipelineChanges(String pipelineChanges) {
    this.pipelineChanges = pipelineChanges;
  }

  /** {@link DriverProperty#PIPELINE_WRITES}: copy, refuse or pass; null leaves the URL's value, or the default. */
  public String getPipelineWrites() {
    return pipelineWrites;
  }

  public void setPipelineWrites(String pipelineWrites) {
    this.pipelineWrites = pipelineWrites;
  }

  /** {@link DriverProperty#COPY_ROW_LIMIT}; null leaves the URL's value, or the default. */
  public String getCopyRowLimit() {
    return copyRowLimit;
  }

  public void setCopyRowLimit(String copyRowLimit) {
    this.copyRowLimit = copyRowLimit;
  }

  /** The branch, "" for trunk, or null to take it from the URL, DJ_BRANCH or datajoint.json. */
  public String getBranch() {
    return branch;
  }

  /** @throws IllegalStateException when connections were handed out already and the value differs */
  public void setBranch(String branch) {
    unchangedOnceInUse("branch", this.branch, branch);
    this.branch = branch;
  }

  /** The role that owns the drafts on PostgreSQL ({@link DriverProperty#DRAFT_ROLE}), or null. */
  public String getDraftRole() {
    return draftRole;
  }

  /** @throws IllegalStateException when connections were handed out already and the value differs */
  public void setDraftRole(String draftRole) {
    unchangedOnceInUse("draftRole", this.draftRole, draftRole);
    this.draftRole = draftRole;
  }

  public String getLayoutCacheSize() {
    return layoutCacheSize;
  }

  /** See {@link DriverProperty#LAYOUT_CACHE_SIZE}; null leaves the URL's value, or the default. */
  public void setLayoutCacheSize(String layoutCacheSize) {
    this.layoutCacheSize = layoutCacheSize;
  }

  @Override
  public PrintWriter getLogWriter() {
    return logWriter;
  }

  @Override
  public void setLogWriter(PrintWriter out) {
    this.logWriter = out;
  }

  /** Kept for the interface; the wrapped driver's own timeout property (in the URL) is what takes effect. */
  @Override
  public void setLoginTimeout(int seconds) {
    this.loginTimeoutSeconds = seconds;
  }

  @Override
  public int getLoginTimeout() {
    return loginTimeoutSeconds;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return DRIVER.getParentLogger();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw SqlState.GENERAL_ERROR.exception("BranchDataSource does not wrap a " + iface.getName() + ".");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}

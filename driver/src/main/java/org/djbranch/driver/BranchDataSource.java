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
 * A branch set here wins over one in the URL; leave it null to use the URL, DJ_BRANCH or datajoint.json,
 * or set it to "" for trunk.
 */
public class BranchDataSource implements DataSource {
  private static final BranchDriver DRIVER = new BranchDriver();

  private volatile String url;
  private volatile String user;
  private volatile String password;
  private volatile String branch;
  private volatile String branchLocalTables;
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
    Properties ours = BranchUrl.parse(target).ownProperties();
    if (branch != null || branchLocalTables != null) {
      // The data source's own values must win over the URL's, so the URL's are dropped here and carried over.
      String chosen = branch != null ? branch : DriverProperty.BRANCH.get(ours);
      String local = branchLocalTables != null ? branchLocalTables : DriverProperty.BRANCH_LOCAL_TABLES.get(ours);
      target = withoutOwnParameters(target);
      if (chosen != null) {
        props.setProperty(DriverProperty.BRANCH.key(), chosen);
      }
      if (local != null) {
        props.setProperty(DriverProperty.BRANCH_LOCAL_TABLES.key(), local);
      }
    }
    return DRIVER.connect(target, props);
  }

  private static String withoutOwnParameters(String target) {
    BranchUrl parsed = BranchUrl.parse(target);
    return BranchUrl.PREFIX + parsed.innerUrl().substring("jdbc:".length());
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

  /** The branch, "" for trunk, or null to take it from the URL, DJ_BRANCH or datajoint.json. */
  public String getBranch() {
    return branch;
  }

  public void setBranch(String branch) {
    this.branch = branch;
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

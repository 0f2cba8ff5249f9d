package org.djbranch.driver;

import org.djbranch.driver.ddl.CopyPolicy;
import org.djbranch.driver.error.SqlState;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.logging.Logger;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.Backends;
import org.djbranch.driver.layout.BranchLayouts;

/**
 * The djbranch JDBC driver: {@code jdbc:djbranch:<the wrapped URL without "jdbc:">}. It finds the wrapped
 * driver through {@link DriverManager}, so whatever driver the application has on its classpath is used.
 */
public final class BranchDriver implements Driver {
  static final int MAJOR_VERSION = 0;
  static final int MINOR_VERSION = 1;

  static {
    try {
      DriverManager.registerDriver(new BranchDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  public boolean acceptsURL(String url) {
    return BranchUrl.accepts(url);
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null; // JDBC: another driver's URL
    }
    BranchUrl parsed = BranchUrl.parse(url);
    Properties ours = new Properties();
    Properties inner = parsed.split(info, ours);
    BranchSetting setting = BranchSetting.resolve(DriverProperty.BRANCH.get(ours));
    BranchLayouts.limit(DriverProperty.LAYOUT_CACHE_SIZE.get(ours),
        "the connection property " + DriverProperty.LAYOUT_CACHE_SIZE.key());
    // Every setting is read before the wrapped connection opens: a bad value must not leave one open behind it.
    CopyPolicy copies = CopyPolicy.of(DriverProperty.PIPELINE_CHANGES.get(ours),
        DriverProperty.PIPELINE_WRITES.get(ours), DriverProperty.COPY_ROW_LIMIT.get(ours));
    Backend backend = Backends.forUrl(parsed.innerUrl());
    Driver driver = innerDriver(parsed.innerUrl());
    Connection connection = driver.connect(parsed.innerUrl(), inner);
    if (connection == null) {
      throw SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION.exception("The " + backend.displayName()
          + " driver declined the wrapped URL. Check the part after jdbc:djbranch:.");
    }
    return BranchSessions.open(connection, backend, setting, parsed.innerUrl(), inner.getProperty("user"),
        DriverProperty.DRAFT_ROLE.get(ours), DriverProperty.BRANCH_LOCAL_TABLES.get(ours), copies);
  }

  /** The driver registered for the wrapped URL: never this one, so a doubled prefix cannot recurse. */
  private static Driver innerDriver(String innerUrl) throws SQLException {
    Driver driver;
    try {
      driver = DriverManager.getDriver(innerUrl);
    } catch (SQLException e) {
      throw SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION.exception("No JDBC driver on the classpath accepts the wrapped "
          + Backends.forUrl(innerUrl).displayName() + " URL. djbranch does not bundle database drivers:"
          + " add the database's own driver (pgjdbc, mysql-connector-j, duckdb_jdbc or sqlite-jdbc).", e);
    }
    if (driver instanceof BranchDriver) {
      throw SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION.exception("The URL names djbranch twice; write jdbc:djbranch: once.");
    }
    return driver;
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
    List<DriverPropertyInfo> all = new ArrayList<>();
    Properties ours = new Properties();
    Properties inner = new Properties();
    String innerUrl = null;
    if (acceptsURL(url)) {
      BranchUrl parsed = BranchUrl.parse(url);
      inner = parsed.split(info, ours);
      innerUrl = parsed.innerUrl();
    }
    for (DriverProperty p : DriverProperty.values()) {
      all.add(p.toInfo(ours));
    }
    if (innerUrl != null) {
      try {
        all.addAll(List.of(DriverManager.getDriver(innerUrl).getPropertyInfo(innerUrl, inner)));
      } catch (SQLException noInnerDriver) {
        // Listing our own properties is still useful to a tool building a connection dialog.
      }
    }
    return all.toArray(new DriverPropertyInfo[0]);
  }

  @Override
  public int getMajorVersion() {
    return MAJOR_VERSION;
  }

  @Override
  public int getMinorVersion() {
    return MINOR_VERSION;
  }

  /** Not compliant by itself: compliance is the wrapped driver's. */
  @Override
  public boolean jdbcCompliant() {
    return false;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return Logger.getLogger("org.djbranch");
  }
}

package org.djbranch.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;

/**
 * How a benchmark connects: the database's own driver, djbranch wrapping it, or one of the JDBC wrappers users
 * compare djbranch with off a branch. The {@code kind} parameter of a benchmark names one of these by
 * {@link #id()}; a kind is measured as soon as its id is listed in the benchmark's {@code @Param} (or passed as
 * {@code -p kind=...} on the command line).
 */
public enum Kind {
  /** The database's own driver, as the application would use it without djbranch. */
  RAW("raw", null),
  /** djbranch with an explicit empty branch: the pass-through. */
  TRUNK("trunk", ""),
  /** djbranch on the branch {@code bench1}: every statement passes the lexer, draft tables are rewritten. */
  BRANCH("branch", "bench1"),
  /**
   * Peer: p6spy's driver ({@code jdbc:p6spy:...}) with its default modules, logging every statement to an
   * appender that formats and discards it ({@link DiscardingP6Logger}), so what is measured is p6spy, not a disk.
   */
  P6SPY("p6spy", null) {
    @Override
    public Connection connect(String rawUrl) throws SQLException {
      DiscardingP6Logger.configure();
      return DriverManager.getConnection("jdbc:p6spy:" + rawUrl.substring(JDBC.length()));
    }
  },
  /** Peer: datasource-proxy's proxy data source with no listener. */
  DSPROXY("dsproxy", null) {
    @Override
    public Connection connect(String rawUrl) throws SQLException {
      return ProxyDataSourceBuilder.create(new UrlDataSource(rawUrl)).build().getConnection();
    }
  },
  /** Peer: datasource-proxy with its query-count listener, the way it is mostly used in tests and metrics. */
  DSPROXY_COUNT("dsproxy-count", null) {
    @Override
    public Connection connect(String rawUrl) throws SQLException {
      return ProxyDataSourceBuilder.create(new UrlDataSource(rawUrl)).countQuery().build().getConnection();
    }
  };

  /** The kinds that are not djbranch: measured for comparison, with no target of their own. */
  public boolean isPeer() {
    return this == P6SPY || this == DSPROXY || this == DSPROXY_COUNT;
  }

  static final String JDBC = "jdbc:";
  private static final String DJBRANCH = "jdbc:djbranch:";

  private final String id;
  private final String branch;

  Kind(String id, String branch) {
    this.id = id;
    this.branch = branch;
  }

  /** The name used in {@code @Param} values and in the results. */
  public String id() {
    return id;
  }

  /** The branch this kind connects to: {@code null} for the raw driver, empty for trunk. */
  public String branch() {
    return branch;
  }

  /** The kind named {@code id}, failing with the list of known names otherwise. */
  public static Kind of(String id) {
    for (Kind k : values()) {
      if (k.id.equals(id)) {
        return k;
      }
    }
    throw new IllegalArgumentException("Unknown kind " + id + "; known kinds are raw, trunk, branch, p6spy, dsproxy and dsproxy-count.");
  }

  /** A connection of this kind to the database of {@code rawUrl} ({@code jdbc:<driver>:...}). */
  public Connection connect(String rawUrl) throws SQLException {
    return DriverManager.getConnection(url(rawUrl));
  }

  /** The URL this kind opens for the raw driver's {@code rawUrl} ({@code jdbc:<driver>:...}). */
  public String url(String rawUrl) {
    if (!rawUrl.startsWith(JDBC)) {
      throw new IllegalArgumentException("A JDBC URL starts with jdbc:");
    }
    if (branch == null) {
      return rawUrl;
    }
    String wrapped = DJBRANCH + rawUrl.substring(JDBC.length());
    return wrapped + (wrapped.indexOf('?') < 0 ? '?' : '&') + "branch=" + branch;
  }
}

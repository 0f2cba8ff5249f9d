package org.djbranch.cli;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.djbranch.driver.BranchConnection;

/**
 * The database a subcommand works on, from {@code --url}. A plain JDBC URL is accepted too and wrapped, and a
 * {@code branch=} parameter in it is removed: the command decides (the shell from its {@code --branch} or that
 * parameter, see {@link #branchParameter}), so one invocation can hold a trunk connection and a branch connection on
 * the same database.
 */
public final class Target {
  static final String PREFIX = "jdbc:djbranch:";
  private final String url;

  public Target(String url) {
    String u = url.startsWith(PREFIX) ? url : url.startsWith("jdbc:") ? PREFIX + url.substring(5) : PREFIX + url;
    this.url = withoutBranchParameter(u);
  }

  /** The djbranch URL without a branch parameter. */
  public String url() {
    return url;
  }

  /** A connection with no branch: reads and writes the physical schemas as they are. */
  public BranchConnection trunk() throws SQLException {
    return open("");
  }

  /**
   * A connection on {@code branch}; an empty branch is trunk, and null leaves the choice to the driver's other
   * settings ({@code DJ_BRANCH}, {@code datajoint.json}).
   */
  public BranchConnection branch(String branch) throws SQLException {
    return open(branch);
  }

  private BranchConnection open(String branch) throws SQLException {
    Properties p = new Properties();
    if (branch != null) {
      p.setProperty("branch", branch);
    }
    Connection c = DriverManager.getConnection(url, p);
    return c.unwrap(BranchConnection.class);
  }

  /**
   * The value of the {@code branch} parameter in {@code url}, as the driver reads it ("" for {@code branch=} or a bare
   * {@code branch}); null when the URL has none.
   */
  static String branchParameter(String url) {
    return parameter(url, "branch");
  }

  /** The value of parameter {@code name} in {@code url}, the last one given ("" when bare); null when it has none. */
  static String parameter(String url, String name) {
    int q = url.indexOf('?');
    if (q < 0) {
      return null;
    }
    String found = null;
    for (String part : url.substring(q + 1).split("&")) {
      if (part.equals(name)) {
        found = "";
      } else if (part.startsWith(name + "=")) {
        found = URLDecoder.decode(part.substring(name.length() + 1), StandardCharsets.UTF_8);
      }
    }
    return found;
  }

  static String withoutBranchParameter(String url) {
    int q = url.indexOf('?');
    if (q < 0) {
      return url;
    }
    StringBuilder kept = new StringBuilder();
    for (String part : url.substring(q + 1).split("&")) {
      if (part.isEmpty() || part.equals("branch") || part.startsWith("branch=")) {
        continue;
      }
      kept.append(kept.length() == 0 ? "" : "&").append(part);
    }
    return kept.length() == 0 ? url.substring(0, q) : url.substring(0, q + 1) + kept;
  }
}

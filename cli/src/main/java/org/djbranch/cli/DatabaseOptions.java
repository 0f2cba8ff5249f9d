package org.djbranch.cli;

import java.sql.SQLException;
import org.djbranch.driver.DriverProperty;
import org.djbranch.driver.naming.BranchLocalTables;
import picocli.CommandLine.Option;

/** {@code --url} and {@code --branch}, shared by the commands that work on a branch of a database. */
public final class DatabaseOptions {
  @Option(names = "--url", required = true, paramLabel = "URL",
      description = "the database: jdbc:djbranch:<url> or the wrapped driver's jdbc:<url>")
  String url;

  @Option(names = "--branch", required = true, paramLabel = "B", description = "the branch ([A-Za-z0-9_]+)")
  String branch;

  /**
   * The target, once the branch is known to be a branch name: these commands read the branch's schemas through a
   * trunk connection, so the driver never sees the value to check it.
   */
  Target target() throws SQLException {
    if (!branch.matches("[A-Za-z0-9_]+")) {
      throw new SQLException("The branch '" + branch + "' is not a valid branch identifier: it must match"
          + " [A-Za-z0-9_]+ (letters, digits, underscore).", "08001");
    }
    return new Target(url);
  }

  /**
   * The bookkeeping tables a branch keeps its own copies of: Flyway's and Liquibase's, and those the URL's
   * {@code branchLocalTables} names, as the driver reads them for the branch's sessions.
   */
  BranchLocalTables bookkeeping() {
    return BranchLocalTables.of(Target.parameter(url, DriverProperty.BRANCH_LOCAL_TABLES.key()));
  }
}

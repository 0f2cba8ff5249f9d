package org.djbranch.cli;

import java.io.PrintWriter;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.BranchConnection;
import org.djbranch.rewriter.Scripts;

/**
 * Runs SQL and backslash commands on one connection and prints the answers: result sets as aligned tables, update
 * counts as a line, errors as one line with the SQLState. The line editor and the script reader both feed it.
 */
final class SqlShell {
  private final BranchConnection connection;
  private final Describer describer;
  private final PrintWriter out;
  private final PrintWriter err;
  private final boolean continueOnError;
  private boolean quit;

  SqlShell(BranchConnection connection, Describer describer, PrintWriter out, PrintWriter err,
      boolean continueOnError) {
    this.connection = connection;
    this.describer = describer;
    this.out = out;
    this.err = err;
    this.continueOnError = continueOnError;
  }

  boolean quitRequested() {
    return quit;
  }

  /** The prompt names the branch, so nobody writes to trunk believing they are on a branch. */
  String prompt() {
    return connection.branch() == null ? "trunk> " : connection.branch() + "> ";
  }

  /**
   * A whole script: statements split as the database's own client would, backslash commands on lines of their own.
   * The first error stops it, and when statements remain the shell says which one stopped it; with
   * {@code continueOnError} every statement runs and the number that failed is said at the end. True when none
   * failed.
   */
  boolean runScript(String script) {
    List<String> steps = steps(script);
    int failed = 0;
    for (int i = 0; i < steps.size() && !quit; i++) {
      String step = steps.get(i);
      if (step.startsWith("\\") ? meta(step) : execute(step)) {
        continue;
      }
      failed++;
      int left = steps.size() - i - 1;
      if (!continueOnError) {
        if (left > 0) {
          err.println("shell: stopped at statement " + (i + 1) + " of " + steps.size() + "; the " + left + " after it"
              + " did not run (--continue-on-error runs them).");
        }
        break;
      }
    }
    if (failed > 0 && continueOnError) {
      err.println("shell: " + failed + " of " + steps.size() + " statements failed.");
    }
    err.flush();
    return failed == 0;
  }

  /** The statements and backslash commands of a script, in order. */
  private List<String> steps(String script) {
    List<String> steps = new ArrayList<>();
    StringBuilder sql = new StringBuilder();
    for (String line : script.split("\n", -1)) {
      if (line.strip().startsWith("\\")) {
        steps.addAll(Scripts.split(sql.toString(), connection.backend().dialect()));
        steps.add(line.strip());
        sql.setLength(0);
      } else {
        sql.append(line).append('\n');
      }
    }
    steps.addAll(Scripts.split(sql.toString(), connection.backend().dialect()));
    return steps;
  }

  /** Every statement of {@code text}, typed at the prompt; the first that fails ends the line's statements. */
  boolean runStatements(String text) {
    List<String> statements = Scripts.split(text, connection.backend().dialect());
    for (String s : statements) {
      if (!execute(s)) {
        return false;
      }
    }
    return true;
  }

  boolean execute(String sql) {
    try (Statement st = connection.createStatement()) {
      boolean isQuery = st.execute(sql);
      boolean answered = false;
      while (true) {
        if (isQuery) {
          try (ResultSet rs = st.getResultSet()) {
            TextTable.of(rs).print(out, "");
          }
        } else {
          int count = st.getUpdateCount();
          if (count == -1) {
            break;
          }
          out.println(count == 0 ? "OK" : "OK, " + count + (count == 1 ? " row" : " rows"));
        }
        answered = true;
        isQuery = st.getMoreResults();
      }
      if (!answered) {
        out.println("OK"); // DuckDB answers DDL with neither a result set nor an update count
      }
      out.flush();
      return true;
    } catch (SQLException e) {
      error(e);
      return false;
    }
  }

  /** {@code \d}, {@code \d table}, {@code \q}, {@code \?}. False when the command failed. */
  boolean meta(String line) {
    String[] words = line.split("\\s+", 2);
    try {
      switch (words[0]) {
        case "\\q":
        case "\\quit":
          quit = true;
          return true;
        case "\\d":
          if (words.length == 1) {
            describer.list(out);
          } else {
            describer.describe(words[1].strip().replaceAll(";$", ""), out);
          }
          return true;
        case "\\?":
        case "\\help":
          out.println("SQL statements end with ;   \\d  list tables and where they bind   \\d TABLE  describe one"
              + "   \\q  quit");
          out.flush();
          return true;
        default:
          err.println("Unknown command " + words[0] + "; \\? lists the commands.");
          err.flush();
          return false;
      }
    } catch (SQLException e) {
      error(e);
      return false;
    }
  }

  private void error(SQLException e) {
    err.println("ERROR: " + Errors.describe(e));
    err.flush();
  }
}

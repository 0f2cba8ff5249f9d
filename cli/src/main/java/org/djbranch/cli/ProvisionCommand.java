package org.djbranch.cli;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.Provisioning;
import org.djbranch.driver.backend.Provisioning.Request;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code djbranch provision}: sets up the credential spec 8 describes for one login on one branch — read on the
 * pipeline, create inside the drafts — and what such a login cannot create itself: the draft schemas and missing
 * base schemas (spec 2.3, 2.4). Prints the statements; {@code --apply} runs them on the {@code --url} connection,
 * which must be an administrator's. Runs again without error and changes nothing more.
 */
@Command(name = "provision", mixinStandardHelpOptions = true,
    description = "Print the statements that let a login work on a branch with read on the pipeline and create"
        + " inside the branch's drafts: the login, the draft and missing base schemas, the grants, the role"
        + " membership. --apply runs them on the --url connection (an administrator's). Safe to run again.")
final class ProvisionCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin DatabaseOptions db;

  @Option(names = "--login", required = true, paramLabel = "L",
      description = "the login the branch session connects as; created without a password if missing (set one"
          + " yourself); on MySQL/MariaDB user@host, host %% when left out")
  String login;

  @Option(names = "--schemas", split = ",", paramLabel = "S1,S2",
      description = "the logical schemas the branch reads and extends; default: the connection's current schema")
  List<String> schemas = new ArrayList<>();

  @Option(names = "--draft-role", paramLabel = "R",
      description = "a role every login of the branch is a member of; it holds the grants and, on PostgreSQL, owns"
          + " the drafts (connect with draftRole=R so that the tables declared are owned by it too)")
  String draftRole;

  @Option(names = "--apply", description = "run the statements instead of only printing them")
  boolean apply;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    valid("login", login, "[A-Za-z0-9_.\\-]+(@[A-Za-z0-9_.%\\-]+)?");
    if (draftRole != null) {
      valid("draft role", draftRole, "[A-Za-z0-9_]+");
    }
    try (BranchConnection admin = db.target().trunk()) {
      Backend backend = admin.backend();
      Provisioning provisioning = backend.catalog().provisioning(admin);
      List<String> logical = schemas.isEmpty() ? List.of(backend.currentSchema(admin)) : schemas;
      for (String s : logical) {
        valid("schema", s, "[A-Za-z0-9_]+");
      }
      List<String> statements = provisioning.statements(admin, new Request(db.branch, login, draftRole, logical));
      out.println((apply ? "-- Running on " : "-- To run on ") + backend.displayName() + " as an"
          + " administrator: branch " + db.branch + ", login " + login
          + (draftRole == null ? "" : ", draft role " + draftRole) + ", schemas " + String.join(", ", logical));
      for (String sql : statements) {
        out.println(sql + ";");
        out.flush();
        if (apply) {
          try (Statement s = admin.createStatement()) {
            s.execute(sql);
          }
        }
      }
      out.println(apply ? "-- Done: " + statements.size() + " statements." : "-- Not run: pass --apply to run them.");
      out.flush();
    }
    return ExitCodes.OK;
  }

  private static void valid(String what, String value, String pattern) throws SQLException {
    if (!value.matches(pattern)) {
      throw new SQLException("The " + what + " '" + value + "' is not one provision writes into statements: it must"
          + " match " + pattern + ".", "42602");
    }
  }
}

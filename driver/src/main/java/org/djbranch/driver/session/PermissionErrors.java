package org.djbranch.driver.session;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.Denial;
import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.PrivilegeDenied;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.Analyzer;
import org.djbranch.rewriter.StatementKind;
import org.djbranch.rewriter.TableRef;
import org.djbranch.rewriter.UnparsableStatementException;

/**
 * A permission error on a branch, said the way a branch login needs it (issue 14): which login may not do what to
 * which object, and the GRANT that allows it — the grant the credential of spec 8 holds, or for a change of the
 * pipeline the one the credential deliberately lacks. The backend reads the database's words; this class names the
 * object physically and picks the privilege where the database does not say it (PostgreSQL).
 */
final class PermissionErrors {
  private final Connection internal;
  private final ConnectionLayout layout;
  private final Backend backend;
  private final String draftRole;

  PermissionErrors(Connection internal, ConnectionLayout layout, String draftRole) {
    this.internal = internal;
    this.layout = layout;
    this.backend = layout.backend;
    this.draftRole = draftRole;
  }

  /**
   * The error to raise for {@code e}, which running {@code sql} (as the application wrote it) caused: explained if
   * it is a permission error, else {@code e} itself. Errors djbranch raised itself pass unchanged.
   */
  SQLException explain(SQLException e, String sql, String currentSchema) {
    if (e instanceof BranchSqlException) {
      return e;
    }
    SQLException original = e instanceof PrivilegeDenied denied ? denied.database() : e;
    Denial d = backend.denial(original);
    if (d == null) {
      return e;
    }
    try {
      Analysis analysis = analysisOf(sql);
      StatementKind kind = analysis == null ? null : analysis.kind();
      if (e instanceof PrivilegeDenied denied) {
        d = new Denial(d.kind(), denied.schema(), denied.table(), denied.privilege());
      } else {
        d = located(d, sql, kind, currentSchema);
      }
      String login = backend.grantee(internal);
      String message = message(d, kind, login) + alreadyThere(d, analysis);
      return SqlState.INSUFFICIENT_PRIVILEGE.exception(message + " (The database said: " + firstLine(original) + ")",
          original);
    } catch (SQLException | RuntimeException failed) {
      e.addSuppressed(failed);
      return e;
    }
  }

  private String message(Denial d, StatementKind kind, String login) {
    switch (d.kind()) {
      case ROLE:
        return "login " + login + " may not act as the draft role " + d.name() + ": " + backend.grant(d, false, login)
            + ", or run djbranch provision --draft-role " + d.name() + " for this login.";
      case OWNER:
        return "login " + login + " may not " + ownerVerb(kind) + " " + name(d) + ": only its owner may, and another"
            + " login declared it. Give every login of the branch one draft role (djbranch provision --draft-role R)"
            + " and connect with draftRole=R, so that the role owns what each declares.";
      default:
        String grantee = draftRole != null ? draftRole : login;
        boolean inDraft = d.schema() != null && layout.isDraft(d.schema());
        return "login " + login + " may not " + verb(d.privilege()) + " " + name(d) + ": "
            + backend.grant(d, inDraft && d.kind() == Denial.Kind.TABLE, grantee) + (inDraft
            ? " (djbranch provision prints every grant a branch login needs)." : ".");
    }
  }

  /** The denied object named physically, and the privilege the statement needed where the database did not say. */
  private Denial located(Denial d, String sql, StatementKind kind, String currentSchema) throws SQLException {
    String privilege = d.privilege();
    switch (d.kind()) {
      case SCHEMA:
        return d.withPrivilege(privilege != null ? privilege : kind != null && kind.isDdl() ? "CREATE" : "USAGE");
      case DATABASE:
        return d.withPrivilege(privilege != null ? privilege : "CREATE");
      case SEQUENCE:
        // a branch reads where a pipeline sequence stands, to copy it, and never moves it (USAGE, UPDATE); a draft's
        // is the draft role's, or granted with the draft
        return d.withPrivilege(privilege != null ? privilege : "SELECT");
      case TABLE:
        if (privilege == null) {
          privilege = privilegeOf(kind);
        }
        if (d.schema() != null) {
          return d.withPrivilege(privilege);
        }
        return new Denial(d.kind(), schemaOf(d.name(), sql, currentSchema), d.name(), privilege);
      default:
        return d.schema() != null ? d : new Denial(d.kind(), schemaOf(d.name(), sql, currentSchema), d.name(), null);
    }
  }

  /** Where the statement's reference to {@code table} binds on this branch: its logical schema or its draft. */
  private String schemaOf(String table, String sql, String currentSchema) throws SQLException {
    Analysis a;
    try {
      a = Analyzer.analyze(sql, backend.dialect());
    } catch (UnparsableStatementException e) {
      return null;
    }
    for (TableRef ref : a.tables()) {
      if (!backend.key(ref.name(), ref.quoted()).equals(backend.key(table, true))) {
        continue;
      }
      String logical = ref.schema() != null ? backend.stored(ref.schema(), ref.schemaQuoted()) : currentSchema;
      if (logical == null || layout.isDraft(logical)) {
        return logical;
      }
      SchemaLayout s = layout.get(logical);
      return s != null && s.bind(backend.key(table, true)) == SchemaLayout.Binding.DRAFT ? s.draft : logical;
    }
    return null;
  }

  private Analysis analysisOf(String sql) {
    if (sql == null) {
      return null;
    }
    try {
      return Analyzer.analyze(sql, backend.dialect());
    } catch (UnparsableStatementException e) {
      return null;
    }
  }

  /**
   * A CREATE TABLE refused in a logical schema names a table the pipeline holds (a new one would have gone to the
   * draft): says so, and that the agreeing form is answered without DDL.
   */
  private String alreadyThere(Denial d, Analysis a) {
    if (d.kind() != Denial.Kind.SCHEMA || a == null || a.kind() != StatementKind.CREATE_TABLE || a.target() == null
        || layout.isDraft(d.name())) {
      return "";
    }
    return " The pipeline holds " + d.name() + "." + a.target().name() + " already, and this branch binds to it:"
        + " CREATE TABLE IF NOT EXISTS of the same shape is answered without DDL.";
  }

  private static String privilegeOf(StatementKind kind) {
    if (kind == null) {
      return "SELECT";
    }
    switch (kind) {
      case INSERT:
      case UPSERT:
      case MERGE:
        return "INSERT";
      case UPDATE:
        return "UPDATE";
      case DELETE:
        return "DELETE";
      case TRUNCATE:
        return "TRUNCATE";
      default:
        return kind.isDdl() ? "SELECT, INSERT, UPDATE, DELETE" : "SELECT";
    }
  }

  private static String verb(String privilege) {
    if (privilege == null) {
      return "use";
    }
    switch (privilege) {
      case "SELECT":
        return "read";
      case "INSERT":
        return "insert into";
      case "UPDATE":
        return "update";
      case "DELETE":
        return "delete from";
      case "TRUNCATE":
        return "truncate";
      case "CREATE":
        return "create in";
      case "USAGE":
        return "use";
      case "SELECT, INSERT, UPDATE, DELETE":
        return "write";
      default:
        return privilege.toLowerCase(Locale.ROOT);
    }
  }

  private static String ownerVerb(StatementKind kind) {
    if (kind == null) {
      return "change";
    }
    switch (kind) {
      case DROP_TABLE:
      case DROP_VIEW:
        return "drop";
      case CREATE_INDEX:
        return "index";
      default:
        return "alter";
    }
  }

  private static String name(Denial d) {
    return d.schema() == null ? d.name() : d.schema() + "." + d.name();
  }

  private static String firstLine(SQLException e) {
    String m = e.getMessage() == null ? "" : e.getMessage().strip();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl).strip();
  }
}

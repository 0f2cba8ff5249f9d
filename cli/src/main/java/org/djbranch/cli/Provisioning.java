package org.djbranch.cli;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.djbranch.cli.catalog.DatabaseCatalog;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.backend.Backend;

/**
 * The statements that give a login the credential a branch session holds (spec 8): read on the pipeline's schemas,
 * create inside the branch's drafts, nothing else. It creates what such a login may not create itself (spec 2.3,
 * 2.4): the draft schemas, and the base schemas a branch introduces. One implementation per database with logins.
 *
 * <p>What exists is read first, so a second run creates nothing and repeats only grants, which both databases
 * accept again: provisioning converges and runs twice without error.
 */
abstract class Provisioning {
  /** What to provision: a login (created if missing), an optional role shared by the branch's logins. */
  record Request(String branch, String login, String role, List<String> schemas) {}

  protected final DatabaseCatalog catalog;
  protected final Backend backend;

  protected Provisioning(DatabaseCatalog catalog) {
    this.catalog = catalog;
    this.backend = catalog.backend();
  }

  static Provisioning of(BranchConnection admin, DatabaseCatalog catalog) throws SQLException {
    switch (catalog.backend().dialect()) {
      case POSTGRESQL:
        return new PostgresProvisioning(catalog);
      case MYSQL:
        return new MySqlProvisioning(catalog,
            admin.getMetaData().getDatabaseProductVersion().toLowerCase(java.util.Locale.ROOT).contains("mariadb"));
      default:
        throw new SQLException(catalog.backend().displayName() + " has no logins to provision: whoever may open the"
            + " database file may write all of it. Restrict the file, or use PostgreSQL or MySQL/MariaDB.", "0A000");
    }
  }

  /** The statements, in the order to run them, for what {@code admin} finds missing. */
  final List<String> statements(Connection admin, Request r) throws SQLException {
    Set<String> existing = new HashSet<>();
    for (String s : catalog.schemas(admin)) {
      existing.add(backend.key(s, true));
    }
    List<String> out = new ArrayList<>(principals(admin, r));
    for (String logical : r.schemas()) {
      String draft = DraftNames.draft(r.branch(), logical);
      backend.checkSchemaName(draft);
      if (!existing.contains(backend.key(logical, true))) {
        out.add(createBase(logical)); // spec 2.4: a branch introducing a schema needs its base, empty
      }
      out.addAll(readPipeline(logical, grantee(r)));
      if (!existing.contains(backend.key(draft, true))) {
        out.add(createDraft(draft, grantee(r)));
      }
      out.addAll(createInDraft(draft, grantee(r)));
    }
    return out;
  }

  /**
   * Who holds the grants, as GRANT names it: the shared role where there is one, so every member holds them.
   */
  protected abstract String grantee(Request r);

  /** The login and the role, where missing, and the login's membership in the role. */
  protected abstract List<String> principals(Connection admin, Request r) throws SQLException;

  protected String createBase(String logical) {
    return "CREATE SCHEMA " + backend.quote(logical);
  }

  protected abstract List<String> readPipeline(String logical, String grantee);

  protected abstract String createDraft(String draft, String grantee);

  protected abstract List<String> createInDraft(String draft, String grantee);
}

package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.djbranch.driver.naming.DraftNames;

/**
 * The statements that give a login the credential a branch session holds (spec 8): read on the pipeline's schemas,
 * create inside the branch's drafts, nothing else. It creates what such a login may not create itself (spec 2.3,
 * 2.4): the draft schemas, and the base schemas a branch introduces. One implementation per database with logins.
 *
 * <p>What exists is read first, so a second run creates nothing and repeats only grants, which both databases
 * accept again: provisioning converges and runs twice without error.
 */
public abstract class Provisioning {
  /** What to provision: a login (created if missing), an optional role shared by the branch's logins. */
  public record Request(String branch, String login, String role, List<String> schemas) {}

  protected final Backend backend;

  protected Provisioning(Backend backend) {
    this.backend = backend;
  }

  /** The statements, in the order to run them, for what {@code admin} finds missing. */
  public final List<String> statements(Connection admin, Request r) throws SQLException {
    Set<String> existing = new HashSet<>();
    for (String s : backend.catalog().schemas(admin)) {
      existing.add(backend.key(s, true));
    }
    DraftNames drafts = backend.draftNames(r.branch());
    List<String> drafted = new ArrayList<>();
    for (String logical : r.schemas()) {
      drafted.add(drafts.draftOf(logical)); // every name checked before any statement is made
    }
    List<String> out = new ArrayList<>(principals(admin, r));
    for (int i = 0; i < r.schemas().size(); i++) {
      String logical = r.schemas().get(i);
      String draft = drafted.get(i);
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

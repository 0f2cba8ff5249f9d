package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * PostgreSQL: USAGE and SELECT on the pipeline's schemas (and on the tables the administrator declares there later,
 * through default privileges); the drafts owned by the grantee, so it may create, drop and re-declare in them. With a
 * role, the drafts belong to the role and the login is a member: a table declared by one member can be dropped and
 * re-declared by another (spec 8, "Draft ownership on PostgreSQL"), as the driver declares as that role.
 */
final class PostgresProvisioning extends Provisioning {
  PostgresProvisioning(Backend backend) {
    super(backend);
  }

  @Override
  protected List<String> principals(Connection admin, Request r) throws SQLException {
    List<String> out = new ArrayList<>();
    if (!roleExists(admin, r.login())) {
      out.add("CREATE ROLE " + backend.quote(r.login()) + " LOGIN");
    }
    if (r.role() != null) {
      if (!roleExists(admin, r.role())) {
        out.add("CREATE ROLE " + backend.quote(r.role()) + " NOLOGIN");
      }
      if (!memberOf(admin, r.login(), r.role())) {
        out.add("GRANT " + backend.quote(r.role()) + " TO " + backend.quote(r.login()));
      }
    }
    return out;
  }

  @Override
  protected String grantee(Request r) {
    return backend.quote(r.role() != null ? r.role() : r.login());
  }

  /**
   * The pipeline's tables, and its sequences: a branch that copies a table or a sequence reads where trunk's
   * sequence stands ({@code SELECT} on a sequence reads it; moving it takes {@code USAGE} or {@code UPDATE}).
   */
  @Override
  protected List<String> readPipeline(String logical, String g) {
    String s = backend.quote(logical);
    return List.of("GRANT USAGE ON SCHEMA " + s + " TO " + g,
        "GRANT SELECT ON ALL TABLES IN SCHEMA " + s + " TO " + g,
        "GRANT SELECT ON ALL SEQUENCES IN SCHEMA " + s + " TO " + g,
        "ALTER DEFAULT PRIVILEGES IN SCHEMA " + s + " GRANT SELECT ON TABLES TO " + g,
        "ALTER DEFAULT PRIVILEGES IN SCHEMA " + s + " GRANT SELECT ON SEQUENCES TO " + g);
  }

  @Override
  protected String createDraft(String draft, String g) {
    return "CREATE SCHEMA " + backend.quote(draft) + " AUTHORIZATION " + g;
  }

  /** A draft made before (by another login, say) is opened to the grantee too, tables included. */
  @Override
  protected List<String> createInDraft(String draft, String g) {
    String d = backend.quote(draft);
    return List.of("GRANT USAGE, CREATE ON SCHEMA " + d + " TO " + g,
        "GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES ON ALL TABLES IN SCHEMA " + d + " TO " + g,
        "GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA " + d + " TO " + g);
  }

  private static boolean roleExists(Connection c, String role) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = ?")) {
      ps.setString(1, role);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  private static boolean memberOf(Connection c, String login, String role) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pg_catalog.pg_auth_members m"
        + " JOIN pg_catalog.pg_roles r ON r.oid = m.roleid JOIN pg_catalog.pg_roles u ON u.oid = m.member"
        + " WHERE r.rolname = ? AND u.rolname = ?")) {
      ps.setString(1, role);
      ps.setString(2, login);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }
}

package org.djbranch.driver.backend;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

/**
 * MySQL and MariaDB: SELECT on the pipeline's databases and ALL on each draft database, named exactly (a database
 * name in GRANT is a LIKE pattern, so {@code _} is escaped: {@code br_x_%} would also reach branch {@code x_y}'s
 * drafts). DROP is an ordinary grant here, so two logins holding these grants can each drop and re-declare what the
 * other declared; a role only saves granting each login: it becomes the login's default role, active at login.
 */
final class MySqlProvisioning extends Provisioning {
  private final boolean mariaDb;

  MySqlProvisioning(Backend backend, boolean mariaDb) {
    super(backend);
    this.mariaDb = mariaDb;
  }

  /** {@code 'alice'@'%'}, or the host given as {@code alice@host}. */
  static String account(String login) {
    int at = login.indexOf('@');
    String user = at < 0 ? login : login.substring(0, at);
    String host = at < 0 ? "%" : login.substring(at + 1);
    return "'" + user + "'@'" + host + "'";
  }

  @Override
  protected List<String> principals(Connection admin, Request r) {
    List<String> out = new ArrayList<>();
    String account = account(r.login());
    out.add("CREATE USER IF NOT EXISTS " + account);
    if (r.role() != null) {
      String role = role(r.role());
      out.add("CREATE ROLE IF NOT EXISTS " + role);
      out.add("GRANT " + role + " TO " + account);
      out.add(mariaDb ? "SET DEFAULT ROLE " + role + " FOR " + account : "SET DEFAULT ROLE " + role + " TO " + account);
    }
    return out;
  }

  @Override
  protected String grantee(Request r) {
    return r.role() == null ? account(r.login()) : role(r.role());
  }

  private String role(String role) {
    return mariaDb ? backend.quote(role) : "'" + role + "'";
  }

  @Override
  protected String createBase(String logical) {
    return "CREATE DATABASE IF NOT EXISTS " + backend.quote(logical);
  }

  @Override
  protected List<String> readPipeline(String logical, String grantee) {
    return List.of("GRANT SELECT, SHOW VIEW ON " + exactly(logical) + ".* TO " + grantee);
  }

  @Override
  protected String createDraft(String draft, String grantee) {
    return "CREATE DATABASE IF NOT EXISTS " + backend.quote(draft);
  }

  @Override
  protected List<String> createInDraft(String draft, String grantee) {
    return List.of("GRANT ALL PRIVILEGES ON " + exactly(draft) + ".* TO " + grantee);
  }

  /** The database name as a GRANT pattern matching it alone. */
  private String exactly(String database) {
    return backend.quote(database.replace("\\", "\\\\").replace("_", "\\_").replace("%", "\\%"));
  }
}

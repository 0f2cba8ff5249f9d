package org.djbranch.cli;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.djbranch.cli.Place.Db;

/**
 * Uniquely named logins and roles a test made (with {@code djbranch provision --apply}), dropped again with whatever
 * they own, so runs never meet leftovers.
 */
final class Logins implements AutoCloseable {
  private final Place place;
  private final List<String> logins = new ArrayList<>();
  private final List<String> roles = new ArrayList<>();

  Logins(Place place) {
    this.place = place;
  }

  /** A login name no other test uses; provision creates it. */
  String newLogin() {
    String name = "djl_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    logins.add(name);
    return name;
  }

  String newRole() {
    String name = "djr_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    roles.add(name);
    return name;
  }

  @Override
  public void close() throws SQLException {
    List<String> sql = new ArrayList<>();
    if (place.db == Db.POSTGRESQL) {
      for (String n : concat()) {
        sql.add("DO $$BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + n + "') THEN"
            + " EXECUTE 'DROP OWNED BY " + n + " CASCADE'; EXECUTE 'DROP ROLE " + n + "'; END IF; END$$");
      }
    } else {
      for (String n : logins) {
        sql.add("DROP USER IF EXISTS '" + n + "'@'%'");
      }
      for (String n : roles) {
        sql.add("DROP ROLE IF EXISTS " + n);
      }
    }
    place.exec(sql.toArray(new String[0]));
  }

  /** Logins first: a role is dropped once no member is left. */
  private List<String> concat() {
    List<String> all = new ArrayList<>(logins);
    all.addAll(roles);
    return all;
  }
}

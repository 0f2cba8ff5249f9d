package org.djbranch.compat;

/** The four databases every compat test runs against. */
public enum Db {
  POSTGRESQL("PostgreSQL", true,
      "start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start"),
  MARIADB("MariaDB", true, "start it with: start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd"),
  DUCKDB("DuckDB", false, ""),
  SQLITE("SQLite", false, "");

  final String displayName;
  /** A server the test must reach, as opposed to an embedded database. */
  final boolean server;
  final String howToStart;

  Db(String displayName, boolean server, String howToStart) {
    this.displayName = displayName;
    this.server = server;
    this.howToStart = howToStart;
  }
}

package org.djbranch.driver.backend;

import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.SqlState;

/** Chooses the {@link Backend} from the wrapped driver's URL. */
public final class Backends {
  private static final Backend POSTGRES = new PostgresBackend();
  private static final Backend MYSQL = MySqlBackend.asStored();
  private static final Backend DUCKDB = new DuckDbBackend();
  private static final Backend SQLITE = new SqliteBackend();

  private Backends() {}

  /** The backend for a {@code jdbc:<subprotocol>:...} URL; fails naming the subprotocol when none fits. */
  public static Backend forUrl(String innerUrl) throws BranchSqlException {
    String subprotocol = subprotocol(innerUrl);
    switch (subprotocol) {
      case "postgresql":
        return POSTGRES;
      case "mysql":
      case "mariadb":
        return MYSQL;
      case "duckdb":
        return DUCKDB;
      case "sqlite":
        return SQLITE;
      default:
        throw SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION.exception("djbranch does not support the database of jdbc:" + subprotocol
            + ": URLs. It wraps postgresql, mysql, mariadb, duckdb and sqlite URLs, e.g."
            + " jdbc:djbranch:postgresql://host/db.");
    }
  }

  private static String subprotocol(String innerUrl) {
    int start = "jdbc:".length();
    int end = innerUrl.indexOf(':', start);
    return end < 0 ? innerUrl.substring(start) : innerUrl.substring(start, end);
  }
}

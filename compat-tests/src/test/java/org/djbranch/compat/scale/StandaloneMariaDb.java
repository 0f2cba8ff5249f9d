package org.djbranch.compat.scale;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * One MariaDB server of its own on a free loopback port, started with server options the shared server on 3306 does
 * not have ({@code --lower-case-table-names=1}, say) by {@code scripts/mariadb-start.sh} in a folder of its own,
 * and stopped, its files removed, by {@code scripts/mariadb-stop.sh}; never the system MariaDB.
 */
final class StandaloneMariaDb extends ScriptedServer {
  private final int port;

  private StandaloneMariaDb(Path dir, int port) {
    super(dir, "mariadb-stop.sh");
    this.port = port;
  }

  /** Starts the server with {@code options}, or skips the test (fails it under CI) saying what is missing. */
  static StandaloneMariaDb start(String... options) throws Exception {
    Path dir = Files.createTempDirectory("djb-mariadb-");
    StandaloneMariaDb server = new StandaloneMariaDb(dir, Scripts.freeBasePort(1, 1));
    String[] args = new String[options.length + 2];
    args[0] = dir.toString();
    args[1] = Integer.toString(server.port);
    System.arraycopy(options, 0, args, 2, options.length);
    return start(server, "A MariaDB server with " + String.join(" ", options), "It needs mariadb-server"
        + " (apt-get install mariadb-server); .ci/run installs it.", "mariadb-start.sh", args);
  }

  /** Connector/J's URL of database {@code db}, without jdbc:. */
  String url(String db) {
    return "mysql://127.0.0.1:" + port + "/" + db + "?" + MARIADB_PARAMS;
  }

  /** The same, through djbranch on {@code branch}; {@code extra} is appended to the parameters. */
  String branchUrl(String db, String branch, String extra) {
    return "jdbc:djbranch:" + url(db) + extra + "&branch=" + branch;
  }

  Connection raw() throws SQLException {
    return DriverManager.getConnection("jdbc:" + url("mysql"));
  }
}

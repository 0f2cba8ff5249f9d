package org.djbranch.compat.scale;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A 3-node MariaDB Galera cluster on loopback ports, started by {@code scripts/galera-start.sh} in a folder of
 * its own and stopped (its files removed) by {@code scripts/galera-stop.sh}; never the system MariaDB.
 */
final class GaleraCluster extends ScriptedServer {
  static final int NODES = 3;

  private final int basePort;

  private GaleraCluster(Path dir, int basePort) {
    super(dir, "galera-stop.sh");
    this.basePort = basePort;
  }

  /** Starts the cluster, or skips the test (fails it under CI) saying what is missing. */
  static GaleraCluster start() throws Exception {
    Path dir = Files.createTempDirectory("djb-galera-");
    GaleraCluster cluster = new GaleraCluster(dir, Scripts.freeBasePort(NODES, 4));
    return start(cluster, "A 3-node MariaDB Galera cluster", "It needs mariadb-server, galera-4, rsync and iproute2"
        + " (apt-get install galera-4 rsync iproute2); .ci/run installs them.", "galera-start.sh", dir.toString(),
        Integer.toString(cluster.basePort));
  }

  /** The client port of node {@code n}, 1 to 3. */
  int port(int n) {
    return basePort + 10 * (n - 1);
  }

  /** {@code 127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3}. */
  String hosts() {
    List<String> hosts = new ArrayList<>();
    for (int n = 1; n <= NODES; n++) {
      hosts.add("127.0.0.1:" + port(n));
    }
    return String.join(",", hosts);
  }

  /** Connector/J's URL of node {@code n} and database {@code db}, without jdbc:. */
  String node(int n, String db) {
    return "mysql://127.0.0.1:" + port(n) + "/" + db + "?" + MARIADB_PARAMS;
  }

  /** The same, through djbranch on {@code branch}. */
  String branchUrl(int n, String db, String branch) {
    // The specification's behaviour: these tests follow a pipeline parent's rows across nodes.
    return "jdbc:djbranch:" + node(n, db) + "&branch=" + branch + org.djbranch.compat.TestDatabase.SPECIFICATION;
  }

  /** A multi-host URL over all nodes, {@code mysql:<kind>://...}, through djbranch on {@code branch}. */
  String multiHostBranchUrl(String kind, String db, String branch, String extra) {
    return "jdbc:djbranch:mysql:" + kind + "://" + hosts() + "/" + db + "?" + MARIADB_PARAMS + extra + "&branch=" + branch;
  }

  /** A plain Connector/J connection to node {@code n}, whose reads wait until the node applied all it received. */
  Connection raw(int n) throws SQLException {
    return DriverManager.getConnection("jdbc:" + node(n, "mysql") + "&sessionVariables=wsrep_sync_wait=1");
  }
}

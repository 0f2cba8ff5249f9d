package org.djbranch.compat.scale;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * A PostgreSQL primary of its own (initdb, on a free loopback port) and a hot standby streaming from it
 * (pg_basebackup -R), started by {@code scripts/pg-standby-start.sh} and removed by {@code scripts/pg-standby-stop.sh}.
 * Its own primary, because the shared server on 5432 allows no replication connections and must not be stopped to
 * fail over.
 */
final class PostgresStandby extends ScriptedServer {
  final int primaryPort;
  final int standbyPort;

  private PostgresStandby(Path dir, int base) {
    super(dir, "pg-standby-stop.sh");
    this.primaryPort = base;
    this.standbyPort = base + 1;
  }

  /** Starts both, or skips the test (fails it under CI) saying what is missing. */
  static PostgresStandby start() throws Exception {
    Path dir = Files.createTempDirectory("djb-pg-standby-");
    PostgresStandby pair = new PostgresStandby(dir, Scripts.freeBasePort(1, 2));
    return start(pair, "A PostgreSQL primary with a hot standby", "It needs the PostgreSQL server binaries"
        + " (apt-get install postgresql).", "pg-standby-start.sh", dir.toString(), Integer.toString(pair.primaryPort),
        Integer.toString(pair.standbyPort));
  }

  /** pgjdbc's URL of one server, database test, without jdbc:. */
  static String server(int port) {
    return "postgresql://127.0.0.1:" + port + "/test?user=postgres&connectTimeout=5";
  }

  /** Both servers, primary first, with {@code targetServerType=primary}, through djbranch on {@code branch}. */
  String multiHostBranchUrl(String branch) {
    return "jdbc:djbranch:postgresql://127.0.0.1:" + primaryPort + ",127.0.0.1:" + standbyPort
        + "/test?user=postgres&connectTimeout=5&targetServerType=primary&branch=" + branch;
  }

  String branchUrl(int port, String branch) {
    return "jdbc:djbranch:" + server(port) + "&branch=" + branch;
  }

  Connection raw(int port) throws SQLException {
    return DriverManager.getConnection("jdbc:" + server(port));
  }

  /** Waits until the standby has replayed everything the primary wrote so far. */
  void caughtUp() throws Exception {
    String lsn;
    try (Connection p = raw(primaryPort)) {
      lsn = Sql.one(p, "SELECT pg_current_wal_lsn()::text");
    }
    try (Connection s = raw(standbyPort)) {
      for (int i = 0; i < 200; i++) {
        if ("t".equals(Sql.one(s, "SELECT pg_last_wal_replay_lsn() >= '" + lsn + "'::pg_lsn"))) {
          return;
        }
        Thread.sleep(50);
      }
    }
    throw new AssertionError("the standby did not replay up to " + lsn + " within 10 s");
  }

  /** The primary stops and the standby is promoted: a failover. */
  void failOver() {
    Scripts.require("pg-standby-promote.sh", dir.toString());
  }
}

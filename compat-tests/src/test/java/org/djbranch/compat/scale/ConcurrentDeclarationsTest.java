package org.djbranch.compat.scale;

import static org.djbranch.compat.scale.Sql.exec;
import static org.djbranch.compat.scale.Sql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.djbranch.compat.Db;
import org.djbranch.compat.TestDatabase;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Several sessions (processes, pool connections, nodes) declaring into one new draft at once: each may be the
 * first to create the draft schema and its ~edge table, and their ~edge writes may collide. Every declaration
 * lands with its rows, whatever the isolation level.
 */
class ConcurrentDeclarationsTest {
  private static final int SESSIONS = 3;
  private static final int TABLES_EACH = 5;

  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"read committed", "serializable"})
  // read committed is the server's default; serializable is set for every transaction of the sessions
  void firstDeclarationsIntoOneNewDraftAllLand(String isolation) throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT PRIMARY KEY)");
      }
      String branch = Sql.unique("c");
      String draft = p.draftFor(branch);
      String url = p.branchUrl(branch) + "&currentSchema=" + p.schema
          + (isolation.equals("serializable") ? "&options=-c%20default_transaction_isolation=serializable" : "");
      CyclicBarrier start = new CyclicBarrier(SESSIONS);
      ExecutorService pool = Executors.newFixedThreadPool(SESSIONS);
      List<String> expected = new ArrayList<>();
      try {
        List<Future<Void>> sessions = new ArrayList<>();
        for (int n = 0; n < SESSIONS; n++) {
          int session = n;
          for (int i = 0; i < TABLES_EACH; i++) {
            expected.add("t" + session + "_" + i);
          }
          sessions.add(pool.submit(() -> {
            try (Connection c = DriverManager.getConnection(url)) {
              start.await(30, TimeUnit.SECONDS);
              for (int i = 0; i < TABLES_EACH; i++) {
                exec(c, "CREATE TABLE t" + session + "_" + i + " (id INT PRIMARY KEY,"
                    + " subject_id INT NOT NULL REFERENCES subject (subject_id) ON DELETE CASCADE)");
              }
            }
            return null;
          }));
        }
        for (Future<Void> s : sessions) {
          s.get(120, TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
      expected.sort(null);
      try (Connection raw = p.raw()) {
        List<List<String>> tables = new ArrayList<>();
        List<List<String>> edges = new ArrayList<>();
        for (String t : expected) {
          tables.add(List.of(t));
          edges.add(List.of("\"" + draft + "\".\"" + t + "\"", "CASCADE"));
        }
        assertEquals(tables, rows(raw, "SELECT tablename FROM pg_tables WHERE schemaname = '" + draft + "'"
            + " AND tablename NOT LIKE '~%' ORDER BY tablename COLLATE \"C\""));
        assertEquals(edges, rows(raw, "SELECT referencing_table, delete_rule FROM \"" + draft + "\".\"~edge\""
            + " ORDER BY referencing_table COLLATE \"C\""));
      }
    }
  }
}

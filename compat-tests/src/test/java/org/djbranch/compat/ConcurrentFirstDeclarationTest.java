package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * First declarations into one new draft, at once: sixteen connections of this process and eight of a second one
 * (another JVM) each declare a table with a foreign key into a draft that does not exist yet. Every declaration
 * succeeds; afterwards there is one draft holding every table, each with its ~edge row and no real key, and this
 * process's shared layout has lost none of its connections' declarations (read inside a transaction, where no
 * "does not exist" retry could hide a loss).
 */
class ConcurrentFirstDeclarationTest {
  private static final int THREADS = 16;
  private static final int CHILD_THREADS = 8;

  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void sixteenConnectionsAndASecondProcessDeclareIntoOneNewDraftAtOnce(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + p.table("subject") + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id))",
            "INSERT INTO " + p.table("subject") + " VALUES (1)");
      }
      String branch = newBranch();
      String draft = p.draftFor(branch);
      String url = p.branchUrl(branch);

      List<String> childStatements = new ArrayList<>();
      for (int i = 0; i < CHILD_THREADS; i++) {
        childStatements.add(declaration(p, "other_" + i));
      }
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", System.getProperty("java.class.path"), FirstDeclarationChild.class.getName(), url));
      command.addAll(childStatements);
      Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
      BufferedReader childOut = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      try {
        List<Connection> connections = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
          connections.add(DriverManager.getConnection(url));
        }
        String ready;
        while ((ready = childOut.readLine()) != null && !ready.equals("ready")) {
          // the child's JVM may print warnings first
        }
        assertEquals("ready", ready, "the second process did not start");

        CountDownLatch go = new CountDownLatch(1);
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
          Connection c = connections.get(i);
          String sql = declaration(p, "here_" + i);
          threads.add(new Thread(() -> {
            try (Statement s = c.createStatement()) {
              go.await();
              s.execute(sql);
            } catch (Exception e) {
              failures.add(sql + " -> " + e);
            }
          }));
        }
        threads.forEach(Thread::start);
        Writer toChild = new OutputStreamWriter(child.getOutputStream(), StandardCharsets.UTF_8);
        toChild.write("go\n");
        toChild.flush();
        go.countDown();
        for (Thread t : threads) {
          t.join(TimeUnit.SECONDS.toMillis(60));
        }
        List<String> childLines = new ArrayList<>();
        String line;
        while ((line = childOut.readLine()) != null) {
          childLines.add(line);
        }
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the second process did not finish");
        assertEquals(List.of(), failures, "declarations in this process");
        assertEquals(0, child.exitValue(), "declarations in the second process: " + childLines);

        // One draft, every table, one ~edge row each, no real key.
        CatalogReader catalog = new CatalogReader(p);
        assertEquals(List.of(draft), catalog.draftSchemas());
        Map<String, List<String>> tables = catalog.draftTablesWithEdges(draft);
        Map<String, Integer> edgeCounts = new TreeMap<>();
        tables.forEach((t, rows) -> edgeCounts.put(t, rows.size()));
        Map<String, Integer> expected = new TreeMap<>();
        for (int i = 0; i < THREADS; i++) {
          expected.put("here_" + i, 1);
        }
        for (int i = 0; i < CHILD_THREADS; i++) {
          expected.put("other_" + i, 1);
        }
        assertEquals(expected, edgeCounts);
        assertEquals(List.of(), catalog.foreignKeysInDrafts());

        // The shared layout kept every connection's declaration: in a transaction, no retry could hide a loss.
        Connection c = connections.get(0);
        c.setAutoCommit(false);
        for (int i = 0; i < THREADS; i++) {
          exec(c, "INSERT INTO " + p.table("here_" + i) + " VALUES (1)");
        }
        c.commit();
        c.setAutoCommit(true);
        for (Connection each : connections) {
          each.close();
        }
      } finally {
        child.destroyForcibly();
      }
    }
  }

  private static String declaration(TestDatabase p, String table) {
    return "CREATE TABLE " + p.table(table) + " (subject_id INT NOT NULL, PRIMARY KEY (subject_id),"
        + " FOREIGN KEY (subject_id) REFERENCES " + p.table("subject") + " (subject_id) ON DELETE CASCADE)";
  }

}

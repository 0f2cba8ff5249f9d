package org.djbranch.compat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The second process of {@link ConcurrentFirstDeclarationTest}: opens one branch connection per statement given,
 * says "ready", waits for "go" on its input, then runs every statement at once, one per connection and thread, and
 * prints "ok" or "failed" for each. Exits 0 when every one succeeded.
 *
 * <p>Arguments: the djbranch URL, then the statements.
 */
public final class FirstDeclarationChild {
  private FirstDeclarationChild() {}

  public static void main(String[] args) throws Exception {
    String url = args[0];
    List<Connection> connections = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      connections.add(DriverManager.getConnection(url));
    }
    System.out.println("ready");
    System.out.flush();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    if (!"go".equals(in.readLine())) {
      System.exit(2);
    }
    List<Thread> threads = new ArrayList<>();
    boolean[] failed = new boolean[1];
    for (int i = 1; i < args.length; i++) {
      Connection c = connections.get(i - 1);
      String sql = args[i];
      Thread t = new Thread(() -> {
        try (Statement s = c.createStatement()) {
          s.execute(sql);
          System.out.println("ok " + sql);
        } catch (Exception e) {
          synchronized (failed) {
            failed[0] = true;
          }
          System.out.println("failed " + sql + " -> " + e);
        }
      });
      threads.add(t);
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    for (Connection c : connections) {
      c.close();
    }
    System.exit(failed[0] ? 1 : 0);
  }
}

package org.djbranch.compat.scale;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs the server scripts of {@code compat-tests/scripts}, which start and stop the extra servers the scaling-out
 * tests need (a Galera cluster, a PostgreSQL primary with a standby) on free loopback ports.
 *
 * <p>When a script cannot start its servers (a package is missing, say), the test fails under {@code CI=true}, as
 * every test whose server is unreachable does; elsewhere it is skipped with a message saying what to install.
 */
final class Scripts {
  /** What a script prints when a tool it needs is not installed. */
  private static final int MISSING_TOOL = 3;

  private Scripts() {}

  static Path script(String name) {
    Path dir = Path.of(System.getProperty("basedir", ".")).resolve("scripts");
    if (!Files.isDirectory(dir)) {
      dir = Path.of("compat-tests", "scripts");
    }
    return dir.resolve(name).toAbsolutePath();
  }

  /** Runs a script that starts servers; on failure skips or fails the test with its output and {@code advice}. */
  static void start(String what, String advice, String script, String... args) {
    Result r = run(script, args);
    if (r.code == 0) {
      return;
    }
    String message = what + " could not be started (" + script + " exited with " + r.code + "): " + r.output.trim()
        + (r.code == MISSING_TOOL ? "" : "\n") + " " + advice;
    if ("true".equals(System.getenv("CI"))) {
      fail(message);
    }
    System.out.println("SKIPPED: " + message);
    Assumptions.abort(message);
  }

  /** Runs a script that must succeed (stopping, promoting); fails the test with its output otherwise. */
  static void require(String script, String... args) {
    Result r = run(script, args);
    if (r.code != 0) {
      fail(script + " exited with " + r.code + ": " + r.output);
    }
  }

  record Result(int code, String output) {}

  static Result run(String script, String... args) {
    List<String> command = new ArrayList<>();
    command.add("bash");
    command.add(script(script).toString());
    command.addAll(List.of(args));
    try {
      Path log = Files.createTempFile("djb-script-", ".log");
      try {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          return new Result(-1, "timed out after 180 s");
        }
        return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
      } finally {
        Files.deleteIfExists(log);
      }
    } catch (IOException e) {
      return new Result(-1, e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result(-1, e.toString());
    }
  }

  /**
   * A base port such that {@code base + 10 * node + offset} is free on loopback for every node below {@code nodes}
   * and offset below {@code perNode}.
   */
  static int freeBasePort(int nodes, int perNode) {
    for (int attempt = 0; attempt < 50; attempt++) {
      int base = 20000 + 10 * ThreadLocalRandom.current().nextInt(2000);
      if (allFree(base, nodes, perNode)) {
        return base;
      }
    }
    throw new IllegalStateException("no free block of loopback ports found");
  }

  private static boolean allFree(int base, int nodes, int perNode) {
    for (int n = 0; n < nodes; n++) {
      for (int o = 0; o < perNode; o++) {
        try (ServerSocket s = new ServerSocket(base + 10 * n + o, 1, InetAddress.getLoopbackAddress())) {
          s.setReuseAddress(true);
        } catch (IOException taken) {
          return false;
        }
      }
    }
    return true;
  }
}

package org.djbranch.lake;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Apache httpd with mod_dav serving a folder on a free 127.0.0.1 port, with a configuration
 * generated in a temporary folder; stopped by {@link #close()}. Where httpd is not installed the
 * test is skipped (under {@code CI=true} it fails instead).
 */
final class Httpd implements AutoCloseable {
  private static final List<String> BINARIES = List.of("/usr/sbin/apache2", "/usr/sbin/httpd", "/usr/local/sbin/httpd");
  private static final List<String> MODULE_DIRS = List.of("/usr/lib/apache2/modules", "/usr/lib64/httpd/modules",
      "/usr/lib/httpd/modules", "/usr/local/apache2/modules");

  private final Process process;
  private final int port;
  private final Path log;

  private Httpd(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  /** Starts httpd serving {@code docRoot}; {@code work} holds its configuration, lock database and logs. */
  static Httpd serve(Path docRoot, Path work) throws Exception {
    String binary = BINARIES.stream().filter(b -> Files.isExecutable(Path.of(b))).findFirst().orElse(null);
    String modules = MODULE_DIRS.stream().filter(d -> Files.isRegularFile(Path.of(d, "mod_dav_fs.so"))).findFirst().orElse(null);
    if (binary == null || modules == null) {
      String message = "Apache httpd with mod_dav is not installed (looked for " + BINARIES + "); install it with "
          + "'apt-get install apache2' to run the tests over HTTP";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        Assertions.fail(message);
      }
      skip(message);
    }
    Files.createDirectories(work);
    Files.createDirectories(docRoot);
    int port;
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress("127.0.0.1", 0));
      port = s.getLocalPort();
    }
    Path conf = work.resolve("httpd.conf");
    Path log = work.resolve("error.log");
    Files.writeString(conf, String.join("\n",
        "ServerRoot " + work,
        "LoadModule mpm_event_module " + modules + "/mod_mpm_event.so",
        "LoadModule authz_core_module " + modules + "/mod_authz_core.so",
        "LoadModule dav_module " + modules + "/mod_dav.so",
        "LoadModule dav_fs_module " + modules + "/mod_dav_fs.so",
        "ServerName 127.0.0.1",
        "Listen 127.0.0.1:" + port,
        "PidFile " + work.resolve("httpd.pid"),
        "DefaultRuntimeDir " + work,
        "Mutex file:" + work,
        "ErrorLog " + log,
        "LogLevel warn",
        "DocumentRoot " + docRoot,
        "DavLockDB " + work.resolve("davlock"),
        "<Directory " + docRoot + ">",
        "  Dav On",
        "  Require all granted",
        "</Directory>",
        ""));
    Process p = new ProcessBuilder(binary, "-f", conf.toString(), "-DFOREGROUND")
        .redirectErrorStream(true).redirectOutput(work.resolve("stdout.log").toFile()).start();
    Httpd httpd = new Httpd(p, port, log);
    long deadline = System.currentTimeMillis() + 15_000;
    while (true) {
      try (Socket s = new Socket("127.0.0.1", port)) {
        return httpd;
      } catch (IOException e) {
        if (!p.isAlive() || System.currentTimeMillis() > deadline) {
          httpd.close();
          Assertions.fail("httpd did not start on 127.0.0.1:" + port + ": " + readQuietly(log)
              + readQuietly(work.resolve("stdout.log")));
        }
        Thread.sleep(50);
      }
    }
  }

  String url(String path) {
    return "http://127.0.0.1:" + port + "/" + path;
  }

  private static String readQuietly(Path p) {
    try {
      return Files.exists(p) ? Files.readString(p) : "";
    } catch (IOException e) {
      return "";
    }
  }

  @Override
  public void close() throws Exception {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** Reasons already printed: a skip says why on the console once, where surefire's summary only counts it. */
  private static final java.util.Set<String> SKIPS_SAID = java.util.concurrent.ConcurrentHashMap.newKeySet();

  /** Skips the running test; the reason goes to the console as well as into the test report. */
  private static void skip(String message) {
    if (SKIPS_SAID.add(message)) {
      System.err.println("[SKIPPED] " + message + " (tests needing it are skipped; under CI=true they fail)");
    }
    Assumptions.abort(message);
  }
}

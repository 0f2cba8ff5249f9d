package org.djbranch.compat.scale;

import java.nio.file.Path;

/**
 * Servers a test starts with a script of {@code scripts/} in a folder of their own, and stops with another when
 * it closes them — or, should the test JVM end first, when the JVM exits, so no server outlives the build.
 */
abstract class ScriptedServer implements AutoCloseable {
  /** Connector/J's parameters for the MariaDB servers the scripts start: root, no password, no TLS. */
  static final String MARIADB_PARAMS = "user=root&password=&useSSL=false&allowPublicKeyRetrieval=true"
      + "&connectTimeout=5000";

  /** The folder the servers keep their files in; the stop script removes it. */
  final Path dir;
  private final String stopScript;
  private final Thread stopAtExit;

  ScriptedServer(Path dir, String stopScript) {
    this.dir = dir;
    this.stopScript = stopScript;
    this.stopAtExit = new Thread(this::stop, stopScript);
  }

  /**
   * Runs the start script with {@code args} and returns {@code server}, or skips the test (fails it under CI)
   * saying what is missing, having stopped whatever the script left running.
   */
  static <S extends ScriptedServer> S start(S server, String what, String advice, String script, String... args) {
    ScriptedServer starting = server;
    Runtime.getRuntime().addShutdownHook(starting.stopAtExit);
    try {
      Scripts.start(what, advice, script, args);
    } catch (Throwable notStarted) {
      server.close();
      throw notStarted;
    }
    return server;
  }

  private void stop() {
    Scripts.run(stopScript, dir.toString());
  }

  @Override
  public void close() {
    stop();
    try {
      Runtime.getRuntime().removeShutdownHook(stopAtExit);
    } catch (IllegalStateException shuttingDown) {
      // The hook runs, or ran, anyway.
    }
  }
}

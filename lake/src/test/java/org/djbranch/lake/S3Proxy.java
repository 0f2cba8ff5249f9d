package org.djbranch.lake;

import org.junit.jupiter.api.Assertions;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * S3Proxy (an S3-compatible server, copied into the build folder by the build) run as a separate
 * process on a free 127.0.0.1 port, storing objects as files under a folder of the test (bucket
 * {@link #BUCKET} is the folder {@code <objects>/lake}), checking every request's signature
 * (AWS SigV2 or SigV4) against a random key. {@link #settings()} points this JVM's S3 repositories
 * at it; {@link #javaOptions()} does the same for a child process. Stopped, and its folder
 * removed, by {@link #close()}.
 */
final class S3Proxy implements AutoCloseable {
  static final String BUCKET = "lake";
  private static final String JAR_PROPERTY = "djbranch.test.s3proxy";

  private final Process process;
  private final Path work;
  private final Map<String, String> settings;

  private S3Proxy(Process process, Path work, Map<String, String> settings) {
    this.process = process;
    this.work = work;
    this.settings = settings;
  }

  /** Starts the server with its objects, configuration and log under {@code work}. */
  static S3Proxy start(Path work) throws Exception {
    String jar = System.getProperty(JAR_PROPERTY);
    Assertions.assertTrue(jar != null && Files.isRegularFile(Path.of(jar)), "S3Proxy's jar is copied into the "
        + "build folder by the build (maven-dependency-plugin, " + JAR_PROPERTY + "=" + jar + ")");
    Path objects = Files.createDirectories(work.resolve("objects"));
    Files.createDirectories(objects.resolve(BUCKET));
    int port;
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress("127.0.0.1", 0));
      port = s.getLocalPort();
    }
    String identity = "djbranch-test";
    String credential = UUID.randomUUID().toString();
    Path properties = work.resolve("s3proxy.conf");
    Files.writeString(properties, String.join("\n",
        "s3proxy.endpoint=http://127.0.0.1:" + port,
        "s3proxy.authorization=aws-v2-or-v4",
        "s3proxy.identity=" + identity,
        "s3proxy.credential=" + credential,
        "jclouds.provider=filesystem",
        "jclouds.filesystem.basedir=" + objects,
        ""));
    Path log = work.resolve("s3proxy.log");
    Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-Xmx256m",
        "-jar", jar, "--properties", properties.toString())
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    S3Proxy server = new S3Proxy(p, work, Map.of("AWS_ENDPOINT_URL", "http://127.0.0.1:" + port,
        "AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", identity, "AWS_SECRET_ACCESS_KEY", credential));
    long deadline = System.currentTimeMillis() + 30_000;
    while (true) {
      try (Socket s = new Socket("127.0.0.1", port)) {
        return server;
      } catch (IOException e) {
        if (!p.isAlive() || System.currentTimeMillis() > deadline) {
          server.close();
          Assertions.fail("S3Proxy did not start on 127.0.0.1:" + port + ": " + Files.readString(log));
        }
        Thread.sleep(50);
      }
    }
  }

  /** The folder holding the objects of {@code s3://lake/<key>} as files. */
  Path bucketFolder() {
    return work.resolve("objects").resolve(BUCKET);
  }

  String root(String prefix) {
    return "s3://" + BUCKET + "/" + prefix;
  }

  /** The server's port on 127.0.0.1. */
  int port() {
    return java.net.URI.create(settings.get("AWS_ENDPOINT_URL")).getPort();
  }

  /** Points this JVM's S3 repositories at the server. */
  S3Proxy settings() {
    settings.forEach(System::setProperty);
    return this;
  }

  /** The same settings for a child JVM. */
  List<String> javaOptions() {
    return settings.entrySet().stream().map(e -> "-D" + e.getKey() + "=" + e.getValue()).toList();
  }

  @Override
  public void close() throws Exception {
    settings.keySet().forEach(System::clearProperty);
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
    if (Files.exists(work)) {
      try (Stream<Path> walk = Files.walk(work)) {
        for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }
}

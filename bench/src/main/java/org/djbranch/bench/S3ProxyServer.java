package org.djbranch.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * S3Proxy 3.0 (an S3-compatible server) as a separate process on a free 127.0.0.1 port, storing objects as files
 * under {@code <work>/objects} (bucket {@link #BUCKET} is the folder {@code objects/lake}) and checking every
 * request's signature against a random secret, as the lake tests run it. The build copies its jar beside
 * {@code benchmarks.jar} ({@code s3proxy/s3proxy.jar}); the system property {@code djbranch.bench.s3proxy} names
 * another. {@link #close()} stops it and removes {@code work}.
 */
final class S3ProxyServer implements AutoCloseable {
  static final String BUCKET = "lake";
  static final String JAR_PROPERTY = "djbranch.bench.s3proxy";

  private final Process process;
  private final Path work;
  private final Map<String, String> settings;

  private S3ProxyServer(Process process, Path work, Map<String, String> settings) {
    this.process = process;
    this.work = work;
    this.settings = settings;
  }

  static S3ProxyServer start(Path work) throws Exception {
    Path jar = jar();
    Path objects = Files.createDirectories(work.resolve("objects"));
    Files.createDirectories(objects.resolve(BUCKET));
    int port;
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress("127.0.0.1", 0));
      port = s.getLocalPort();
    }
    String identity = "djbranch-bench";
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
        "-jar", jar.toString(), "--properties", properties.toString())
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    S3ProxyServer server = new S3ProxyServer(p, work, Map.of("AWS_ENDPOINT_URL", "http://127.0.0.1:" + port,
        "AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", identity, "AWS_SECRET_ACCESS_KEY", credential));
    long deadline = System.currentTimeMillis() + 30_000;
    while (true) {
      try (Socket s = new Socket("127.0.0.1", port)) {
        return server;
      } catch (IOException e) {
        if (!p.isAlive() || System.currentTimeMillis() > deadline) {
          String said = Files.readString(log);
          server.close();
          throw new IllegalStateException("S3Proxy (" + jar + ") did not start on 127.0.0.1:" + port + ": " + said);
        }
        Thread.sleep(50);
      }
    }
  }

  /** {@code s3proxy/s3proxy.jar} beside the jar this class came from, unless the system property names one. */
  private static Path jar() throws URISyntaxException {
    String named = System.getProperty(JAR_PROPERTY);
    Path jar = named != null ? Path.of(named) : Path.of(S3ProxyServer.class.getProtectionDomain().getCodeSource()
        .getLocation().toURI()).resolveSibling("s3proxy").resolve("s3proxy.jar");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException("no S3Proxy jar at " + jar + ": build the benchmarks with './mvnw -pl bench -am "
          + "package' (it copies the jar there), or set -D" + JAR_PROPERTY + "=<s3proxy jar-with-dependencies>");
    }
    return jar;
  }

  /** {@code s3://lake/<prefix>}. */
  String root(String prefix) {
    return "s3://" + BUCKET + "/" + prefix;
  }

  /** The folder holding the objects under {@code s3://lake/<prefix>} as files. */
  Path folder(String prefix) {
    return work.resolve("objects").resolve(BUCKET).resolve(prefix);
  }

  /** Points this JVM's S3 repositories at the server (the lake reads its settings from system properties too). */
  S3ProxyServer settings() {
    settings.forEach(System::setProperty);
    return this;
  }

  @Override
  public void close() throws Exception {
    settings.keySet().forEach(System::clearProperty);
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
    deleteTree(work);
  }

  static void deleteTree(Path folder) throws IOException {
    if (!Files.exists(folder)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(folder)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}

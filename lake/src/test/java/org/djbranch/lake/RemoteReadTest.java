package org.djbranch.lake;

import org.djbranch.lake.util.CacheFolder;
import org.djbranch.lake.repo.LocalRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code jdbc:djbranch:lake:http://...} reads a version of a repository over HTTP: the same rows
 * as the local read, through a cache of data files keyed by content that later connections reuse.
 */
class RemoteReadTest {
  @TempDir
  Path temp;
  private Httpd httpd;
  private Path localRoot;
  private String previousCache;

  @BeforeEach
  void start() throws Exception {
    previousCache = System.getProperty(CacheFolder.PROPERTY);
    System.setProperty(CacheFolder.PROPERTY, temp.resolve("cache").toString());
    Path www = temp.resolve("www");
    localRoot = www.resolve("repo");
    LocalRepository.init(localRoot, "data/");
    assertTrue(Lake.local(localRoot).importCatalog(Fixtures.copy(Fixtures.V10, temp), "main", "import").madeVersion());
    httpd = Httpd.serve(www, temp.resolve("httpd"));
  }

  @AfterEach
  void stop() throws Exception {
    if (previousCache == null) {
      System.clearProperty(CacheFolder.PROPERTY);
    } else {
      System.setProperty(CacheFolder.PROPERTY, previousCache);
    }
    if (httpd != null) {
      httpd.close();
    }
  }

  @Test
  void aRemoteVersionReadsAsTheLocalOneAndLaterConnectionsReuseTheCache() throws Exception {
    String root = httpd.url("repo/");
    Path work = LeaseTest.checkoutAndAdd(root, temp.resolve("work/w.sqlite"), 4);
    long pushStarted = System.nanoTime();
    Push.push(work, new Push.Listener() { });
    System.out.printf("push over HTTP (one data file, lock taken and released): %.2f s%n",
        (System.nanoTime() - pushStarted) / 1e9);
    String id = Lake.local(localRoot).branchVersion("main").orElseThrow();
    String parent = Lake.local(localRoot).version(id).parents().get(0);
    assertEquals(List.of(new Changes.Change("table", "main.items", "changed", 1L, 0L)),
        Lake.open(root, null).diff(parent, "main").changes(), "diff over HTTP reads through the same cache");

    String sql = "SELECT * FROM main.items ORDER BY ALL";
    List<List<String>> local = rows("jdbc:djbranch:lake:" + localRoot + "?branch=main", sql);
    long started = System.nanoTime();
    List<List<String>> remote = rows("jdbc:djbranch:lake:" + root + "?branch=main", sql);
    double first = (System.nanoTime() - started) / 1e9;
    assertEquals(local, remote, "the remote read equals the local read");
    assertEquals(4, remote.size(), "the fixture's 3 rows and the one pushed");
    assertEquals(local, rows("jdbc:djbranch:lake:" + root + "?version=" + id.substring(0, 10), sql));

    Map<Path, FileTime> cached = blobs();
    assertEquals(Lake.local(localRoot).files(id).files().size(), cached.size(), "one cached blob per data file");
    started = System.nanoTime();
    assertEquals(local, rows("jdbc:djbranch:lake:" + root + "?branch=main", sql));
    double again = (System.nanoTime() - started) / 1e9;
    assertEquals(cached, blobs(), "a later connection downloads nothing again");
    System.out.printf("remote read: first connection %.2f s, a later one %.2f s (%d data files cached)%n", first,
        again, cached.size());
  }

  private Map<Path, FileTime> blobs() throws Exception {
    Map<Path, FileTime> out = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(temp.resolve("cache").resolve("blobs"))) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        out.put(p, Files.getLastModifiedTime(p));
      }
    }
    return out;
  }

  private static List<List<String>> rows(String url, String sql) throws Exception {
    List<List<String>> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          row.add(rs.getString(i));
        }
        out.add(row);
      }
    }
    return out;
  }
}

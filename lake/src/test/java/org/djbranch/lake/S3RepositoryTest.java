package org.djbranch.lake;

import org.djbranch.lake.repo.FileList;
import org.djbranch.lake.repo.RepositoryConfig;
import org.djbranch.lake.util.CacheFolder;
import org.djbranch.lake.util.LakeException;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A repository at an s3:// root on a real S3-compatible server checking signatures. */
class S3RepositoryTest extends OnS3Proxy {

  @Test
  void initImportAndReadBack() throws Exception {
    String root = s3.root("repo one/");
    Lake lake = Lake.init(root, RepositoryConfig.of("data/"));
    assertTrue(lake.importCatalog(Fixtures.copy(Fixtures.V10, temp), "main", "import").madeVersion());
    assertEquals(1, Lake.open(root, null).log("main").size());
    assertTrue(Files.isRegularFile(s3.bucketFolder().resolve("repo one/repository.json")));
  }

  /**
   * With the cache bounded below two versions, reading a second version evicts the first one's
   * catalog and data folder (least recently used), keeps the second's, and the first still reads.
   */
  @Test
  void theDownloadCacheKeepsToItsBoundLeastRecentlyUsedFirst() throws Exception {
    String root = s3.root("cached/");
    Lake.init(root, RepositoryConfig.of("data/")).importCatalog(Fixtures.copy(Fixtures.V10, temp.resolve("c")), "main",
        "import");
    String first = Lake.open(root, null).branchVersion("main").orElseThrow();
    Path work = temp.resolve("cached-work/w.sqlite");
    Files.createDirectories(work.getParent());
    Lake.open(root, Lake.localDataFolderFor(work)).checkout("main", null, work);
    new ExtensionLikeWriter(work, Lake.localDataFolderFor(work)).insert(1, "main/items",
        "SELECT 4::INTEGER AS id, 'four' AS label", "{id: 1, label: 2}", 1);
    Lake.commit(work, "four", false);
    String second = Push.push(work, new Push.Listener() { }).versionId();

    String cache = System.getProperty(CacheFolder.PROPERTY);
    Path here = temp.resolve("bounded-cache");
    System.setProperty(CacheFolder.PROPERTY, here.toString());
    System.setProperty(CacheFolder.MAX_PROPERTY, "1");
    try {
      assertEquals(List.of(1, 2, 3), S3PushTest.rows(root, "version=" + first.substring(0, 12)));
      assertTrue(Files.isRegularFile(here.resolve("versions").resolve(first).resolve(CacheFolder.COMPLETE)));
      Thread.sleep(20); // a later time of last change
      assertEquals(List.of(1, 2, 3, 4), S3PushTest.rows(root));
      assertFalse(Files.exists(here.resolve("versions").resolve(first)), "the first version's folder was evicted");
      assertTrue(Files.isRegularFile(here.resolve("versions").resolve(second).resolve(CacheFolder.COMPLETE)),
          "the version just read stays");
      assertEquals(List.of(1, 2, 3), S3PushTest.rows(root, "version=" + first.substring(0, 12)),
          "an evicted version is downloaded again");
      System.setProperty(CacheFolder.MAX_PROPERTY, "lots");
      LakeException bad = assertThrows(LakeException.class, CacheFolder::maxBytes);
      assertTrue(bad.getMessage().contains(CacheFolder.MAX_PROPERTY), bad.getMessage());
    } finally {
      System.clearProperty(CacheFolder.MAX_PROPERTY);
      System.setProperty(CacheFolder.PROPERTY, cache);
    }
    assertEquals(10L * 1024 * 1024 * 1024, CacheFolder.maxBytes(), "the documented default");
  }

  /**
   * A second connection to a version already in the cache downloads nothing: counted where the requests reach
   * the server (a relay in front of S3Proxy), the first connection fetches the frozen catalog and every data
   * file; the second, by branch and by version, fetches none of them nor files.json, writes nothing, and gets
   * back only the few hundred bytes that say which version the branch holds.
   */
  @Test
  void aSecondConnectionToACachedVersionDownloadsNothing() throws Exception {
    String root = s3.root("read-twice/");
    Lake.init(root, RepositoryConfig.of("data/")).importCatalog(Fixtures.copy(Fixtures.V10, temp.resolve("r")), "main",
        "import");
    String id = Lake.open(root, null).branchVersion("main").orElseThrow();
    List<FileList.Entry> dataFiles = Lake.open(root, null).files(id).files();
    assertFalse(dataFiles.isEmpty());
    String key = "/" + S3Proxy.BUCKET + "/read-twice/";

    String cache = System.getProperty(CacheFolder.PROPERTY);
    String endpoint = System.getProperty("AWS_ENDPOINT_URL");
    System.setProperty(CacheFolder.PROPERTY, temp.resolve("read-twice-cache").toString());
    try (RequestLog log = RequestLog.before(s3.port())) {
      System.setProperty("AWS_ENDPOINT_URL", log.endpoint());
      assertEquals(List.of(1, 2, 3), S3PushTest.rows(root));
      List<String> first = log.requests();
      long firstBytes = log.bytesDown();
      assertTrue(first.contains("GET " + key + "versions/" + id + "/ducklake.duckdb"), first.toString());
      for (FileList.Entry f : dataFiles) {
        assertTrue(first.contains("GET " + key + "data/" + f.path()), f.path() + " in " + first);
      }

      log.clear();
      assertEquals(List.of(1, 2, 3), S3PushTest.rows(root));
      assertEquals(List.of(1, 2, 3), S3PushTest.rows(root, "version=" + id.substring(0, 12)));
      List<String> second = log.requests();
      assertEquals(List.of(), second.stream().filter(r -> r.startsWith("GET " + key + "data/")
          || r.endsWith("/ducklake.duckdb") || r.endsWith("/files.json")).toList(), "no data file, catalog or "
          + "file list is downloaded again");
      assertEquals(List.of(), second.stream().filter(r -> !r.startsWith("GET ")).toList(), "only reads");
      assertTrue(log.bytesDown() < 16 * 1024, "the server sent " + log.bytesDown() + " bytes: " + second);
      assertTrue(firstBytes > Files.size(Lake.open(root, null).repository().localCatalog(id)), "the first "
          + "connection downloaded the catalog: " + firstBytes + " bytes");
      System.out.printf("read of a version over S3: first connection %d requests, %d bytes from the server; "
          + "two more connections (by branch, by version) %d requests, %d bytes, none for a data file or the "
          + "catalog: %s%n", first.size(), firstBytes, second.size(), log.bytesDown(), second);
    } finally {
      System.setProperty("AWS_ENDPOINT_URL", endpoint);
      System.setProperty(CacheFolder.PROPERTY, cache);
    }
  }

  @Test
  void aWrongSecretIsRefusedByTheServer() throws Exception {
    String secret = System.getProperty("AWS_SECRET_ACCESS_KEY");
    System.setProperty("AWS_SECRET_ACCESS_KEY", "wrong");
    try {
      LakeException e = assertThrows(LakeException.class, () -> Lake.open(s3.root("x/"), null).repository().config());
      assertTrue(e.getMessage().contains("403"), e.getMessage());
    } finally {
      System.setProperty("AWS_SECRET_ACCESS_KEY", secret);
    }
  }
}

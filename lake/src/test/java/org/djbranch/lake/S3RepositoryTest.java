package org.djbranch.lake;

import org.djbranch.lake.repo.RepositoryConfig;
import org.djbranch.lake.util.CacheFolder;
import org.djbranch.lake.util.LakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

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
   * The speed check, run on demand ({@code -Ddjbranch.lake.speed=true}): a push of a version
   * with a data file of about 100 MB costs at most 1.3 times uploading the same bytes with the
   * same client, in the same run (after one upload to warm up, measured before and after the push;
   * the faster one counts).
   */
  @Test
  @EnabledIfSystemProperty(named = "djbranch.lake.speed", matches = "true")
  void aPushOfAHundredMegabytesCostsAtMostOnePointThreeTimesTheUpload() throws Exception {
    String root = s3.root("speed/");
    Lake.init(root, RepositoryConfig.of("data/")).importCatalog(Fixtures.copy(Fixtures.V10, temp.resolve("s")), "main",
        "import");
    Path work = temp.resolve("speed-work/w.sqlite");
    Files.createDirectories(work.getParent());
    Lake.open(root, Lake.localDataFolderFor(work)).checkout("main", null, work);
    long rows = 1_450_000;
    new ExtensionLikeWriter(work, Lake.localDataFolderFor(work)).insert(1, "main/items",
        "SELECT (i + 10)::INTEGER AS id, md5(random()::VARCHAR) || md5(random()::VARCHAR) AS label FROM range("
            + rows + ") t(i)", "{id: 1, label: 2}", rows);
    Lake.commit(work, "big", false);
    Path big;
    try (java.util.stream.Stream<Path> files = Files.walk(Lake.localDataFolderFor(work))) {
      big = files.filter(Files::isRegularFile).max(java.util.Comparator.comparingLong(p -> p.toFile().length()))
          .orElseThrow();
    }
    long bytes = Files.size(big);
    org.djbranch.lake.repo.Repository repo = Lake.open(root, null).repository();
    repo.writeOnce("warm-up/" + big.getFileName(), big, (a, b) -> false); // the client, the server and the page cache warm
    long t0 = System.nanoTime();
    repo.writeOnce("upload-1/" + big.getFileName(), big, (a, b) -> false);
    long upload1 = System.nanoTime() - t0;
    t0 = System.nanoTime();
    Push.push(work, new Push.Listener() { });
    long push = System.nanoTime() - t0;
    t0 = System.nanoTime();
    repo.writeOnce("upload-2/" + big.getFileName(), big, (a, b) -> false);
    long upload2 = System.nanoTime() - t0;
    long upload = Math.min(upload1, upload2);
    System.out.printf("speed: push of a %.1f MB version %.2f s; the same bytes uploaded %.2f s and %.2f s; "
        + "ratio %.2f%n", bytes / 1e6, push / 1e9, upload1 / 1e9, upload2 / 1e9, (double) push / upload);
    assertTrue(bytes > 90_000_000, "about 100 MB: " + bytes);
    assertTrue(push <= 1.3 * upload, "push " + push / 1e9 + " s against upload " + upload / 1e9 + " s");
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

package org.djbranch.lake;

import org.djbranch.lake.repo.RepositoryConfig;
import org.djbranch.lake.util.LakeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A repository at an s3:// root on a real S3-compatible server checking signatures. */
class S3RepositoryTest {
  @TempDir
  static Path temp;
  private static S3Proxy s3;

  @BeforeAll
  static void start() throws Exception {
    s3 = S3Proxy.start(temp.resolve("s3")).settings();
  }

  @AfterAll
  static void stop() throws Exception {
    if (s3 != null) {
      s3.close();
    }
  }

  @Test
  void initImportAndReadBack() throws Exception {
    String root = s3.root("repo one/");
    Lake lake = Lake.init(root, RepositoryConfig.of("data/"));
    assertTrue(lake.importCatalog(Fixtures.copy(Fixtures.V10, temp), "main", "import").madeVersion());
    assertEquals(1, Lake.open(root, null).log("main").size());
    assertTrue(Files.isRegularFile(s3.bucketFolder().resolve("repo one/repository.json")));
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

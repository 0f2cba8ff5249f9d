package org.djbranch.lake;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** Tests on an S3 root: one S3Proxy for the test class, pointed at by this JVM's S3 settings, stopped after it. */
abstract class OnS3Proxy {
  @TempDir
  static Path temp;
  static S3Proxy s3;

  @BeforeAll
  static void startS3Proxy() throws Exception {
    s3 = S3Proxy.start(temp.resolve("s3")).settings();
  }

  @AfterAll
  static void stopS3Proxy() throws Exception {
    if (s3 != null) {
      s3.close();
      s3 = null;
    }
  }
}

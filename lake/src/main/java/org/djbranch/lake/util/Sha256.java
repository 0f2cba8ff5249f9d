package org.djbranch.lake.util;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 in lower-case hex, of bytes or of a file streamed from disk. */
public final class Sha256 {
  private Sha256() {
  }

  public static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no SHA-256", e);
    }
  }

  public static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(digest().digest(bytes));
  }

  public static String hex(MessageDigest digest) {
    return HexFormat.of().formatHex(digest.digest());
  }

  public static String ofFile(Path file) throws IOException {
    MessageDigest md = digest();
    byte[] buffer = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        md.update(buffer, 0, n);
      }
    }
    return hex(md);
  }
}

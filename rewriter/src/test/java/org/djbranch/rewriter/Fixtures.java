package org.djbranch.rewriter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The shared fixtures: from the system property surefire sets, else beside the repository. */
final class Fixtures {
  private Fixtures() {
  }

  static Path sampleDb() {
    String configured = System.getProperty("djbranch.shared");
    Path shared = configured != null && !configured.isBlank() ? Path.of(configured) : Path.of("..", "..", "shared");
    return shared.resolve("fixtures").resolve("sample-db");
  }

  static String read(String file) throws IOException {
    return Files.readString(sampleDb().resolve(file), StandardCharsets.UTF_8);
  }
}

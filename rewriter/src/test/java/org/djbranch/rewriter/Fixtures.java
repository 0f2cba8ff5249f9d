package org.djbranch.rewriter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The sample databases under {@code testdata/sample-db}: found by the system property surefire sets, else from the module. */
final class Fixtures {
  private Fixtures() {
  }

  static Path sampleDb() {
    String configured = System.getProperty("djbranch.testdata");
    Path testdata = configured != null && !configured.isBlank() ? Path.of(configured) : Path.of("..", "testdata");
    return testdata.resolve("sample-db");
  }

  static String read(String file) throws IOException {
    return Files.readString(sampleDb().resolve(file), StandardCharsets.UTF_8);
  }
}

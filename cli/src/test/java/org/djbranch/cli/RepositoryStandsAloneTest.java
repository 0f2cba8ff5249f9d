package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository needs nothing beside it: no file in it names a folder outside it (a design folder next to the
 * clone, a path of the machine it was written on), and the test data the build points the tests at is inside it.
 * A clone in an empty folder then runs {@code ./mvnw verify} as it runs here; {@code .ci/run} does exactly that.
 */
class RepositoryStandsAloneTest {
  /** Folders that are not the repository's content: build output, git's own, downloaded tools. */
  private static final Set<String> NOT_CONTENT = Set.of(".git", "target", "node_modules", ".idea");

  /** Built from parts so that this file does not match itself. */
  private static final List<String> OUTSIDE = List.of(".." + "/shared", "djbranch" + ".shared", "/wo" + "rk/",
      "shared " + "design folder");

  private static Path root() {
    Path testdata = Path.of(System.getProperty("djbranch.testdata", "../testdata")).toAbsolutePath().normalize();
    return testdata.getParent();
  }

  @Test
  void theTestDataIsInsideTheRepository() {
    Path testdata = Path.of(System.getProperty("djbranch.testdata", "../testdata")).toAbsolutePath().normalize();
    assertTrue(Files.isRegularFile(testdata.resolve("README.md")), testdata + " holds the test data's README");
    assertTrue(Files.isRegularFile(root().resolve("mvnw")) && Files.isDirectory(root().resolve("cli")),
        "the test data's folder is at the top of the repository: " + root());
  }

  @Test
  void noFileNamesAFolderOutsideTheRepository() throws IOException {
    List<String> found = new ArrayList<>();
    int read = 0;
    try (Stream<Path> walk = Files.walk(root())) {
      for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
        Path rel = root().relativize(p);
        if (excluded(rel) || Files.size(p) > 4_000_000) {
          continue;
        }
        String text;
        try {
          text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(p)))
              .toString();
        } catch (CharacterCodingException e) {
          continue; // a binary file: a database, a Parquet file, a jar
        }
        read++;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
          for (String o : OUTSIDE) {
            if (lines[i].contains(o)) {
              found.add(rel + ":" + (i + 1) + ": " + lines[i].strip());
            }
          }
        }
      }
    }
    assertTrue(read > 100, "read " + read + " files under " + root());
    assertEquals(List.of(), found, "files that point outside the repository");
  }

  private static boolean excluded(Path rel) {
    for (Path part : rel) {
      if (NOT_CONTENT.contains(part.toString())) {
        return true;
      }
    }
    return false;
  }
}

package org.djbranch.lake;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** The DuckLake catalogs kept under {@code testdata/ducklake}, copied into a test's temporary folder before use. */
final class Fixtures {
  static final String V10 = "v1.0_from_duckdb_1.5.2/catalog.ducklake";
  static final String V04 = "v0.4_from_duckdb_1.5.1/catalog.ducklake";
  static final String DELETES = "with_delete_file/delete_ignore_extra_columns.db";

  private Fixtures() {
  }

  static Path shared() {
    String prop = System.getProperty("djbranch.testdata");
    Path p = prop != null ? Path.of(prop) : Path.of("../testdata");
    return p.resolve("ducklake");
  }

  /** Copies the fixture folder holding {@code catalog} into {@code temp} and returns the copied catalog. */
  static Path copy(String catalog, Path temp) {
    Path source = shared().resolve(catalog).getParent();
    Path target = temp.resolve("fixture-" + source.getFileName());
    try (Stream<Path> walk = Files.walk(source)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        Path t = target.resolve(source.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
          t.toFile().setWritable(true);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return target.resolve(Path.of(catalog).getFileName());
  }
}

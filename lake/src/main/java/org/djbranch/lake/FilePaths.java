package org.djbranch.lake;

import org.djbranch.lake.catalog.CatalogModel;
import org.djbranch.lake.util.LakeException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The rule for the files a version names: recorded relative to data_path, and staying inside
 * it. A file elsewhere would not travel with the repository.
 */
final class FilePaths {
  private FilePaths() {
  }

  /** The path relative to {@code data_dir}, normalised; refuses absolute paths and paths that leave it. */
  static String inside(CatalogModel.FilePath file) throws LakeException {
    String p = file.path();
    if (file.absolute() || p.startsWith("/") || p.startsWith("\\") || p.contains("://") || p.matches("^[A-Za-z]:.*")) {
      throw new LakeException("table " + file.table() + " records data file " + p + " with an absolute path; "
          + "a version may only name files under the repository's data_dir. Write the table again "
          + "in a working catalog attached with the DATA_PATH 'djbranch lake checkout' printed", LakeException.REFUSED);
    }
    Deque<String> parts = new ArrayDeque<>();
    for (String part : p.split("/")) {
      if (part.isEmpty() || part.equals(".")) {
        continue;
      }
      if (part.equals("..")) {
        if (parts.isEmpty()) {
          throw new LakeException("table " + file.table() + " records data file " + p + ", which resolves "
              + "outside data_dir; a version may only name files under it", LakeException.REFUSED);
        }
        parts.removeLast();
      } else {
        parts.addLast(part);
      }
    }
    return String.join("/", parts);
  }

  static Path existing(Path dataFolder, String relative, String table) throws LakeException {
    Path file = dataFolder.resolve(relative);
    if (!Files.isRegularFile(file)) {
      throw new LakeException("data file " + relative + " of table " + table + " is missing from " + dataFolder
          + ": check out again, redo the work and commit again", LakeException.NOT_FOUND);
    }
    return file;
  }
}

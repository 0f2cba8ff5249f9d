package org.djbranch.lake;

import org.djbranch.lake.util.DurableFiles;
import org.djbranch.lake.util.Json;
import org.djbranch.lake.util.LakeException;
import org.djbranch.lake.util.Sql;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A working catalog: a DuckLake catalog in SQLite outside the repository, plus the file beside it
 * ({@code <catalog>.djbranch.json}) that remembers which repository, branch and version it was
 * checked out from and with which settings it must be attached.
 */
public record WorkingCatalog(Path file, Checkout record) {

  /**
   * The content of {@code <catalog>.djbranch.json}.
   *
   * @param repository             the repository root URL
   * @param branch                 the branch push moves
   * @param parent                 the version checked out (or last pushed); null before the first
   * @param dataPath               where new data files must land: {@code <root><data_dir>} for a
   *                               local repository, the writer's folder for one over HTTP
   * @param dataInliningRowLimit   always 0, so that every row goes to a data file
   * @param staged                 the version committed and not yet pushed (in {@link #stagingFolder}); null if none
   */
  public record Checkout(String format, String repository, String branch, String parent, String dataPath,
               int dataInliningRowLimit, String staged) {
    public static final String FORMAT = "djbranch-lake/checkout";

    public Checkout withParent(String newParent) {
      return new Checkout(format, repository, branch, newParent, dataPath, dataInliningRowLimit, staged);
    }

    public Checkout withStaged(String newStaged) {
      return new Checkout(format, repository, branch, parent, dataPath, dataInliningRowLimit, newStaged);
    }
  }

  public static Path sidecar(Path catalog) {
    return catalog.resolveSibling(catalog.getFileName() + ".djbranch.json");
  }

  /**
   * Where commit puts the versions it makes until push writes them to the repository:
   * {@code <catalog>.versions/<ID>/} with the same four files as {@code versions/<ID>/}.
   */
  public static Path stagingFolder(Path catalog) {
    return catalog.resolveSibling(catalog.getFileName() + ".versions");
  }

  /** The folder of the version staged by commit, if any. */
  public java.util.Optional<Path> stagedVersion() {
    return java.util.Optional.ofNullable(record.staged()).map(id -> stagingFolder(file).resolve(id));
  }

  /**
   * Deletes a working catalog, the file beside it and its staged versions (not the data files,
   * which belong to the repository or, over HTTP, to the writer's data folder).
   */
  public static void delete(Path catalog) throws LakeException {
    Path file = catalog.toAbsolutePath().normalize();
    try {
      Files.deleteIfExists(file);
      Files.deleteIfExists(sidecar(file));
      Files.deleteIfExists(file.resolveSibling(file.getFileName() + "-journal"));
      Files.deleteIfExists(file.resolveSibling(file.getFileName() + "-wal"));
      Lake.deleteTree(stagingFolder(file));
    } catch (IOException e) {
      throw new LakeException("cannot delete the working catalog " + file + ": " + e, LakeException.IO, e);
    }
  }

  public static WorkingCatalog open(Path catalog) throws LakeException {
    Path file = catalog.toAbsolutePath().normalize();
    Path side = sidecar(file);
    if (!Files.isRegularFile(file) || !Files.isRegularFile(side)) {
      throw new LakeException(file + " is not a working catalog made by 'djbranch lake checkout' (it or "
          + side.getFileName() + " is missing): check out again", LakeException.NOT_FOUND);
    }
    try {
      return new WorkingCatalog(file, Json.read(Files.readAllBytes(side), Checkout.class, side.toString()));
    } catch (IOException e) {
      throw new LakeException("cannot read " + side + ": " + e, LakeException.IO, e);
    }
  }

  void save() throws LakeException {
    try {
      DurableFiles.write(sidecar(file), Json.bytes(record));
    } catch (IOException e) {
      throw new LakeException("cannot write " + sidecar(file) + ": " + e, LakeException.IO, e);
    }
  }

  /** The statement a DuckDB user runs to write to this working catalog. */
  public String attachStatement(String alias) {
    return "ATTACH " + Sql.literal("ducklake:sqlite:" + file) + " AS " + alias + " (DATA_PATH "
        + Sql.literal(record.dataPath()) + ", DATA_INLINING_ROW_LIMIT " + record.dataInliningRowLimit() + ");";
  }
}

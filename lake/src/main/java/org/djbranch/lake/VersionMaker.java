package org.djbranch.lake;

import org.djbranch.lake.catalog.CatalogDigest;
import org.djbranch.lake.catalog.CatalogModel;
import org.djbranch.lake.catalog.DuckDb;
import org.djbranch.lake.repo.DatasetDescription;
import org.djbranch.lake.repo.FileList;
import org.djbranch.lake.repo.Repository;
import org.djbranch.lake.repo.VersionInfo;
import org.djbranch.lake.repo.VersionPaths;
import org.djbranch.lake.util.DurableFiles;
import org.djbranch.lake.util.Json;
import org.djbranch.lake.util.LakeException;
import org.djbranch.lake.util.Sha256;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a staged frozen catalog (a DuckDB file outside the repository, already holding the rows
 * up to the last snapshot) into a version: sets its data_path, checks the files it names,
 * describes it, applies the nothing-changed rule, then writes the version's four files into a
 * local folder ({@code <out>/<ID>/}). {@link Push} later writes them to the repository in the
 * spec's order and moves the branch on condition.
 */
final class VersionMaker {
  private final Repository repo;

  VersionMaker(Repository repo) {
    this.repo = repo;
  }

  CommitResult make(Path staged, Optional<VersionInfo> parent, String message, boolean allowEmpty, Path out)
      throws SQLException {
    Path dataFolder = repo.localDataFolder();
    String dataFolderSql = dataFolder.toAbsolutePath() + "/";
    try (Connection duck = DuckDb.inMemory()) {
      DuckDb.attach(duck, staged, "frozen", false);
      try (PreparedStatement ps = duck.prepareStatement(
          "UPDATE \"frozen\".ducklake_metadata SET value = ? WHERE key = 'data_path' AND scope IS NULL")) {
        ps.setString(1, repo.dataUrl());
        if (ps.executeUpdate() == 0) {
          throw new LakeException("the catalog has no data_path in ducklake_metadata: it is not a catalog "
              + "the DuckLake extension initialised", LakeException.REFUSED);
        }
      }
      CatalogModel next = CatalogModel.load(duck, "\"frozen\".", "the frozen catalog");

      Map<String, String> knownSha = new HashMap<>();
      Map<String, Long> knownSize = new HashMap<>();
      CatalogModel old = null;
      if (parent.isPresent()) {
        DuckDb.attach(duck, repo.localCatalog(parent.get().id()), "parent", true);
        old = CatalogModel.load(duck, "\"parent\".", "version " + parent.get().id());
        FileList parentFiles = readJson(VersionPaths.files(parent.get().id()), FileList.class);
        parentFiles.files().forEach(e -> {
          knownSha.put(e.path(), e.sha256());
          knownSize.put(e.path(), e.size());
        });
      }

      List<FileList.Entry> entries = new ArrayList<>();
      for (CatalogModel.FilePath file : next.allFiles()) {
        String relative = FilePaths.inside(file);
        Path local = FilePaths.existing(dataFolder, relative, file.table());
        long size = Files.size(local);
        String sha = Long.valueOf(size).equals(knownSize.get(relative)) ? knownSha.get(relative) : Sha256.ofFile(local);
        entries.add(new FileList.Entry(relative, size, sha));
      }
      entries.sort(java.util.Comparator.comparing(FileList.Entry::path));
      byte[] filesJson = Json.bytes(new FileList(FileList.FORMAT, entries));
      DatasetDescription dataset = DatasetDescriber.describe(next);
      byte[] datasetJson = Json.bytes(dataset);

      if (parent.isPresent() && !allowEmpty && Sha256.hex(datasetJson).equals(parent.get().datasetSha256())
          && SameRows.allTables(duck, next, old, dataFolderSql)) {
        return new CommitResult(Optional.empty(), "nothing changed: the tables, views and rows are those of "
            + "version " + parent.get().id() + " (use --allow-empty to make a version anyway)");
      }

      String catalogSha = CatalogDigest.of(duck, "frozen");
      VersionInfo info = new VersionInfo(VersionInfo.FORMAT, null,
          parent.map(p -> List.of(p.id())).orElse(List.of()), next.snapshotId(), next.snapshotTime(),
          next.metadata("version").orElse(null), message, catalogSha, Sha256.hex(datasetJson),
          Sha256.hex(filesJson));
      String id = Sha256.hex(Json.bytes(info));
      info = info.withId(id);
      duck.createStatement().execute("DETACH \"frozen\"");

      Path dir = out.resolve(id);
      Lake.deleteTree(dir);
      Files.createDirectories(dir);
      DurableFiles.move(staged, dir.resolve("ducklake.duckdb"));
      DurableFiles.write(dir.resolve("dataset.json"), datasetJson);
      DurableFiles.write(dir.resolve("files.json"), filesJson);
      DurableFiles.write(dir.resolve("version.json"), Json.bytes(info));
      return new CommitResult(Optional.of(id), "made version " + id);
    } catch (IOException e) {
      throw new LakeException("cannot make the version: " + e, LakeException.IO, e);
    }
  }

  private <T> T readJson(String path, Class<T> type) throws LakeException {
    byte[] bytes = repo.read(path).orElseThrow(() -> new LakeException(path + " is missing from " + repo.rootUrl(),
        LakeException.NOT_FOUND));
    return Json.read(bytes, type, path);
  }

  static boolean sameBytes(Path existing, Path candidate) throws LakeException {
    try {
      return java.util.Arrays.equals(Files.readAllBytes(existing), Files.readAllBytes(candidate));
    } catch (IOException e) {
      throw new LakeException("cannot compare " + existing + ": " + e, LakeException.IO, e);
    }
  }

  /** A DuckDB file is not byte-for-byte reproducible: the same content means the same catalog digest. */
  static boolean sameCatalog(Path existing, String digest) throws LakeException {
    try (Connection c = DuckDb.inMemory()) {
      DuckDb.attach(c, existing, "existing", true);
      return CatalogDigest.of(c, "existing").equals(digest);
    } catch (SQLException e) {
      return false;
    }
  }
}

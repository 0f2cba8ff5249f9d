package org.djbranch.lake.read;

import org.djbranch.lake.catalog.CatalogModel;
import org.djbranch.lake.catalog.DuckDb;
import org.djbranch.lake.repo.Repository;
import org.djbranch.lake.util.CacheFolder;
import org.djbranch.lake.util.LakeException;
import org.djbranch.lake.util.Sha256;
import org.djbranch.lake.util.Sql;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A version made queryable without the DuckLake extension: a small DuckDB database holding one
 * view per DuckLake table (over its Parquet files, see {@link TableScanSql}) and per DuckLake
 * view, under the DuckLake schema names, opened read-only. A version never changes, so the
 * database is built once per repository location and version and reused.
 */
public final class VersionViews {
  private VersionViews() {
  }

  /** A version of a local repository, reading the data files in place. */
  public static Connection open(Repository repo, String versionId) throws SQLException {
    return open(repo, versionId, repo.localDataFolder());
  }

  /** A version whose data files are in {@code dataFolder} at their paths relative to data_dir (see {@link RemoteFiles}). */
  public static Connection open(Repository repo, String versionId, Path dataFolder) throws SQLException {
    Path db = cached(repo, versionId, dataFolder);
    return DuckDb.file(db, true);
  }

  private static Path cached(Repository repo, String versionId, Path dataFolder) throws SQLException {
    Path dir = CacheFolder.root().resolve("views");
    String key = Sha256.hex((repo.rootUrl() + "\n" + versionId + "\n" + dataFolder.toAbsolutePath())
        .getBytes(StandardCharsets.UTF_8)).substring(0, 24);
    Path db = dir.resolve(versionId.substring(0, 12) + "-" + key + ".duckdb");
    if (Files.isRegularFile(db)) {
      return db;
    }
    try {
      Files.createDirectories(dir);
      Path temp = Files.createTempFile(dir, "building-", ".duckdb");
      Files.delete(temp);
      build(repo, versionId, temp, dataFolder);
      try {
        Files.move(temp, db, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, db, StandardCopyOption.REPLACE_EXISTING);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        Files.deleteIfExists(temp); // built at the same time by another reader
      }
      Files.deleteIfExists(temp.resolveSibling(temp.getFileName() + ".wal"));
      return db;
    } catch (IOException e) {
      throw new LakeException("cannot prepare version " + versionId + " for reading in " + dir + ": " + e,
          LakeException.IO, e);
    }
  }

  private static void build(Repository repo, String versionId, Path target, Path data) throws SQLException {
    String dataFolder = data.toAbsolutePath() + "/";
    try (Connection c = DuckDb.file(target, false)) {
      DuckDb.attach(c, repo.localCatalog(versionId), "__ducklake_catalog", true);
      CatalogModel model = CatalogModel.load(c, "\"__ducklake_catalog\".", "version " + versionId);
      try (Statement s = c.createStatement()) {
        for (CatalogModel.Schema schema : model.schemas()) {
          s.execute("CREATE SCHEMA IF NOT EXISTS " + Sql.ident(schema.name()));
        }
        for (CatalogModel.Table t : model.tables()) {
          s.execute("CREATE VIEW " + Sql.ident(model.schemaName(t.schemaId())) + "." + Sql.ident(t.name())
              + " AS " + TableScanSql.of(model, t, dataFolder, false));
        }
        for (CatalogModel.View v : model.views()) {
          if (v.dialect() == null || v.dialect().equalsIgnoreCase("duckdb")) {
            s.execute("SET schema = " + Sql.literal(model.schemaName(v.schemaId())));
            s.execute("CREATE VIEW " + Sql.ident(model.schemaName(v.schemaId())) + "." + Sql.ident(v.name())
                + " AS " + v.sql());
          }
        }
        s.execute("SET schema = 'main'");
        s.execute("DETACH \"__ducklake_catalog\"");
        s.execute("CHECKPOINT");
      }
    }
  }
}

package org.djbranch.lake.repo;

import org.djbranch.lake.util.LakeException;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A lake repository as the steps need it: read its files, write a file once, read and move a
 * ref on condition, list and delete data files for garbage collection. Paths are relative to the
 * root and use '/'. Implementations: a local folder ({@link LocalRepository}), and on a server
 * ({@link RemoteRepository}) a WebDAV root ({@link HttpRepository}) or an S3 root
 * ({@link S3Repository}).
 */
public interface Repository {

  /** Where the repository is, for messages and for the catalog's {@code data_path}: ends with '/'. */
  String rootUrl();

  RepositoryConfig config() throws LakeException;

  /** {@code <root><data_dir>} as an absolute URL ending with '/'. */
  default String dataUrl() throws LakeException {
    return rootUrl() + config().dataDir();
  }

  /**
   * A local folder holding the data files, where readers find them and writers put them.
   * (A repository on a server answers with the writer's folder, from which push uploads.)
   */
  Path localDataFolder() throws LakeException;

  /** The DATA_PATH a working catalog is attached with: where new data files land. */
  default String workingDataUrl() throws LakeException {
    return dataUrl();
  }

  /** True when new data files land in the repository itself, false when push must upload them. */
  boolean dataFilesInPlace();

  Optional<byte[]> read(String path) throws LakeException;

  /** Size and time of last change of a file, or empty when there is none. */
  Optional<FileStat> stat(String path) throws LakeException;

  /** The frozen catalog of a version as a local file DuckDB can attach. */
  Path localCatalog(String versionId) throws LakeException;

  /**
   * Writes a file of a version exactly once. If it is there already, {@code sameContent}
   * decides: the same content lets the writer go on, a different one stops it.
   */
  void writeOnce(String path, Path source, SameContent sameContent) throws LakeException;

  /**
   * Makes a data file a working catalog wrote in place durable before a version names it (the
   * ref moves only after). A repository over HTTP leaves that to its server.
   */
  void syncDataFile(String path) throws LakeException;

  Optional<String> readRef(String branch) throws LakeException;

  /**
   * Holds {@code branch} against other writers of this repository until closed, for a whole push.
   * A local folder needs none (its ref moves under an OS lock the OS releases if the writer dies);
   * over HTTP it is a lock with a lease (see {@link HttpBranchLock}).
   */
  default BranchLock lockBranch(String branch) throws LakeException {
    return () -> { };
  }

  /** A held branch lock. */
  interface BranchLock extends AutoCloseable {
    @Override
    void close();
  }

  /** Moves {@code branch} to {@code newId} only if it still names {@code expected} (empty: no ref yet). */
  void moveRef(String branch, Optional<String> expected, String newId) throws LakeException;

  List<String> branches() throws LakeException;

  /** Version IDs present in the repository (complete or not). */
  List<String> versionIds() throws LakeException;

  /** Every file under {@code dir} (a folder path ending with '/'), recursively. */
  List<FileStat> listFiles(String dir) throws LakeException;

  /**
   * The {@code .part} files writers stopped part way left beside the files of versions and refs
   * (a data file's leftovers are unnamed data files and counted with those).
   */
  List<FileStat> leftovers() throws LakeException;

  /** Deletes a file; a file already gone is no error. */
  void delete(String path) throws LakeException;

  /** A file of the repository: its path relative to the root, its size and when it last changed. */
  record FileStat(String path, long size, Instant modified) {
  }

  /** Compares an existing file of the repository with the one about to be written. */
  @FunctionalInterface
  interface SameContent {
    boolean test(Path existing, Path candidate) throws LakeException;
  }
}

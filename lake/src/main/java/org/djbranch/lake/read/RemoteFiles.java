package org.djbranch.lake.read;

import org.djbranch.lake.repo.FileList;
import org.djbranch.lake.repo.RemoteRepository;
import org.djbranch.lake.repo.VersionPaths;
import org.djbranch.lake.util.CacheFolder;
import org.djbranch.lake.util.DurableFiles;
import org.djbranch.lake.util.Json;
import org.djbranch.lake.util.LakeException;
import org.djbranch.lake.util.Sha256;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The data files of a version of a repository on a server (WebDAV or S3), on this machine, for reading: each file
 * downloaded once into a cache keyed by its content ({@code blobs/<sha256>}, checked against
 * files.json), and linked at its path under a folder of the version ({@code versions/<ID>/}), so
 * that a file many versions name, or many connections read, is fetched once. A version's ID
 * covers its files.json, so its folder never goes stale; it is reused once marked complete.
 *
 * <p>The cache is under {@link CacheFolder}, beside the frozen catalogs the repository downloads.
 */
public final class RemoteFiles {
  private static final String COMPLETE = CacheFolder.COMPLETE;

  private RemoteFiles() {
  }

  /** The folder holding every data file of {@code versionId} at its path relative to data_dir, downloading what is missing. */
  public static Path dataFolder(RemoteRepository repo, String versionId) throws LakeException {
    Path folder = CacheFolder.root().resolve("versions").resolve(versionId);
    if (Files.isRegularFile(folder.resolve(COMPLETE))) {
      CacheFolder.used(folder.resolve(COMPLETE));
      return folder;
    }
    String filesPath = VersionPaths.files(versionId);
    FileList files = Json.read(repo.read(filesPath).orElseThrow(() -> new LakeException(repo.url(filesPath)
        + " is missing: version " + versionId + " is incomplete", LakeException.NOT_FOUND)), FileList.class,
        repo.url(filesPath));
    String dataDir = repo.config().dataDir();
    try {
      for (FileList.Entry e : files.files()) {
        Path blob = blob(repo, dataDir + e.path(), e);
        Path link = folder.resolve(e.path()).normalize();
        if (!link.startsWith(folder)) {
          throw new LakeException("files.json of version " + versionId + " names " + e.path()
              + ", outside data_dir", LakeException.REFUSED);
        }
        if (Files.isRegularFile(link) && Files.size(link) == e.size()) {
          continue;
        }
        Files.createDirectories(link.getParent());
        Files.deleteIfExists(link);
        try {
          Files.createLink(link, blob);
        } catch (FileAlreadyExistsException raced) {
          // another reader linked it meanwhile: the same content
        } catch (IOException | UnsupportedOperationException noLinks) {
          DurableFiles.copy(blob, link);
        }
      }
      DurableFiles.write(folder.resolve(COMPLETE), (versionId + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
      CacheFolder.bound(versionId);
    } catch (IOException e) {
      throw new LakeException("cannot keep the data files of version " + versionId + " in " + folder + ": " + e,
          LakeException.IO, e);
    }
    return folder;
  }

  /** The cached copy of one data file, downloaded and checked against its SHA-256 unless already there. */
  private static Path blob(RemoteRepository repo, String path, FileList.Entry e) throws LakeException, IOException {
    Path blob = CacheFolder.root().resolve("blobs").resolve(e.sha256().substring(0, 2)).resolve(e.sha256());
    if (Files.isRegularFile(blob) && Files.size(blob) == e.size()) {
      return blob;
    }
    Files.createDirectories(blob.getParent());
    Path part = Files.createTempFile(blob.getParent(), "." + e.sha256().substring(0, 12), DurableFiles.PART);
    try {
      repo.download(path, part);
      String sha = Sha256.ofFile(part);
      if (!sha.equals(e.sha256())) {
        throw new LakeException(repo.url(path) + " has SHA-256 " + sha + ", not the " + e.sha256()
            + " files.json names: the file on the server was changed; data files are written once",
            LakeException.CONFLICT);
      }
      DurableFiles.move(part, blob);
    } finally {
      Files.deleteIfExists(part);
    }
    return blob;
  }
}

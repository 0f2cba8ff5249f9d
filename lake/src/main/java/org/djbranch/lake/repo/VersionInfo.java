package org.djbranch.lake.repo;

import java.util.List;

/**
 * {@code versions/<ID>/version.json}: what a version is, written last of its files so that its
 * presence means the others are complete. {@code id} is the SHA-256 of this same document
 * written without {@code id}, so every other field takes part in the ID.
 *
 * @param parents        the versions this one was made from (empty for the first)
 * @param snapshotId     the DuckLake snapshot the frozen catalog ends at
 * @param snapshotTime   that snapshot's time, as the catalog records it (not the wall clock, so
 *                       that a retried commit derives the same ID)
 * @param catalogSha256  digest of the frozen catalog's bookkeeping rows (see {@code CatalogDigest})
 * @param datasetSha256  SHA-256 of the bytes of {@code dataset.json}
 * @param filesSha256    SHA-256 of the bytes of {@code files.json}
 */
public record VersionInfo(String format, String id, List<String> parents, long snapshotId,
              String snapshotTime, String ducklakeVersion, String message,
              String catalogSha256, String datasetSha256, String filesSha256) {
  public static final String FORMAT = "djbranch-lake/version";

  public VersionInfo withId(String newId) {
    return new VersionInfo(format, newId, parents, snapshotId, snapshotTime, ducklakeVersion, message,
        catalogSha256, datasetSha256, filesSha256);
  }
}

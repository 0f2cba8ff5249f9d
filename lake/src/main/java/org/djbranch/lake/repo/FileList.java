package org.djbranch.lake.repo;

import java.util.List;

/**
 * {@code versions/<ID>/files.json}: every data and delete file the frozen catalog names, by path
 * relative to {@code <root><data_dir>}, sorted by path, with its size and SHA-256. A push checks
 * these before anything else and garbage collection keeps every file some version lists.
 */
public record FileList(String format, List<Entry> files) {
  public static final String FORMAT = "djbranch-lake/files";

  public record Entry(String path, long size, String sha256) {
  }
}

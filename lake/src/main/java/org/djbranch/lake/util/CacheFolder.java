package org.djbranch.lake.util;

import java.nio.file.Path;

/**
 * The one folder where the lake keeps what it can rebuild: the small databases of views that
 * make a version readable, and what readers of an HTTP repository downloaded (frozen catalogs,
 * data files by content). {@code djbranch-lake-cache/} under the temporary folder, or the folder
 * the system property {@value #PROPERTY} names. It may be deleted whenever no connection is open.
 */
public final class CacheFolder {
  public static final String PROPERTY = "djbranch.lake.cache";

  private CacheFolder() {
  }

  public static Path root() {
    String configured = System.getProperty(PROPERTY);
    return configured != null ? Path.of(configured)
        : Path.of(System.getProperty("java.io.tmpdir"), "djbranch-lake-cache");
  }
}

package org.djbranch.lake.repo;

/** Where the files of a version live, relative to the root. */
public final class VersionPaths {
  private VersionPaths() {
  }

  public static String dir(String id) {
    return "versions/" + id + "/";
  }

  public static String catalog(String id) {
    return dir(id) + "ducklake.duckdb";
  }

  public static String dataset(String id) {
    return dir(id) + "dataset.json";
  }

  public static String files(String id) {
    return dir(id) + "files.json";
  }

  public static String version(String id) {
    return dir(id) + "version.json";
  }
}

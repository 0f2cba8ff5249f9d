package org.djbranch.lake.repo;

/**
 * {@code repository.json} at the root: marks a folder as a lake repository and says where its
 * data files live ({@code <root><data_dir>}). Written once by {@code init}.
 */
public record RepositoryConfig(String format, int formatVersion, String dataDir) {
    public static final String FORMAT = "djbranch-lake";
    public static final String FILE = "repository.json";

    public static RepositoryConfig of(String dataDir) {
        return new RepositoryConfig(FORMAT, 1, dataDir);
    }
}

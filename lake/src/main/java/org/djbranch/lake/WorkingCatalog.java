package org.djbranch.lake;

import org.djbranch.lake.LakeException;

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
     * @param branch                 the branch commit moves
     * @param parent                 the version checked out (or last committed); null before the first
     * @param dataPath               {@code <root><data_dir>}: where new data files must land
     * @param dataInliningRowLimit   always 0, so that every row goes to a data file
     */
    public record Checkout(String format, String repository, String branch, String parent, String dataPath,
                           int dataInliningRowLimit) {
        public static final String FORMAT = "djbranch-lake/checkout";

        public Checkout withParent(String newParent) {
            return new Checkout(format, repository, branch, newParent, dataPath, dataInliningRowLimit);
        }
    }

    public static Path sidecar(Path catalog) {
        return catalog.resolveSibling(catalog.getFileName() + ".djbranch.json");
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
            Files.write(sidecar(file), Json.bytes(record));
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

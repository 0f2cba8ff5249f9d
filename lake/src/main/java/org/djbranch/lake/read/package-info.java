/**
 * Reading a version's rows with duckdb_jdbc alone (no DuckLake extension): the query that
 * yields a table's rows from its Parquet files at a snapshot, and the small database of views
 * that makes a version queryable.
 *
 * <p>Uses {@code org.djbranch.lake.util}, {@code org.djbranch.lake.catalog} (what a catalog
 * holds) and {@code org.djbranch.lake.repo} (where the version's files are). It never writes to a
 * repository.
 */
package org.djbranch.lake.read;

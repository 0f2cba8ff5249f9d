/**
 * DuckLake catalogs as tables: DuckLake's bookkeeping tables ({@code ducklake_*}) listed, read
 * into a model of one snapshot, copied between a frozen catalog (DuckDB) and a working catalog
 * (SQLite) with the types each needs, and digested for {@code catalog_sha256}; DuckLake's type
 * names as DuckDB types; the DuckDB and SQLite connections the lake opens.
 *
 * <p>Uses {@code org.djbranch.lake.util} only. It knows nothing of repositories, versions or refs.
 */
package org.djbranch.lake.catalog;

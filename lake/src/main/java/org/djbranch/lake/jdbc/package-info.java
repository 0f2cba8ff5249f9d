/**
 * The {@code jdbc:djbranch:lake:} driver: parses the URL, opens a read-only connection on a
 * version (through {@code org.djbranch.lake.read}) or, with {@code mode=write}, attaches a working
 * catalog with DuckDB's ducklake extension.
 *
 * <p>Sits at the top of the lake's package graph: it may use every other lake package, and none
 * uses it.
 */
package org.djbranch.lake.jdbc;

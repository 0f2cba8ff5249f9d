/**
 * The {@code ~edge} table of a draft schema (Branch Resolution §4.3): its DDL, how its rows are read and written,
 * and {@link org.djbranch.driver.edges.Edges.Edge}, the one public type of a symbolic foreign key, which the
 * {@code djbranch} command uses as well. Uses {@code driver.backend} for quoting, and plain {@code java.sql}. The
 * referential actions that honour these edges (§5.2) run in {@code driver.session}, which knows the statement.
 */
package org.djbranch.driver.edges;

/**
 * {@code DatabaseMetaData} on a branch (Branch Resolution §5.7): logical schemas presented as if the merge had
 * happened — draft tables listed under their logical schema, {@code ~edge} rows as foreign keys, shadowed drafts
 * left out and named in a warning. Uses {@code driver.binding}, {@code driver.layout}, {@code driver.edges},
 * {@code driver.backend}, {@code driver.naming}, {@code driver.jdbc} (the delegate it extends and the round-trip hook),
 * {@code driver.error} and the rewriter's name splitting.
 */
package org.djbranch.driver.metadata;

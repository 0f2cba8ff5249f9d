/**
 * DDL on a branch ({@link org.djbranch.driver.ddl.Declarations}): where a new table or other object is declared
 * (Branch Resolution §3), its foreign keys recorded in {@code ~edge} instead of sent (§4), the base and draft
 * schemas provisioned (§2.3, §2.4), and the additive-only rule (§9, §5.7) — one classification of statement kinds
 * that execute and prepare both use. {@link org.djbranch.driver.ddl.AutoTransaction} makes several statements one
 * where the database allows. Uses {@code driver.binding}, {@code driver.layout}, {@code driver.edges},
 * {@code driver.backend}, {@code driver.naming}, {@code driver.error}, the jdbc hook's action type and the rewriter.
 */
package org.djbranch.driver.ddl;

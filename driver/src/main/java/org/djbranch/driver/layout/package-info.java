/**
 * The layout cache: which tables live where, per logical schema, for one database and branch, shared by every
 * connection of the process ({@link org.djbranch.driver.layout.BranchLayouts}); listed once per schema (Branch
 * Resolution §3.3) and kept current by the declarations made through the driver, and the branch's drafts that hold
 * symbolic foreign keys, found once per process ({@code FoundDrafts}). It shows what committed: each connection sees
 * it through its {@link org.djbranch.driver.layout.ConnectionLayout}, which holds that connection's declarations of
 * an open transaction over it until the transaction commits or rolls back. Also holds the splice plans made against
 * it, keyed by statement shape and layout generation. Uses {@code driver.backend} (the listing query, name keys),
 * {@code driver.edges} (reading {@code ~edge}), {@code driver.naming} and the rewriter's name sets.
 */
package org.djbranch.driver.layout;

/**
 * What the {@code djbranch} command reads of a branch through a trunk connection, and the declarations it plans
 * from that: {@link org.djbranch.cli.catalog.BranchInventory} (the draft schemas, their bases and their
 * {@code ~edge} rows), {@link org.djbranch.cli.catalog.MergePlan} (the branch's tables declared for real, keys
 * restored) and {@link org.djbranch.cli.catalog.BranchDiff} (what the branch adds, per logical schema). Everything that differs per database is the driver's {@code Backend} and its {@code PhysicalCatalog}
 * (schemas, tables, a table's declaration copied, real foreign keys); the draft names are
 * {@code DraftNames}'s and the {@code ~edge} rows are read by {@code Edges}. Uses the driver's
 * {@code backend}, {@code naming} and {@code edges} packages and the rewriter; nothing of the commands.
 */
package org.djbranch.cli.catalog;

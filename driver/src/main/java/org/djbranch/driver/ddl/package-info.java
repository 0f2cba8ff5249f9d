/**
 * DDL on a branch, as plan then execute: each {@link org.djbranch.driver.ddl.DdlKind} has a planner that reads the
 * statement and the layout and returns a {@code DdlPlan} (the text, the schemas to make, the {@code ~edge} rows or
 * change, the layout changes), and one {@code DdlExecutor} carries plans out (schemas, transaction, draft role,
 * MySQL's order of steps, conflict retry). Where a new table or other object is declared (Branch Resolution §3), its
 * foreign keys recorded in {@code ~edge} instead of sent (§4), the base and draft schemas provisioned (§2.3, §2.4),
 * and what a change of a pipeline object does ({@code PipelineChanges}: additive only, §9, §5.7).
 * {@link org.djbranch.driver.ddl.AutoTransaction} makes several statements one where the database allows. Uses
 * {@code driver.binding}, {@code driver.layout}, {@code driver.edges}, {@code driver.backend}, {@code driver.naming},
 * {@code driver.error}, the jdbc hook's action type and the rewriter.
 */
package org.djbranch.driver.ddl;

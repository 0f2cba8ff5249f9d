/**
 * The one binder ({@link org.djbranch.driver.binding.Binder}): a branch connection's current schema, how a name
 * as written is stored, where a table reference binds — logical schema first, then draft (Branch Resolution §3.1)
 * — and the physical name it stands for. Uses {@code driver.layout} (which tables live where),
 * {@code driver.backend} (quoting, name keys, the current schema), {@code driver.error} and the rewriter's
 * analysis. Kept apart from {@code driver.naming}, which derives names without a connection and sits below the
 * backends, so the backends may use it without a cycle.
 */
package org.djbranch.driver.binding;

/**
 * Plain JDBC delegates, with no behaviour of their own and no dependency on the rest of the driver: every method
 * calls the same method of the wrapped object with the same arguments (checked by {@code DelegatesForwardTest}).
 * Two things beyond delegation live here because every wrapper needs them: {@link org.djbranch.driver.jdbc.ServerCalls},
 * the one hook a call that reaches the server tells (the round-trip counter
 * {@link org.djbranch.driver.jdbc.RoundTrips} on trunk, the branch session on a branch), and
 * {@link org.djbranch.driver.jdbc.Wrappers}, the one factory of the plain child objects and of the counted view
 * djbranch's own queries go through. Branch behaviour (routing texts, declarations in a batch, djbranch's warnings,
 * parameters kept for replay, a transaction begun by text) lives in {@code driver.session}, in subclasses of these
 * delegates. What {@code unwrap} and {@code isWrapperFor} hand out of the wrapped driver's own objects, every
 * delegate asks its connection ({@code DelegatingConnection.exposed}, {@code exposedOfChild}): the objects themselves
 * here, none on a branch (the branch connection's override). And {@link org.djbranch.driver.jdbc.ReadOnlyResultSet},
 * the mechanical refusals and forwards of a read-only result set djbranch answers itself. Uses only {@code java.sql}.
 */
package org.djbranch.driver.jdbc;

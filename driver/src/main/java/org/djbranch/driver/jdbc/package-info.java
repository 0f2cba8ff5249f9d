/**
 * Plain JDBC delegates, with no behaviour of their own and no dependency on the rest of the driver. Two things
 * beyond delegation live here because every wrapper needs them: {@link org.djbranch.driver.jdbc.ServerCalls}, the
 * one hook where a call reaches the server (the round-trip counter {@link org.djbranch.driver.jdbc.RoundTrips}
 * listens to it, and a branch session routes statement texts through it), and
 * {@link org.djbranch.driver.jdbc.Wrappers}, the one factory of child objects. And
 * {@link org.djbranch.driver.jdbc.ReadOnlyResultSet}, the mechanical refusals and forwards of a read-only result set
 * djbranch answers itself. Uses only {@code java.sql}.
 */
package org.djbranch.driver.jdbc;

package org.djbranch.driver;

/**
 * The count of calls that reached the server, shared by a connection, its statements and its internal view.
 * A plain field: JDBC connections are used by one thread at a time.
 */
final class RoundTrips {
  long count;
}

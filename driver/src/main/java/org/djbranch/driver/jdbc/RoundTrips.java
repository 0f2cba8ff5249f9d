package org.djbranch.driver.jdbc;

/**
 * The count of calls that reached the server, shared by a connection, its statements, its metadata and its
 * internal view. A plain field: JDBC connections are used by one thread at a time.
 */
public final class RoundTrips implements ServerCalls {
  private long count;

  @Override
  public void reached() {
    count++;
  }

  /** How many calls reached the server so far. */
  public long count() {
    return count;
  }
}

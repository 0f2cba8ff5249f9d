package org.djbranch.bench;

/**
 * A place in a real database holding the benchmark table {@code t(id integer primary key, name text)} with
 * rows {@code 1..rows}, made for one trial and removed by {@link #close()}, with anything a branch added beside it.
 */
public interface Fixture extends AutoCloseable {
  /** The URL of the fixture for the database's own driver; unqualified names resolve to the table. */
  String rawUrl();

  @Override
  void close() throws Exception;

  /** What removes a fixture. */
  @FunctionalInterface
  interface Removal {
    void remove() throws Exception;
  }

  /** The fixture at {@code url} that {@code removal} removes. */
  static Fixture of(String url, Removal removal) {
    return new Fixture() {
      @Override
      public String rawUrl() {
        return url;
      }

      @Override
      public void close() throws Exception {
        removal.remove();
      }
    };
  }
}

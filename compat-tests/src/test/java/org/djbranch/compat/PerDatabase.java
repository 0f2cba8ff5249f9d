package org.djbranch.compat;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * One fixture per database for the tries of a property: made the first time a try asks for it, so that each try
 * does not pay for the setup, and closed when the property's container is done.
 */
final class PerDatabase<T extends AutoCloseable> {
  /** Makes the fixture of one database. */
  @FunctionalInterface
  interface Factory<T> {
    T make(Db db) throws Exception;
  }

  private final Map<Db, T> made = new EnumMap<>(Db.class);
  private final Factory<T> factory;

  PerDatabase(Factory<T> factory) {
    this.factory = factory;
  }

  synchronized T get(Db db) throws Exception {
    T fixture = made.get(db);
    if (fixture == null) {
      fixture = factory.make(db);
      made.put(db, fixture);
    }
    return fixture;
  }

  /** The fixtures made so far, by database. */
  synchronized Map<Db, T> made() {
    return Collections.unmodifiableMap(new EnumMap<>(made));
  }

  synchronized void closeAll() throws Exception {
    try {
      for (T fixture : made.values()) {
        fixture.close();
      }
    } finally {
      made.clear();
    }
  }
}

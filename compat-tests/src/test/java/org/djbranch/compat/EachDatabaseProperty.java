package org.djbranch.compat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;

/**
 * A property checked on each of the four databases, one property per database so that a failure names it; the
 * seed generates the case (a failing one is run again with its seed). Tries per database:
 * {@code -Djqwik.tries.default=N}.
 */
abstract class EachDatabaseProperty {
  /** Generates the case of {@code seed} and checks it on {@code db}. */
  abstract void check(Db db, long seed) throws Exception;

  @Property(shrinking = ShrinkingMode.OFF)
  void postgresql(@ForAll long seed) throws Exception {
    check(Db.POSTGRESQL, seed);
  }

  @Property(shrinking = ShrinkingMode.OFF)
  void mariadb(@ForAll long seed) throws Exception {
    check(Db.MARIADB, seed);
  }

  @Property(shrinking = ShrinkingMode.OFF)
  void duckdb(@ForAll long seed) throws Exception {
    check(Db.DUCKDB, seed);
  }

  @Property(shrinking = ShrinkingMode.OFF)
  void sqlite(@ForAll long seed) throws Exception {
    check(Db.SQLITE, seed);
  }
}

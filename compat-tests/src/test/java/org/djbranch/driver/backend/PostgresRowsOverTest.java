package org.djbranch.driver.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.djbranch.compat.Db;
import org.djbranch.compat.TestDatabase;

/**
 * {@code copyRowLimit} on PostgreSQL: a table is counted only where its pages could hold more rows than the limit
 * ({@link PhysicalCatalog#rowsOver}). The bound must never let a table over the limit through, so the tables here
 * pack rows as densely as PostgreSQL can (no column at all, or one small one), with rows deleted and not yet vacuumed
 * away, and the limits sit at the count itself; and a table the bound settles is not scanned.
 */
class PostgresRowsOverTest {
  private static Path dir;
  private static TestDatabase p;
  private static Backend backend;

  @BeforeContainer
  static void open() throws Exception {
    dir = Files.createTempDirectory("djb-rows");
    p = TestDatabase.create(Db.POSTGRESQL, dir);
    backend = Backends.forUrl(p.rawUrl());
  }

  @AfterContainer
  static void close() throws Exception {
    p.close();
    Files.deleteIfExists(dir);
  }

  /**
   * Rows of no column pack a page exactly as densely as the bound assumes (291 to a page of 8 kB): full pages of
   * them, one row over the limit, must be counted.
   */
  @Property(tries = 4)
  void fullPagesOfTheDensestRowsAreCounted(@ForAll @IntRange(min = 1, max = 6) int pages) throws Exception {
    int rows = pages * 291;
    assertEquals(rows, counted(rows, 0, 0, rows - 1));
  }

  @Property(tries = 30)
  void aTableOverTheLimitIsAlwaysCountedAndNamed(@ForAll @IntRange(max = 2000) int rows,
      @ForAll @IntRange(max = 2) int columns, @ForAll @IntRange(max = 100) int deletedPercent) throws Exception {
    long count = counted(rows, columns, deletedPercent, -1);
    for (long limit : new long[] {0, count - 1, count, count + 1, 10 * count}) {
      if (limit >= 0) {
        try (Connection c = p.raw()) {
          assertEquals(count > limit ? count : -1, backend.catalog().rowsOver(c, p.schema, "t", limit),
              rows + " rows, " + count + " left, limit " + limit);
        }
      }
    }
  }

  /**
   * Makes table t of {@code rows} rows of {@code columns} small columns, deletes about {@code deletedPercent} of
   * them, and answers how many are left; or, where {@code limit} is not negative, what {@code rowsOver} says of it.
   */
  private static long counted(int rows, int columns, int deletedPercent, long limit) throws Exception {
    String table = p.table("t");
    try (Connection c = p.raw(); Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + table);
      s.execute("CREATE TABLE " + table + " (" + (columns == 0 ? "" : columns == 1 ? "b BOOLEAN" : "b BOOLEAN, i INT")
          + ")");
      s.execute("INSERT INTO " + table + " SELECT" + (columns == 0 ? "" : columns == 1 ? " true" : " true, g")
          + " FROM generate_series(1, " + rows + ") g");
      s.execute("DELETE FROM " + table + " WHERE random() * 100 < " + deletedPercent);
      if (limit >= 0) {
        return backend.catalog().rowsOver(c, p.schema, "t", limit);
      }
      try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  @Property(tries = 5)
  void aTableThePagesBoundIsNotScanned(@ForAll @IntRange(min = 1, max = 5000) int rows) throws Exception {
    String table = p.table("small");
    try (Connection c = p.raw(); Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + table);
      s.execute("CREATE TABLE " + table + " (id INT, name TEXT)");
      s.execute("INSERT INTO " + table + " SELECT g, 'n' || g FROM generate_series(1, " + rows + ") g");
      c.setAutoCommit(false);
      assertEquals(-1, backend.catalog().rowsOver(c, p.schema, "small", 1_000_000));
      try (ResultSet rs = s.executeQuery("SELECT pg_stat_get_xact_numscans('" + table.replace("'", "''")
          + "'::regclass)")) {
        rs.next();
        assertEquals(0, rs.getLong(1), "scans of the table in the transaction");
      }
      assertEquals(rows, backend.catalog().rowsOver(c, p.schema, "small", rows - 1));
      c.rollback();
    }
  }
}

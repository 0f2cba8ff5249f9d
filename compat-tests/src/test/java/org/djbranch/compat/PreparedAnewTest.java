package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TimeZone;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * A prepared statement naming a table that another process declared on the branch after this process listed the
 * schema. Its text was routed to the pipeline's schema, where the table is not; in autocommit its first execution
 * must still do what the same statement does on a table that was always there: prepared anew, it takes every
 * parameter exactly as the application set it (one setter of many, of each column, for one row or a batch) and its
 * row limit, so the rows written and the rows read equal what the raw driver writes into and reads from a pipeline
 * table given the same calls. A write looks the table up in the live catalog before it is prepared, so it runs at
 * once. A read is routed by the listing: a stream is read once by the driver and cannot be set again, so then its
 * first execution fails as the database said and the statement prepared again runs (SQLite finds the table when
 * preparing, before any parameter is set, so it never fails). Thirty cases per database (each declares a
 * table), so that every kind of read meets both outcomes in a run.
 */
class PreparedAnewTest {
  private static final PerDatabase<Place> PLACES = new PerDatabase<>(Place::new);
  private static final String[] ZONES = {"UTC", "America/New_York", "Asia/Kolkata"};

  /** One database: a pipeline table {@code twin} the raw driver writes, this process and another on one branch. */
  private static final class Place implements AutoCloseable {
    final TestDatabase p;
    final Path dir;
    final Connection raw;
    final Connection here;
    final Connection elsewhere;
    final List<Setter> setters;
    final Map<String, Integer> outcomes = new java.util.TreeMap<>();
    int tables;

    Place(Db db) throws Exception {
      dir = Files.createTempDirectory("djb-prepared-anew");
      p = TestDatabase.create(db, dir);
      String branch = newBranch();
      p.draftFor(branch);
      raw = p.raw();
      exec(raw, "CREATE TABLE " + p.table("twin") + " (" + Setter.columns(db) + ")");
      setters = Setter.takenBy(raw, p.table("twin"));
      here = p.branch(branch);
      elsewhere = DriverManager.getConnection(p.elsewhereUrl(branch));
      // This process lists the schema now; what the other process declares from here on, it has not seen.
      exec(here, "SELECT count(*) FROM " + p.table("twin"));
    }

    @Override
    public void close() throws Exception {
      elsewhere.close();
      here.close();
      raw.close();
      p.close();
      BranchFixture.deleteTree(dir);
    }
  }

  @AfterContainer
  static void closeAll() throws Exception {
    for (Map.Entry<Db, Place> place : PLACES.made().entrySet()) {
      System.out.println("Prepared anew on " + place.getKey() + ": " + place.getValue().outcomes);
    }
    PLACES.closeAll();
  }

  @Property(tries = 30, shrinking = ShrinkingMode.OFF, edgeCases = EdgeCasesMode.NONE)
  void postgresql(@ForAll long seed) throws Exception {
    check(Db.POSTGRESQL, seed);
  }

  @Property(tries = 30, shrinking = ShrinkingMode.OFF, edgeCases = EdgeCasesMode.NONE)
  void mariadb(@ForAll long seed) throws Exception {
    check(Db.MARIADB, seed);
  }

  /** SQLite looks the table up when the statement is prepared, before any parameter: it never fails. */
  @Property(tries = 30, shrinking = ShrinkingMode.OFF, edgeCases = EdgeCasesMode.NONE)
  void sqlite(@ForAll long seed) throws Exception {
    check(Db.SQLITE, seed);
  }

  /** The calls one case makes on a prepared statement: parameters by row, and a row limit. */
  private record Calls(Db db, List<Setter> setters, List<List<Object>> rows, TimeZone zone, int maxRows) {
    /** Whether the first execution fails: it meets the missing table, and a stream cannot be set again. */
    boolean failsOnce() {
      return db != Db.SQLITE && setters.stream().anyMatch(Setter::isStream);
    }

    /** Sets row {@code r}'s parameters from index {@code first}. */
    void set(PreparedStatement ps, int r, int first) throws SQLException {
      for (int i = 0; i < setters.size(); i++) {
        setters.get(i).set(ps, first + i, rows.get(r).get(i), zone);
      }
    }
  }

  void check(Db db, long seed) throws Exception {
    Place place = PLACES.get(db);
    TestDatabase p = place.p;
    Random random = new Random(seed);
    List<Setter> shuffled = new ArrayList<>(place.setters);
    Collections.shuffle(shuffled, random);
    List<Setter> chosen = new ArrayList<>();
    Set<String> columns = new HashSet<>();
    for (Setter s : shuffled) {
      if (random.nextBoolean() && columns.add(s.column)) {
        chosen.add(s);
      }
    }
    boolean query = random.nextBoolean();
    if (query) {
      chosen = List.of(shuffled.get(0));   // a query compares one column
    }
    boolean batch = !query && random.nextBoolean();
    // A query's rows repeat two values, so that several match and the row limit shows.
    List<Object> pool = query ? java.util.Arrays.asList(chosen.get(0).value(random), chosen.get(0).value(random))
        : List.of();
    List<List<Object>> rows = new ArrayList<>();
    for (int r = query ? 2 + random.nextInt(5) : batch ? 1 + random.nextInt(3) : 1; r > 0; r--) {
      List<Object> row = new ArrayList<>();
      for (Setter s : chosen) {
        row.add(query ? pool.get(random.nextInt(2)) : s.value(random));
      }
      rows.add(row);
    }
    Calls calls = new Calls(db, chosen, rows, TimeZone.getTimeZone(ZONES[random.nextInt(ZONES.length)]),
        random.nextInt(4));
    String late = p.table("late" + place.tables++);
    exec(place.raw, "DELETE FROM " + p.table("twin"));
    exec(place.elsewhere, "CREATE TABLE " + late + " (" + Setter.columns(db) + ")");
    String what = db + " " + (query ? "query" : "insert") + " by " + chosen + ", " + rows.size() + " rows, seed "
        + seed;
    if (query) {
      checkQuery(place, late, calls, random, what);
    } else {
      checkInsert(place, late, calls, batch, what);
    }
  }

  /** Rows written by {@code INSERT ... VALUES (?, ...)}, one execution or a batch. */
  private static void checkInsert(Place place, String late, Calls calls, boolean batch, String what)
      throws Exception {
    TestDatabase p = place.p;
    StringBuilder sql = new StringBuilder("INSERT INTO %s (id");
    StringBuilder marks = new StringBuilder("?");
    for (Setter s : calls.setters()) {
      sql.append(", ").append(s.column);
      marks.append(", ?");
    }
    String insert = sql.append(") VALUES (").append(marks).append(")").toString();
    try (PreparedStatement twin = place.raw.prepareStatement(insert.formatted(p.table("twin")))) {
      insertRows(twin, calls, batch);
    }
    // A write looks a table this process has not seen up in the live catalog before it is prepared (it may be the
    // pipeline's, made since the listing, which a branch copies first): it runs at its first execution, streams and
    // all, where a read is prepared anew after failing once.
    try (PreparedStatement ps = place.here.prepareStatement(insert.formatted(late))) {
      insertRows(ps, calls, batch);
    }
    List<List<String>> expected = rows(place.raw, "SELECT * FROM " + p.table("twin") + " ORDER BY id");
    List<List<String>> written = rows(place.elsewhere, "SELECT * FROM " + late + " ORDER BY id");
    check(expected.equals(written), what + ": wrote " + written + ", the raw driver " + expected);
    place.outcomes.merge(batch ? "batch" : "insert", 1, Integer::sum);
  }

  private static void insertRows(PreparedStatement ps, Calls calls, boolean batch) throws SQLException {
    for (int r = 0; r < calls.rows().size(); r++) {
      ps.setInt(1, r + 1);
      calls.set(ps, r, 2);
      if (batch) {
        ps.addBatch();
      } else {
        ps.executeUpdate();
      }
    }
    if (batch) {
      ps.executeBatch();
    }
  }

  /**
   * Rows read by {@code SELECT id FROM ... WHERE c = ? ORDER BY id} with a row limit, from rows written with the
   * same setter: the database's own comparison decides which match, on the draft as on the pipeline's table.
   */
  private static void checkQuery(Place place, String late, Calls calls, Random random, String what)
      throws Exception {
    TestDatabase p = place.p;
    Setter setter = calls.setters().get(0);
    String insert = "INSERT INTO %s (id, " + setter.column + ") VALUES (?, ?)";
    for (String table : List.of(p.table("twin"), late)) {
      Connection writer = table.equals(late) ? place.elsewhere : place.raw;
      try (PreparedStatement ps = writer.prepareStatement(insert.formatted(table))) {
        for (int r = 0; r < calls.rows().size(); r++) {
          ps.setInt(1, r + 1);
          calls.set(ps, r, 2);
          ps.executeUpdate();
        }
      }
    }
    int probe = random.nextInt(calls.rows().size());
    String select = "SELECT id FROM %s WHERE " + setter.column + " = ? ORDER BY id";
    List<Integer> expected = select(place.raw, select.formatted(p.table("twin")), calls, probe);
    List<Integer> read;
    boolean failed = false;
    try {
      read = select(place.here, select.formatted(late), calls, probe);
    } catch (SQLException e) {
      if (!calls.failsOnce()) {
        throw new AssertionError(what + ": failed, with no stream to stop it: " + e, e);
      }
      failed = true;
      read = select(place.here, select.formatted(late), calls, probe);
    }
    check(failed == calls.failsOnce(), what + ": ran on the first execution although a stream was set");
    check(expected.equals(read), what + ", limit " + calls.maxRows() + ": read " + read + ", the raw driver "
        + expected);
    place.outcomes.merge("query" + (failed ? ", stream: failed once" : ""), 1, Integer::sum);
  }

  private static List<Integer> select(Connection c, String sql, Calls calls, int probe) throws SQLException {
    List<Integer> ids = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setMaxRows(calls.maxRows());
      calls.setters().get(0).set(ps, 1, calls.rows().get(probe).get(0), calls.zone());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          ids.add(rs.getInt(1));
        }
      }
    }
    return ids;
  }

  private static void check(boolean holds, String message) {
    if (!holds) {
      throw new AssertionError(message);
    }
  }
}

package org.djbranch.compat.orm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.djbranch.compat.Db;
import org.djbranch.compat.TestDatabase;
import org.flywaydb.core.api.MigrationInfo;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Flyway migrates trunk through a HikariCP pool on the djbranch URL as it does through the raw driver; at the merge,
 * V2 declares on trunk exactly what the branch's metadata presented. Flyway has no DuckDB support.
 */
class FlywayMergeTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "SQLITE"})
  void migratingTrunkThroughDjbranchCostsTheRawDriversRoundTrips(Db db) throws Exception {
    List<String> rawHistory;
    long rawTrips;
    try (TestDatabase place = TestDatabase.create(db, dir)) {
      Ephys e = new Ephys(place);
      CountingDataSource counted = e.counted();
      try (HikariDataSource pool = e.rawPool(counted, 2)) {
        e.flyway(pool, "2").migrate();
        held(pool);
        rawTrips = counted.roundTrips();
        rawHistory = history(e, pool);
      }
    }
    List<String> trunkHistory;
    long trunkTrips;
    try (TestDatabase place = TestDatabase.create(db, dir)) {
      Ephys e = new Ephys(place);
      try (HikariDataSource pool = e.pool("", 2)) {
        e.flyway(pool, "2").migrate();
        trunkTrips = Ephys.roundTrips(pool, 2);
        trunkHistory = history(e, pool);
      }
    }
    assertEquals(List.of("1 ephys pipeline Success", "2 artifact tables Success"), rawHistory);
    assertEquals(rawHistory, trunkHistory);
    assertTrue(rawTrips > 10, "Flyway made round trips: " + rawTrips);
    assertEquals(rawTrips, trunkTrips, "round trips of Flyway's migrate, raw driver vs djbranch on trunk");
  }

  /** Holds both connections of a pool at once, as reading a djbranch pool's count does, so both exist. */
  private static void held(HikariDataSource pool) throws SQLException {
    try (Connection a = pool.getConnection(); Connection b = pool.getConnection()) {
      a.isReadOnly();
      b.isReadOnly();
    }
  }

  private static List<String> history(Ephys e, HikariDataSource pool) {
    List<String> out = new ArrayList<>();
    for (MigrationInfo m : e.flyway(pool, "2").info().applied()) {
      out.add(m.getVersion() + " " + m.getDescription() + " " + m.getState().getDisplayName());
    }
    return out;
  }

  /** What the branch's code declared, as the branch's metadata presents it, is what V2 declares on trunk. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "SQLITE"})
  void theMergeDeclaresOnTrunkWhatTheBranchPresented(Db db) throws Exception {
    try (TestDatabase place = TestDatabase.create(db, dir)) {
      Ephys e = new Ephys(place);
      String branch = Ephys.newBranch();
      place.dropLater(e.draft(branch));
      e.migrate("1");
      List<String> onBranch;
      try (HikariDataSource pool = e.pool(branch, 1); EphysPipeline p = new MyBatisPipeline(pool)) {
        p.declare();
        try (Connection c = pool.getConnection()) {
          onBranch = describe(e, c);
        }
      }
      e.migrate("2");
      e.dropDraft(branch);
      List<String> merged;
      try (HikariDataSource pool = e.pool("", 1); Connection c = pool.getConnection()) {
        merged = describe(e, c);
      }
      assertTrue(onBranch.contains("fk artifact_score: " + e.schema + ".recording.subject_id <- subject_id 1"
          + " artifact_score_recording_fk"), onBranch.toString());
      assertEquals(merged, onBranch);
    }
  }

  /** Columns, primary keys and imported keys of the branch's two tables, as a connection's metadata lists them. */
  private static List<String> describe(Ephys e, Connection c) throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    String catalog = e.db == Db.MARIADB ? e.schema : null;
    String schema = e.db == Db.MARIADB ? null : e.schema;
    List<String> out = new ArrayList<>();
    for (String table : List.of("artifact_params", "artifact_score")) {
      try (ResultSet rs = md.getColumns(catalog, schema, table, "%")) {
        while (rs.next()) {
          out.add("column " + table + ": " + rs.getString("COLUMN_NAME") + " "
              + rs.getString("TYPE_NAME").toLowerCase(Locale.ROOT) + " " + rs.getInt("NULLABLE"));
        }
      }
      try (ResultSet rs = md.getPrimaryKeys(catalog, schema, table)) {
        while (rs.next()) {
          out.add("pk " + table + ": " + rs.getString("COLUMN_NAME") + " " + rs.getInt("KEY_SEQ"));
        }
      }
      try (ResultSet rs = md.getImportedKeys(catalog, schema, table)) {
        while (rs.next()) {
          String parentSchema = e.db == Db.MARIADB ? rs.getString("PKTABLE_CAT") : rs.getString("PKTABLE_SCHEM");
          String name = rs.getString("FK_NAME");
          out.add("fk " + table + ": " + parentSchema + "." + rs.getString("PKTABLE_NAME") + "."
              + rs.getString("PKCOLUMN_NAME") + " <- " + rs.getString("FKCOLUMN_NAME") + " " + rs.getInt("KEY_SEQ")
              + (name == null || name.isEmpty() ? "" : " " + name));
        }
      }
    }
    out.sort(null);
    return out;
  }
}

package org.djbranch.compat.orm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.djbranch.compat.Db;
import org.djbranch.compat.TestDatabase;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A Flyway migration that alters a table the pipeline holds (V4: a column, an index, rows updated) runs on a branch
 * against the branch's own copy of the table, through a HikariCP pool on the djbranch URL: trunk's table keeps its
 * structure and rows. The merge is the same tool on trunk, which then shows what the branch showed.
 */
class PipelineTableMigrationTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB", "SQLITE"})
  void aMigrationAlteringAPipelineTableRunsOnTheBranchsCopyAndTheMergeOnTrunk(Db db) throws Exception {
    try (TestDatabase place = TestDatabase.create(db, dir)) {
      Ephys e = new Ephys(place);
      e.migrate("2");
      String branch = "m" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
      place.dropLater(e.draft(branch));
      List<String> trunkBefore;
      try (HikariDataSource trunk = e.pool("", 1); Connection c = trunk.getConnection()) {
        trunkBefore = describe(e, c);
      }
      List<String> onBranch;
      try (HikariDataSource pool = e.pool(branch, 2)) {
        e.flyway(pool, "4").migrate();
        assertEquals("4", e.flyway(pool, "4").info().current().getVersion().getVersion());
        try (Connection c = pool.getConnection(); Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("SELECT count(quality) FROM recording")) {
          rs.next();
          assertEquals(5, rs.getInt(1), "the branch's copy holds trunk's rows, updated");
          onBranch = describe(e, c);
        }
      }
      assertTrue(onBranch.contains("column quality"), onBranch.toString());
      assertTrue(onBranch.contains("index recording_quality"), onBranch.toString());
      try (HikariDataSource trunk = e.pool("", 2)) {
        try (Connection c = trunk.getConnection()) {
          assertEquals(trunkBefore, describe(e, c), "trunk's recording after the branch's V4");
        }
        assertEquals("2", e.flyway(trunk, "4").info().current().getVersion().getVersion(),
            "trunk's history after the branch's V4");
        // The merge: Flyway on trunk applies V4 there, and trunk shows what the branch showed.
        e.flyway(trunk, "4").migrate();
        try (Connection c = trunk.getConnection()) {
          assertEquals(onBranch, describe(e, c));
        }
      }
      assertFalse(trunkBefore.contains("column quality"));
    }
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void hibernateUpdateAddsANewFieldsColumnToTheBranchsCopy(Db db) throws Exception {
    try (TestDatabase place = TestDatabase.create(db, dir)) {
      Ephys e = new Ephys(place);
      e.migrate("2");
      String branch = "h" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
      place.dropLater(e.draft(branch));
      List<String> trunkBefore;
      try (HikariDataSource trunk = e.pool("", 1); Connection c = trunk.getConnection()) {
        trunkBefore = describe(e, c);
      }
      try (HikariDataSource pool = e.pool(branch, 2); org.hibernate.SessionFactory sf = updating(pool)) {
        sf.inTransaction(s -> s.createMutationQuery("update MeasuredRecording r set r.noise = r.duration / 100")
            .executeUpdate());
        Long measured = sf.fromSession(s -> s.createSelectionQuery("select count(r.noise) from MeasuredRecording r",
            Long.class).getSingleResult());
        assertEquals(5L, measured);
        try (Connection c = pool.getConnection()) {
          assertTrue(describe(e, c).contains("column noise"), describe(e, c).toString());
        }
      }
      try (HikariDataSource trunk = e.pool("", 1); Connection c = trunk.getConnection()) {
        assertEquals(trunkBefore, describe(e, c), "trunk's recording after Hibernate's update on the branch");
      }
    }
  }

  /** A session factory of the application's next version, which updates the schema as it starts. */
  private static org.hibernate.SessionFactory updating(javax.sql.DataSource ds) {
    org.hibernate.cfg.Configuration cfg = new org.hibernate.cfg.Configuration()
        .addAnnotatedClass(MeasuredRecording.class)
        .setProperty(org.hibernate.cfg.AvailableSettings.HBM2DDL_AUTO, "update");
    cfg.getProperties().put(org.hibernate.cfg.AvailableSettings.DATASOURCE, ds);
    return cfg.buildSessionFactory();
  }

  /** The columns and indexes of recording, as a connection's metadata lists them. */
  private static List<String> describe(Ephys e, Connection c) throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    String catalog = e.db == Db.MARIADB ? e.schema : null;
    String schema = e.db == Db.MARIADB || e.db == Db.SQLITE ? null : e.schema;
    List<String> out = new ArrayList<>();
    try (ResultSet rs = md.getColumns(catalog, schema, "recording", "%")) {
      while (rs.next()) {
        out.add("column " + rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
      }
    }
    try (ResultSet rs = md.getIndexInfo(catalog, schema, "recording", false, false)) {
      while (rs.next()) {
        String name = rs.getString("INDEX_NAME");
        if (name != null && name.toLowerCase(Locale.ROOT).contains("quality")) {
          out.add("index " + name.toLowerCase(Locale.ROOT));
        }
      }
    }
    out.sort(null);
    return out;
  }
}

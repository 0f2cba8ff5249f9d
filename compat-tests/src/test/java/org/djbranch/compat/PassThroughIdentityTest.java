package org.djbranch.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.djbranch.driver.BranchConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Off a branch djbranch is the wrapped driver: one scripted workload, once on the raw driver and once through
 * {@code jdbc:djbranch:} with no branch, sees the same results and costs the same round trips.
 */
class PassThroughIdentityTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(Db.class)
  void trunkSessionSeesWhatTheRawDriverSeesAtTheSameRoundTrips(Db db) throws Exception {
    List<String> rawTranscript;
    long rawTrips;
    try (TestDatabase place = TestDatabase.create(db, dir)) {
      RoundTripCounter counter = new RoundTripCounter();
      try (Connection raw = counter.wrap(place.raw())) {
        rawTranscript = Workload.run(raw, place);
      }
      rawTrips = counter.count();
    }
    List<String> branchTranscript;
    long branchTrips;
    try (TestDatabase place = TestDatabase.create(db, dir);
        Connection trunk = place.branch("")) {
      branchTranscript = Workload.run(trunk, place);
      branchTrips = trunk.unwrap(BranchConnection.class).roundTrips();
    }
    assertEquals(rawTranscript, branchTranscript);
    assertTrue(rawTrips > 20, "the workload makes many round trips: " + rawTrips);
    assertEquals(rawTrips, branchTrips, "round trips, raw driver vs djbranch on trunk");
  }

  /** The server's own count of statements, connect included: djbranch on trunk adds none. */
  @Test
  void mariadbCountsTheSameQuestionsForBothSessions() throws Exception {
    long raw;
    try (TestDatabase place = TestDatabase.create(Db.MARIADB, dir); Connection c = place.raw()) {
      Workload.run(c, place);
      raw = questions(c);
    }
    long wrapped;
    try (TestDatabase place = TestDatabase.create(Db.MARIADB, dir); Connection c = place.branch("")) {
      Workload.run(c, place);
      wrapped = questions(c);
    }
    assertEquals(raw, wrapped, "SHOW SESSION STATUS LIKE 'Questions', raw vs djbranch on trunk");
  }

  private static long questions(Connection c) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW SESSION STATUS LIKE 'Questions'")) {
      rs.next();
      return rs.getLong(2);
    }
  }
}

package org.djbranch.compat.orm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.util.List;
import javax.sql.DataSource;
import org.djbranch.compat.Db;

/**
 * One framework's pipeline through the life of a branch: declared and populated on the branch beside trunk's
 * pipeline; invisible to trunk, which makes the raw driver's round trips; merged (Flyway V2 on trunk, the same code
 * run again there, the draft dropped) with the same results.
 */
final class PipelineScenario {
  /** Builds the framework's pipeline on a pool; {@code onBranch} says whether the pool's URL names a branch. */
  interface Factory {
    EphysPipeline open(DataSource pool, Db db, boolean declaring) throws Exception;
  }

  /** The report the spec's example implies, the same for every framework and database. */
  static final List<String> EXPECTED = List.of(
      "score: mouse | 1 | 2 | 1 | 1 | 10.0000",
      "score: mouse | 1 | 2 | 1 | 2 | 19.0000",
      "score: rat | 2 | 1 | 1 | 1 | 15.0000",
      "score: rat | 2 | 1 | 1 | 2 | 28.0000",
      "score: mouse | 3 | 1 | 1 | 1 | 20.0000",
      "score: mouse | 3 | 1 | 1 | 2 | 37.0000",
      "score: mouse | 3 | 1 | 2 | 1 | 25.0000",
      "scored recordings: 1 | 2",
      "scored recordings: 2 | 2",
      "scored recordings: 3 | 3",
      "per parameter: 1 | 0.5000 | 4",
      "per parameter: 2 | 0.9000 | 3",
      "count for 1: 2",
      "count for 2: 2",
      "count for 3: 3");

  static final List<String> PIPELINE = List.of(
      "recordings per species: mouse | 4",
      "recordings per species: rat | 1",
      "recording: 3 | 1 | 1 | 40.0000",
      "recording: 3 | 1 | 2 | 50.0000");

  private PipelineScenario() {}

  static void run(Ephys e, Factory factory) throws Exception {
    String branch = Ephys.newBranch();
    e.place.dropLater(e.draft(branch));
    e.migrate("1");

    // On the branch: the proposal declares its tables and reads the pipeline's rows with its own.
    List<String> onBranch;
    try (HikariDataSource pool = e.pool(branch, 2); EphysPipeline p = factory.open(pool, e.db, true)) {
      p.declare();
      p.populate();
      onBranch = p.report();
      assertEquals(PIPELINE, p.pipelineReport());
      try (Connection c = pool.getConnection()) {
        assertEquals(List.of("artifact_params", "artifact_score"), e.listedTables(c, "artifact%"),
            "the branch lists its tables under the logical schema");
        assertEquals(List.of("artifact_score.recording_id->recording_id", "artifact_score.session_id->session_id",
            "artifact_score.subject_id->subject_id"), e.exportedKeys(c, "recording"), "symbolic keys");
      }
    }
    assertEquals(EXPECTED, onBranch);
    List<String> logical = e.physicalTables(e.schema);
    assertFalse(logical.contains("artifact_params") || logical.contains("artifact_score"),
        "the pipeline's schema holds none of the branch's tables: " + logical);
    if (e.db != Db.SQLITE) {
      assertTrue(e.physicalTables(e.draft(branch)).containsAll(List.of("artifact_params", "artifact_score", "~edge")),
          "the draft holds them");
    }

    // Trunk, before the merge: none of the branch's tables, rows or edges.
    try (HikariDataSource trunk = e.pool("", 1)) {
      try (Connection c = trunk.getConnection()) {
        assertEquals(List.of(), e.listedTables(c, "artifact%"));
        assertEquals(List.of(), e.exportedKeys(c, "recording"));
      }
      try (EphysPipeline p = factory.open(trunk, e.db, false)) {
        assertThrows(Exception.class, p::report, "trunk has no artifact_score");
      }
    }
    assertRawRoundTrips(e, factory);

    // The merge: V2 declares the tables on trunk with real keys; the same code produces the same rows there.
    e.migrate("2");
    List<String> merged;
    try (HikariDataSource trunk = e.pool("", 2); EphysPipeline p = factory.open(trunk, e.db, true)) {
      p.declare();
      p.populate();
      merged = p.report();
      try (Connection c = trunk.getConnection()) {
        assertEquals(List.of("artifact_score.recording_id->recording_id", "artifact_score.session_id->session_id",
            "artifact_score.subject_id->subject_id"), e.exportedKeys(c, "recording"), "real keys after the merge");
      }
    }
    assertEquals(onBranch, merged);
    e.dropDraft(branch);
    assertTrue(e.physicalTables(e.schema).containsAll(List.of("artifact_params", "artifact_score")));
  }

  /** The pipeline's report on trunk, through djbranch and through the raw driver: same rows, same round trips. */
  static void assertRawRoundTrips(Ephys e, Factory factory) throws Exception {
    CountingDataSource counted = e.counted();
    List<String> raw;
    try (HikariDataSource pool = e.rawPool(counted, 1); EphysPipeline p = factory.open(pool, e.db, false)) {
      raw = p.pipelineReport();
    }
    long rawTrips = counted.roundTrips();
    List<String> trunk;
    long trunkTrips;
    try (HikariDataSource pool = e.pool("", 1); EphysPipeline p = factory.open(pool, e.db, false)) {
      trunk = p.pipelineReport();
      trunkTrips = Ephys.roundTrips(pool, 1);
    }
    assertEquals(PIPELINE, raw);
    assertEquals(raw, trunk);
    assertTrue(rawTrips >= 2, "the report made round trips: " + rawTrips);
    assertEquals(rawTrips, trunkTrips, "round trips, raw driver vs djbranch on trunk, both pooled by Hikari");
  }
}

package org.djbranch.compat.orm;

import java.nio.file.Path;
import org.djbranch.compat.Db;
import org.djbranch.compat.TestDatabase;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The pipeline written with a MyBatis mapper runs unchanged on a branch, on trunk and after the merge. */
class MyBatisPipelineTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(Db.class)
  void samePipelineOnABranchAndAfterTheMerge(Db db) throws Exception {
    try (TestDatabase place = TestDatabase.create(db, dir)) {
      PipelineScenario.run(new Ephys(place), (pool, d, declaring) -> new MyBatisPipeline(pool));
    }
  }
}

package org.djbranch.compat.orm;

import java.nio.file.Path;
import org.djbranch.compat.Db;
import org.djbranch.compat.TestDatabase;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The pipeline as JPA entities, declared by {@code hbm2ddl.auto=update}, runs unchanged on a branch, on trunk and
 * after the merge. Hibernate ORM's core dialects cover PostgreSQL and MariaDB; DuckDB and SQLite need community
 * dialects, which this project does not depend on.
 */
class HibernatePipelineTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void samePipelineOnABranchAndAfterTheMerge(Db db) throws Exception {
    try (TestDatabase place = TestDatabase.create(db, dir)) {
      PipelineScenario.run(new Ephys(place), (pool, d, declaring) -> new HibernatePipeline(pool, declaring));
    }
  }
}

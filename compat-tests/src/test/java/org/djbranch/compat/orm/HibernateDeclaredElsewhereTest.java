package org.djbranch.compat.orm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import org.djbranch.compat.Db;
import org.djbranch.compat.TestDatabase;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Hibernate applications on a branch, their HikariCP pools open, while another process declares the branch's new
 * tables and fills them (an agent's run, say): the applications' session factories were built, and their schemas
 * listed, before the tables existed, and Hibernate prepares every statement. Outside a transaction the queries find
 * the new tables at once; inside one, the first attempt fails as the database says and the next transaction finds
 * them. Neither application is restarted.
 */
class HibernateDeclaredElsewhereTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void anApplicationFindsTablesAnotherProcessDeclaredWithoutARestart(Db db) throws Exception {
    try (TestDatabase place = TestDatabase.create(db, dir)) {
      Ephys e = new Ephys(place);
      String branch = Ephys.newBranch();
      place.dropLater(e.draft(branch));
      e.migrate("1");
      // Two applications, each its own process to djbranch (a URL spelled its own way, so a layout of its own),
      // list the schema: the pipeline's tables only.
      try (HikariDataSource autocommit = pool(e.url(branch) + place.spelling(1));
          HikariDataSource transactional = pool(e.url(branch) + place.spelling(2));
          HibernatePipeline reader = new HibernatePipeline(autocommit, false);
          HibernatePipeline inTransactions = new HibernatePipeline(transactional, false)) {
        assertEquals(PipelineScenario.PIPELINE, reader.pipelineReport());
        assertEquals(PipelineScenario.PIPELINE, inTransactions.pipelineReport());

        // A third process declares the branch's tables (hbm2ddl) and fills them.
        try (HikariDataSource elsewhere = pool(e.url(branch) + place.spelling(3));
            HibernatePipeline writer = new HibernatePipeline(elsewhere, true)) {
          writer.populate();
          assertEquals(PipelineScenario.EXPECTED, writer.report());
        }

        // Outside a transaction, the statements Hibernate prepares find the tables at once.
        assertEquals(PipelineScenario.EXPECTED, reader.report());
        // Inside one, the first attempt fails and rolls back; its end lists the schema, so the next one reads.
        assertThrows(RuntimeException.class, inTransactions::scoreCountInTransaction);
        assertEquals(7, inTransactions.scoreCountInTransaction());
        assertEquals(PipelineScenario.EXPECTED, inTransactions.report());
      }
    }
  }

  private static HikariDataSource pool(String url) {
    HikariConfig c = new HikariConfig();
    c.setJdbcUrl(url);
    c.setMaximumPoolSize(1);
    return new HikariDataSource(c);
  }
}

package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.draft;
import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.sql.Connection;
import org.djbranch.compat.metadata.ArtifactNote;
import org.djbranch.compat.metadata.Subject;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Hibernate's schema validation reads a branch's metadata and finds both the pipeline's tables and the draft's.
 * Hibernate ORM's core dialects cover PostgreSQL and MariaDB; DuckDB and SQLite need community dialects.
 */
class HibernateValidateTest {
  @TempDir
  Path dir;

  private static SessionFactory validate(TestDatabase p, String branch) {
    Configuration cfg = new Configuration().addAnnotatedClass(Subject.class).addAnnotatedClass(ArtifactNote.class)
        .setProperty("hibernate.connection.url", p.branchUrl(branch))
        .setProperty("hibernate.hbm2ddl.auto", "validate")
        .setProperty(p.db == Db.MARIADB ? "hibernate.default_catalog" : "hibernate.default_schema", p.schema);
    return cfg.buildSessionFactory();
  }

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void validatePassesOnABranchWhoseEntitiesMapDraftAndPipelineTables(Db db) throws Exception {
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      MetadataEqualityTest.pipeline(p);
      String branch = newBranch();
      p.dropLater(draft(branch, p.schema));
      try (Connection c = p.branch(branch)) {
        exec(c, MetadataEqualityTest.additions(p).toArray(new String[0]));
      }
      validate(p, branch).close();
      // The same mapping on trunk, where artifact_note does not exist, fails: validation really looked.
      assertThrows(RuntimeException.class, () -> validate(p, "").close());
    }
  }
}

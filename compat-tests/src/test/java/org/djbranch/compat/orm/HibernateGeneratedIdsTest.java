package org.djbranch.compat.orm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.djbranch.compat.CatalogReader;
import org.djbranch.compat.Db;
import org.djbranch.compat.TestDatabase;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.AvailableSettings;
import org.hibernate.cfg.Configuration;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An application whose new entity takes its ids as Hibernate gives them by default, from a sequence it declares
 * ({@code create sequence annotation_seq}) and reads ({@code select nextval('annotation_seq')}), started on a branch
 * through a HikariCP pool: the sequence and the table land in the draft, the ids come from the branch's sequence,
 * and trunk's catalog stays as it was.
 */
class HibernateGeneratedIdsTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL", "MARIADB"})
  void idsFromASequenceTheBranchDeclared(Db db) throws Exception {
    run(db, false);
  }

  /** With {@code hibernate.default_schema}, Hibernate names the sequence by its schema: {@code nextval('s.x_seq')}. */
  @ParameterizedTest
  @EnumSource(value = Db.class, names = {"POSTGRESQL"})
  void idsFromASequenceTheBranchDeclaredNamedByItsSchema(Db db) throws Exception {
    run(db, true);
  }

  private void run(Db db, boolean defaultSchema) throws Exception {
    try (TestDatabase place = TestDatabase.create(db, dir)) {
      Ephys e = new Ephys(place);
      e.migrate("2");
      String branch = "g" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
      place.dropLater(e.draft(branch));
      CatalogReader catalog = new CatalogReader(place);
      List<String> before = catalog.pipelineStructure();
      try (HikariDataSource pool = e.pool(branch, 2);
          SessionFactory sf = annotating(pool, defaultSchema ? e.schema : null)) {
        sf.inTransaction(s -> {
          for (String note : List.of("first", "second", "third")) {
            s.persist(new Annotation(note));
          }
        });
        List<Object[]> rows = sf.fromSession(s -> s.createSelectionQuery("select a.id, a.note from Annotation a"
            + " order by a.id", Object[].class).getResultList());
        assertEquals(List.of("1 first", "2 second", "3 third"),
            rows.stream().map(r -> r[0] + " " + r[1]).toList(), "ids from the branch's sequence, in order");
      }
      assertEquals(before, catalog.pipelineStructure(), "trunk's catalog after the branch's sequence and table");
    }
  }

  private static SessionFactory annotating(javax.sql.DataSource ds, String defaultSchema) {
    Configuration cfg = new Configuration().addAnnotatedClass(Annotation.class)
        .setProperty(AvailableSettings.HBM2DDL_AUTO, "update");
    if (defaultSchema != null) {
      cfg.setProperty(AvailableSettings.DEFAULT_SCHEMA, defaultSchema);
    }
    cfg.getProperties().put(AvailableSettings.DATASOURCE, ds);
    return cfg.buildSessionFactory();
  }
}

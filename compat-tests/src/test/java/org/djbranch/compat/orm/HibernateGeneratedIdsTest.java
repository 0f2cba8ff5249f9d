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

  /**
   * Hibernate's MariaDB dialect draws keys from MariaDB's own sequences ({@code select nextval(annotation_SEQ)}),
   * where the MySQL dialect keeps a table of counters. Trunk's application made the entity's sequence and table and
   * saved a row; the branch's saves draw from its copy of the sequence and write its copy of the table: trunk's
   * sequence and rows stay. Before, every key the branch drew moved trunk's sequence.
   */
  @org.junit.jupiter.api.Test
  void idsFromTrunksSequenceWithMariaDbsDialect() throws Exception {
    try (TestDatabase place = TestDatabase.create(Db.MARIADB, dir)) {
      Ephys e = new Ephys(place);
      e.migrate("2");
      String branch = "g" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
      place.dropLater(e.draft(branch));
      try (HikariDataSource pool = e.pool("", 1); SessionFactory sf = mariaDb(configuring(pool, null)).buildSessionFactory()) {
        saved(sf, "on trunk");
      }
      CatalogReader catalog = new CatalogReader(place);
      List<String> before = catalog.pipelineStructure();
      try (HikariDataSource pool = e.pool(branch, 2); SessionFactory sf = mariaDb(configuring(pool, null)).buildSessionFactory()) {
        // the pooled optimizer reads 51 from the copy, standing where trunk's stands, and hands out 2 to 51, as a
        // second process on trunk would
        assertEquals(List.of("1 on trunk", "2 first", "3 second"), saved(sf, "first", "second"),
            "ids from the branch's copy of the sequence");
      }
      assertEquals(before, catalog.pipelineStructure(), "trunk's catalog");
      try (java.sql.Connection raw = place.raw(); java.sql.Statement st = raw.createStatement();
          java.sql.ResultSet rs = st.executeQuery("SELECT (SELECT next_not_cached_value FROM "
              + place.table("annotation_SEQ") + "), (SELECT count(*) FROM " + place.table("annotation") + ")")) {
        rs.next();
        assertEquals(List.of(51L, 1L), List.of(rs.getLong(1), rs.getLong(2)), "trunk's sequence and rows stay");
      }
    }
  }

  /** Saves an annotation of each note in one transaction; then every annotation as "id note", in id order. */
  private static List<String> saved(SessionFactory sf, String... notes) {
    sf.inTransaction(s -> {
      for (String note : notes) {
        s.persist(new Annotation(note));
      }
    });
    return sf.fromSession(s -> s.createSelectionQuery("select a.id, a.note from Annotation a order by a.id",
        Object[].class).getResultList()).stream().map(r -> r[0] + " " + r[1]).toList();
  }

  private static Configuration mariaDb(Configuration cfg) {
    return cfg.setProperty(AvailableSettings.DIALECT, "org.hibernate.dialect.MariaDBDialect");
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
        assertEquals(List.of("1 first", "2 second", "3 third"), saved(sf, "first", "second", "third"),
            "ids from the branch's sequence, in order");
      }
      assertEquals(before, catalog.pipelineStructure(), "trunk's catalog after the branch's sequence and table");
    }
  }

  private static SessionFactory annotating(javax.sql.DataSource ds, String defaultSchema) {
    return configuring(ds, defaultSchema).buildSessionFactory();
  }

  private static Configuration configuring(javax.sql.DataSource ds, String defaultSchema) {
    Configuration cfg = new Configuration().addAnnotatedClass(Annotation.class)
        .setProperty(AvailableSettings.HBM2DDL_AUTO, "update");
    if (defaultSchema != null) {
      cfg.setProperty(AvailableSettings.DEFAULT_SCHEMA, defaultSchema);
    }
    cfg.getProperties().put(AvailableSettings.DATASOURCE, ds);
    return cfg;
  }
}

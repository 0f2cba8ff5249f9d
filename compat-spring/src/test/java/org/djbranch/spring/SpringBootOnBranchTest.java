package org.djbranch.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A Spring Boot application (Spring Data JPA, HikariCP, schema.sql at startup, ddl-auto) started unchanged on a branch
 * of PostgreSQL and MariaDB: it starts, its repositories work, the new entity's table lands in the draft with its key
 * as an {@code ~edge} row, a visitor's new owner lands in the branch's copy of the pipeline's owners, and trunk is
 * untouched. Started on trunk through djbranch it leaves what the raw driver
 * leaves.
 */
class SpringBootOnBranchTest {
  private static final String DRIVER = "org.djbranch.driver.BranchDriver";

  @ParameterizedTest
  @EnumSource(Place.Db.class)
  void theApplicationRunsOnABranchAndLeavesTrunkAsItWas(Place.Db db) throws Exception {
    try (Place place = new Place(db)) {
      place.pipeline();
      List<String> trunkBefore = place.physical(place.schema);
      List<String> ownersBefore = place.query("SELECT * FROM owners");
      String branch = "s" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
      String draft = place.draft(branch);

      try (ConfigurableApplicationContext app = start(place, place.branchUrl(branch), DRIVER, "update")) {
        OwnerRepository owners = app.getBean(OwnerRepository.class);
        PetRepository pets = app.getBean(PetRepository.class);
        Owner franklin = owners.findByLastName("Franklin").get(0);
        pets.save(new Pet(1, "Leo", franklin));
        assertEquals(List.of("Leo"), pets.findByOwnerLastName("Franklin").stream().map(Pet::getName).toList());
        assertEquals(2, owners.count());
        // a visitor adds an owner through the application: the row lands in the branch's copy of owners
        owners.save(new Owner(3, "Visitor", "Added"));
        assertEquals(3, owners.count());
        assertEquals("Franklin", pets.findById(1).orElseThrow().getOwner().getLastName());
      }
      List<String> drafted = place.query("SELECT table_name FROM information_schema.tables WHERE table_schema = '"
          + draft + "'");
      assertTrue(drafted.containsAll(List.of("pets", "specialties", "owners")), drafted.toString());
      List<String> edges = place.query("SELECT referencing_table, referenced_table, column_name FROM " + q(place,
          draft, "~edge"));
      // the pets' key names the branch's own owners since the visitor's row copied it
      assertEquals(List.of(q(place, draft, "pets") + " | " + q(place, draft, "owners") + " | owner_id"), edges);
      assertEquals(trunkBefore, place.physical(place.schema), "trunk's tables and indexes");
      assertEquals(ownersBefore, place.query("SELECT * FROM owners"), "trunk's rows");

      // The next release validates the schema instead of updating it; the branch's tables are what it expects.
      try (ConfigurableApplicationContext app = start(place, place.branchUrl(branch), DRIVER, "validate")) {
        assertEquals("Franklin", app.getBean(PetRepository.class).findById(1).orElseThrow().getOwner().getLastName());
      }
      assertEquals(trunkBefore, place.physical(place.schema), "trunk's tables and indexes after validate");
    }
  }

  @ParameterizedTest
  @EnumSource(Place.Db.class)
  void onTrunkTheApplicationLeavesWhatTheRawDriverLeaves(Place.Db db) throws Exception {
    try (Place raw = new Place(db); Place trunk = new Place(db)) {
      raw.pipeline();
      trunk.pipeline();
      String rawDriver = db == Place.Db.POSTGRESQL ? "org.postgresql.Driver" : "com.mysql.cj.jdbc.Driver";
      try (ConfigurableApplicationContext a = start(raw, raw.rawUrl(), rawDriver, "update");
          ConfigurableApplicationContext b = start(trunk, trunk.branchUrl(""), DRIVER, "update")) {
        for (ConfigurableApplicationContext app : List.of(a, b)) {
          app.getBean(PetRepository.class).save(new Pet(1, "Leo",
              app.getBean(OwnerRepository.class).findById(1).orElseThrow()));
        }
        assertEquals(a.getBean(PetRepository.class).findByOwnerLastName("Franklin").size(),
            b.getBean(PetRepository.class).findByOwnerLastName("Franklin").size());
      }
      assertEquals(raw.physical(raw.schema), trunk.physical(trunk.schema));
      assertEquals(raw.query("SELECT * FROM pets"), trunk.query("SELECT * FROM pets"));
    }
  }

  /**
   * The application's next release adds a field to an existing entity, and {@code ddl-auto=update} adds its column:
   * started on a branch, the column lands in the branch's own copy of the pipeline's table, whose rows it then
   * writes; trunk's table keeps its columns and rows.
   */
  @ParameterizedTest
  @EnumSource(Place.Db.class)
  void theNextReleaseAddsAColumnToAPipelineTableOnItsBranch(Place.Db db) throws Exception {
    try (Place place = new Place(db)) {
      place.pipeline();
      List<String> trunkBefore = place.physical(place.schema);
      List<String> ownersBefore = place.query("SELECT * FROM owners");
      String branch = "n" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
      place.draft(branch);
      Map<String, Object> p = properties(place.branchUrl(branch), DRIVER, "update");
      p.put("spring.sql.init.mode", "never");
      try (ConfigurableApplicationContext app = new SpringApplicationBuilder(
          org.djbranch.nextclinic.NextClinicApplication.class).properties(p).run()) {
        var owners = app.getBean(org.djbranch.nextclinic.ContactOwnerRepository.class);
        var franklin = owners.findById(1).orElseThrow();
        franklin.setTelephone("6085551023");
        owners.save(franklin);
        assertEquals("6085551023", owners.findById(1).orElseThrow().getTelephone());
        assertEquals(2, owners.count());
      }
      assertEquals(trunkBefore, place.physical(place.schema), "trunk's columns and indexes");
      assertEquals(ownersBefore, place.query("SELECT * FROM owners"), "trunk's rows");
      assertTrue(place.physical(place.draft(branch)).stream().anyMatch(r -> r.contains("telephone")),
          "the branch's copy of owners has the new column");
    }
  }

  private static String q(Place place, String schema, String table) {
    return place.db == Place.Db.MARIADB ? "`" + schema + "`.`" + table + "`" : "\"" + schema + "\".\"" + table + "\"";
  }

  /** Starts the application as its deployment would, with nothing but configuration properties. */
  private static ConfigurableApplicationContext start(Place place, String url, String driver, String ddlAuto) {
    Map<String, Object> p = properties(url, driver, ddlAuto);
    p.put("spring.sql.init.mode", "always");
    p.put("spring.sql.init.schema-locations", "classpath:schema-" + place.platform() + ".sql");
    return new SpringApplicationBuilder(ClinicApplication.class).properties(p).run();
  }

  /** What a deployment configures: the datasource, its pool, and Hibernate's ddl-auto. */
  private static Map<String, Object> properties(String url, String driver, String ddlAuto) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("spring.main.web-application-type", "none");
    p.put("spring.main.banner-mode", "off");
    p.put("logging.level.root", "warn");
    p.put("spring.datasource.url", url);
    p.put("spring.datasource.driver-class-name", driver);
    p.put("spring.datasource.hikari.maximum-pool-size", "2");
    p.put("spring.jpa.hibernate.ddl-auto", ddlAuto);
    p.put("spring.jpa.open-in-view", "false");
    return p;
  }
}

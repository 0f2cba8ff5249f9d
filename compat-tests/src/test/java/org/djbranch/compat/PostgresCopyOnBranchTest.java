package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.djbranch.compat.BranchFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.QueryExecutor;
import org.postgresql.core.ResultHandler;

/**
 * PostgreSQL's {@code COPY ... FROM STDIN} and {@code COPY ... TO STDOUT} do not travel as statements: pgjdbc runs
 * them through its {@code CopyManager}, which an application reaches by {@code unwrap}, and Flyway does so for every
 * {@code COPY ... FROM stdin} of a migration. On a branch they read and write what the branch's statements read and
 * write: a table the branch declared, and the branch's own copy of a pipeline table, made first; trunk's rows and
 * catalog stay as they were. Flyway sets its default schema by {@code set_config('search_path', ?, false)}, which
 * the branch follows as it follows {@code SET}.
 */
class PostgresCopyOnBranchTest {
  @TempDir
  Path dir;

  @Test
  void copyThroughTheDriversOwnApiReadsAndWritesTheBranchsTables() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      String sample = p.table("sample");
      String added = p.table("added");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + sample + " (id int PRIMARY KEY, v text)", "INSERT INTO " + sample
            + " VALUES (1, 'trunk')");
      }
      CatalogReader catalog = new CatalogReader(p);
      String before = catalog.pipelineStructure().toString();
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = p.branch(branch)) {
        CopyManager copies = c.unwrap(PGConnection.class).getCopyAPI();
        // a pipeline table: the branch's own copy takes the rows (pipelineWrites=copy)
        assertEquals(2, copies.copyIn("COPY " + sample + " FROM STDIN (FORMAT csv)", new StringReader("2,b\n3,c\n")));
        // a table the branch declares, which trunk's schema does not hold
        exec(c, "CREATE TABLE " + added + " (id int)");
        assertEquals(1, copies.copyIn("COPY " + added + " FROM STDIN", new StringReader("7\n")));
        // as Flyway builds it: a CopyManager over the connection unwrapped to pgjdbc's BaseConnection
        CopyManager flyways = new CopyManager(c.unwrap(BaseConnection.class));
        assertEquals(1, flyways.copyIn("COPY " + added + " (id) FROM STDIN", new StringReader("8\n")));
        StringWriter out = new StringWriter();
        assertEquals(2, copies.copyOut("COPY (SELECT id FROM " + added + " ORDER BY id) TO STDOUT", out));
        assertEquals("7\n8\n", out.toString());
        assertEquals(List.of(List.of("1"), List.of("2"), List.of("3")),
            rows(c, "SELECT id FROM " + sample + " ORDER BY id"));
        // what else the unwrapped connection runs goes through the branch too
        Connection unwrapped = c.unwrap(PGConnection.class) instanceof Connection u ? u : null;
        assertEquals(List.of(List.of("2")), rows(unwrapped, "SELECT count(*) FROM " + added));
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("1")), rows(raw, "SELECT id FROM " + sample + " ORDER BY id"));
      }
      assertEquals(before, catalog.pipelineStructure().toString(), "trunk's catalog after the branch's COPY");
    }
  }

  @Test
  void aCopyIntoAPipelineTableIsRefusedWherePipelineWritesSayRefuse() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      String sample = p.table("sample");
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + sample + " (id int PRIMARY KEY)");
      }
      String branch = newBranch();
      p.draftFor(branch);
      try (Connection c = java.sql.DriverManager.getConnection(p.branchUrl(branch) + "&pipelineWrites=refuse")) {
        CopyManager copies = c.unwrap(PGConnection.class).getCopyAPI();
        SQLException e = assertThrows(SQLException.class,
            () -> copies.copyIn("COPY " + sample + " FROM STDIN", new StringReader("1\n")));
        assertEquals("55000", e.getSQLState());
        assertTrue(e.getMessage().contains("pipelineWrites=refuse"), e.getMessage());
      }
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("0")), rows(raw, "SELECT count(*) FROM " + sample));
      }
    }
  }

  /**
   * pgjdbc's own calls that reach the database past the branch are refused there ({@code 0A000}): its large objects
   * (a branch removed a large object trunk holds through {@code LargeObjectManager.unlink}, a fast-path call, although
   * {@code lo_unlink} is refused as SQL), its fast-path calls, replication, and its executor's own queries (a {@code
   * DELETE} of trunk's rows through {@code getQueryExecutor().execute}). Trunk's large object and rows are as they were.
   */
  @Test
  void pgjdbcsOwnCallsPastTheBranchAreRefused() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      String sample = p.table("sample");
      long oid;
      try (Connection raw = p.raw()) {
        exec(raw, "CREATE TABLE " + sample + " (id int PRIMARY KEY)", "INSERT INTO " + sample + " VALUES (1)");
        oid = Long.parseLong(rows(raw, "SELECT lo_from_bytea(0, 'kept'::bytea)").get(0).get(0));
      }
      try {
        String branch = newBranch();
        p.draftFor(branch);
        try (Connection c = p.branch(branch)) {
          BaseConnection pg = c.unwrap(BaseConnection.class);
          List<Executable> calls = List.of(() -> pg.getLargeObjectAPI().unlink(oid), pg::getFastpathAPI,
              pg::getReplicationAPI, () -> {
                QueryExecutor executor = pg.getQueryExecutor();
                executor.execute(executor.createSimpleQuery("DELETE FROM " + sample), null, (ResultHandler) null, 0, 0,
                    QueryExecutor.QUERY_NO_RESULTS);
              });
          for (Executable call : calls) {
            Throwable refused = assertThrows(Exception.class, call);
            // getReplicationAPI declares no SQLException: its refusal is unchecked, the SQLException its cause
            SQLException cause = (SQLException) (refused instanceof SQLException ? refused : refused.getCause());
            assertEquals("0A000", cause.getSQLState(), refused.toString());
          }
        }
        try (Connection raw = p.raw()) {
          assertEquals(List.of(List.of("kept")), rows(raw, "SELECT convert_from(lo_get(" + oid + "), 'UTF8')"));
          assertEquals(List.of(List.of("1")), rows(raw, "SELECT count(*) FROM " + sample));
        }
      } finally {
        try (Connection raw = p.raw()) {
          exec(raw, "SELECT lo_unlink(" + oid + ") FROM pg_largeobject_metadata WHERE oid = " + oid);
        }
      }
    }
  }

  @Test
  void aFlywayMigrationsCopyFromStdinRunsOnTheBranch() throws Exception {
    try (TestDatabase p = TestDatabase.create(Db.POSTGRESQL, dir)) {
      Path scripts = Files.createDirectories(dir.resolve("migrations"));
      Files.writeString(scripts.resolve("V1__sample.sql"), "CREATE TABLE sample (id int PRIMARY KEY, v text);\n");
      Files.writeString(scripts.resolve("V2__load.sql"), "COPY sample (id, v) FROM stdin;\n1\ta\n2\tb\n\\.\n\n"
          + "CREATE TABLE extra (id int);\nCOPY extra (id) FROM stdin;\n5\n\\.\n");
      try (HikariDataSource trunk = pool(p, "")) {
        flyway(trunk, p, scripts, "1").migrate();
      }
      CatalogReader catalog = new CatalogReader(p);
      String before = catalog.pipelineStructure().toString();
      String branch = newBranch();
      p.draftFor(branch);
      p.dropLater(BranchFixture.draft(branch, "public")); // where V2 would declare if Flyway's path were not followed
      try (HikariDataSource pool = pool(p, branch)) {
        flyway(pool, p, scripts, "2").migrate();
        try (Connection c = pool.getConnection()) {
          assertEquals(List.of(List.of("1", "a"), List.of("2", "b")),
              rows(c, "SELECT id, v FROM " + p.table("sample") + " ORDER BY id"));
          assertEquals(List.of(List.of("5")), rows(c, "SELECT id FROM " + p.table("extra")));
        }
      }
      assertEquals(before, catalog.pipelineStructure().toString(), "trunk's catalog after the branch's V2");
      try (Connection raw = p.raw()) {
        assertEquals(List.of(List.of("0")), rows(raw, "SELECT count(*) FROM " + p.table("sample")));
        assertFalse(raw.getMetaData().getTables(null, p.schema, "extra", null).next());
      }
      try (HikariDataSource trunk = pool(p, "")) {
        assertEquals("1", flyway(trunk, p, scripts, "2").info().current().getVersion().getVersion());
      }
    }
  }

  private static Flyway flyway(javax.sql.DataSource ds, TestDatabase p, Path scripts, String target) {
    return Flyway.configure().dataSource(ds).locations("filesystem:" + scripts).target(target).schemas(p.schema)
        .defaultSchema(p.schema).load();
  }

  private static HikariDataSource pool(TestDatabase p, String branch) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(p.branchUrl(branch));
    config.setMaximumPoolSize(2);
    return new HikariDataSource(config);
  }
}

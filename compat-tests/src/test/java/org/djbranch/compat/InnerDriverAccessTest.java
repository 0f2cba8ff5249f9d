package org.djbranch.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.StringReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.BranchDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.PGConnection;

/** What applications reach through djbranch: the inner driver's own API, pools, data sources. */
class InnerDriverAccessTest {
  @TempDir
  Path dir;

  @Test
  void postgresCopyThroughUnwrap() throws Exception {
    try (TestDatabase place = TestDatabase.create(Db.POSTGRESQL, dir); Connection c = place.branch("")) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE " + place.table("copied") + " (id int, v text)");
      }
      long rows = c.unwrap(PGConnection.class).getCopyAPI()
          .copyIn("COPY " + place.table("copied") + " FROM STDIN (FORMAT csv)", new StringReader("1,a\n2,b\n"));
      assertEquals(2, rows);
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT count(*) FROM " + place.table("copied"))) {
        rs.next();
        assertEquals(2, rs.getInt(1));
      }
    }
  }

  @Test
  void hikariPoolConfiguredWithTheUrlOnly() throws Exception {
    try (TestDatabase place = TestDatabase.create(Db.MARIADB, dir)) {
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(place.branchUrl(""));
      config.setMaximumPoolSize(2);
      try (HikariDataSource pool = new HikariDataSource(config); Connection c = pool.getConnection()) {
        BranchConnection bc = c.unwrap(BranchConnection.class);
        assertNull(bc.branch());
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 42")) {
          rs.next();
          assertEquals(42, rs.getInt(1));
        }
      }
    }
  }

  @Test
  void hikariPoolOverBranchDataSource() throws Exception {
    try (TestDatabase place = TestDatabase.create(Db.POSTGRESQL, dir)) {
      BranchDataSource ds = new BranchDataSource(place.branchUrl(null));
      ds.setBranch("pooled_1");
      HikariConfig config = new HikariConfig();
      config.setDataSource(ds);
      config.setMaximumPoolSize(2);
      try (HikariDataSource pool = new HikariDataSource(config); Connection c = pool.getConnection()) {
        assertEquals("pooled_1", c.unwrap(BranchConnection.class).branch());
        assertInstanceOf(PGConnection.class, c.unwrap(PGConnection.class));
      }
    }
  }
}

package org.djbranch.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver's contract on an embedded SQLite file: registration, settings at connect, wrappers. */
class BranchDriverTest {
  @TempDir
  Path dir;

  private String url(String params) {
    return "jdbc:djbranch:sqlite:" + dir.resolve("t.db") + params;
  }

  @Test
  void driverManagerFindsTheDriverWithoutClassForName() throws Exception {
    try (Connection c = DriverManager.getConnection(url("?branch="))) {
      assertInstanceOf(BranchConnection.class, c);
      assertNull(c.unwrap(BranchConnection.class).branch());
    }
  }

  @Test
  void branchFromUrlIsFixedOnTheConnectionAndHiddenFromTheInnerDriver() throws Exception {
    try (Connection c = DriverManager.getConnection(url("?branch=a1b2c3"))) {
      BranchConnection bc = c.unwrap(BranchConnection.class);
      assertEquals("a1b2c3", bc.branch());
      assertTrue(bc.onBranch());
      assertFalse(c.getMetaData().getURL().contains("branch"), c.getMetaData().getURL());
    }
  }

  @Test
  void branchFromPropertiesAndExplicitEmptyMeansTrunk() throws Exception {
    Properties p = new Properties();
    p.setProperty("branch", "feature_7");
    try (Connection onBranch = DriverManager.getConnection(url(""), p);
        Connection trunk = DriverManager.getConnection(url("?branch="))) {
      // One process holds a branch connection and a trunk connection at once (Branch Resolution §1.2).
      assertEquals("feature_7", onBranch.unwrap(BranchConnection.class).branch());
      assertNull(trunk.unwrap(BranchConnection.class).branch());
    }
  }

  @Test
  void aBadCopySettingFailsBeforeAnyConnectionIsOpened() {
    // Nothing listens on port 1: a setting read after connecting would fail with the connection's error instead.
    SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(
        "jdbc:djbranch:postgresql://127.0.0.1:1/x?connectTimeout=1&branch=b&pipelineChanges=sometimes"));
    assertEquals("22023", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("pipelineChanges"), e.getMessage());
  }

  @Test
  void invalidBranchFailsAtConnectNamingTheValue() {
    SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url("?branch=a-b")));
    assertTrue(e.getMessage().contains("'a-b'"), e.getMessage());
    assertEquals("08001", e.getSQLState());
    assertFalse(e.getMessage().contains(dir.toString()), "the URL must not appear in messages");
  }

  @Test
  void unsupportedDatabaseIsNamedWithoutTheUrl() {
    SQLException e = assertThrows(SQLException.class,
        () -> DriverManager.getConnection("jdbc:djbranch:oracle:thin:@h:1521/x?password=secret&branch="));
    assertTrue(e.getMessage().contains("jdbc:oracle:"), e.getMessage());
    assertFalse(e.getMessage().contains("secret"));
  }

  @Test
  void lakeUrlsAreLeftToTheLakeDriver() throws Exception {
    assertFalse(new BranchDriver().acceptsURL("jdbc:djbranch:lake:/x?branch=main"));
    assertNull(new BranchDriver().connect("jdbc:djbranch:lake:/x?branch=main", new Properties()));
  }

  @Test
  void wrappersAreReturnedEverywhereNeverTheInnerObjects() throws Exception {
    try (Connection c = DriverManager.getConnection(url("?branch="));
        Statement s = c.createStatement()) {
      assertSame(c, s.getConnection());
      s.execute("create table t (id integer primary key, v text)");
      try (ResultSet rs = s.executeQuery("select 1")) {
        assertSame(s, rs.getStatement());
      }
      assertTrue(s.execute("select 2"));
      try (ResultSet rs = s.getResultSet()) {
        assertSame(s, rs.getStatement());
      }
      try (PreparedStatement ps = c.prepareStatement("insert into t(v) values (?)", Statement.RETURN_GENERATED_KEYS)) {
        assertSame(c, ps.getConnection());
        ps.setString(1, "x");
        ps.executeUpdate();
        try (ResultSet keys = ps.getGeneratedKeys()) {
          assertSame(ps, keys.getStatement());
          assertTrue(keys.next());
        }
      }
      DatabaseMetaData md = c.getMetaData();
      assertSame(c, md.getConnection());
      assertSame(md, c.getMetaData(), "one metadata wrapper per connection");
      try (ResultSet tables = md.getTables(null, null, "t", null)) {
        assertNull(tables.getStatement(), "metadata result sets have no statement, as JDBC says");
        assertTrue(tables.next());
      }
    }
  }

  @Test
  void unwrapReachesOurConnectionAndTheInnerDriversClassesButNeverHandsOutTheRawConnection() throws Exception {
    try (Connection c = DriverManager.getConnection(url("?branch="))) {
      assertSame(c, c.unwrap(Connection.class));
      assertSame(c, c.unwrap(BranchConnection.class));
      assertTrue(c.isWrapperFor(org.sqlite.SQLiteConnection.class));
      org.sqlite.SQLiteConnection inner = c.unwrap(org.sqlite.SQLiteConnection.class);
      assertNotSame(c, inner);
      assertEquals(inner, ((BranchConnection) c).delegate());
    }
  }

  @Test
  void closedConnectionReportsClosedAndRefusesWork() throws Exception {
    Connection c = DriverManager.getConnection(url("?branch="));
    c.close();
    assertTrue(c.isClosed());
    assertThrows(SQLException.class, c::createStatement);
  }

  @Test
  void propertyInfoListsOursAndTheInnerDriversFromOneEnum() throws Exception {
    DriverPropertyInfo[] info = new BranchDriver().getPropertyInfo(url("?branch=b1"), new Properties());
    DriverPropertyInfo branch = Arrays.stream(info).filter(i -> i.name.equals("branch")).findFirst().orElseThrow();
    assertEquals("b1", branch.value);
    assertEquals(DriverProperty.BRANCH.description(), branch.description);
    assertTrue(info.length > DriverProperty.values().length, "the SQLite driver's own properties follow ours");
  }

  /** Spec 1.4 at DriverManager: a URL's branch and a different property's fail the connection, naming both. */
  @Test
  void twoDifferentBranchesForOneConnectionFailNamingBoth() throws Exception {
    Properties p = new Properties();
    p.setProperty("branch", "fromprops");
    SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url("?branch=fromurl"), p));
    assertEquals("08001", e.getSQLState());
    assertTrue(e.getMessage().contains("'fromurl'") && e.getMessage().contains("'fromprops'"), e.getMessage());
    p.setProperty("branch", "fromurl");
    try (Connection same = DriverManager.getConnection(url("?branch=fromurl"), p)) {
      assertEquals("fromurl", same.unwrap(BranchConnection.class).branch(), "the same value twice is one value");
    }
  }

  @Test
  void propertyInfoListsTheDraftRole() throws Exception {
    DriverPropertyInfo[] info = new BranchDriver().getPropertyInfo(url("?draftRole=team"), new Properties());
    DriverPropertyInfo role = Arrays.stream(info).filter(i -> i.name.equals("draftRole")).findFirst().orElseThrow();
    assertEquals("team", role.value);
    assertTrue(role.description.contains("owns the branch's drafts"), role.description);
  }

  @Test
  void dataSourceHasASetterForEveryDriverProperty() throws Exception {
    for (DriverProperty p : DriverProperty.values()) {
      String setter = "set" + Character.toUpperCase(p.key().charAt(0)) + p.key().substring(1);
      BranchDataSource.class.getMethod(setter, String.class);
    }
  }

  @Test
  void dataSourceBranchOrTheUrlsAndEmptyMeansTrunk() throws Exception {
    try (Connection c = new BranchDataSource(url("?branch=fromurl")).getConnection()) {
      assertEquals("fromurl", c.unwrap(BranchConnection.class).branch());
    }
    BranchDataSource ds = new BranchDataSource(url(""));
    ds.setBranch("fromds");
    try (Connection c = ds.getConnection()) {
      assertEquals("fromds", c.unwrap(BranchConnection.class).branch());
    }
    BranchDataSource trunk = new BranchDataSource(url(""));
    trunk.setBranch("");
    try (Connection c = trunk.getConnection()) {
      assertNull(c.unwrap(BranchConnection.class).branch());
    }
  }

  /** Spec 1.4: a branch in the URL and a different one on the data source is not guessed between. */
  @Test
  void dataSourceBranchDifferentFromTheUrlsFailsNamingBoth() {
    BranchDataSource ds = new BranchDataSource(url("?branch=fromurl"));
    ds.setBranch("fromds");
    SQLException e = assertThrows(SQLException.class, ds::getConnection);
    assertTrue(e.getMessage().contains("'fromurl'") && e.getMessage().contains("'fromds'"), e.getMessage());
  }

  /** Spec 1.4: a pool holds connections made earlier; changing the branch under it would mix two branches. */
  @Test
  void dataSourceBranchIsFrozenOnceItHandedOutAConnection() throws Exception {
    BranchDataSource ds = new BranchDataSource(url(""));
    ds.setBranch("first");
    ds.setBranch("second"); // nothing handed out yet
    try (Connection c = ds.getConnection()) {
      assertEquals("second", c.unwrap(BranchConnection.class).branch());
    }
    ds.setBranch("second"); // the same value is no change
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> ds.setBranch("third"));
    assertTrue(e.getMessage().contains("branch second") && e.getMessage().contains("'third'"), e.getMessage());
    try (Connection c = ds.getConnection()) {
      assertEquals("second", c.unwrap(BranchConnection.class).branch(), "the refused change changed nothing");
    }
  }

  @Test
  void dataSourceWithoutUrlSaysWhatToSet() {
    SQLException e = assertThrows(SQLException.class, () -> new BranchDataSource().getConnection());
    assertTrue(e.getMessage().contains("setUrl"), e.getMessage());
  }

  /** The environment can only be set for a new process: run one and read the branch it connected with. */
  @Test
  void environmentVariableIsReadWhenNoPropertyIsGiven() throws Exception {
    assertEquals("from_env", runWithEnvironment("from_env", url("")).strip());
    assertEquals("trunk", runWithEnvironment("from_env", url("?branch=")).strip());
    String invalid = runWithEnvironment("", url(""));
    assertTrue(invalid.contains("DJ_BRANCH") && invalid.contains("08001"), invalid);
  }

  private String runWithEnvironment(String value, String url) throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        PrintBranch.class.getName(), url);
    pb.environment().put(BranchSetting.ENVIRONMENT_VARIABLE, value);
    pb.directory(dir.toFile());
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    return out;
  }

  /** Run in a child process by the environment test. */
  public static final class PrintBranch {
    public static void main(String[] args) {
      try (Connection c = DriverManager.getConnection(args[0])) {
        String b = c.unwrap(BranchConnection.class).branch();
        System.out.println(b == null ? "trunk" : b);
      } catch (SQLException e) {
        System.out.println(e.getSQLState() + " " + e.getMessage());
      }
    }
  }
}

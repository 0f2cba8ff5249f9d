package org.djbranch.driver.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.Backends;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.edges.Edges;

import org.djbranch.driver.jdbc.RoundTrips;
import org.djbranch.driver.jdbc.Wrappers;
import org.djbranch.driver.layout.BranchLayout;
import org.djbranch.driver.layout.ConnectionLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The DDL planners, text in and plan out: what each kind of statement would send, write into {@code ~edge} and
 * change in the layout, read from an embedded DuckDB held in memory (planners read the live catalog by design:
 * Branch Resolution §3.1 binds a declaration to what exists now). Planning sends nothing: the catalog is the same
 * after every plan, and only the executor changes it.
 */
class DdlPlannerTest {
  private Connection raw;
  private Declarations declarations;

  @BeforeEach
  void pipeline() throws SQLException {
    raw = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement s = raw.createStatement()) {
      s.execute("CREATE SCHEMA s");
      s.execute("CREATE TABLE s.p (id INTEGER PRIMARY KEY, v VARCHAR)");
    }
    Backend backend = Backends.forUrl("jdbc:duckdb:");
    Connection internal = Wrappers.counted(raw, new RoundTrips());
    Binder binder = new Binder(internal, new ConnectionLayout(new BranchLayout("x", backend), internal));
    binder.readCurrentSchema();
    declarations = new Declarations(binder, null, CopyPolicy.SPECIFICATION);
  }

  @AfterEach
  void close() throws SQLException {
    raw.close();
  }

  @Test
  void aNewTableIsDeclaredIntoTheDraftWithItsKeyAsEdgeRows() throws SQLException {
    DdlPlan plan = planned("CREATE TABLE s.c (id INTEGER PRIMARY KEY, p INTEGER REFERENCES s.p (id) ON DELETE CASCADE)");
    assertEquals(DdlPlan.Mode.DECLARE, plan.mode());
    assertTrue(plan.text().contains("\"br_x_s\".\"c\""), plan.text());
    assertFalse(plan.text().toUpperCase().contains("REFERENCES"), "no foreign key reaches the database: " + plan.text());
    assertEquals(List.of(new Edges.Edge("c_p_fkey", "\"br_x_s\".\"c\"", "\"s\".\"p\"", "p", "id", 1, "NO ACTION",
        "CASCADE")), plan.rows());
    assertNotNull(plan.schemas(), "the draft is made first");
    assertFalse(plan.schemas().draftExists);
    assertEquals(1, plan.layoutChanges().size());
  }

  @Test
  void changesOfPipelineTablesAreRefusedBeforeAnythingIsSent() throws SQLException {
    for (String sql : List.of("ALTER TABLE s.p ADD COLUMN extra INTEGER", "TRUNCATE s.p", "DROP TABLE s.p",
        "DROP SCHEMA s CASCADE", "CREATE OR REPLACE VIEW s.p AS SELECT 1 AS id")) {
      List<String> before = catalog();
      SQLException e = assertThrows(SQLException.class, () -> declarations.plan(sql, false), sql);
      assertEquals("55000", e.getSQLState(), sql + ": " + e.getMessage());
      assertTrue(e.getMessage().contains("s"), e.getMessage());
      assertEquals(before, catalog(), sql);
    }
  }

  @Test
  void aTableOfAnotherShapeUnderAPipelineNameCollides() {
    SQLException e = assertThrows(SQLException.class,
        () -> declarations.plan("CREATE TABLE s.p (key INTEGER PRIMARY KEY)", false));
    assertEquals("42P07", e.getSQLState());
  }

  @Test
  void aViewLandsInTheDraftOverThePipelinesTable() throws SQLException {
    DdlPlan plan = planned("CREATE VIEW s.w AS SELECT id FROM s.p");
    assertEquals(DdlPlan.Mode.AS_DRAFT_ROLE, plan.mode());
    assertTrue(plan.text().contains("\"br_x_s\".\"w\""), plan.text());
    assertTrue(plan.text().contains("s.p"), "the pipeline's table stays where it is: " + plan.text());
    assertEquals("s", plan.layoutChanges().get(0).logical());
  }

  @Test
  void dropAndRenameOfADraftTableCarryTheirEdgeRows() throws SQLException {
    run("CREATE TABLE s.a (id INTEGER PRIMARY KEY)");
    run("CREATE TABLE s.b (id INTEGER PRIMARY KEY, a INTEGER REFERENCES s.a (id))");

    SQLException refused = assertThrows(SQLException.class, () -> declarations.plan("DROP TABLE s.a", false));
    assertEquals("2BP01", refused.getSQLState(), "a parent of symbolic keys is not dropped alone");

    DdlPlan drop = planned("DROP TABLE s.b");
    assertEquals(DdlPlan.Mode.EDGE_CHANGE, drop.mode());
    assertTrue(drop.text().contains("\"br_x_s\".\"b\""), drop.text());
    assertEquals(List.of(), drop.change().apply(edgeRows()), "b's key goes with it");

    DdlPlan rename = planned("ALTER TABLE s.a RENAME TO a2");
    assertEquals(DdlPlan.Mode.EDGE_CHANGE, rename.mode());
    assertEquals("\"br_x_s\".\"a2\"", rename.change().apply(edgeRows()).get(0).referencedTable());
  }

  @Test
  void anAgreeingIfNotExistsIsAnsweredWithoutDeclaring() throws SQLException {
    String sql = "CREATE SCHEMA IF NOT EXISTS s";
    DdlPlan plan = planned(sql);
    assertEquals(DdlPlan.Mode.SEND, plan.mode());
    assertNull(plan.schemas(), "no draft is made for it");
    assertEquals(List.of(), plan.layoutChanges());
    // the backend's statement that answers as DDL and does nothing; DuckDB has no logins, so it gets the text
    String noOp = Backends.forUrl("jdbc:duckdb:").noOp(null, null);
    assertEquals(noOp != null ? noOp : sql, plan.text());
  }

  /** The plan of {@code sql}, checked to have sent nothing. */
  private DdlPlan planned(String sql) throws SQLException {
    List<String> before = catalog();
    DdlPlan plan = declarations.plan(sql, false);
    assertEquals(before, catalog(), "planning " + sql + " changed the catalog");
    return plan;
  }

  /** Runs {@code sql} through the declarations, plan and executor, as a branch statement does. */
  private void run(String sql) throws SQLException {
    try (Statement s = raw.createStatement()) {
      declarations.run(s, sql, Statement::execute, false);
    }
  }

  private List<Edges.Edge> edgeRows() throws SQLException {
    List<Edges.Edge> rows = new ArrayList<>();
    try (Statement s = raw.createStatement();
         ResultSet rs = s.executeQuery("SELECT constraint_name, referencing_table, referenced_table, column_name,"
             + " referenced_column_name FROM br_x_s.\"~edge\"")) {
      while (rs.next()) {
        rows.add(new Edges.Edge(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
            1, "NO ACTION", "NO ACTION"));
      }
    }
    return rows;
  }

  /** Every schema, table and column the database holds. */
  private List<String> catalog() throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = raw.createStatement();
         ResultSet rs = s.executeQuery("SELECT table_schema || '.' || table_name || '.' || column_name"
             + " FROM information_schema.columns ORDER BY 1")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    try (Statement s = raw.createStatement();
         ResultSet rs = s.executeQuery("SELECT schema_name FROM information_schema.schemata ORDER BY 1")) {
      while (rs.next()) {
        out.add("schema " + rs.getString(1));
      }
    }
    return out;
  }
}

package org.djbranch.driver.edges;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.error.PrivilegeDenied;

/**
 * The one definition of the {@code "~edge"} table (Branch Resolution §4.3): the symbolic foreign keys of a draft
 * schema, one row per referencing column, rewritten whenever the table is declared and removed when it is dropped.
 * Its DDL, its reads and its writes are all here; the driver and the {@code djbranch} command both use them.
 */
public final class Edges {
  /** The hidden table of symbolic foreign keys, one per draft schema. */
  public static final String TABLE = "~edge";

  private final Backend backend;

  public Edges(Backend backend) {
    this.backend = backend;
  }

  /** One row of ~edge. Table names are full physical names, quoted as the backend quotes them. */
  public record Edge(String constraintName, String referencingTable, String referencedTable, String column,
      String referencedColumn, int ordinal, String updateRule, String deleteRule) {}

  /** All rows of a draft's ~edge, in constraint and column order. */
  public List<Edge> read(Connection internal, String draftSchema) throws SQLException {
    List<Edge> rows = new java.util.ArrayList<>();
    try (Statement s = internal.createStatement();
        java.sql.ResultSet rs = s.executeQuery("SELECT constraint_name, referencing_table, referenced_table,"
            + " column_name, referenced_column_name, ordinal_position, update_rule, delete_rule FROM "
            + table(draftSchema) + " ORDER BY referencing_table, constraint_name, ordinal_position")) {
      while (rs.next()) {
        rows.add(new Edge(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
            rs.getInt(6), rs.getString(7), rs.getString(8)));
      }
    }
    return rows;
  }

  /** Creates a draft's ~edge table if missing. */
  public void ensureTable(Connection internal, String draftSchema) throws SQLException {
    try (Statement s = internal.createStatement()) {
      s.execute(ddl(draftSchema));
    }
  }

  /**
   * The ~edge table of a draft schema: plain columns, no foreign key of its own (Branch Resolution §4.3). A
   * constraint name is unique per table, as the databases have it: two tables may each name theirs fk_subject.
   */
  public String ddl(String draftSchema) {
    return "CREATE TABLE IF NOT EXISTS " + table(draftSchema) + " ("
        + "constraint_name VARCHAR(255) NOT NULL, "
        + "referencing_table VARCHAR(255) NOT NULL, "
        + "referenced_table VARCHAR(255) NOT NULL, "
        + "column_name VARCHAR(255) NOT NULL, "
        + "referenced_column_name VARCHAR(255) NOT NULL, "
        + "ordinal_position INT NOT NULL, "
        + "update_rule VARCHAR(16) NOT NULL, "
        + "delete_rule VARCHAR(16) NOT NULL, "
        + "PRIMARY KEY (referencing_table, constraint_name, ordinal_position))";
  }

  /** Replaces the rows of one referencing table: a declaration writes them all anew. */
  public void replace(Connection internal, String draftSchema, String referencingTable, List<Edge> edges)
      throws SQLException {
    remove(internal, draftSchema, referencingTable);
    add(internal, draftSchema, edges);
  }

  /**
   * Adds rows (ALTER TABLE ... ADD FOREIGN KEY on a draft table), all in one INSERT: a JDBC batch would do too,
   * but DuckDB's driver runs a batch in autocommit inside a transaction of its own, which fails inside one the
   * application began with a BEGIN text.
   */
  public void add(Connection internal, String draftSchema, List<Edge> edges) throws SQLException {
    if (edges.isEmpty()) {
      return;
    }
    StringBuilder sql = new StringBuilder("INSERT INTO " + table(draftSchema) + " (constraint_name,"
        + " referencing_table, referenced_table, column_name, referenced_column_name, ordinal_position, update_rule,"
        + " delete_rule) VALUES ");
    for (int i = 0; i < edges.size(); i++) {
      sql.append(i == 0 ? "" : ", ").append("(?, ?, ?, ?, ?, ?, ?, ?)");
    }
    try (PreparedStatement ps = internal.prepareStatement(sql.toString())) {
      int k = 0;
      for (Edge e : edges) {
        ps.setString(++k, e.constraintName());
        ps.setString(++k, e.referencingTable());
        ps.setString(++k, e.referencedTable());
        ps.setString(++k, e.column());
        ps.setString(++k, e.referencedColumn());
        ps.setInt(++k, e.ordinal());
        ps.setString(++k, e.updateRule());
        ps.setString(++k, e.deleteRule());
      }
      ps.executeUpdate();
    } catch (SQLException e) {
      throw denied(e, draftSchema, "INSERT");
    }
  }

  public void remove(Connection internal, String draftSchema, String referencingTable) throws SQLException {
    try (PreparedStatement ps = internal.prepareStatement(
        "DELETE FROM " + table(draftSchema) + " WHERE referencing_table = ?")) {
      ps.setString(1, referencingTable);
      ps.executeUpdate();
    } catch (SQLException e) {
      throw denied(e, draftSchema, "DELETE");
    }
  }

  /** A permission error on this draft's ~edge, named for the session to explain; any other error as it is. */
  private SQLException denied(SQLException e, String draftSchema, String privilege) {
    return backend.isPermissionDenied(e) ? new PrivilegeDenied(e, draftSchema, TABLE, privilege) : e;
  }

  /** A statement that changes nothing and answers like DDL (no result set, no rows): for an ALTER left empty. */
  public String noOp(String draftSchema) {
    return "DELETE FROM " + table(draftSchema) + " WHERE 1 = 0";
  }

  /** The quoted physical name of a draft's ~edge. */
  public String table(String draftSchema) {
    return backend.quote(draftSchema, TABLE);
  }
}

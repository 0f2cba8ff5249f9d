package org.djbranch.driver.edges;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.djbranch.driver.backend.Backend;

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

  /** The ~edge table of a draft schema: plain columns, no foreign key of its own (Branch Resolution §4.3). */
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
        + "PRIMARY KEY (constraint_name, ordinal_position))";
  }

  /** Replaces the rows of one referencing table: a declaration writes them all anew. */
  public void replace(Connection internal, String draftSchema, String referencingTable, List<Edge> edges)
      throws SQLException {
    remove(internal, draftSchema, referencingTable);
    add(internal, draftSchema, edges);
  }

  /** Adds rows (ALTER TABLE ... ADD FOREIGN KEY on a draft table). */
  public void add(Connection internal, String draftSchema, List<Edge> edges) throws SQLException {
    if (edges.isEmpty()) {
      return;
    }
    try (PreparedStatement ps = internal.prepareStatement("INSERT INTO " + table(draftSchema)
        + " (constraint_name, referencing_table, referenced_table, column_name, referenced_column_name,"
        + " ordinal_position, update_rule, delete_rule) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
      for (Edge e : edges) {
        ps.setString(1, e.constraintName());
        ps.setString(2, e.referencingTable());
        ps.setString(3, e.referencedTable());
        ps.setString(4, e.column());
        ps.setString(5, e.referencedColumn());
        ps.setInt(6, e.ordinal());
        ps.setString(7, e.updateRule());
        ps.setString(8, e.deleteRule());
        ps.addBatch();
      }
      ps.executeBatch();
    }
  }

  public void remove(Connection internal, String draftSchema, String referencingTable) throws SQLException {
    try (PreparedStatement ps = internal.prepareStatement(
        "DELETE FROM " + table(draftSchema) + " WHERE referencing_table = ?")) {
      ps.setString(1, referencingTable);
      ps.executeUpdate();
    }
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

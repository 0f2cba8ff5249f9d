package org.djbranch.driver.edges;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
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

  // ---- ~edge follows the tables: renames, dropped keys, dropped tables ----

  /**
   * A change of ~edge rows that follows a change of the tables they describe: a table or column renamed, a symbolic
   * key or a table dropped, keys added. One rule for both copies of the rows: {@link #change} applies it to a
   * draft's ~edge in the database, the layout applies it to the rows it holds, so the two cannot disagree. Names
   * compare as the backend compares them ({@link Backend#key} for tables, {@link Backend#columnKey} for columns,
   * {@link Backend#constraintKey} for constraints).
   */
  @FunctionalInterface
  public interface Change {
    List<Edge> apply(List<Edge> rows);

    default Change andThen(Change next) {
      return rows -> next.apply(apply(rows));
    }
  }

  /** No change. */
  public static Change none() {
    return rows -> rows;
  }

  /** Rows added after the others (ALTER TABLE ... ADD FOREIGN KEY). */
  public static Change added(List<Edge> added) {
    return rows -> {
      List<Edge> out = new ArrayList<>(rows);
      out.addAll(added);
      return out;
    };
  }

  /** A table renamed (full physical names): as referencing table and as referenced table alike. */
  public Change tableRenamed(String from, String to) {
    return rows -> rows.stream().map(e -> new Edge(e.constraintName(),
        sameTable(e.referencingTable(), from) ? to : e.referencingTable(),
        sameTable(e.referencedTable(), from) ? to : e.referencedTable(), e.column(), e.referencedColumn(), e.ordinal(),
        e.updateRule(), e.deleteRule())).toList();
  }

  /** A column of {@code table} renamed: where the table references with it, and where it is referenced by it. */
  public Change columnRenamed(String table, String from, String to) {
    return rows -> rows.stream().map(e -> new Edge(e.constraintName(), e.referencingTable(), e.referencedTable(),
        sameTable(e.referencingTable(), table) && sameColumn(e.column(), from) ? to : e.column(),
        sameTable(e.referencedTable(), table) && sameColumn(e.referencedColumn(), from) ? to : e.referencedColumn(),
        e.ordinal(), e.updateRule(), e.deleteRule())).toList();
  }

  /** The symbolic key {@code name} of {@code table} dropped. */
  public Change constraintDropped(String table, String name) {
    return rows -> rows.stream().filter(e -> !isKey(e, table, name)).toList();
  }

  /** Tables dropped: their own keys go, and so do the keys of other tables that reference them (CASCADE). */
  public Change tablesDropped(Collection<String> tables, boolean withReferences) {
    Set<String> keys = tables.stream().map(this::tableKey).collect(Collectors.toSet());
    return rows -> rows.stream().filter(e -> !keys.contains(tableKey(e.referencingTable()))
        && !(withReferences && keys.contains(tableKey(e.referencedTable())))).toList();
  }

  /** The rows by which tables other than {@code tables} reference one of them: what a drop of them would break. */
  public List<Edge> referencesFromOthers(List<Edge> rows, Collection<String> tables) {
    Set<String> keys = tables.stream().map(this::tableKey).collect(Collectors.toSet());
    return rows.stream().filter(e -> keys.contains(tableKey(e.referencedTable()))
        && !keys.contains(tableKey(e.referencingTable()))).toList();
  }

  /** Whether a symbolic key of {@code table} is named {@code name}, as the database compares constraint names. */
  public boolean hasConstraint(List<Edge> rows, String table, String name) {
    return rows.stream().anyMatch(e -> isKey(e, table, name));
  }

  /** Whether the row belongs to the symbolic key {@code name} of {@code table}. */
  private boolean isKey(Edge e, String table, String name) {
    return sameTable(e.referencingTable(), table) && sameConstraint(e.constraintName(), name);
  }

  /** Whether two full physical names name one table. */
  private boolean sameTable(String a, String b) {
    return tableKey(a).equals(tableKey(b));
  }

  private String tableKey(String physical) {
    return backend.key(physical, true);
  }

  private boolean sameColumn(String a, String b) {
    return backend.columnKey(a).equals(backend.columnKey(b));
  }

  private boolean sameConstraint(String a, String b) {
    return backend.constraintKey(a).equals(backend.constraintKey(b));
  }

  /**
   * Applies {@code change} to a draft's ~edge: the rows of each referencing table it changes are written anew (one
   * read, then a delete and an insert per such table). Returns the rows as they were, for {@link #restore}.
   */
  public List<Edge> change(Connection internal, String draftSchema, Change change) throws SQLException {
    List<Edge> before = read(internal, draftSchema);
    write(internal, draftSchema, before, change.apply(before));
    return before;
  }

  /** Puts a draft's ~edge back to {@code rows} (what {@link #change} returned) where a change could not stand. */
  public void restore(Connection internal, String draftSchema, List<Edge> rows) throws SQLException {
    write(internal, draftSchema, read(internal, draftSchema), rows);
  }

  private void write(Connection internal, String draftSchema, List<Edge> from, List<Edge> to) throws SQLException {
    Map<String, List<Edge>> was = byReferencingTable(from);
    Map<String, List<Edge>> becomes = byReferencingTable(to);
    Set<String> tables = new java.util.LinkedHashSet<>(was.keySet());
    tables.addAll(becomes.keySet());
    for (String table : tables) {
      List<Edge> rows = becomes.getOrDefault(table, List.of());
      if (!Objects.equals(was.get(table), becomes.get(table))) {
        replace(internal, draftSchema, table, rows); // the name exactly as stored, so the rows it names go
      }
    }
  }

  private static Map<String, List<Edge>> byReferencingTable(List<Edge> rows) {
    Map<String, List<Edge>> out = new LinkedHashMap<>();
    for (Edge e : rows) {
      out.computeIfAbsent(e.referencingTable(), k -> new ArrayList<>()).add(e);
    }
    return out;
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

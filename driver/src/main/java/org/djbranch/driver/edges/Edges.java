package org.djbranch.driver.edges;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.OwnStatement;
import org.djbranch.driver.error.PrivilegeDenied;
import org.djbranch.driver.error.SqlState;

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

  /**
   * The columns every {@code ~edge} has: the specification's five (Branch Resolution §4.3), which a peer such as
   * DataJoint's own library writes and reads.
   */
  public static final List<String> SPEC_COLUMNS = List.of("constraint_name", "referencing_table", "referenced_table",
      "column_name", "referenced_column_name");
  /**
   * What djbranch's table adds, each with a default, so a peer's five-column INSERT fills them: the column's place in
   * its key (0: not given, the row's place among the key's rows counts) and DataJoint's referential actions.
   */
  public static final List<String> OWN_COLUMNS = List.of("ordinal_position", "update_rule", "delete_rule");
  /** The actions DataJoint declares every foreign key with, and so a row that names none stands for. */
  public static final String DATAJOINT_UPDATE_RULE = "CASCADE";
  public static final String DATAJOINT_DELETE_RULE = "RESTRICT";
  /** {@link #OWN_COLUMNS} as declared. */
  private static final String OWN_COLUMN_DEFINITIONS = "ordinal_position INT NOT NULL DEFAULT 0, "
      + "update_rule VARCHAR(16) NOT NULL DEFAULT '" + DATAJOINT_UPDATE_RULE + "', "
      + "delete_rule VARCHAR(16) NOT NULL DEFAULT '" + DATAJOINT_DELETE_RULE + "'";

  /**
   * All rows of a draft's ~edge, by referencing table and constraint, each key's rows in column order. A table a
   * peer created with the specification's five columns reads as well: a key's rows in the order the database
   * returns them give its column order, and its actions are DataJoint's; so does a row a peer inserted into
   * djbranch's table with the five columns alone. One query, whatever the table's columns.
   */
  public List<Edge> read(Connection internal, String draftSchema) throws SQLException {
    Map<List<String>, List<Edge>> byKey = new LinkedHashMap<>();
    try (Statement s = internal.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM " + table(draftSchema))) {
      ResultSetMetaData md = rs.getMetaData();
      Map<String, Integer> at = new HashMap<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        at.put(md.getColumnLabel(i).toLowerCase(Locale.ROOT), i);
      }
      PeerEdgeTables.record(internal, backend.key(draftSchema, true), !at.keySet().containsAll(OWN_COLUMNS));
      while (rs.next()) {
        String table = rs.getString(at.get("referencing_table"));
        String constraint = rs.getString(at.get("constraint_name"));
        List<Edge> rows = byKey.computeIfAbsent(List.of(table, constraint), k -> new ArrayList<>());
        Integer ordinal = at.containsKey("ordinal_position") ? rs.getObject(at.get("ordinal_position"),
            Integer.class) : null;
        rows.add(new Edge(constraint, table, rs.getString(at.get("referenced_table")),
            rs.getString(at.get("column_name")), rs.getString(at.get("referenced_column_name")),
            ordinal == null ? 0 : ordinal, rule(rs, at.get("update_rule"), DATAJOINT_UPDATE_RULE),
            rule(rs, at.get("delete_rule"), DATAJOINT_DELETE_RULE)));
      }
    }
    List<Edge> out = new ArrayList<>();
    byKey.entrySet().stream().sorted(Map.Entry.comparingByKey(
            Comparator.<List<String>, String>comparing(k -> k.get(0)).thenComparing(k -> k.get(1))))
        .forEach(e -> out.addAll(inColumnOrder(e.getValue())));
    return out;
  }

  /**
   * One key's rows in column order: by their ordinal where each row has its own, else (a peer wrote none) in the
   * order read, numbered from 1, so every reader sees the same ordinals.
   */
  private static List<Edge> inColumnOrder(List<Edge> rows) {
    boolean ordered = rows.stream().allMatch(e -> e.ordinal() > 0)
        && rows.stream().map(Edge::ordinal).distinct().count() == rows.size();
    if (ordered) {
      return rows.stream().sorted(Comparator.comparingInt(Edge::ordinal)).toList();
    }
    List<Edge> out = new ArrayList<>();
    for (Edge e : rows) {
      out.add(new Edge(e.constraintName(), e.referencingTable(), e.referencedTable(), e.column(),
          e.referencedColumn(), out.size() + 1, e.updateRule(), e.deleteRule()));
    }
    return out;
  }

  /** A referential action as stored, or DataJoint's where the table has no such column or the row names none. */
  private static String rule(ResultSet rs, Integer column, String otherwise) throws SQLException {
    String rule = column == null ? null : rs.getString(column);
    return rule == null || rule.isBlank() ? otherwise : rule;
  }

  /**
   * Creates a draft's ~edge table if missing. Where the database says it was there already (a warning: PostgreSQL's
   * notice, MySQL's note; where the layout did not know it, a peer may have created it meanwhile), one more query
   * reads which columns it has.
   */
  public void ensureTable(Connection internal, String draftSchema) throws SQLException {
    boolean existed;
    try (Statement s = internal.createStatement()) {
      s.execute(ddl(draftSchema));
      existed = s.getWarnings() != null;
    }
    if (existed) {
      try (Statement s = internal.createStatement();
          ResultSet rs = s.executeQuery("SELECT * FROM " + table(draftSchema) + " WHERE 1 = 0")) {
        Set<String> columns = new HashSet<>();
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
          columns.add(rs.getMetaData().getColumnLabel(i).toLowerCase(Locale.ROOT));
        }
        PeerEdgeTables.record(internal, backend.key(draftSchema, true), !columns.containsAll(OWN_COLUMNS));
      }
    } else {
      PeerEdgeTables.record(internal, backend.key(draftSchema, true), false);
    }
  }

  /**
   * The ~edge table of a draft schema: the specification's five columns and djbranch's three, each of those with a
   * default so a peer writing the five alone is understood; plain columns, no foreign key of its own (Branch
   * Resolution §4.3). The key is (referencing table, constraint, column): a constraint name is unique per table, as
   * the databases have it (PostgreSQL names a key after its table, {@code note_subject_id_fkey}, but lets two tables
   * each name theirs {@code fk_subject}, and djbranch keeps the name the statement gave, which a promote declares
   * again); DataJoint's own names ({@code <table>_ibfk_<n>}, named after the table) are unique within the schema as
   * well. A column appears once in a key, so the key needs no ordinal, and a peer's rows need none.
   */
  public String ddl(String draftSchema) {
    return "CREATE TABLE IF NOT EXISTS " + table(draftSchema) + " ("
        + "constraint_name VARCHAR(255) NOT NULL, "
        + "referencing_table VARCHAR(255) NOT NULL, "
        + "referenced_table VARCHAR(255) NOT NULL, "
        + "column_name VARCHAR(255) NOT NULL, "
        + "referenced_column_name VARCHAR(255) NOT NULL, "
        + OWN_COLUMN_DEFINITIONS + ", "
        + "PRIMARY KEY (referencing_table, constraint_name, column_name))";
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
    // A peer's five-column table takes the five: its keys' actions are DataJoint's, and its column order the rows'.
    List<String> columns = new ArrayList<>(SPEC_COLUMNS);
    if (!PeerEdgeTables.specOnly(internal, backend.key(draftSchema, true))) {
      columns.addAll(OWN_COLUMNS);
    } else {
      refuseWhatAPeerCannotHold(internal, draftSchema, edges);
    }
    String row = "(" + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")";
    StringBuilder sql = new StringBuilder("INSERT INTO " + table(draftSchema) + " (" + String.join(", ", columns)
        + ") VALUES ");
    for (int i = 0; i < edges.size(); i++) {
      sql.append(i == 0 ? "" : ", ").append(row);
    }
    List<Object> values = new ArrayList<>();
    for (Edge e : edges) {
      values.addAll(Arrays.asList(e.constraintName(), e.referencingTable(), e.referencedTable(), e.column(),
          e.referencedColumn())); // a value may be null, as bound
      if (columns.size() > SPEC_COLUMNS.size()) {
        values.addAll(Arrays.asList(e.ordinal(), e.updateRule(), e.deleteRule()));
      }
    }
    try (OwnStatement own = backend.own(internal, sql.toString(), values.toArray())) {
      own.update();
    } catch (SQLException e) {
      throw denied(e, draftSchema, "INSERT");
    }
  }

  /**
   * A peer's five-column ~edge records no actions: each of its keys reads back as DataJoint's. A key declared with
   * others would silently change what a delete or a key change does, so it is refused, saying how to declare it.
   * Called before the declaration's DDL too, where that runs before the rows are written (MySQL).
   */
  public void refuseWhatAPeerCannotHold(Connection internal, String draftSchema, List<Edge> edges)
      throws SQLException {
    if (edges.isEmpty() || !PeerEdgeTables.specOnly(internal, backend.key(draftSchema, true))) {
      return;
    }
    for (Edge e : edges) {
      if (!e.updateRule().equalsIgnoreCase(DATAJOINT_UPDATE_RULE)
          || !e.deleteRule().equalsIgnoreCase(DATAJOINT_DELETE_RULE)) {
        throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("Foreign key " + e.constraintName() + " of "
            + e.referencingTable() + " is declared ON UPDATE " + e.updateRule() + " ON DELETE " + e.deleteRule()
            + ", but " + table(draftSchema) + " was created by a peer with the specification's five columns only,"
            + " where every key reads back as DataJoint's ON UPDATE " + DATAJOINT_UPDATE_RULE + " ON DELETE "
            + DATAJOINT_DELETE_RULE + ". Declare the key with those actions, or add djbranch's columns to the table: "
            + OWN_COLUMN_DEFINITIONS + ".");
      }
    }
  }

  public void remove(Connection internal, String draftSchema, String referencingTable) throws SQLException {
    try (OwnStatement own = backend.own(internal, "DELETE FROM " + table(draftSchema)
        + " WHERE referencing_table = ?", referencingTable)) {
      own.update();
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

  /**
   * Rows added after the others (ALTER TABLE ... ADD FOREIGN KEY). A row the rows already hold stays once: the
   * change may meet a listing made after its rows were written (another connection of the pool opening while a
   * MySQL ALTER, committed by itself, had not yet reached the shared layout), and ~edge holds a key once.
   */
  public static Change added(List<Edge> added) {
    return rows -> {
      List<Edge> out = new ArrayList<>(rows);
      for (Edge e : added) {
        if (!out.contains(e)) {
          out.add(e);
        }
      }
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

  /** A referential action as JDBC metadata numbers it ({@code DatabaseMetaData.importedKeyCascade}, ...), as ~edge writes it. */
  public static String ruleOf(int jdbcRule) {
    return switch (jdbcRule) {
      case java.sql.DatabaseMetaData.importedKeyCascade -> "CASCADE";
      case java.sql.DatabaseMetaData.importedKeySetNull -> "SET NULL";
      case java.sql.DatabaseMetaData.importedKeySetDefault -> "SET DEFAULT";
      case java.sql.DatabaseMetaData.importedKeyRestrict -> "RESTRICT";
      default -> "NO ACTION";
    };
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

  /** Whether {@code rows} hold a symbolic key of {@code table} (full physical name) as the child. */
  public boolean hasKeysOf(List<Edge> rows, String table) {
    return rows.stream().anyMatch(e -> sameTable(e.referencingTable(), table));
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
    Set<String> tables = new LinkedHashSet<>(was.keySet());
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

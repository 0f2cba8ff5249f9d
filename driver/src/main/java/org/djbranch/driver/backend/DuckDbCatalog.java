package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.rewriter.CopiedTableText;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.Splicer;

/** DuckDB's catalog: information_schema and {@code duckdb_tables()}, in the current database. */
final class DuckDbCatalog extends PhysicalCatalog {
  DuckDbCatalog(Backend backend) {
    super(backend);
  }

  @Override
  public List<String> schemas(Connection c) throws SQLException {
    return strings(c, "SELECT schema_name FROM information_schema.schemata WHERE catalog_name = current_database()"
        + " AND schema_name NOT IN ('information_schema', 'pg_catalog') ORDER BY 1");
  }

  @Override
  public List<String> tables(Connection c, String schema) throws SQLException {
    return strings(c, "SELECT table_name FROM information_schema.tables WHERE table_catalog = current_database()"
        + " AND table_schema = ? ORDER BY 1", schema);
  }

  @Override
  public boolean foreignKeysInline() {
    return true;
  }

  /**
   * A table's DDL is {@code duckdb_tables().sql}, its other indexes' {@code duckdb_indexes().sql}: read in one query,
   * the table's first. DuckDB cannot add a foreign key to an existing table, so the keys are declared inside the
   * CREATE TABLE, and a parent must exist before its child.
   */
  @Override
  public List<String> declareTable(Connection c, String from, String table, String to,
      List<ForeignKeyDeclaration> keys) throws SQLException {
    // a default drawing from a sequence of {@code from} (the branch's, nextval('br_x_s.seq')) draws from the
    // target's, declared there first (declareObjects): the merge's table must not depend on the draft, whose drop
    // would take it along
    List<String> out = declaration(c, from, table, to, keys);
    List<Edit> edits = new ArrayList<>();
    for (CopiedTableText.SequenceCall call : CopiedTableText.sequenceCalls(out.get(0), backend().dialect())) {
      if (from.equals(call.schema())) {
        edits.add(new Edit(call.start(), call.end(), backend().stringLiteral(backend().quote(to, call.name()))));
      }
    }
    out.set(0, Splicer.apply(out.get(0), edits));
    return out;
  }

  /** The table's and its indexes' statements, as DuckDB stores them, naming {@code to.table}. */
  private List<String> declaration(Connection c, String from, String table, String to,
      List<ForeignKeyDeclaration> keys) throws SQLException {
    Backend b = backend();
    String where = " WHERE database_name = current_database() AND schema_name = ? AND table_name = ?";
    List<String> tableSql = new ArrayList<>();
    List<String> indexSql = new ArrayList<>();
    try (OwnStatement own = b.own(c, "SELECT 0 AS part, sql FROM duckdb_tables()" + where
        + " UNION ALL SELECT 1, sql FROM duckdb_indexes()" + where + " AND sql IS NOT NULL ORDER BY part",
        from, table, from, table); ResultSet rs = own.query()) {
      while (rs.next()) {
        (rs.getInt(1) == 0 ? tableSql : indexSql).add(rs.getString(2));
      }
    }
    List<String> out = new ArrayList<>();
    out.add(renamedTable(tableSql, from, table, to, keys, true));
    // Indexes that are not keys: DuckDB writes the table (draft-qualified, quoted or not) between " ON " and "(".
    for (String index : indexSql) {
      String text = index.strip();
      text = text.endsWith(";") ? text.substring(0, text.length() - 1) : text;
      int on = text.indexOf(" ON ");
      out.add(text.substring(0, on) + " ON " + b.quote(to, table) + text.substring(text.indexOf('(', on)));
    }
    return out;
  }

  /** A view is one of {@code duckdb_views()}: DuckDB's own catalog, read in half the time of information_schema. */
  @Override
  public boolean isView(Connection c, String schema, String table) throws SQLException {
    return first(c, "SELECT view_name FROM duckdb_views() WHERE database_name = current_database()"
        + " AND schema_name = ? AND view_name = ?", schema, table) != null;
  }

  /** duckdb_columns(), duckdb_constraints() and duckdb_indexes(): DuckDB's JDBC metadata reports no index. */
  @Override
  public TableDescription describe(Connection c, String schema, String table) throws SQLException {
    String where = " WHERE database_name = current_database() AND schema_name = ? AND table_name = ?";
    List<Backend.LiveColumn> columns = new ArrayList<>();
    try (OwnStatement own = backend().own(c, "SELECT column_name, data_type, is_nullable,"
        + " column_default IS NOT NULL FROM duckdb_columns()" + where + " ORDER BY column_index", schema, table);
        ResultSet rs = own.query()) {
      while (rs.next()) {
        columns.add(new Backend.LiveColumn(rs.getString(1), rs.getString(2), rs.getBoolean(3), rs.getBoolean(4)));
      }
    }
    List<String> key = strings(c, "SELECT unnest(constraint_column_names) FROM duckdb_constraints()" + where
        + " AND constraint_type = 'PRIMARY KEY'", schema, table);
    List<Backend.LiveIndex> indexes = new ArrayList<>();
    try (OwnStatement own = backend().own(c, "SELECT index_name, is_unique, expressions FROM duckdb_indexes()"
        + where + " ORDER BY index_name", schema, table); ResultSet rs = own.query()) {
      while (rs.next()) {
        // expressions reads "[a, b]": the indexed columns (or expressions) as written
        String list = rs.getString(3).replaceAll("^\\[|\\]$", "");
        List<String> cols = List.of(list.split(", "));
        indexes.add(new Backend.LiveIndex(rs.getString(1), rs.getBoolean(2), cols,
            java.util.Collections.nCopies(cols.size(), false)));
      }
    }
    return new TableDescription(columns, key, indexes);
  }

  /** Enum types, then sequences, each in the order made; other kinds of type are not declared here. */
  @Override
  public List<ObjectDeclaration> declareObjects(Connection c, String from, String pipeline, String to)
      throws SQLException {
    Backend b = backend();
    List<ObjectDeclaration> out = new ArrayList<>();
    for (String type : strings(c, "SELECT type_name FROM duckdb_types() WHERE database_name = current_database()"
        + " AND schema_name = ? AND logical_type = 'ENUM' AND NOT internal AND type_name NOT IN (SELECT type_name"
        + " FROM duckdb_types() WHERE database_name = current_database() AND schema_name = ?) ORDER BY type_oid",
        from, pipeline)) {
      List<String> labels = new ArrayList<>();
      for (String label : strings(c, "SELECT unnest(enum_range(NULL::" + b.quote(from, type) + "))")) {
        labels.add(b.stringLiteral(label));
      }
      out.add(new ObjectDeclaration(type, "CREATE TYPE " + b.quote(to, type) + " AS ENUM ("
          + String.join(", ", labels) + ")"));
    }
    try (PreparedStatement ps = c.prepareStatement("SELECT sequence_name, start_value, increment_by, min_value,"
        + " max_value, cycle FROM duckdb_sequences() WHERE database_name = current_database() AND schema_name = ?"
        + " AND sequence_name NOT IN (SELECT sequence_name FROM duckdb_sequences() WHERE database_name ="
        + " current_database() AND schema_name = ?) ORDER BY sequence_oid")) {
      ps.setString(1, from);
      ps.setString(2, pipeline);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new ObjectDeclaration(rs.getString(1), "CREATE SEQUENCE " + b.quote(to, rs.getString(1))
              + " START WITH " + rs.getLong(2) + " INCREMENT BY " + rs.getLong(3) + " MINVALUE " + rs.getLong(4)
              + " MAXVALUE " + rs.getLong(5) + (rs.getBoolean(6) ? " CYCLE" : " NO CYCLE")));
        }
      }
    }
    return out;
  }

  @Override
  public void copySequence(Connection c, String from, String name, String to) throws SQLException {
    String create = sequenceCopyText(c, from, name, to);
    if (create == null) {
      throw new SQLException("The sequence " + backend().quote(from, name) + " does not exist.", "42P01");
    }
    Backend.execute(c, create);
  }

  /**
   * The statement that makes {@code to.name} a copy of sequence {@code from.name}: its step, bounds and cycling, and
   * started at the value the original would give next (DuckDB has no setval); null where there is no such sequence.
   * One copy serves every copied table that draws from it, and a sequence function of the branch.
   */
  private String sequenceCopyText(Connection c, String from, String name, String to) throws SQLException {
    try (OwnStatement own = backend().own(c, "SELECT COALESCE(last_value + increment_by, start_value), increment_by,"
        + " min_value, max_value, cycle FROM duckdb_sequences() WHERE database_name = current_database()"
        + " AND schema_name = ? AND sequence_name = ?", from, name); ResultSet rs = own.query()) {
      return !rs.next() ? null : "CREATE SEQUENCE IF NOT EXISTS " + backend().quote(to, name) + " START WITH "
          + rs.getLong(1) + " INCREMENT BY " + rs.getLong(2) + " MINVALUE " + rs.getLong(3) + " MAXVALUE "
          + rs.getLong(4) + (rs.getBoolean(5) ? " CYCLE" : " NO CYCLE");
    }
  }

  /**
   * A copy's column defaults drawing from a sequence ({@code nextval('s.seq')}, or unqualified: the table's schema)
   * draw from a sequence of the copy's schema instead, made first and started where the source one stands, so the
   * branch's inserts never advance trunk's sequence. Its primary key is added after its rows.
   */
  @Override
  protected CopyDeclaration copyDeclaration(Connection c, String from, String table, String to, boolean rows)
      throws SQLException {
    List<String> declaration = declaration(c, from, table, to, List.of());
    String create = declaration.get(0);
    List<String> sequences = new ArrayList<>(); // the copy's own, made first
    List<Edit> edits = new ArrayList<>();
    for (CopiedTableText.SequenceCall call : CopiedTableText.sequenceCalls(create, backend().dialect())) {
      String schema = call.schema() != null ? call.schema() : from;
      String own = backend().quote(to, call.name());
      String made = sequenceCopyText(c, schema, call.name(), to);
      if (made != null && !sequences.contains(made)) {
        sequences.add(made);
      }
      edits.add(new Edit(call.start(), call.end(), backend().stringLiteral(own)));
    }
    String table0 = Splicer.apply(create, edits);
    // The key after the rows: filled with its key, the copy costs DuckDB about a fifth more than CREATE TABLE AS
    // SELECT and ADD PRIMARY KEY, which its catalog shows the same (the key's columns NOT NULL, one PRIMARY KEY).
    CopiedTableText.Unkeyed unkeyed = CopiedTableText.withoutPrimaryKey(table0, backend().dialect());
    List<String> afterRows = new ArrayList<>();
    if (unkeyed != null) {
      afterRows.add("ALTER TABLE " + backend().quote(to, table) + " ADD PRIMARY KEY ("
          + String.join(", ", unkeyed.primaryKey()) + ")");
    }
    afterRows.addAll(declaration.subList(1, declaration.size()));
    return new CopyDeclaration(sequences, unkeyed == null ? table0 : unkeyed.createText(),
        rows ? copyRowsText(c, from, table, to) : null, afterRows, null);
  }

  /** The views of {@code schema} from {@code duckdb_views()}, whose {@code sql} is the statement that made each. */
  @Override
  public List<ViewDefinition> views(Connection c, String schema) throws SQLException {
    return viewsDeclaredBy(c, "SELECT view_name, sql FROM duckdb_views() WHERE database_name = current_database()"
        + " AND schema_name = ? AND NOT internal ORDER BY view_oid", schema);
  }
}

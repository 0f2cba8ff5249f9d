package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** PostgreSQL's catalog: pg_catalog, never information_schema, which hides the tables of others. */
final class PostgresCatalog extends PhysicalCatalog {
  /** A column whose default draws on a sequence it owns was declared with these pseudo-types. */
  private static final Map<String, String> SERIAL = Map.of("integer", "serial", "bigint", "bigserial",
      "smallint", "smallserial");

  PostgresCatalog(Backend backend) {
    super(backend);
  }

  @Override
  public List<String> schemas(Connection c) throws SQLException {
    return strings(c, "SELECT nspname::text FROM pg_catalog.pg_namespace WHERE nspname NOT LIKE 'pg\\_%'"
        + " AND nspname <> 'information_schema' ORDER BY 1");
  }

  @Override
  public List<String> tables(Connection c, String schema) throws SQLException {
    return strings(c, "SELECT c.relname::text FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
        + " ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY 1", schema);
  }

  /**
   * The table written out from pg_catalog: every column with its type, collation, default, identity or generation
   * and NOT NULL; its primary key, unique, check and exclusion constraints; its other indexes; the comments. Nothing
   * in the text reads {@code from}, so it can be kept as a migration and run once {@code from} is gone: a name the
   * catalog qualifies with {@code from} (a sequence, a type) is qualified with {@code to}, and a column that owns its
   * sequence is declared {@code serial} again, which makes the sequence beside the new table.
   */
  @Override
  public List<String> declareTable(Connection c, String from, String table, String to,
      List<ForeignKeyDeclaration> keys) throws SQLException {
    Backend b = backend();
    String target = b.quote(to, table);
    String fromPrefix = first(c, "SELECT quote_ident(?)", from) + ".";
    String toPrefix = b.quote(to) + ".";
    List<String> elements = new ArrayList<>();
    List<String> after = new ArrayList<>();
    String relation = b.quote(from, table);
    try (PreparedStatement ps = c.prepareStatement("SELECT a.attname::text, format_type(a.atttypid, a.atttypmod),"
        + " a.attnotnull, pg_get_expr(d.adbin, d.adrelid), a.attidentity::text, a.attgenerated::text,"
        + " CASE WHEN a.attcollation <> t.typcollation THEN quote_ident(co.collname) END,"
        + " pg_get_serial_sequence(?, a.attname) IS NOT NULL, col_description(a.attrelid, a.attnum)"
        + " FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_type t ON t.oid = a.atttypid"
        + " LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum"
        + " LEFT JOIN pg_catalog.pg_collation co ON co.oid = a.attcollation"
        + " WHERE a.attrelid = ?::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum")) {
      ps.setString(1, relation);
      ps.setString(2, relation);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String name = rs.getString(1);
          String type = rs.getString(2).replace(fromPrefix, toPrefix);
          String def = rs.getString(4) == null ? null : rs.getString(4).replace(fromPrefix, toPrefix);
          String identity = rs.getString(5);
          String generated = rs.getString(6);
          boolean serial = rs.getBoolean(8) && identity.isEmpty() && def != null && def.startsWith("nextval(")
              && SERIAL.containsKey(type);
          StringBuilder col = new StringBuilder(b.quote(name)).append(' ')
              .append(serial ? SERIAL.get(type) : type);
          if (rs.getString(7) != null) {
            col.append(" COLLATE ").append(rs.getString(7));
          }
          if ("s".equals(generated)) {
            col.append(" GENERATED ALWAYS AS (").append(def).append(") STORED");
          } else if (!identity.isEmpty()) {
            col.append(" GENERATED ").append(identity.equals("a") ? "ALWAYS" : "BY DEFAULT").append(" AS IDENTITY");
          } else if (def != null && !serial) {
            col.append(" DEFAULT ").append(def);
          }
          if (rs.getBoolean(3)) {
            col.append(" NOT NULL");
          }
          elements.add(col.toString());
          if (rs.getString(9) != null) {
            after.add("COMMENT ON COLUMN " + b.quote(to, table) + "." + b.quote(name) + " IS "
                + b.stringLiteral(rs.getString(9)));
          }
        }
      }
    }
    if (elements.isEmpty()) {
      throw new SQLException("The table " + relation + " does not exist.", "42P01");
    }
    // Primary key, unique, check and exclusion constraints, by name, each added after the table is declared: a copy
    // adds them after its rows, so their indexes are built by one sort each (PhysicalCatalog.copyTable). A foreign
    // key never lives on a draft table.
    List<String> constraints = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT conname::text, pg_get_constraintdef(oid)"
        + " FROM pg_catalog.pg_constraint WHERE conrelid = ?::regclass AND contype IN ('p', 'u', 'c', 'x')"
        + " ORDER BY CASE contype WHEN 'p' THEN 0 WHEN 'u' THEN 1 ELSE 2 END, conname")) {
      ps.setString(1, relation);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          constraints.add("ALTER TABLE " + target + " ADD CONSTRAINT " + b.quote(rs.getString(1)) + " "
              + rs.getString(2).replace(fromPrefix, toPrefix));
        }
      }
    }
    List<String> out = new ArrayList<>();
    out.add("CREATE TABLE " + target + " (\n  " + String.join(",\n  ", elements) + "\n)");
    out.addAll(constraints);
    // The indexes no constraint made, their table renamed: pg_get_indexdef writes "... ON <table> USING ...".
    for (String index : strings(c, "SELECT pg_get_indexdef(i.indexrelid) FROM pg_catalog.pg_index i"
        + " WHERE i.indrelid = ?::regclass AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint k"
        + " WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid) ORDER BY i.indexrelid", relation)) {
      int using = index.indexOf(" USING ");
      int on = index.lastIndexOf(" ON ", using);
      out.add(index.substring(0, on) + " ON " + target + index.substring(using));
    }
    for (String comment : strings(c, "SELECT obj_description(?::regclass, 'pg_class')", relation)) {
      if (comment != null) {
        out.add("COMMENT ON TABLE " + target + " IS " + b.stringLiteral(comment));
      }
    }
    out.addAll(after);
    return out;
  }

  /**
   * Stored generated columns are computed again in the copy, so the rows name the others; an identity column
   * declared {@code GENERATED ALWAYS} takes trunk's values only with {@code OVERRIDING SYSTEM VALUE}.
   */
  @Override
  protected String copyRowsText(Connection c, String from, String table, String to) throws SQLException {
    Backend b = backend();
    List<String> columns = new ArrayList<>();
    boolean always = false;
    try (PreparedStatement ps = c.prepareStatement("SELECT a.attname::text, a.attgenerated::text, a.attidentity::text"
        + " FROM pg_catalog.pg_attribute a WHERE a.attrelid = ?::regclass AND a.attnum > 0 AND NOT a.attisdropped"
        + " ORDER BY a.attnum")) {
      ps.setString(1, b.quote(from, table));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          if (!"s".equals(rs.getString(2))) {
            columns.add(b.quote(rs.getString(1)));
          }
          always |= "a".equals(rs.getString(3));
        }
      }
    }
    String list = String.join(", ", columns);
    return "INSERT INTO " + b.quote(to, table) + " (" + list + ")" + (always ? " OVERRIDING SYSTEM VALUE" : "")
        + " SELECT " + list + " FROM " + b.quote(from, table);
  }

  /**
   * Each serial or identity column's sequence in the copy is set to where trunk's stands (its last value and
   * whether it was called), so the branch's next key is the one trunk would give, whatever rows were deleted.
   */
  @Override
  protected List<String> countersAfterCopy(Connection c, String from, String table, String to) throws SQLException {
    Backend b = backend();
    List<String> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT a.attname::text, pg_get_serial_sequence(?, a.attname),"
        + " pg_get_serial_sequence(?, a.attname) FROM pg_catalog.pg_attribute a WHERE a.attrelid = ?::regclass"
        + " AND a.attnum > 0 AND NOT a.attisdropped AND pg_get_serial_sequence(?, a.attname) IS NOT NULL")) {
      ps.setString(1, b.quote(from, table));
      ps.setString(2, b.quote(to, table));
      ps.setString(3, b.quote(from, table));
      ps.setString(4, b.quote(from, table));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          if (rs.getString(3) != null) {
            out.add("SELECT setval(" + b.stringLiteral(rs.getString(3)) + ", last_value, is_called) FROM "
                + rs.getString(2));
          }
        }
      }
    }
    return out;
  }

  /**
   * Counted only where the table's size on disk does not settle it: a heap page of {@code block_size} bytes holds at
   * most {@code (block_size - 24) / 28} rows (its header, then a 4-byte pointer and a 24-byte header per row, as
   * PostgreSQL's MaxHeapTuplesPerPage says), so a table of few enough pages holds no more than the limit, dead rows
   * included. A table with children (inheritance, partitions) is counted, as its rows are theirs too. The count sits
   * in the branch of the CASE PostgreSQL evaluates only when it is taken: one round trip either way.
   */
  @Override
  public long rowsOver(Connection c, String schema, String table, long limit) throws SQLException {
    String relation = backend().quote(schema, table);
    String rows = first(c, "SELECT CASE WHEN c.relkind = 'r' AND NOT c.relhassubclass AND pg_relation_size(c.oid)"
        + " / current_setting('block_size')::bigint * ((current_setting('block_size')::int - 24) / 28) <= ?::bigint"
        + " THEN -1 ELSE (SELECT count(*) FROM " + relation + ") END FROM pg_catalog.pg_class c"
        + " WHERE c.oid = ?::regclass", String.valueOf(limit), relation);
    return Long.parseLong(rows) > limit ? Long.parseLong(rows) : -1;
  }

  @Override
  public boolean isView(Connection c, String schema, String table) throws SQLException {
    String kind = first(c, "SELECT c.relkind::text FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
        + " ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relname = ?", schema, table);
    return kind != null && !kind.equals("r") && !kind.equals("p");
  }

  @Override
  public Provisioning provisioning(Connection admin) {
    return new PostgresProvisioning(backend());
  }
}

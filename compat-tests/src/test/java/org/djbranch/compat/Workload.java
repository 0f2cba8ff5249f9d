package org.djbranch.compat;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * One scripted application workload: DDL, plain, prepared and batched DML, a transaction rolled back and one
 * committed, a savepoint, generated keys, metadata calls and a callable. It writes what the application saw
 * into a transcript, with the place's own names replaced, so two runs on two places compare equal.
 */
final class Workload {
  private final TestDatabase place;
  private final List<String> transcript = new ArrayList<>();

  private Workload(TestDatabase place) {
    this.place = place;
  }

  static List<String> run(Connection c, TestDatabase place) throws Exception {
    Workload w = new Workload(place);
    w.runOn(c);
    return w.transcript;
  }

  private void runOn(Connection c) throws Exception {
    Db db = place.db;
    String items = place.table("items");
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE " + items + " (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, price DECIMAL(10,2))");
      // SQLite qualifies the index, never the table; the others the table, never the index.
      s.execute(db == Db.SQLITE ? "CREATE INDEX " + place.table("items_name") + " ON items (name)"
          : "CREATE INDEX items_name ON " + items + " (name)");
      record("insert", s.executeUpdate("INSERT INTO " + items + " VALUES (1, 'apple', 1.50)"));
      record("insert", s.executeUpdate("INSERT INTO " + items + " VALUES (2, 'pear', 2.25)"));
    }
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + items + " (id, name, price) VALUES (?, ?, ?)")) {
      for (int i = 3; i <= 5; i++) {
        ps.setInt(1, i);
        ps.setString(2, "item" + i);
        ps.setBigDecimal(3, new java.math.BigDecimal(i + ".10"));
        ps.addBatch();
      }
      record("prepared batch", ps.executeBatch().length);
    }
    try (Statement s = c.createStatement()) {
      s.addBatch("UPDATE " + items + " SET price = price + 1 WHERE id = 3");
      s.addBatch("UPDATE " + items + " SET name = 'plum' WHERE id = 4");
      record("statement batch", s.executeBatch().length);
    }
    query(c, "SELECT id, name, price FROM " + items + " ORDER BY id");

    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.executeUpdate("INSERT INTO " + items + " VALUES (100, 'rolled back', 0)");
      c.rollback();
      s.executeUpdate("INSERT INTO " + items + " VALUES (101, 'committed', 0)");
      if (db != Db.DUCKDB) { // DuckDB has no savepoints
        Savepoint sp = c.setSavepoint();
        s.executeUpdate("INSERT INTO " + items + " VALUES (102, 'undone by savepoint', 0)");
        c.rollback(sp);
      }
      c.commit();
    }
    c.setAutoCommit(true);
    query(c, "SELECT id, name FROM " + items + " WHERE id >= 100 ORDER BY id");

    try (PreparedStatement ps = c.prepareStatement("SELECT name FROM " + items + " WHERE id = ?")) {
      for (int id : new int[] {1, 4, 99}) {
        ps.setInt(1, id);
        try (ResultSet rs = ps.executeQuery()) {
          record("point " + id, rs.next() ? rs.getString(1) : "none");
        }
      }
    }
    generatedKeys(c);
    metadata(c);
    callable(c);
  }

  private void generatedKeys(Connection c) throws Exception {
    String auto = place.table("auto");
    String ddl;
    switch (place.db) {
      case POSTGRESQL:
        ddl = "CREATE TABLE " + auto + " (id SERIAL PRIMARY KEY, v VARCHAR(10))";
        break;
      case MARIADB:
        ddl = "CREATE TABLE " + auto + " (id INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(10))";
        break;
      case SQLITE:
        ddl = "CREATE TABLE " + auto + " (id INTEGER PRIMARY KEY AUTOINCREMENT, v VARCHAR(10))";
        break;
      default:
        return; // duckdb_jdbc does not return generated keys
    }
    try (Statement s = c.createStatement()) {
      s.execute(ddl);
    }
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + auto + " (v) VALUES (?)",
        Statement.RETURN_GENERATED_KEYS)) {
      for (String v : new String[] {"a", "b"}) {
        ps.setString(1, v);
        ps.executeUpdate();
        try (ResultSet keys = ps.getGeneratedKeys()) {
          keys.next();
          record("generated key", keys.getLong(1));
        }
      }
    }
  }

  private void metadata(Connection c) throws Exception {
    DatabaseMetaData md = c.getMetaData();
    record("product", md.getDatabaseProductName());
    String catalog = place.db == Db.MARIADB ? place.schema : null;
    String schema = place.db == Db.MARIADB || place.db == Db.SQLITE ? null : place.schema;
    rows("tables", md.getTables(catalog, schema, "%", new String[] {"TABLE"}), "TABLE_NAME");
    rows("columns", md.getColumns(catalog, schema, "items", "%"), "COLUMN_NAME", "DATA_TYPE", "NULLABLE");
    rows("primary key", md.getPrimaryKeys(catalog, schema, "items"), "COLUMN_NAME", "KEY_SEQ");
    rows("indexes", md.getIndexInfo(catalog, schema, "items", false, false), "INDEX_NAME", "COLUMN_NAME");
  }

  private void callable(Connection c) throws Exception {
    String fn = place.table("add_one");
    switch (place.db) {
      case POSTGRESQL:
        try (Statement s = c.createStatement()) {
          s.execute("CREATE FUNCTION " + fn + "(i int) RETURNS int LANGUAGE sql AS 'SELECT i + 1'");
        }
        try (CallableStatement cs = c.prepareCall("{? = call " + fn + "(?)}")) {
          cs.registerOutParameter(1, Types.INTEGER);
          cs.setInt(2, 41);
          cs.execute();
          record("callable", cs.getInt(1));
        }
        break;
      case MARIADB:
        try (Statement s = c.createStatement()) {
          s.execute("CREATE PROCEDURE " + fn + "(IN i INT, OUT o INT) BEGIN SET o = i + 1; END");
        }
        try (CallableStatement cs = c.prepareCall("{call " + fn + "(?, ?)}")) {
          cs.setInt(1, 41);
          cs.registerOutParameter(2, Types.INTEGER);
          cs.execute();
          record("callable", cs.getInt(2));
        }
        break;
      default:
        break; // DuckDB and SQLite have no stored procedures
    }
  }

  private void query(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          row.append(i > 1 ? " | " : "").append(rs.getObject(i));
        }
        record("row", row);
      }
    }
  }

  private void rows(String what, ResultSet rs, String... columns) throws Exception {
    List<String> out = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (String col : columns) {
          row.append(col).append('=').append(rs.getString(col)).append(' ');
        }
        out.add(row.toString().trim());
      }
    }
    out.sort(null);
    record(what, out);
  }

  private void record(String what, Object value) {
    transcript.add(what + ": " + String.valueOf(value).replace(place.schema, "<schema>"));
  }
}

package org.djbranch.compat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/** A fresh branch name per test, and reads of what really exists, made through the raw driver. */
public final class BranchFixture {
  private BranchFixture() {}

  /** A branch name no other test uses, so the process-wide layout cache starts empty for it. */
  static String newBranch() {
    return "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
  }

  static String draft(String branch, String schema) {
    return "br_" + branch + "_" + schema;
  }

  /** Removes a test's folder of embedded database files with everything in it. */
  static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(f);
      }
    }
  }

  public static void exec(Connection c, String... sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }

  /** Runs {@code sql}, which the branch must refuse by a rule of its own ({@code 55000}): the refusal. */
  static SQLException refused(Connection c, String sql) {
    SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> exec(c, sql), sql);
    org.junit.jupiter.api.Assertions.assertEquals("55000", e.getSQLState(), sql + ": " + e.getMessage());
    return e;
  }

  public static List<List<String>> rows(Connection c, String sql) throws SQLException {
    List<List<String>> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          row.add(rs.getString(i));
        }
        out.add(row);
      }
    }
    return out;
  }

  /**
   * Whether a database's error message names {@code draft}'s table {@code table}: the statement was sent with the
   * draft's physical name in it ({@code br_x_s.t}, {@code "br_x_s"."t"}, {@code `br_x_s`.`t`}), not as written.
   * A suggestion of another draft table (DuckDB's "Did you mean") does not count.
   */
  static boolean namesDraftTable(String message, String draft, String table) {
    message = message.replaceAll("Did you mean \"[^\"]*\"\\?", "");
    for (String written : List.of(draft + "." + table, draft + "\".\"" + table, draft + "`.`" + table)) {
      for (int at = message.indexOf(written); at >= 0; at = message.indexOf(written, at + 1)) {
        int after = at + written.length();
        if (after == message.length() || !Character.isLetterOrDigit(message.charAt(after))
            && message.charAt(after) != '_') {
          return true;
        }
      }
    }
    return false;
  }

  /** The tables (and views) physically in a schema, lower-cased, as the database's catalog lists them. */
  static List<String> tablesIn(TestDatabase place, String schema) throws SQLException {
    try (Connection c = place.raw()) {
      String catalog = place.db == Db.MARIADB ? schema : null;
      String schemaPattern = place.db == Db.MARIADB ? null : schema;
      List<String> names = new ArrayList<>();
      if (place.db == Db.SQLITE && !schema.equals("main")) {
        return names; // attached files are per connection; tests read them through a branch connection
      }
      try (ResultSet rs = c.getMetaData().getTables(catalog, schemaPattern, "%", new String[] {"TABLE", "VIEW",
          "BASE TABLE"})) {
        while (rs.next()) {
          names.add(rs.getString("TABLE_NAME").toLowerCase());
        }
      }
      names.sort(null);
      return names;
    }
  }
}

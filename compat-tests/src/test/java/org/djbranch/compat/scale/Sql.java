package org.djbranch.compat.scale;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import org.djbranch.compat.BranchFixture;

/** Statements and reads the scaling-out tests share. */
final class Sql {
  private Sql() {}

  /** A name no other test or run uses: branches, schemas. */
  static String unique(String prefix) {
    return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
  }

  static void exec(Connection c, String... sql) throws SQLException {
    BranchFixture.exec(c, sql);
  }

  static List<List<String>> rows(Connection c, String sql) throws SQLException {
    return BranchFixture.rows(c, sql);
  }

  static String one(Connection c, String sql) throws SQLException {
    return rows(c, sql).get(0).get(0);
  }
}

package org.djbranch.driver.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.junit.jupiter.api.Test;

/**
 * djbranch's own statements on DuckDB go as one text with their values written in ({@link Backend#own}): whatever a
 * value holds — quotes, backslashes, question marks, any character — it must reach the table as bound values would,
 * and a question mark inside a quoted name or a string of the text is no placeholder.
 */
class OwnStatementTest {
  private static final Backend DUCKDB = duckDb();

  private static Backend duckDb() {
    try {
      return Backends.forUrl("jdbc:duckdb:");
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** One in-memory database for every try: the table is emptied before each. */
  private static Connection shared;

  @BeforeContainer
  static void open() throws Exception {
    shared = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement s = shared.createStatement()) {
      s.execute("CREATE SCHEMA \"a?b\"");
      s.execute("CREATE TABLE \"a?b\".\"~t\" (tag VARCHAR, detail VARCHAR, at_ms BIGINT, flag BOOLEAN)");
    }
  }

  @AfterContainer
  static void close() throws Exception {
    shared.close();
  }

  @Property(tries = 300)
  void aWrittenValueIsStoredAsABoundOneWouldBe(@ForAll @StringLength(max = 40) String detail, @ForAll long at)
      throws Exception {
    try (Statement s = shared.createStatement()) {
      s.execute("DELETE FROM \"a?b\".\"~t\"");
    }
    try (OwnStatement own = DUCKDB.own(shared, "INSERT INTO \"a?b\".\"~t\" VALUES ('?', ?, ?, ?)", detail, at,
        true)) {
      assertEquals(1, own.update());
    }
    try (OwnStatement own = DUCKDB.own(shared, "SELECT tag, detail, at_ms, flag FROM \"a?b\".\"~t\" WHERE detail = ?",
        detail); ResultSet rs = own.query()) {
      List<Object> row = new ArrayList<>();
      while (rs.next()) {
        row.addAll(Arrays.asList(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getBoolean(4)));
      }
      assertEquals(List.of("?", detail, at, true), row);
    }
  }

  @Test
  void nullAndQuotesAndAStringDuckDbWouldEndAtAreStoredAsGiven() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (a VARCHAR, b VARCHAR)");
      for (String value : List.of("it's", "a\\'; DROP TABLE t; --", "two\u0000parts", "é ß 𝄞")) {
        try (OwnStatement own = DUCKDB.own(c, "INSERT INTO t VALUES (?, ?)", value, null)) {
          own.update();
        }
        try (OwnStatement own = DUCKDB.own(c, "SELECT a, b FROM t WHERE a = ?", value); ResultSet rs = own.query()) {
          rs.next();
          assertEquals(value, rs.getString(1));
          assertNull(rs.getString(2));
        }
      }
    }
  }
}

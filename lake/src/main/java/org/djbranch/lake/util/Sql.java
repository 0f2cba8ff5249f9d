package org.djbranch.lake.util;

/** Quoting of identifiers and literals for SQL text that DuckDB and SQLite both read. */
public final class Sql {
  private Sql() {
  }

  public static String ident(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  public static String literal(String value) {
    return value == null ? "NULL" : "'" + value.replace("'", "''") + "'";
  }
}

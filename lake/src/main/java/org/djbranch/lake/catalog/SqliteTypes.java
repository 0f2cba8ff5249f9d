package org.djbranch.lake.catalog;

import java.util.Locale;

/**
 * The SQLite column type DuckDB's sqlite extension declares for a DuckDB type when the ducklake
 * extension creates its tables in SQLite: every integer kind that fits and BOOLEAN become BIGINT,
 * FLOAT and DOUBLE become DOUBLE, BLOB stays BLOB, and everything else (VARCHAR, UUID,
 * TIMESTAMP WITH TIME ZONE, DECIMAL, HUGEINT, UBIGINT, nested types) is stored as text: VARCHAR.
 */
public enum SqliteTypes {
  BIGINT, DOUBLE, BLOB, VARCHAR;

  public static SqliteTypes of(String duckDbType) {
    String t = duckDbType.toUpperCase(Locale.ROOT).trim();
    switch (t) {
      case "BOOLEAN", "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER":
        return BIGINT;
      case "FLOAT", "DOUBLE":
        return DOUBLE;
      case "BLOB":
        return BLOB;
      default:
        return VARCHAR;
    }
  }

  /** The declared type of a SQLite column, read back with SQLite's affinity rules. */
  public static SqliteTypes ofDeclared(String declared) {
    String t = declared == null ? "" : declared.toUpperCase(Locale.ROOT);
    if (t.contains("INT")) {
      return BIGINT;
    }
    if (t.contains("CHAR") || t.contains("CLOB") || t.contains("TEXT")) {
      return VARCHAR;
    }
    if (t.contains("BLOB") || t.isEmpty()) {
      return BLOB;
    }
    if (t.contains("REAL") || t.contains("FLOA") || t.contains("DOUB")) {
      return DOUBLE;
    }
    return VARCHAR;
  }
}

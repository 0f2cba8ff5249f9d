package org.djbranch.lake.catalog;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which DuckDB type a bookkeeping column gets in a frozen catalog when it comes from SQLite,
 * where only BIGINT, DOUBLE, BLOB and VARCHAR exist. In order: the type the parent version's
 * catalog declared for the same column; the type DuckLake's specification gives the column
 * (booleans, UUIDs, snapshot times); for an inlined-data table, the type of the user column it
 * stages; else the SQLite type itself.
 */
public final class FrozenTypes {
  private static final Set<String> BOOLEANS = Set.of("path_is_relative", "nulls_allowed", "contains_null",
      "contains_nan", "is_partition");
  private static final Set<String> UUIDS = Set.of("schema_uuid", "table_uuid", "view_uuid");
  private static final Set<String> TIMESTAMPS = Set.of("snapshot_time", "schedule_start");

  private final Map<String, BookkeepingTable> parentTables;
  private final Map<String, Map<String, String>> inlinedColumnTypes;

  /**
   * @param parentTables       the parent catalog's tables by name (empty before the first version)
   * @param inlinedColumnTypes for each inlined-data table, its user columns' DuckDB types
   */
  public FrozenTypes(Map<String, BookkeepingTable> parentTables, Map<String, Map<String, String>> inlinedColumnTypes) {
    this.parentTables = parentTables;
    this.inlinedColumnTypes = inlinedColumnTypes;
  }

  public String typeOf(String table, BookkeepingTable.Column column) {
    BookkeepingTable parent = parentTables.get(table);
    if (parent != null) {
      Optional<BookkeepingTable.Column> same = parent.column(column.name());
      if (same.isPresent() && SqliteTypes.of(same.get().type()) == SqliteTypes.ofDeclared(column.type())) {
        return same.get().type();
      }
    }
    String name = column.name().toLowerCase(Locale.ROOT);
    if (BOOLEANS.contains(name)) {
      return "BOOLEAN";
    }
    if (UUIDS.contains(name)) {
      return "UUID";
    }
    if (TIMESTAMPS.contains(name)) {
      return "TIMESTAMP WITH TIME ZONE";
    }
    Map<String, String> inlined = inlinedColumnTypes.get(table);
    if (inlined != null && inlined.containsKey(column.name())) {
      return inlined.get(column.name());
    }
    return SqliteTypes.ofDeclared(column.type()).name();
  }
}

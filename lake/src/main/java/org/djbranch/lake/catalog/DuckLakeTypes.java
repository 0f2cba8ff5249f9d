package org.djbranch.lake.catalog;

import org.djbranch.lake.util.LakeException;
import org.djbranch.lake.util.Sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * DuckLake's column type names (ducklake_column.column_type) as DuckDB types: one name at a time
 * ({@link #primitive}), or a whole column with nested types (struct, list, map) spelled out from
 * its child columns ({@link #of}), as dataset.json and the readers name them.
 */
public final class DuckLakeTypes {
  private static final Map<String, String> PRIMITIVE = Map.ofEntries(
      Map.entry("boolean", "BOOLEAN"),
      Map.entry("int8", "TINYINT"), Map.entry("int16", "SMALLINT"),
      Map.entry("int32", "INTEGER"), Map.entry("int64", "BIGINT"), Map.entry("int128", "HUGEINT"),
      Map.entry("uint8", "UTINYINT"), Map.entry("uint16", "USMALLINT"),
      Map.entry("uint32", "UINTEGER"), Map.entry("uint64", "UBIGINT"), Map.entry("uint128", "UHUGEINT"),
      Map.entry("float32", "FLOAT"), Map.entry("float64", "DOUBLE"),
      Map.entry("date", "DATE"), Map.entry("time", "TIME"), Map.entry("timetz", "TIMETZ"),
      Map.entry("timestamp", "TIMESTAMP"), Map.entry("timestamptz", "TIMESTAMPTZ"),
      Map.entry("timestamp_s", "TIMESTAMP_S"), Map.entry("timestamp_ms", "TIMESTAMP_MS"),
      Map.entry("timestamp_ns", "TIMESTAMP_NS"), Map.entry("interval", "INTERVAL"),
      Map.entry("varchar", "VARCHAR"), Map.entry("blob", "BLOB"), Map.entry("uuid", "UUID"),
      Map.entry("json", "JSON"));

  private DuckLakeTypes() {
  }

  /** The DuckDB type of a non-nested DuckLake type, if it is one. */
  public static Optional<String> primitive(String ducklakeType) {
    String t = ducklakeType.toLowerCase(Locale.ROOT).trim();
    if (t.startsWith("decimal")) {
      return Optional.of(t.toUpperCase(Locale.ROOT));
    }
    return Optional.ofNullable(PRIMITIVE.get(t));
  }

  public static boolean isNested(String ducklakeType) {
    String t = ducklakeType.toLowerCase(Locale.ROOT).trim();
    return t.equals("struct") || t.equals("list") || t.equals("map");
  }

  /** The DuckDB type of a column, nested types built from the child columns. */
  public static String of(CatalogModel model, CatalogModel.Column column) throws LakeException {
    String type = column.type().toLowerCase();
    if (!isNested(type)) {
      return primitive(type).orElseThrow(() -> new LakeException("column " + column.name()
          + " has DuckLake type '" + column.type() + "', which this reader does not know", LakeException.UNSUPPORTED));
    }
    List<CatalogModel.Column> children = model.children(column.id());
    switch (type) {
      case "list":
        return of(model, children.get(0)) + "[]";
      case "map":
        return "MAP(" + of(model, children.get(0)) + ", " + of(model, children.get(1)) + ")";
      default:
        List<String> fields = new ArrayList<>();
        for (CatalogModel.Column child : children) {
          fields.add(Sql.ident(child.name()) + " " + of(model, child));
        }
        return "STRUCT(" + String.join(", ", fields) + ")";
    }
  }
}

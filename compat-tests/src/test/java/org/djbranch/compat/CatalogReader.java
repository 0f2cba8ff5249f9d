package org.djbranch.compat;

import java.io.File;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What really exists, read from each database's own catalog through a raw connection (never through djbranch, whose
 * view is what is being checked): the structure of a pipeline schema, the foreign keys of draft schemas, the tables
 * of a draft and its {@code ~edge} rows.
 */
public final class CatalogReader {
  private final TestDatabase place;

  public CatalogReader(TestDatabase place) {
    this.place = place;
  }

  /**
   * Everything a branch must never change in the pipeline's schema: its tables and views, columns, indexes,
   * constraints, triggers, routines, types and grants where the database has them, and the number of rows of each table (a branch's DML adds rows, never removes them here).
   */
  public List<String> pipelineStructure() throws SQLException {
    String s = place.schema;
    List<String> out = new ArrayList<>();
    try (Connection c = place.raw()) {
      switch (place.db) {
        case POSTGRESQL:
          out.add("schema " + rows(c, "SELECT count(*) FROM pg_namespace WHERE nspname = ?", s));
          out.add("relations " + rows(c, "SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n"
              + " ON n.oid = c.relnamespace WHERE n.nspname = ? ORDER BY 1", s));
          out.add("columns " + rows(c, "SELECT table_name, column_name, data_type, is_nullable, column_default,"
              + " ordinal_position FROM information_schema.columns WHERE table_schema = ? ORDER BY 1, 6", s));
          out.add("constraints " + rows(c, "SELECT conrelid::regclass::text, conname, contype,"
              + " pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = (SELECT oid FROM pg_namespace"
              + " WHERE nspname = ?) ORDER BY 1, 2", s));
          out.add("indexes " + rows(c, "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = ? ORDER BY 1",
              s));
          out.add("triggers " + rows(c, "SELECT t.tgrelid::regclass::text, t.tgname FROM pg_trigger t JOIN pg_class c"
              + " ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ?"
              + " AND NOT t.tgisinternal ORDER BY 1, 2", s));
          out.add("routines " + rows(c, "SELECT p.proname, p.prokind FROM pg_proc p JOIN pg_namespace n"
              + " ON n.oid = p.pronamespace WHERE n.nspname = ? ORDER BY 1", s));
          out.add("types " + rows(c, "SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace"
              + " WHERE n.nspname = ? ORDER BY 1", s));
          out.add("grants " + rows(c, "SELECT c.relname, c.relacl::text FROM pg_class c JOIN pg_namespace n"
              + " ON n.oid = c.relnamespace WHERE n.nspname = ? ORDER BY 1", s));
          break;
        case MARIADB:
          out.add("schema " + rows(c, "SELECT count(*) FROM information_schema.schemata WHERE schema_name = ?", s));
          out.add("tables " + rows(c, "SELECT table_name, table_type, engine FROM information_schema.tables"
              + " WHERE table_schema = ? ORDER BY 1", s));
          out.add("columns " + rows(c, "SELECT table_name, column_name, column_type, is_nullable, column_default,"
              + " column_key, ordinal_position FROM information_schema.columns WHERE table_schema = ? ORDER BY 1, 7", s));
          out.add("indexes " + rows(c, "SELECT table_name, index_name, seq_in_index, column_name, non_unique"
              + " FROM information_schema.statistics WHERE table_schema = ? ORDER BY 1, 2, 3", s));
          out.add("constraints " + rows(c, "SELECT table_name, constraint_name, constraint_type"
              + " FROM information_schema.table_constraints WHERE constraint_schema = ? ORDER BY 1, 2", s));
          out.add("keys " + rows(c, "SELECT table_name, constraint_name, referenced_table_name, update_rule,"
              + " delete_rule FROM information_schema.referential_constraints WHERE constraint_schema = ?"
              + " ORDER BY 1, 2", s));
          out.add("triggers " + rows(c, "SELECT event_object_table, trigger_name FROM information_schema.triggers"
              + " WHERE trigger_schema = ? ORDER BY 1, 2", s));
          out.add("routines " + rows(c, "SELECT routine_name, routine_type FROM information_schema.routines"
              + " WHERE routine_schema = ? ORDER BY 1", s));
          out.add("grants " + rows(c, "SELECT table_name, grantee, privilege_type FROM information_schema.table_privileges"
              + " WHERE table_schema = ? ORDER BY 1, 2, 3", s));
          break;
        case DUCKDB:
          out.add("schema " + rows(c, "SELECT count(*) FROM duckdb_schemas() WHERE schema_name = ?", s));
          out.add("tables " + rows(c, "SELECT table_name, sql FROM duckdb_tables() WHERE schema_name = ? ORDER BY 1",
              s));
          out.add("views " + rows(c, "SELECT view_name FROM duckdb_views() WHERE schema_name = ? ORDER BY 1", s));
          out.add("columns " + rows(c, "SELECT table_name, column_name, data_type, is_nullable, column_index"
              + " FROM duckdb_columns() WHERE schema_name = ? ORDER BY 1, 5", s));
          out.add("constraints " + rows(c, "SELECT table_name, constraint_type, constraint_text"
              + " FROM duckdb_constraints() WHERE schema_name = ? ORDER BY 1, 2, 3", s));
          out.add("indexes " + rows(c, "SELECT index_name, sql FROM duckdb_indexes() WHERE schema_name = ?"
              + " ORDER BY 1", s));
          out.add("functions " + rows(c, "SELECT function_name, function_type FROM duckdb_functions()"
              + " WHERE schema_name = ? AND NOT internal ORDER BY 1", s));
          break;
        case SQLITE:
          out.add("master " + rows(c, "SELECT type, name, tbl_name, sql FROM main.sqlite_master ORDER BY 2"));
          break;
        default:
          throw new IllegalStateException(place.db.name());
      }
      for (String table : List.of("subject", "session")) {
        out.add("rows of " + table + " " + rowCount(c, place.table(table)));
      }
    }
    return out;
  }

  private static String rowCount(Connection c, String table) {
    try {
      return rows(c, "SELECT count(*) FROM " + table).toString();
    } catch (SQLException e) {
      return "unreadable: " + e.getMessage();
    }
  }

  /** Every real foreign-key constraint in any draft schema of the pipeline's schema, on any branch. */
  List<String> foreignKeysInDrafts() throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = place.raw()) {
      List<List<String>> found;
      switch (place.db) {
        case POSTGRESQL:
          found = rows(c, "SELECT n.nspname, conrelid::regclass::text, conname FROM pg_constraint k"
              + " JOIN pg_namespace n ON n.oid = k.connamespace WHERE k.contype = 'f'"
              + " AND starts_with(n.nspname, 'br_') AND right(n.nspname, ?) = ?", place.schema.length() + 1,
              "_" + place.schema);
          break;
        case MARIADB:
          found = rows(c, "SELECT constraint_schema, table_name, constraint_name"
              + " FROM information_schema.referential_constraints WHERE constraint_schema LIKE 'br\\_%'"
              + " AND right(constraint_schema, ?) = ?", place.schema.length() + 1, "_" + place.schema);
          break;
        case DUCKDB:
          found = rows(c, "SELECT schema_name, table_name, constraint_text FROM duckdb_constraints()"
              + " WHERE constraint_type = 'FOREIGN KEY' AND starts_with(lower(schema_name), 'br_')"
              + " AND suffix(lower(schema_name), ?)", "_" + place.schema);
          break;
        case SQLITE:
          found = new ArrayList<>();
          for (File draft : sqliteDraftFiles()) {
            attach(c, draft, "d");
            for (List<String> t : rows(c, "SELECT name FROM d.sqlite_master WHERE type = 'table'")) {
              for (List<String> fk : rows(c, "SELECT \"table\", \"from\" FROM pragma_foreign_key_list(?, 'd')",
                  t.get(0))) {
                found.add(List.of(draft.getName(), t.get(0), fk.toString()));
              }
            }
            detach(c, "d");
          }
          break;
        default:
          throw new IllegalStateException(place.db.name());
      }
      for (List<String> row : found) {
        out.add(row.toString());
      }
    }
    return out;
  }

  /** The draft schemas of the pipeline's schema that exist, on any branch. */
  List<String> draftSchemas() throws SQLException {
    try (Connection c = place.raw()) {
      List<List<String>> found;
      switch (place.db) {
        case POSTGRESQL:
          found = rows(c, "SELECT nspname FROM pg_namespace WHERE starts_with(nspname, 'br_')"
              + " AND right(nspname, ?) = ? ORDER BY 1", place.schema.length() + 1, "_" + place.schema);
          break;
        case MARIADB:
          found = rows(c, "SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE 'br\\_%'"
              + " AND right(schema_name, ?) = ? ORDER BY 1", place.schema.length() + 1, "_" + place.schema);
          break;
        case DUCKDB:
          found = rows(c, "SELECT lower(schema_name) FROM duckdb_schemas() WHERE starts_with(lower(schema_name), 'br_')"
              + " AND suffix(lower(schema_name), ?) ORDER BY 1", "_" + place.schema);
          break;
        default:
          found = new ArrayList<>();
          for (File f : sqliteDraftFiles()) {
            found.add(List.of(f.getName().substring(f.getName().indexOf(".br_") + 1)));
          }
      }
      List<String> out = new ArrayList<>();
      for (List<String> row : found) {
        out.add(row.get(0));
      }
      return out;
    }
  }

  /**
   * The tables of a draft schema (as the catalog stores their names, hidden ones such as {@code ~edge} and
   * {@code ~copy} left out), each with its
   * {@code ~edge} rows as {@code constraint|referencing|referenced|column|referenced column|ordinal|update|delete}.
   * Rows whose referencing table does not exist are listed under {@code "<missing> name"}.
   */
  Map<String, List<String>> draftTablesWithEdges(String draft) throws SQLException {
    Map<String, List<String>> out = new TreeMap<>();
    try (Connection c = place.raw()) {
      String prefix = "";
      if (place.db == Db.SQLITE) {
        File file = sqliteDraftFile(draft);
        if (!file.exists()) {
          return out;
        }
        attach(c, file, "d");
        prefix = "d.";
      }
      try {
        List<List<String>> tables;
        switch (place.db) {
          case POSTGRESQL:
            tables = rows(c, "SELECT table_name FROM information_schema.tables WHERE table_schema = ?", draft);
            break;
          case MARIADB:
            tables = rows(c, "SELECT table_name FROM information_schema.tables WHERE table_schema = ?", draft);
            break;
          case DUCKDB:
            tables = rows(c, "SELECT table_name FROM duckdb_tables() WHERE lower(schema_name) = ?", draft);
            break;
          default:
            tables = rows(c, "SELECT name FROM d.sqlite_master WHERE type = 'table'");
        }
        boolean hasEdges = false;
        for (List<String> t : tables) {
          if (t.get(0).equals("~edge")) {
            hasEdges = true;
          } else if (!t.get(0).startsWith("~")) { // ~copy and DataJoint's hidden tables: the draft's bookkeeping
            out.put(t.get(0), new ArrayList<>());
          }
        }
        if (!hasEdges) {
          return out;
        }
        String edgeTable = place.db == Db.SQLITE ? "d.\"~edge\"" : quote(draft) + "." + quote("~edge");
        // (DuckDB finds a schema whatever the case it was created in: its names compare without case.)
        for (List<String> e : rows(c, "SELECT constraint_name, referencing_table, referenced_table, column_name,"
            + " referenced_column_name, ordinal_position, update_rule, delete_rule FROM " + edgeTable
            + " ORDER BY referencing_table, constraint_name, ordinal_position")) {
          String referencing = e.get(1);
          String key = tableOf(referencing, out);
          out.computeIfAbsent(key, k -> new ArrayList<>()).add(String.join("|", e));
        }
      } finally {
        if (!prefix.isEmpty()) {
          detach(c, "d");
        }
      }
    }
    return out;
  }

  /** The stored table a physical {@code "schema"."table"} in ~edge names, or {@code <missing> ...}. */
  private String tableOf(String referencing, Map<String, List<String>> tables) {
    boolean exact = place.db == Db.POSTGRESQL || place.db == Db.MARIADB;
    for (String t : tables.keySet()) {
      String suffix = "." + quote(t);
      if (exact ? referencing.endsWith(suffix) : referencing.toLowerCase(java.util.Locale.ROOT)
          .endsWith(suffix.toLowerCase(java.util.Locale.ROOT))) {
        return t;
      }
    }
    return "<missing> " + referencing;
  }

  String quote(String name) {
    char q = place.db == Db.MARIADB ? '`' : '"';
    return q + name.replace(String.valueOf(q), String.valueOf(q) + q) + q;
  }

  private File mainFile() {
    return new File(place.rawUrl().substring("jdbc:sqlite:".length()));
  }

  File sqliteDraftFile(String draft) {
    return new File(mainFile().getPath() + "." + draft);
  }

  private List<File> sqliteDraftFiles() {
    File main = mainFile();
    File[] files = main.getAbsoluteFile().getParentFile().listFiles((d, n) -> n.startsWith(main.getName() + ".br_")
        && !n.contains("-"));
    return files == null ? List.of() : List.of(files);
  }

  private static void attach(Connection c, File file, String alias) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("ATTACH DATABASE ? AS " + alias)) {
      ps.setString(1, file.getPath());
      ps.execute();
    }
  }

  private static void detach(Connection c, String alias) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("DETACH DATABASE " + alias);
    }
  }

  static List<List<String>> rows(Connection c, String sql, Object... params) throws SQLException {
    List<List<String>> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        ps.setObject(i + 1, params[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          List<String> row = new ArrayList<>();
          for (int i = 1; i <= n; i++) {
            row.add(rs.getString(i));
          }
          out.add(row);
        }
      }
    }
    return out;
  }
}

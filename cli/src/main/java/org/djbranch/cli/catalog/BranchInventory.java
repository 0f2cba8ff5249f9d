package org.djbranch.cli.catalog;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.djbranch.driver.backend.Backend;

/**
 * What a branch holds, read from the physical catalog through a trunk connection: each schema named
 * {@code br_<branch>_<schema>}, the logical schema beside it, their tables, and the draft's {@code ~edge} rows.
 */
public final class BranchInventory {
  private final String branch;
  private final List<LogicalSchema> schemas;

  private BranchInventory(String branch, List<LogicalSchema> schemas) {
    this.branch = branch;
    this.schemas = schemas;
  }

  /** One logical schema the branch touches. {@code draftTables} leave out {@code ~edge}. */
  public record LogicalSchema(String name, String draft, boolean baseExists, List<String> pipelineTables,
      List<String> draftTables, List<SymbolicKey> keys) {

    /** Draft tables whose name the logical schema also holds: the logical one binds, the draft copy is shadowed. */
    public List<String> shadowed(Backend b) {
      Set<String> pipeline = new HashSet<>();
      for (String t : pipelineTables) {
        pipeline.add(b.key(t, true));
      }
      List<String> out = new ArrayList<>();
      for (String t : draftTables) {
        if (pipeline.contains(b.key(t, true))) {
          out.add(t);
        }
      }
      return out;
    }

    /** The draft tables that bind: every draft table a logical one does not shadow. */
    public List<String> boundDraftTables(Backend b) {
      List<String> out = new ArrayList<>(draftTables);
      out.removeAll(shadowed(b));
      return out;
    }
  }

  public String branch() {
    return branch;
  }

  public List<LogicalSchema> schemas() {
    return schemas;
  }

  public boolean isEmpty() {
    return schemas.isEmpty();
  }

  /** The logical schema whose draft is {@code physical}, or null. */
  public LogicalSchema byDraft(String physical, Backend b) {
    for (LogicalSchema s : schemas) {
      if (b.key(s.draft(), true).equals(b.key(physical, true))) {
        return s;
      }
    }
    return null;
  }

  /** The logical schema named {@code name} (or whose draft is named so), or null. */
  public LogicalSchema logical(String name, Backend b) {
    for (LogicalSchema s : schemas) {
      if (b.key(s.name(), true).equals(b.key(name, true))) {
        return s;
      }
    }
    return byDraft(name, b);
  }

  /** Reads the branch's schemas; {@code c} is a trunk connection on which {@link DatabaseCatalog#open} ran. */
  public static BranchInventory read(Connection c, DatabaseCatalog catalog, String branch) throws SQLException {
    Backend b = catalog.backend();
    String prefix = "br_" + branch + "_";
    List<String> all = catalog.schemas(c);
    Set<String> keys = new HashSet<>();
    for (String s : all) {
      keys.add(b.key(s, true));
    }
    List<LogicalSchema> out = new ArrayList<>();
    for (String s : all) {
      if (!s.toLowerCase(Locale.ROOT).startsWith(prefix.toLowerCase(Locale.ROOT)) || s.length() == prefix.length()) {
        continue;
      }
      String logical = s.substring(prefix.length());
      boolean baseExists = keys.contains(b.key(logical, true));
      List<String> draftTables = new ArrayList<>(catalog.tables(c, s));
      boolean hasEdges = draftTables.remove(Backend.EDGE_TABLE);
      List<SymbolicKey> symbolic = hasEdges ? edges(c, b, s) : List.of();
      List<String> pipeline = baseExists ? catalog.tables(c, logical) : List.of();
      out.add(new LogicalSchema(logical, s, baseExists, pipeline, draftTables, symbolic));
    }
    return new BranchInventory(branch, out);
  }

  private static List<SymbolicKey> edges(Connection c, Backend b, String draft) throws SQLException {
    Map<String, List<String[]>> byKey = new LinkedHashMap<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT constraint_name, referencing_table,"
        + " referenced_table, column_name, referenced_column_name, update_rule, delete_rule FROM "
        + b.quote(draft, Backend.EDGE_TABLE) + " ORDER BY referencing_table, constraint_name, ordinal_position")) {
      while (rs.next()) {
        String[] row = new String[7];
        for (int i = 0; i < 7; i++) {
          row[i] = rs.getString(i + 1);
        }
        byKey.computeIfAbsent(row[1] + "\u0000" + row[0], k -> new ArrayList<>()).add(row);
      }
    }
    List<SymbolicKey> out = new ArrayList<>();
    for (List<String[]> rows : byKey.values()) {
      String[] first = rows.get(0);
      List<String> columns = new ArrayList<>();
      List<String> parentColumns = new ArrayList<>();
      for (String[] r : rows) {
        columns.add(r[3]);
        parentColumns.add(r[4]);
      }
      out.add(new SymbolicKey(first[0], QualifiedName.parse(first[1]), QualifiedName.parse(first[2]), columns,
          parentColumns, first[5], first[6]));
    }
    return out;
  }
}

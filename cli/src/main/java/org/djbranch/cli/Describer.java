package org.djbranch.cli;

import java.io.PrintWriter;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.djbranch.cli.catalog.BranchInventory;
import org.djbranch.cli.catalog.BranchInventory.LogicalSchema;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.cli.catalog.SymbolicKey;
import org.djbranch.driver.BranchConnection;

/**
 * The shell's {@code \d}: logical tables and where each binds (the pipeline's schema or the draft), read from the
 * physical catalog through a trunk connection of its own, so it does not depend on the branch's metadata.
 */
final class Describer implements AutoCloseable {
  private final Target target;
  private final String branch;
  private final String currentSchema;
  private BranchConnection trunk;
  private PhysicalCatalog catalog;

  /** {@code branch} null: trunk, where every table binds where it is. */
  Describer(Target target, String branch, String currentSchema) {
    this.target = target;
    this.branch = branch;
    this.currentSchema = currentSchema;
  }

  private BranchInventory inventory() throws SQLException {
    if (trunk == null) {
      trunk = target.trunk();
      catalog = trunk.backend().catalog();
      if (branch != null) {
        catalog.attachAllSchemas(trunk);
      }
    }
    return branch == null ? null : BranchInventory.read(trunk, catalog, branch);
  }

  void list(PrintWriter out) throws SQLException {
    BranchInventory inv = inventory();
    Backend b = catalog.backend();
    TextTable t = new TextTable("schema", "table", "binds to", "kind");
    String s = currentSchema;
    LogicalSchema ls = inv == null ? null : inv.logical(s, b);
    List<String> changed = ls == null ? List.of() : ls.changedTables();
    for (String table : catalog.tables(trunk, s)) {
      if (!changed.contains(table)) {
        t.row(s, table, s + "." + table, "pipeline");
      }
    }
    if (ls != null) {
      draftRows(t, ls, b);
    }
    if (inv != null) {
      for (LogicalSchema other : inv.schemas()) {
        if (other != ls) {
          for (String table : other.pipelineTables()) {
            if (!other.changedTables().contains(table)) {
              t.row(other.name(), table, other.name() + "." + table, "pipeline");
            }
          }
          draftRows(t, other, b);
        }
      }
    }
    t.print(out, "");
  }

  /** The rows of a schema's draft tables: declared on the branch, or its own copies of pipeline tables it changed. */
  private static void draftRows(TextTable t, LogicalSchema ls, Backend b) {
    for (String table : ls.boundDraftTables(b)) {
      t.row(ls.name(), table, ls.draft() + "." + table, ls.changedTables().contains(table) ? "changed" : "draft");
    }
  }

  /** {@code table} or {@code schema.table}, logical names. */
  void describe(String name, PrintWriter out) throws SQLException {
    BranchInventory inv = inventory();
    Backend b = catalog.backend();
    int dot = name.indexOf('.');
    String schema = dot < 0 ? currentSchema : unquote(name.substring(0, dot));
    String table = unquote(dot < 0 ? name : name.substring(dot + 1));
    LogicalSchema ls = inv == null ? null : inv.logical(schema, b);
    if (ls != null) {
      schema = ls.name();
    }
    String physical = null;
    String kind = null;
    if (contains(catalog.tables(trunk, schema), b, table)) {
      physical = schema;
      kind = ls != null && contains(ls.draftTables(), b, table) ? "pipeline (a draft copy is shadowed)" : "pipeline";
    } else if (ls != null && contains(ls.draftTables(), b, table)) {
      physical = ls.draft();
      kind = "draft of branch " + branch;
    }
    if (physical == null) {
      throw new SQLException("No table " + schema + "." + table + (branch == null ? "" : " on branch " + branch) + ".",
          "42P01");
    }
    out.println("table " + schema + "." + table + " binds to " + physical + "." + table + " (" + kind + ")");
    TextTable columns = new TextTable("column", "type", "nullable");
    try (Statement st = trunk.createStatement();
        ResultSet rs = st.executeQuery("SELECT * FROM " + b.quote(physical, table) + " WHERE 1 = 0")) {
      ResultSetMetaData md = rs.getMetaData();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        columns.row(md.getColumnName(i), md.getColumnTypeName(i),
            md.isNullable(i) == ResultSetMetaData.columnNoNulls ? "not null" : "");
      }
    }
    columns.print(out, "  ");
    if (inv != null) {
      TextTable keys = new TextTable("symbolic edge", "from", "to");
      for (LogicalSchema s : inv.schemas()) {
        for (SymbolicKey k : s.keys()) {
          boolean child = s == ls && b.key(k.child().table(), true).equals(b.key(table, true));
          boolean parent = b.key(k.parent().table(), true).equals(b.key(table, true))
              && b.key(k.parent().schema(), true).equals(b.key(physical, true));
          if (child || parent) {
            keys.row(k.name(), k.child() + " (" + String.join(", ", k.columns()) + ")",
                k.parent() + " (" + String.join(", ", k.parentColumns()) + ")");
          }
        }
      }
      if (keys.size() > 0) {
        keys.print(out, "  ");
      }
    }
    out.flush();
  }

  private static boolean contains(List<String> names, Backend b, String name) {
    for (String n : names) {
      if (b.key(n, true).equals(b.key(name, true))) {
        return true;
      }
    }
    return false;
  }

  private static String unquote(String s) {
    String t = s.strip();
    if (t.length() >= 2 && (t.charAt(0) == '"' || t.charAt(0) == '`') && t.charAt(t.length() - 1) == t.charAt(0)) {
      return t.substring(1, t.length() - 1);
    }
    return t;
  }

  @Override
  public void close() throws SQLException {
    if (trunk != null) {
      trunk.close();
    }
  }
}

package org.djbranch.driver.metadata;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.naming.HiddenTables;
import org.djbranch.driver.metadata.MetadataTable.Cell;
import org.djbranch.driver.naming.DraftNames;

/**
 * One merged metadata answer in the making: the wrapped driver's answers added one by one, draft rows reported under
 * their logical schema, the rows of {@code ~edge}, of other branches' drafts and of shadowed draft tables left out
 * (a shadowed table named in a warning), then sorted in the order JDBC specifies for the method.
 */
final class MergedAnswer {
  private final ConnectionLayout branch;
  private final Binder router;
  private final Backend backend;
  private final String prefix;
  private final MetadataScope scope;
  MetadataTable table;
  final String[] order;
  final Set<String> shadowed = new LinkedHashSet<>();
  boolean sorted;
  /** Where the table a call names binds, for an exact-name call; else null. */
  SchemaLayout layout;
  SchemaLayout.Binding binding;

  MergedAnswer(ConnectionLayout branch, Binder router, MetadataScope scope, String[] order) {
    this.branch = branch;
    this.router = router;
    this.backend = branch.backend;
    this.prefix = branch.drafts.prefix();
    this.scope = scope;
    this.order = order;
  }

  /**
   * Adds one answer of the wrapped driver. {@code draftOf} is the logical schema when every row comes from its
   * draft (a draft file asked on its own connection); null when rows say by their schema name where they are.
   */
  void add(ResultSet rs, String draftOf) throws SQLException {
    add(rs, draftOf, false);
  }

  /** As {@link #add(ResultSet, String)}, leaving out the rows of draft schemas when {@code skipDrafts}. */
  void add(ResultSet rs, String draftOf, boolean skipDrafts) throws SQLException {
    MetadataTable part = MetadataTable.read(rs);
    if (table == null) {
      table = new MetadataTable(part.columns);
    } else {
      sorted = order != null;
    }
    int name = part.index("TABLE_NAME");
    int scopeColumn = part.index(scope == MetadataScope.CATALOG ? "TABLE_CAT" : "TABLE_SCHEM");
    List<Integer> nameColumns = nameColumns(part);
    int typeName = part.index("TYPE_NAME");
    for (Cell[] row : part.rows) {
      String physicalScope = MetadataTable.text(row, scopeColumn);
      String logical = draftOf;
      if (logical == null && physicalScope != null && physicalScope.startsWith(prefix)) {
        if (skipDrafts) {
          continue;
        }
        logical = physicalScope.substring(prefix.length());
      } else if (logical == null && DraftNames.isAnyDraft(physicalScope)) {
        continue; // another branch's draft: its tables, ~edge, indexes and sequences are not this branch's
      } else if (logical == null && name >= 0 && copiedHere(physicalScope, MetadataTable.text(row, name))) {
        continue; // trunk's bookkeeping table, which this branch's own copy stands for
      }
      if (logical != null && name >= 0 && hidden(logical, MetadataTable.text(row, name), shadowed)) {
        continue;
      }
      if (draftOf != null && name >= 0 && String.valueOf(MetadataTable.text(row, name)).startsWith("sqlite_")) {
        continue; // a draft file's own catalog tables: the main database already lists its own
      }
      for (int i : nameColumns) {
        String text = row[i].text();
        if (text != null && text.startsWith(prefix)) {
          row[i] = Cell.of(text.substring(prefix.length()));
        }
      }
      String type = typeName >= 0 ? row[typeName].text() : null;
      if (type != null && !type.equals(logicalTypeName(type))) {
        row[typeName] = Cell.of(logicalTypeName(type));
      }
      table.rows.add(row);
    }
  }

  ResultSet result() {
    if (sorted && order != null) {
      table.rows.sort(comparator(table, order));
    }
    SQLWarning warning = null;
    for (String s : shadowed) {
      SQLWarning w = new SQLWarning(s, "01000");
      if (warning == null) {
        warning = w;
      } else {
        warning.setNextWarning(w);
      }
    }
    return new MetadataResultSet(table, warning);
  }

  /**
   * Whether a row of logical schema {@code schema} is trunk's table that this branch holds its own version of: a
   * bookkeeping table it copied, or a pipeline table it copied to change or dropped ({@code ~copy}).
   */
  private boolean copiedHere(String schema, String table) throws SQLException {
    if (schema == null && scope == MetadataScope.NONE) {
      schema = router.currentSchema(); // SQLite: rows of the main file, which stands for the current schema
    }
    if (schema == null || table == null || backend.isSystemSchema(schema) || branch.isDraft(schema)) {
      return false;
    }
    SchemaLayout s;
    try {
      s = branch.activate(router.internal(), schema);
    } catch (SQLException noDraftPossible) {
      return false; // a schema whose draft name would not fit: the branch can hold nothing of it
    }
    String key = backend.key(table, true);
    return s.ownTables.contains(key) || (branch.isBranchLocal(table) && s.draftTables.contains(key));
  }

  /**
   * Whether a draft row stays out: a hidden table of the draft (~edge, DataJoint's ~lineage and ~~jobs, and their
   * indexes: the draft's own, never listed as the logical schema's nor as shadowed by the pipeline's of the same
   * name), or a table the logical schema shadows (named in a warning).
   */
  private boolean hidden(String logical, String table, Set<String> shadowed) throws SQLException {
    if (table == null) {
      return false;
    }
    if (HiddenTables.isHidden(table)) {
      return true;
    }
    if (branch.isBranchLocal(table)) {
      return false; // the branch's own copy of a bookkeeping table stands for trunk's, unannounced
    }
    SchemaLayout s = branch.activate(router.internal(), logical);
    if (s.ownTables.contains(backend.key(table, true))) {
      return false; // the branch's own version of a pipeline table stands for trunk's
    }
    if (s.logicalTables.contains(backend.key(table, true))) {
      shadowed.add(shadowMessage(branch, s, table));
      return true;
    }
    return false;
  }

  /** The warning that names a draft table the logical schema shadows. */
  static String shadowMessage(ConnectionLayout branch, SchemaLayout s, String table) {
    return "On branch " + branch.branch + " the draft table " + s.draft + "." + table + " is shadowed by "
        + s.logical + "." + table + ", which the pipeline holds: names bind to the logical table, so only it is"
        + " listed.";
  }

  /**
   * A column's type as the logical schema names it: a type of this branch's draft, which pgjdbc names qualified
   * where it is off the path ({@code "br_a1_s"."mood"}), is {@code "s"."mood"}, as trunk's of that schema would be.
   */
  private String logicalTypeName(String type) {
    int at = type.startsWith("\"") ? 1 : 0;
    return type.startsWith(prefix, at) && type.indexOf('.', at) > at + prefix.length()
        ? type.substring(0, at) + type.substring(at + prefix.length()) : type;
  }

  /** Columns naming a schema or catalog: every one is translated (ShardingSphere forgot some). */
  private static List<Integer> nameColumns(MetadataTable t) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < t.columns.count(); i++) {
      String label = t.columns.label(i);
      if (label.endsWith("_CAT") || label.endsWith("_SCHEM") || label.endsWith("_CATALOG")
          || label.endsWith("_SCHEMA") || label.equals("INDEX_QUALIFIER")) {
        out.add(i);
      }
    }
    return out;
  }

  /** The order JDBC specifies for a method's rows: by the named columns, nulls first, numbers as numbers. */
  private static Comparator<Cell[]> comparator(MetadataTable t, String[] order) {
    List<Integer> keys = new ArrayList<>();
    for (String label : order) {
      int i = t.index(label);
      if (i >= 0) {
        keys.add(i);
      }
    }
    return (a, b) -> {
      for (int i : keys) {
        int c = compare(a[i], b[i]);
        if (c != 0) {
          return c;
        }
      }
      return 0;
    };
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Cell a, Cell b) {
    if (a.value() == null || b.value() == null) {
      return a.value() == null ? (b.value() == null ? 0 : -1) : 1;
    }
    if (a.value() instanceof Number x && b.value() instanceof Number y) {
      return Double.compare(x.doubleValue(), y.doubleValue());
    }
    if (a.value() instanceof Comparable x && a.value().getClass() == b.value().getClass()) {
      return x.compareTo(b.value());
    }
    return a.text().compareTo(b.text());
  }
}

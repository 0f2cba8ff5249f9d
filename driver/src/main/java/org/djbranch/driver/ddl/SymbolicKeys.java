package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.rewriter.DeclaredIndex;
import org.djbranch.rewriter.ForeignKey;

/**
 * Foreign keys declared on a draft table, as the branch keeps them (Branch Resolution §4): {@code ~edge} rows with
 * their parents resolved to physical names (§4.3), and the indexes the stripped keys would have brought where the
 * database makes one for a key (§4.2).
 */
final class SymbolicKeys {
  private final DdlContext ddl;
  private final Backend backend;

  SymbolicKeys(DdlContext ddl) {
    this.ddl = ddl;
    this.backend = ddl.backend;
  }

  /** The ~edge rows of foreign keys declared on table {@code r}, parents resolved to physical names. */
  List<Edges.Edge> edgesOf(List<ForeignKey> fks, Resolved r) throws SQLException {
    List<Edges.Edge> rows = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (ForeignKey fk : fks) {
      Resolved parent = ddl.binder.resolve(fk.parent());
      String parentName;
      List<String> parentColumns = fk.parentColumns();
      if (parent == null) {
        parentName = fk.parent().schema() == null
            ? backend.quote(ddl.binder.stored(fk.parent().name(), fk.parent().quoted()))
            : backend.quote(ddl.binder.stored(fk.parent().schema(), fk.parent().schemaQuoted()),
                ddl.binder.stored(fk.parent().name(), fk.parent().quoted()));
      } else if (parent.binding() == Binding.LOGICAL) {
        parentName = parent.physical();
        if (parentColumns.isEmpty()) {
          parentColumns = backend.shape(ddl.internal, parent.schema().logical, parent.table()).primaryKey();
        }
      } else {
        // A draft parent, the table itself, or one not declared yet (SQLite and MySQL scripts may name a parent
        // before declaring it): on this branch it lives, or will live, in the draft.
        parentName = parent.draftPhysical();
        if (parentColumns.isEmpty() && parent.binding() == Binding.DRAFT) {
          parentColumns = backend.shape(ddl.internal, parent.schema().draft, parent.table()).primaryKey();
        }
      }
      List<String> columns = fk.columns();
      String name = fk.name() != null ? fk.name() : generatedName(r.table(), columns, names);
      names.add(name.toLowerCase(Locale.ROOT));
      for (int i = 0; i < columns.size(); i++) {
        rows.add(new Edges.Edge(name, r.draftPhysical(), parentName, columns.get(i),
            i < parentColumns.size() ? parentColumns.get(i) : columns.get(i), i + 1, rule(fk.onUpdate()),
            rule(fk.onDelete())));
      }
    }
    return rows;
  }

  /**
   * PostgreSQL's own pattern, {@code <table>_<columns>_fkey}, made unique within the statement whatever the case
   * (some databases compare constraint names without it).
   */
  static String generatedName(String table, List<String> columns, Set<String> taken) {
    String base = table + "_" + String.join("_", columns) + "_fkey";
    String name = base;
    for (int i = 1; taken.contains(name.toLowerCase(Locale.ROOT)); i++) {
      name = base + i;
    }
    return name;
  }

  /** A referential action as written, or NO ACTION where none is. */
  static String rule(String written) {
    return written == null ? "NO ACTION" : written.toUpperCase(Locale.ROOT);
  }

  /**
   * Where a foreign key implies an index (MySQL, Branch Resolution §4.2), the indexes the stripped keys would have
   * brought, as table elements. One per key whose columns no index already leads with, in order: not the primary
   * key, not one {@code declared} beside the keys (or that the table has), not another key's with more columns or,
   * declared before it, the same ones. Each named as the database names it, unique among the table's index names
   * and within the identifier limit.
   */
  List<String> impliedIndexes(List<String> primaryKey, List<DeclaredIndex> declared, List<ForeignKey> fks) {
    if (!backend.foreignKeyImpliesIndex() || fks.isEmpty()) {
      return List.of();
    }
    List<List<String>> leading = new ArrayList<>();
    if (!primaryKey.isEmpty()) {
      leading.add(columnKeys(primaryKey));
    }
    Set<String> taken = new HashSet<>();
    for (DeclaredIndex index : declared) {
      if (index.columns().isEmpty()) {
        continue;
      }
      leading.add(columnKeys(index.columns()));
      // an unnamed index is named by the database as an unnamed key's index is: after its first column
      taken.add(Backend.lower(index.name() != null ? index.name()
          : backend.impliedIndexName(null, null, index.columns(), taken)));
    }
    List<String> elements = new ArrayList<>();
    for (int i = 0; i < fks.size(); i++) {
      ForeignKey fk = fks.get(i);
      List<String> columns = columnKeys(fk.columns());
      boolean supported = leading.stream().anyMatch(index -> leadsWith(index, columns));
      for (int j = 0; j < fks.size() && !supported; j++) {
        List<String> other = columnKeys(fks.get(j).columns());
        supported = j != i && leadsWith(other, columns) && (other.size() > columns.size() || j < i);
      }
      if (!supported) {
        String name = backend.impliedIndexName(fk.name(), fk.indexName(), fk.columns(), taken);
        taken.add(Backend.lower(name));
        elements.add(backend.impliedIndexElement(name, fk.columns()));
      }
    }
    return elements;
  }

  private List<String> columnKeys(List<String> columns) {
    return columns.stream().map(backend::columnKey).toList();
  }

  private static boolean leadsWith(List<String> index, List<String> columns) {
    return index.size() >= columns.size() && index.subList(0, columns.size()).equals(columns);
  }
}

package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.rewriter.AlterTableActions;
import org.djbranch.rewriter.ForeignKey;
import org.djbranch.rewriter.IndexDeclaration;
import org.djbranch.rewriter.TypeNames;

/**
 * Declarations on a pipeline table that agree with what the table already is (DESIGN "Agreeing declarations"):
 * schema.sql scripts and ORMs re-declare an index, a column's type, a column or a foreign key at every start. Each
 * method answers the text of the warning that says what the declaration bound to, or null when it does not agree and
 * so stays refused. Reads the live table; changes nothing.
 */
final class Agreements {
  private final java.sql.Connection internal;
  private final Backend backend;
  private final String branch;

  Agreements(java.sql.Connection internal, Backend backend, String branch) {
    this.internal = internal;
    this.backend = backend;
    this.branch = branch;
  }

  /** CREATE INDEX agrees where an index with the same columns, order, directions and uniqueness exists. */
  String index(String schema, String table, IndexDeclaration d) throws SQLException {
    if (!d.plain()) {
      return null;
    }
    for (Backend.LiveIndex live : backend.indexes(internal, schema, table)) {
      if (live.unique() == d.unique() && sameColumns(live, d.columns())) {
        return "CREATE INDEX " + (d.name() == null ? "" : d.name() + " ") + "ON " + schema + "." + table + " "
            + d + " bound to the pipeline's index " + live.name() + ", which has the same columns, order and"
            + " uniqueness: nothing was created on branch " + branch + ".";
      }
    }
    return null;
  }

  private boolean sameColumns(Backend.LiveIndex live, List<IndexDeclaration.Column> declared) {
    if (live.columns().size() != declared.size()) {
      return false;
    }
    for (int i = 0; i < declared.size(); i++) {
      IndexDeclaration.Column c = declared.get(i);
      if (!sameColumn(live.columns().get(i), c.name(), c.quoted()) || live.descending().get(i) != c.descending()) {
        return false;
      }
    }
    return true;
  }

  /** ALTER TABLE agrees when each of its actions does: a column's own type, an existing column, an existing key. */
  String alter(String schema, String table, AlterTableActions a, ForeignKeyCheck keys) throws SQLException {
    if (a == null || a.actions().isEmpty()) {
      return null;
    }
    List<String> bound = new ArrayList<>();
    int fk = 0;
    for (AlterTableActions.Action action : a.actions()) {
      switch (action.kind()) {
        case SET_TYPE:
        case ADD_COLUMN_IF_NOT_EXISTS: {
          Backend.LiveColumn live = backend.column(internal, schema, table, stored(action.column(), action.quoted()));
          if (live == null || !TypeNames.canonical(live.type(), backend.dialect())
              .equals(TypeNames.canonical(action.type(), backend.dialect()))
              || action.resetsAttributes() && (!live.nullable() || live.hasDefault())) {
            return null;
          }
          bound.add("column " + live.name() + " " + live.type());
          break;
        }
        case ADD_FOREIGN_KEY: {
          String name = keys.existing(a.foreignKeys().get(fk++));
          if (name == null) {
            return null;
          }
          bound.add("foreign key " + name);
          break;
        }
        default:
          return null;
      }
    }
    return "ALTER TABLE " + schema + "." + table + " bound to what the pipeline's table already has ("
        + String.join(", ", bound) + "): nothing was changed on branch " + branch + ".";
  }

  /** The name of the pipeline's foreign key identical to a declared one, or null. */
  interface ForeignKeyCheck {
    String existing(ForeignKey declared) throws SQLException;
  }

  private boolean sameColumn(String live, String declared, boolean quoted) {
    return backend.columnKey(live).equals(backend.columnKey(stored(declared, quoted)));
  }

  private String stored(String name, boolean quoted) {
    return quoted ? name : backend.dialect().fold(name);
  }
}

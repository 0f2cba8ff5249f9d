package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.StatementKind;
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
  private final Binder binder;

  Agreements(DdlContext ddl) {
    this.internal = ddl.internal;
    this.backend = ddl.backend;
    this.branch = ddl.branch;
    this.binder = ddl.binder;
  }

  /**
   * Where CREATE INDEX or ALTER TABLE names a pipeline table and declares only what the table already has, the text
   * of the warning that says what it bound to; else null, and the statement is refused or declared as usual.
   */
  String of(String sql, Analysis a) throws SQLException {
    Resolved r = a.target() == null ? null : binder.resolve(a.target());
    if (r == null || r.binding() != Binding.LOGICAL) {
      return null;
    }
    if (a.kind() == StatementKind.CREATE_INDEX) {
      IndexDeclaration d = IndexDeclaration.read(sql, backend.dialect());
      return d == null ? null : index(r.schema().logical, r.table(), d);
    }
    if (a.kind() == StatementKind.ALTER_TABLE) {
      return alter(r.schema().logical, r.table(), AlterTableActions.read(sql, backend.dialect()),
          fk -> existingForeignKey(r, fk));
    }
    return null;
  }

  /** The name of {@code r}'s pipeline foreign key that is the declared one: name, columns, parent, actions. */
  private String existingForeignKey(Resolved r, ForeignKey fk) throws SQLException {
    Resolved parent = binder.resolve(fk.parent());
    if (parent == null || parent.binding() != Binding.LOGICAL) {
      return null;
    }
    List<String> columns = fk.columns();
    List<String> parentColumns = fk.parentColumns().isEmpty()
        ? backend.shape(internal, parent.schema().logical, parent.table()).primaryKey() : fk.parentColumns();
    for (Backend.LiveForeignKey live : backend.foreignKeys(internal, r.schema().logical, r.table())) {
      if ((fk.name() == null || backend.constraintKey(fk.name()).equals(backend.constraintKey(live.name())))
          && backend.key(parent.schema().logical, true).equals(backend.key(live.parentSchema(), true))
          && parent.key().equals(backend.key(live.parentTable(), true))
          && sameNames(columns, live.columns()) && sameNames(parentColumns, live.parentColumns())
          && sameRule(fk.onUpdate(), live.updateRule()) && sameRule(fk.onDelete(), live.deleteRule())) {
        return live.name();
      }
    }
    return null;
  }

  private boolean sameNames(List<String> declared, List<String> live) {
    if (declared.size() != live.size()) {
      return false;
    }
    for (int i = 0; i < declared.size(); i++) {
      if (!backend.columnKey(declared.get(i)).equals(backend.columnKey(live.get(i)))) {
        return false;
      }
    }
    return true;
  }

  /** NO ACTION and RESTRICT refuse alike where no deferral is declared (MySQL reports the one for the other). */
  private static boolean sameRule(String declared, int live) {
    String rule = SymbolicKeys.rule(declared);
    switch (live) {
      case java.sql.DatabaseMetaData.importedKeyCascade:
        return rule.equals("CASCADE");
      case java.sql.DatabaseMetaData.importedKeySetNull:
        return rule.equals("SET NULL");
      case java.sql.DatabaseMetaData.importedKeySetDefault:
        return rule.equals("SET DEFAULT");
      default:
        return rule.equals("NO ACTION") || rule.equals("RESTRICT");
    }
  }

  /** CREATE INDEX agrees where an index with the same columns, order, directions and uniqueness exists. */
  private String index(String schema, String table, IndexDeclaration d) throws SQLException {
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
  private String alter(String schema, String table, AlterTableActions a, ForeignKeyCheck keys) throws SQLException {
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

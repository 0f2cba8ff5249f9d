package org.djbranch.driver.backend;

import java.util.ArrayList;
import java.util.List;

/**
 * A real foreign key to declare (when the {@code djbranch} command promotes or verifies a branch): columns of the
 * child, the parent's physical place and columns, the actions.
 */
public record ForeignKeyDeclaration(String name, List<String> columns, String parentSchema, String parentTable,
    List<String> parentColumns, String updateRule, String deleteRule) {

  /**
   * {@code CONSTRAINT n FOREIGN KEY (a) REFERENCES s.p (x) ON UPDATE ... ON DELETE ...}; SQLite names the parent
   * unqualified. The actions are written out even when they are NO ACTION: MySQL reads an unwritten one as RESTRICT,
   * and the declared key must say what the symbolic one said.
   */
  public String clause(Backend b, boolean qualifiedParent) {
    StringBuilder s = new StringBuilder("CONSTRAINT ").append(b.quote(name)).append(" FOREIGN KEY (")
        .append(list(b, columns)).append(") REFERENCES ")
        .append(qualifiedParent ? b.quote(parentSchema, parentTable) : b.quote(parentTable))
        .append(" (").append(list(b, parentColumns)).append(")");
    if (updateRule != null) {
      s.append(" ON UPDATE ").append(updateRule);
    }
    if (deleteRule != null) {
      s.append(" ON DELETE ").append(deleteRule);
    }
    return s.toString();
  }

  private static String list(Backend b, List<String> names) {
    List<String> q = new ArrayList<>();
    for (String n : names) {
      q.add(b.quote(n));
    }
    return String.join(", ", q);
  }
}

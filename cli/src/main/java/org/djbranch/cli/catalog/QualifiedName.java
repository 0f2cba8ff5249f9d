package org.djbranch.cli.catalog;

import java.sql.SQLException;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.rewriter.QualifiedNames;

/** A physical table name, {@code schema.table}, as {@code ~edge} stores it: each part quoted the backend's way. */
public record QualifiedName(String schema, String table) {

  /** Reads {@code "s"."t"} or {@code `s`.`t`} (doubled quote characters inside), or unquoted parts. */
  public static QualifiedName parse(String text, Backend b) throws SQLException {
    List<String> parts = QualifiedNames.split(text, b.dialect());
    if (parts.size() != 2) {
      throw new SQLException("The ~edge table name " + text + " is not of the form schema.table.", "22023");
    }
    return new QualifiedName(parts.get(0), parts.get(1));
  }

  @Override
  public String toString() {
    return schema + "." + table;
  }
}

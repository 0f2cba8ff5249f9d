package org.djbranch.cli.catalog;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** A physical table name, {@code schema.table}, as {@code ~edge} stores it: each part quoted the backend's way. */
public record QualifiedName(String schema, String table) {

  /** Reads {@code "s"."t"} or {@code `s`.`t`} (doubled quote characters inside), or unquoted parts. */
  public static QualifiedName parse(String text) throws SQLException {
    List<String> parts = new ArrayList<>();
    int i = 0;
    int n = text.length();
    while (i < n) {
      char c = text.charAt(i);
      StringBuilder part = new StringBuilder();
      if (c == '"' || c == '`') {
        int j = i + 1;
        while (j < n) {
          char d = text.charAt(j);
          if (d == c) {
            if (j + 1 < n && text.charAt(j + 1) == c) {
              part.append(c);
              j += 2;
              continue;
            }
            break;
          }
          part.append(d);
          j++;
        }
        i = j + 1;
      } else {
        int j = text.indexOf('.', i);
        j = j < 0 ? n : j;
        part.append(text, i, j);
        i = j;
      }
      parts.add(part.toString());
      if (i < n && text.charAt(i) == '.') {
        i++;
      }
    }
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

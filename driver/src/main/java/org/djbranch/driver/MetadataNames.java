package org.djbranch.driver;

import java.util.ArrayList;
import java.util.List;

/** Reads the quoted full names ~edge records ({@code "s"."t"}, {@code `s`.`t`}) back into their parts. */
final class MetadataNames {
  private MetadataNames() {}

  /** {@code [schema, table]}; the schema is null for a name with one part. */
  static String[] split(String quoted) {
    List<String> parts = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    char open = 0;
    for (int i = 0; i < quoted.length(); i++) {
      char c = quoted.charAt(i);
      if (open != 0) {
        if (c == close(open)) {
          if (i + 1 < quoted.length() && quoted.charAt(i + 1) == c) {
            part.append(c); // a doubled quote stands for itself
            i++;
          } else {
            open = 0;
          }
        } else {
          part.append(c);
        }
      } else if (c == '"' || c == '`' || c == '[') {
        open = c;
      } else if (c == '.') {
        parts.add(part.toString());
        part.setLength(0);
      } else {
        part.append(c);
      }
    }
    parts.add(part.toString());
    return parts.size() == 1 ? new String[] {null, parts.get(0)}
        : new String[] {parts.get(parts.size() - 2), parts.get(parts.size() - 1)};
  }

  private static char close(char open) {
    return open == '[' ? ']' : open;
  }
}

package org.djbranch.cli;

import org.djbranch.lake.Changes;
import org.djbranch.lake.util.Json;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Prints what {@code lake status} and {@code lake diff} found: a table, or with {@code --json} the JSON of {@link Changes}. */
final class LakeChangesPrinter {
  private LakeChangesPrinter() {
  }

  static void print(PrintWriter out, Changes changes, boolean json, String nothing) {
    if (json) {
      out.print(new String(Json.bytes(changes), StandardCharsets.UTF_8));
      out.flush();
      return;
    }
    if (changes.none()) {
      out.println(nothing);
      out.flush();
      return;
    }
    TextTable table = new TextTable("kind", "name", "change", "rows added", "rows removed");
    for (Changes.Change c : changes.changes()) {
      table.row(c.kind(), c.name(), c.change(), c.rowsAdded() == null ? "" : "+" + c.rowsAdded(),
          c.rowsRemoved() == null ? "" : "-" + c.rowsRemoved());
    }
    table.print(out, "");
  }
}

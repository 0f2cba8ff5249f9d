package org.djbranch.driver.backend;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a session looks for an unqualified table name: its schemas in search order, each named as the database
 * stores it. An <em>implicit</em> entry is searched without being written in the path (PostgreSQL's
 * {@code pg_catalog} before it, DuckDB's default {@code main} after it) and is never where an unqualified new table
 * is created; the first explicit entry that exists is.
 */
public record SearchPath(List<Entry> entries) {
  public static final SearchPath EMPTY = new SearchPath(List.of());

  public SearchPath {
    entries = List.copyOf(entries);
  }

  /** One schema of the path. */
  public record Entry(String schema, boolean implicit) {}

  /** A path of explicit entries only. */
  public static SearchPath of(List<String> schemas) {
    List<Entry> entries = new ArrayList<>();
    for (String s : schemas) {
      entries.add(new Entry(s, false));
    }
    return new SearchPath(entries);
  }

  /** The explicit entries, in order: what {@code SET search_path} would write. */
  public List<String> explicit() {
    List<String> out = new ArrayList<>();
    for (Entry e : entries) {
      if (!e.implicit()) {
        out.add(e.schema());
      }
    }
    return out;
  }
}

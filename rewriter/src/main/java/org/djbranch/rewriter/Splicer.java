package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Splices replacements into the original text, so everything the edits do not cover survives byte for byte. */
public final class Splicer {
  private Splicer() {
  }

  /** Applies non-overlapping edits (any order) to the text. */
  public static String apply(String sql, List<Edit> edits) {
    if (edits.isEmpty()) return sql;
    List<Edit> ordered = new ArrayList<>(edits);
    ordered.sort(Comparator.comparingInt(Edit::start).thenComparingInt(Edit::end));
    StringBuilder out = new StringBuilder(sql.length() + 32 * ordered.size());
    int kept = 0;
    for (Edit edit : ordered) {
      if (edit.start() < kept) throw new IllegalArgumentException("edits overlap at offset " + edit.start());
      if (edit.end() > sql.length()) throw new IllegalArgumentException("edit ends at " + edit.end() + " beyond the statement's length " + sql.length());
      out.append(sql, kept, edit.start()).append(edit.replacement());
      kept = edit.end();
    }
    return out.append(sql, kept, sql.length()).toString();
  }
}

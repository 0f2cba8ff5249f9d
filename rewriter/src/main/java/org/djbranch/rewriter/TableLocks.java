package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Statements that lock whole tables until their transaction (or session) ends, read from tokens: PostgreSQL's
 * {@code LOCK [TABLE] [ONLY] a [*], b [IN mode MODE] [NOWAIT]} and MySQL's {@code LOCK TABLE[S] a [[AS] x] READ
 * [LOCAL] | [LOW_PRIORITY] WRITE, ...}. Any such lock, shared or not, blocks some writer of the table: each table
 * named is taken as written, so a branch locks its own copy of a pipeline table, made first, and never trunk's.
 */
final class TableLocks {
  /** Words between LOCK and the first table. */
  private static final Set<String> LEADING = Set.of("TABLE", "TABLES", "ONLY");

  private TableLocks() {
  }

  /** The analysis of a LOCK statement, its tables written; null for any other statement or a form not read here. */
  static Analysis analyze(Tokens t) {
    if (!t.isWord(0, "LOCK")) {
      return null;
    }
    int k = 1;
    while (t.kind(k) == TokenKind.WORD && LEADING.contains(t.text(k).toUpperCase(java.util.Locale.ROOT))
        && NameChains.isName(t, k + 1)) {
      k++;
    }
    List<TableRef> refs = new ArrayList<>();
    while (NameChains.isName(t, k)) {
      int end = NameChains.chainEnd(t, k);
      refs.add(NameChains.ref(t, k, end, TableRef.Role.WRITE));
      k = end + 1;
      while (k < t.size() && !t.isPunct(k, ',')) {
        k++; // *, an alias, READ / WRITE, IN ... MODE, NOWAIT: what kind of lock, not which table
      }
      if (!t.isPunct(k, ',')) {
        break;
      }
      k++;
      if (t.isWord(k, "ONLY")) {
        k++;
      }
    }
    return refs.isEmpty() ? null : new Analysis(StatementKind.SELECT, refs, null, null, List.of(), null, null, true);
  }
}

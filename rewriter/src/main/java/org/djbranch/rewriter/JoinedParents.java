package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * The tables a PostgreSQL declaration joins the new or altered table to: {@code CREATE TABLE c ... INHERITS (p)},
 * {@code CREATE TABLE c PARTITION OF p ...} and {@code ALTER TABLE c INHERIT p}. The child's rows then show in the
 * parent's scans and the catalog records the link on the parent's side, so a child a branch declares must not join
 * a table the pipeline holds. ({@code LIKE p} copies a structure and joins nothing; {@code ATTACH PARTITION} names
 * the child, its target being the parent.)
 */
public final class JoinedParents {
  private JoinedParents() {
  }

  /** The parents {@code sql} joins its table to, as written; none for another dialect or statement. */
  public static List<TableRef> of(String sql, Dialect dialect) {
    if (dialect != Dialect.POSTGRESQL) {
      return List.of();
    }
    Tokens t = Lexer.tokenize(sql, dialect);
    if (t.isWord(0, "CREATE")) {
      return DdlFallback.joinedParents(t);
    }
    List<TableRef> out = new ArrayList<>();
    if (t.isWord(0, "ALTER")) {
      for (int k = 1; k < t.size(); k++) {
        if (t.isWord(k, "INHERIT") && !t.isWord(k - 1, "NO")) {
          TableRef ref = NameChains.refAt(t, k + 1, TableRef.Role.READ);
          if (ref != null) {
            out.add(ref);
          }
        }
      }
    }
    return out;
  }
}

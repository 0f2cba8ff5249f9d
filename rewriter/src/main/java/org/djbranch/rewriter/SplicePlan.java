package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * Edits recorded against token positions, so one plan serves every statement of the same shape: a repeated
 * query with other literals or other spacing reuses the plan without being parsed again.
 */
public final class SplicePlan {
  public static final SplicePlan UNCHANGED = new SplicePlan(-1, new int[0], new int[0], new String[0]);

  private final int tokenCount;
  private final int[] firstTokens;    // token where the edit starts (tokenCount: at the end of the text)
  private final int[] lastTokens;     // last token the edit covers, inclusive; first - 1 for an insertion
  private final String[] replacements;

  private SplicePlan(int tokenCount, int[] firstTokens, int[] lastTokens, String[] replacements) {
    this.tokenCount = tokenCount;
    this.firstTokens = firstTokens;
    this.lastTokens = lastTokens;
    this.replacements = replacements;
  }

  /** Records the edits against the tokens; every edit must start and end on token boundaries. */
  public static SplicePlan of(Tokens tokens, List<Edit> edits) {
    if (edits.isEmpty()) return UNCHANGED;
    List<Edit> ordered = new ArrayList<>(edits);
    ordered.sort((a, b) -> a.start() != b.start() ? Integer.compare(a.start(), b.start()) : Integer.compare(a.end(), b.end()));
    int[] first = new int[ordered.size()];
    int[] last = new int[ordered.size()];
    String[] text = new String[ordered.size()];
    for (int k = 0; k < ordered.size(); k++) {
      Edit edit = ordered.get(k);
      int f = edit.start() == tokens.sql().length() ? tokens.size() : tokens.indexAt(edit.start());
      if (f < 0) throw new IllegalArgumentException("edit does not start on a token boundary: offset " + edit.start());
      int l;
      if (edit.end() == edit.start()) {
        l = f - 1;
      } else {
        l = tokens.indexEndingAt(edit.end());
        if (l < f) throw new IllegalArgumentException("edit does not end on a token boundary: offset " + edit.end());
      }
      first[k] = f;
      last[k] = l;
      text[k] = edit.replacement();
    }
    return new SplicePlan(tokens.size(), first, last, text);
  }

  /**
   * Applies the plan to a statement of the same shape as the one it was made from. The text is assembled once, in
   * the tokens' scratch array when they were read into a buffer, and becomes a string of exactly its length: the
   * string is the only allocation. A statement read on from the start of the last one this plan spliced through
   * the same buffer, up to past the last edit, keeps what the array holds of that start and copies in the rest.
   */
  public String apply(String sql, Tokens tokensOfSql) {
    if (tokenCount < 0) return sql;   // UNCHANGED, the one plan without edits
    if (tokensOfSql.size() != tokenCount) {
      throw new IllegalArgumentException("the statement has " + tokensOfSql.size() + " tokens but the plan was made for " + tokenCount);
    }
    final int n = sql.length();
    final int spliced = tokensOfSql.splicedLength(this);
    if (spliced >= 0) {
      int cut = tokensOfSql.splicedCut();
      int length = spliced + n - cut;
      char[] out = tokensOfSql.scratchKept(length);
      sql.getChars(cut, n, out, spliced);
      return new String(out, 0, length);
    }
    final int edits = replacements.length;
    int length = n;
    for (int k = 0; k < edits; k++) {
      length += replacements[k].length() - (end(k, tokensOfSql, n) - start(k, tokensOfSql, n));
    }
    char[] out = tokensOfSql.scratch(length);
    int kept = 0;
    int at = 0;
    for (int k = 0; k < edits; k++) {
      int start = start(k, tokensOfSql, n);
      sql.getChars(kept, start, out, at);
      at += start - kept;
      String replacement = replacements[k];
      replacement.getChars(0, replacement.length(), out, at);
      at += replacement.length();
      kept = end(k, tokensOfSql, n);
    }
    tokensOfSql.splicedInto(this, lastTokens[edits - 1], kept, at);
    sql.getChars(kept, n, out, at);
    return new String(out, 0, length);
  }

  private int start(int k, Tokens tokens, int n) {
    return firstTokens[k] == tokenCount ? n : tokens.start(firstTokens[k]);
  }

  private int end(int k, Tokens tokens, int n) {
    return lastTokens[k] < firstTokens[k] ? start(k, tokens, n) : tokens.end(lastTokens[k]);
  }

  public boolean isUnchanged() {
    return replacements.length == 0;
  }

  public int editCount() {
    return replacements.length;
  }
}

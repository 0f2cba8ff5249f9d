package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * Edits recorded against token positions, so one plan serves every statement of the same shape: a repeated
 * query with other literals or other spacing reuses the plan without being parsed again. Besides fixed replacements,
 * a plan may insert labels after select items ({@link SelectLabels}): their text is read from each statement, since
 * it holds the item's literals and spacing.
 */
public final class SplicePlan {
  public static final SplicePlan UNCHANGED = new SplicePlan(-1, new int[0], new int[0], new String[0], null, null);

  private final int tokenCount;
  private final int[] firstTokens;    // token where the edit starts (tokenCount: at the end of the text)
  private final int[] lastTokens;     // last token the edit covers, inclusive; first - 1 for an insertion
  private final String[] replacements;  // null for a label
  /** Per edit, the first token of the select item a label is inserted after (its last is lastTokens), else -1; null: no labels. */
  private final int[] labelFirsts;
  private final Dialect dialect;      // how labels are read and quoted; null without labels

  private SplicePlan(int tokenCount, int[] firstTokens, int[] lastTokens, String[] replacements, int[] labelFirsts,
      Dialect dialect) {
    this.tokenCount = tokenCount;
    this.firstTokens = firstTokens;
    this.lastTokens = lastTokens;
    this.replacements = replacements;
    this.labelFirsts = labelFirsts;
    this.dialect = dialect;
  }

  /** Records the edits against the tokens; every edit must start and end on token boundaries. */
  public static SplicePlan of(Tokens tokens, List<Edit> edits) {
    return of(tokens, edits, new int[0], null);
  }

  /**
   * Records the edits (spliced names) against the tokens, and after every select item of {@code analysis} that holds
   * one and is labelled by its text in {@code dialect}, an alias keeping that label.
   */
  public static SplicePlan of(Tokens tokens, List<Edit> edits, Analysis analysis, Dialect dialect) {
    return of(tokens, edits, SelectLabels.itemsToAlias(tokens, analysis, edits, dialect), dialect);
  }

  /** One edit, by characters: a caller's replacement, or (edit null) a label after the item's tokens first..last. */
  private record Entry(int start, int end, Edit edit, int itemFirst, int itemLast) {
  }

  private static SplicePlan of(Tokens tokens, List<Edit> edits, int[] labelItems, Dialect dialect) {
    if (edits.isEmpty() && labelItems.length == 0) return UNCHANGED;
    List<Entry> ordered = new ArrayList<>();
    for (Edit edit : edits) {
      ordered.add(new Entry(edit.start(), edit.end(), edit, -1, -1));
    }
    for (int k = 0; k < labelItems.length; k += 2) {
      int at = tokens.end(labelItems[k + 1]);
      ordered.add(new Entry(at, at, null, labelItems[k], labelItems[k + 1]));
    }
    // By place; at one place a replacement ending there first, then labels, the inner item's (starting later) first.
    ordered.sort((a, b) -> a.start() != b.start() ? Integer.compare(a.start(), b.start())
        : a.end() != b.end() ? Integer.compare(a.end(), b.end())
        : Integer.compare(b.itemFirst(), a.itemFirst()));
    int[] first = new int[ordered.size()];
    int[] last = new int[ordered.size()];
    String[] text = new String[ordered.size()];
    int[] labelFirsts = labelItems.length == 0 ? null : new int[ordered.size()];
    for (int k = 0; k < ordered.size(); k++) {
      Entry entry = ordered.get(k);
      if (entry.edit() == null) {
        first[k] = entry.itemLast() + 1;
        last[k] = entry.itemLast();
        labelFirsts[k] = entry.itemFirst();
        continue;
      }
      if (labelFirsts != null) labelFirsts[k] = -1;
      Edit edit = entry.edit();
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
    return new SplicePlan(tokens.size(), first, last, text, labelFirsts, labelFirsts == null ? null : dialect);
  }

  /**
   * Applies the plan to a statement of the same shape as the one it was made from. The text is assembled once, in
   * the tokens' scratch array when they were read into a buffer, and becomes a string of exactly its length: the
   * string is the only allocation (a plan with labels also makes each label's text). A statement read on from the start of the last one this plan spliced through
   * the same buffer, up to past the last edit, keeps what the array holds of that start and copies in the rest.
   */
  public String apply(String sql, Tokens tokensOfSql) {
    return apply(sql, tokensOfSql, null);
  }

  /** As {@link #apply(String, Tokens)}, asking {@code rendered} for the labels a database prints ({@link RenderedLabels}). */
  public String apply(String sql, Tokens tokensOfSql, RenderedLabels rendered) {
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
    String[] replacements = this.replacements;
    if (labelFirsts != null) {
      replacements = replacements.clone();
      for (int k = 0; k < edits; k++) {
        if (labelFirsts[k] >= 0) replacements[k] = SelectLabels.alias(sql, tokensOfSql, labelFirsts[k], lastTokens[k], dialect,
            rendered);
      }
    }
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
    if (labelFirsts != null && labelFirsts[k] >= 0) return tokens.end(lastTokens[k]);   // right after the item
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

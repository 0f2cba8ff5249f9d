package org.djbranch.rewriter;

/** Replace the characters [start, end) of a statement with the replacement text. */
public record Edit(int start, int end, String replacement) {
  public Edit {
    if (start < 0 || end < start) throw new IllegalArgumentException("edit span must be ordered and non-negative but was: " + start + ".." + end);
    if (replacement == null) throw new IllegalArgumentException("edit replacement must not be null");
  }
}

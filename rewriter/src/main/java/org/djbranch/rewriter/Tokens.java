package org.djbranch.rewriter;

import java.util.Arrays;

/**
 * Token list of one statement: spans into the text and kinds, plus its shape. Immutable, except that tokens read
 * into a reused {@link Buffer} last only until the buffer is used again.
 */
public final class Tokens {
  private final String sql;
  private final int[] starts;
  private final int[] ends;
  private final TokenKind[] kinds;
  private final int size;
  private String shape;               // computed once, on first use; a benign race recomputes the same value

  private Tokens(String sql, int[] starts, int[] ends, TokenKind[] kinds, int size) {
    this.sql = sql;
    this.starts = starts;
    this.ends = ends;
    this.kinds = kinds;
    this.size = size;
  }

  public int size() {
    return size;
  }

  public int start(int i) {
    return starts[i];
  }

  public int end(int i) {
    return ends[i];
  }

  public TokenKind kind(int i) {
    return kinds[i];
  }

  /** The text of token i (allocates; for the slow path). */
  public String text(int i) {
    return sql.substring(starts[i], ends[i]);
  }

  String sql() {
    return sql;
  }

  /** True when token i is a word equal to the keyword, ignoring case. */
  boolean isWord(int i, String keyword) {
    return i >= 0 && i < size && kinds[i] == TokenKind.WORD && ends[i] - starts[i] == keyword.length()
        && sql.regionMatches(true, starts[i], keyword, 0, keyword.length());
  }

  boolean isPunct(int i, char c) {
    return i >= 0 && i < size && kinds[i] == TokenKind.PUNCT && sql.charAt(starts[i]) == c;
  }

  /** The identifier of token i with its quotes removed and doubled quotes undone. */
  String identifier(int i) {
    if (kinds[i] != TokenKind.QUOTED_IDENTIFIER) return text(i);
    char open = sql.charAt(starts[i]);
    char close = open == '[' ? ']' : open;
    int contentEnd = ends[i] - 1 >= starts[i] + 1 && sql.charAt(ends[i] - 1) == close ? ends[i] - 1 : ends[i];
    String content = sql.substring(starts[i] + 1, contentEnd);
    return close == ']' ? content : content.replace("" + close + close, "" + close);
  }

  /**
   * The statement's shape: token texts joined by one space, every literal (string, number) replaced by '?'.
   * Two statements differing only in literal values or spacing have equal shapes.
   */
  public String shape() {
    String s = shape;
    if (s == null) {
      StringBuilder out = new StringBuilder(sql.length());
      for (int i = 0; i < size; i++) {
        if (i > 0) out.append(' ');
        if (kinds[i].isLiteral()) out.append('?');
        else out.append(sql, starts[i], ends[i]);
      }
      shape = s = out.toString();
    }
    return s;
  }

  /**
   * Whether the two statements have the same {@link #shape()}: the same tokens but for the values of literals.
   * Compares in place, without building either shape.
   */
  public boolean sameShape(Tokens other) {
    if (other == null || other.size != size) return false;
    for (int i = 0; i < size; i++) {
      if (kinds[i] != other.kinds[i]) return false;
      if (kinds[i].isLiteral()) continue;
      int length = ends[i] - starts[i];
      if (other.ends[i] - other.starts[i] != length
          || !sql.regionMatches(starts[i], other.sql, other.starts[i], length)) return false;
    }
    return true;
  }

  /** Index of the token starting at that offset, or -1. */
  public int indexAt(int charOffset) {
    int i = Arrays.binarySearch(starts, 0, size, charOffset);
    return i >= 0 ? i : -1;
  }

  /** Index of the token whose span contains the offset, or -1. */
  int indexContaining(int charOffset) {
    int i = Arrays.binarySearch(starts, 0, size, charOffset);
    if (i >= 0) return i;
    int before = -i - 2;
    return before >= 0 && charOffset < ends[before] ? before : -1;
  }

  /** Index of the token ending at that offset, or -1. */
  int indexEndingAt(int charOffset) {
    int i = indexContaining(charOffset - 1);
    return i >= 0 && ends[i] == charOffset ? i : -1;
  }

  @Override
  public String toString() {
    return shape();
  }

  /** An independent copy, for keeping tokens read into a {@link Buffer} past its next use. */
  public Tokens copy() {
    return new Tokens(sql, Arrays.copyOf(starts, size), Arrays.copyOf(ends, size), Arrays.copyOf(kinds, size), size);
  }

  /**
   * Arrays reused from one tokenization to the next, for a caller that tokenizes statement after statement on one
   * thread (a connection): the {@link Tokens} read into it are valid until it is used again.
   */
  public static final class Buffer {
    int[] starts = new int[32];
    int[] ends = new int[32];
    TokenKind[] kinds = new TokenKind[32];
  }

  static final class Builder {
    private final String sql;
    private final Buffer buffer;
    private int[] starts;
    private int[] ends;
    private TokenKind[] kinds;
    private int size;

    Builder(String sql, int capacity) {
      this.sql = sql;
      this.buffer = null;
      starts = new int[capacity];
      ends = new int[capacity];
      kinds = new TokenKind[capacity];
    }

    Builder(String sql, Buffer buffer) {
      this.sql = sql;
      this.buffer = buffer;
      starts = buffer.starts;
      ends = buffer.ends;
      kinds = buffer.kinds;
    }

    void add(int start, int end, TokenKind kind) {
      if (size == starts.length) {
        int grown = size * 2;
        starts = Arrays.copyOf(starts, grown);
        ends = Arrays.copyOf(ends, grown);
        kinds = Arrays.copyOf(kinds, grown);
      }
      starts[size] = start;
      ends[size] = end;
      kinds[size] = kind;
      size++;
    }

    Tokens build() {
      if (buffer != null) {
        // Grown arrays are kept for the next statement.
        buffer.starts = starts;
        buffer.ends = ends;
        buffer.kinds = kinds;
      }
      return new Tokens(sql, starts, ends, kinds, size);
    }
  }
}

package org.djbranch.rewriter;

import java.util.Arrays;

/**
 * Token list of one statement: spans into the text and kinds, plus its shape. Immutable, except that tokens read
 * into a reused {@link Buffer} last only until the buffer is used again.
 */
public final class Tokens {
  private static final TokenKind[] KINDS = TokenKind.values();

  // Not final: the one instance a Buffer owns is pointed at each statement the buffer reads.
  private String sql;
  private int[] starts;
  private int[] ends;
  private byte[] kinds;               // TokenKind ordinals
  private int size;
  private String shape;               // computed once, on first use; a benign race recomputes the same value
  /** The buffer these tokens were read into, or null for tokens of their own. */
  private final Buffer buffer;

  private Tokens(String sql, int[] starts, int[] ends, byte[] kinds, int size, Buffer buffer) {
    this.sql = sql;
    this.starts = starts;
    this.ends = ends;
    this.kinds = kinds;
    this.size = size;
    this.buffer = buffer;
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
    return KINDS[kinds[i]];
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
    return i >= 0 && i < size && kinds[i] == WORD && ends[i] - starts[i] == keyword.length()
        && sql.regionMatches(true, starts[i], keyword, 0, keyword.length());
  }

  /** True when token i is a bare {@code ?}, a positional parameter. */
  boolean isQuestionMark(int i) {
    return i >= 0 && i < size && kinds[i] == PARAMETER && ends[i] - starts[i] == 1;
  }

  boolean isPunct(int i, char c) {
    return i >= 0 && i < size && kinds[i] == PUNCT && sql.charAt(starts[i]) == c;
  }

  private static final byte WORD = (byte) TokenKind.WORD.ordinal();
  private static final byte PUNCT = (byte) TokenKind.PUNCT.ordinal();
  private static final byte PARAMETER = (byte) TokenKind.PARAMETER.ordinal();
  private static final byte STRING = (byte) TokenKind.STRING.ordinal();
  private static final byte NUMBER = (byte) TokenKind.NUMBER.ordinal();
  private static final byte QUOTED_IDENTIFIER = (byte) TokenKind.QUOTED_IDENTIFIER.ordinal();

  private static boolean isLiteral(byte kind) {
    return kind == STRING || kind == NUMBER;
  }

  /** The identifier of token i with its quotes removed and doubled quotes undone. */
  String identifier(int i) {
    if (kind(i) != TokenKind.QUOTED_IDENTIFIER) return text(i);
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
        if (isLiteral(kinds[i])) out.append('?');
        else out.append(sql, starts[i], ends[i]);
      }
      shape = s = out.toString();
    }
    return s;
  }

  /**
   * Whether the two statements have the same {@link #shape()}: the same tokens but for the values of literals.
   * Compares the arrays and texts in place, without building either shape.
   */
  public boolean sameShape(Tokens other) {
    if (other == null || other.size != size) return false;
    final byte[] k = kinds;
    final byte[] ok = other.kinds;
    final int[] s = starts;
    final int[] e = ends;
    final int[] os = other.starts;
    final int[] oe = other.ends;
    final String text = sql;
    final String otherText = other.sql;
    // Tokens a read-on kept from a statement that had the other's shape there need no second look.
    final Buffer b = buffer;
    final int same = b != null && b.comparedWith == other ? b.sameAsCompared : 0;
    for (int i = same; i < size; i++) {
      byte kind = k[i];
      if (kind != ok[i]) return false;
      if (isLiteral(kind)) continue;
      int length = e[i] - s[i];
      if (oe[i] - os[i] != length || !text.regionMatches(s[i], otherText, os[i], length)) return false;
    }
    if (b != null) {
      if (b.comparedWith != other) b.comparedWith = other;   // a reference stored only when it changes
      b.sameAsCompared = size;
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

  /**
   * Room for {@code length} characters to build a text in: the buffer's reused array when these tokens were read
   * into one (then it is valid until the buffer is used again), else a new array.
   */
  char[] scratch(int length) {
    if (buffer == null) return new char[length];
    char[] chars = buffer.chars;
    if (chars == null || chars.length < length) buffer.chars = chars = new char[Math.max(length, 128)];
    buffer.splicedBy = null;
    return chars;
  }

  /**
   * How long the start of the scratch array is that {@code plan} made of these tokens' text up to the end of its
   * last edit ({@link #splicedCut}), or -1: the plan spliced the last text spliced through this buffer, and this text
   * was read on from it past that end, so the array's start is this text's output too. Reads the buffer alone: a
   * repeated statement touches nothing else of the plan.
   */
  int splicedLength(SplicePlan plan) {
    Buffer b = buffer;
    return b != null && b.splicedBy == plan && b.splicedLastEdit < b.sameAsSpliced
        && b.splicedCut <= b.sameTextAsSpliced ? b.splicedLength : -1;
  }

  /** Where the text that {@link #splicedLength} answered for goes on unedited. */
  int splicedCut() {
    return buffer.splicedCut;
  }

  /** The scratch array with room for {@code length} characters, keeping what it holds. */
  char[] scratchKept(int length) {
    Buffer b = buffer;
    char[] chars = b.chars;
    if (chars.length < length) b.chars = chars = Arrays.copyOf(chars, length);
    b.sameAsSpliced = size;
    b.sameTextAsSpliced = sql.length();
    return chars;
  }

  /**
   * After {@code plan} spliced these tokens' text into the scratch array, {@code lengthToCut} characters of it up to
   * {@code cut}, the end of its last edit (token {@code lastEditToken}): records that start for the texts read on.
   */
  void splicedInto(SplicePlan plan, int lastEditToken, int cut, int lengthToCut) {
    Buffer b = buffer;
    if (b != null) {
      b.splicedBy = plan;
      b.splicedLastEdit = lastEditToken;
      b.splicedCut = cut;
      b.splicedLength = lengthToCut;
      b.sameAsSpliced = size;
      b.sameTextAsSpliced = sql.length();
    }
  }

  @Override
  public String toString() {
    return shape();
  }

  /** An independent copy, for keeping tokens read into a {@link Buffer} past its next use. */
  public Tokens copy() {
    Tokens copy = new Tokens(sql, Arrays.copyOf(starts, size), Arrays.copyOf(ends, size), Arrays.copyOf(kinds, size),
        size, null);
    if (buffer != null) {
      buffer.comparedWith = copy;
      buffer.sameAsCompared = size;
    }
    return copy;
  }

  /**
   * Arrays reused from one statement to the next, for a caller that scans statement after statement on one thread
   * (a connection): {@link Lexer#scan(String, Dialect, NameSet, NameSet, Buffer)} fills them, {@link #tokens(String)}
   * reads them, valid until the buffer is used again. The arrays grow to the longest statement seen and stay.
   */
  public static final class Buffer {
    private int[] starts;
    private int[] ends;
    private byte[] kinds;
    private int size;
    /** Where rewritten texts are assembled before they become a string of exactly their length. */
    private char[] chars;
    private final Tokens view;
    /**
     * The text read last from its start or on from a point: the one the next text is compared with while no start
     * of it is kept ({@link #resume}). A text that only adds a number to a kept start ({@link #endsInNumberFrom}) is
     * not stored: storing a reference to a new object in a long-lived one costs the garbage collector's barrier, a
     * memory fence, on every statement. Its tokens are asked for with the text ({@link #tokens(String)}).
     */
    private String sql = "";
    /** The length of the text scanned last, stored or not: {@link #tokens(String)} checks that it is given that text. */
    private int length;
    /**
     * Where the text read last ends in a number that is not in the arrays yet, from here to its end, or -1: the
     * commonest repeat records only that ({@link #endsInNumberFrom}), and {@link #tokens(String)} adds the token when
     * the tokens are asked for. A statement that reaches the database as it is never asks, so its pass writes to no
     * array and to no other object than this one, and no reference.
     */
    private int numberAt = -1;
    /** The rules the last statement was read with, and the point the next may be read on from (none: -1). */
    private Dialect dialect;
    private NameSet drafts;
    private NameSet qualifiers;
    private int resumeToken = -1;
    private int resumeOffset;
    private int resumeFlags;
    /** The text before the point, kept once a statement was read on from it; null until then. */
    private String resumePrefix;
    /** Where the statement read last was read on from, or -1. */
    private int resumedAt = -1;
    /**
     * The tokens a statement read into this buffer was last found to have the shape of ({@link #sameShape}, or a
     * {@link #copy()}), and how many leading tokens of the statement read now have that shape for certain: each
     * statement read on since kept them from the one before ({@link #resume}). {@link #sameShape} skips them.
     */
    private Tokens comparedWith;
    private int sameAsCompared;
    /**
     * What {@link #chars} holds from its start, for {@link SplicePlan#apply}: the output of plan {@code splicedBy}
     * for the last text spliced, up to the end of its last edit ({@code splicedCut}, token {@code splicedLastEdit}),
     * {@code splicedLength} characters; null: nothing. {@code sameAsSpliced} tokens and {@code sameTextAsSpliced}
     * characters of the statement read now are that text's for certain.
     */
    private SplicePlan splicedBy;
    private int splicedLastEdit;
    private int splicedCut;
    private int splicedLength;
    private int sameAsSpliced;
    private int sameTextAsSpliced;

    public Buffer() {
      this(32);
    }

    Buffer(int capacity) {
      starts = new int[capacity];
      ends = new int[capacity];
      kinds = new byte[capacity];
      view = new Tokens("", starts, ends, kinds, 0, this);
    }

    /**
     * The tokens of {@code sql}, the text scanned into this buffer last, valid until the buffer is used again. The
     * view points at the arrays from the start and again whenever they grow ({@link #grow}).
     *
     * @throws IllegalArgumentException where {@code sql} cannot be the text scanned last
     */
    public Tokens tokens(String sql) {
      settle(sql);
      Tokens t = view;
      t.sql = sql;
      t.shape = null;
      t.size = size;
      return t;
    }

    /** Checks that {@code sql} can be the text scanned last, and writes the number {@link #endsInNumberFrom} left out. */
    private void settle(String sql) {
      if (sql.length() != length) {
        throw new IllegalArgumentException("Asked for the tokens of a text of " + sql.length()
            + " characters; the text scanned last had " + length);
      }
      int at = numberAt;
      if (at >= 0) {
        numberAt = -1;
        add(at, length, NUMBER);
      }
    }

    /** The tokens of {@code sql}, the text scanned last, handed over for good: for a buffer not used again. */
    Tokens release(String sql) {
      settle(sql);
      return new Tokens(sql, starts, ends, kinds, size, null);
    }

    /** Starts a new statement, read from its start with these rules. */
    void reset(String sql, Dialect dialect, NameSet drafts, NameSet qualifiers) {
      size = 0;
      numberAt = -1;
      this.sql = sql;
      length = sql.length();
      this.dialect = dialect;
      this.drafts = drafts;
      this.qualifiers = qualifiers;
      resumeToken = -1;
      resumePrefix = null;
      resumedAt = -1;
      sameAsCompared = 0;
      sameAsSpliced = 0;
      sameTextAsSpliced = 0;
    }

    /**
     * Where the lexer may go on reading {@code sql} without reading its start: an application mostly sends the
     * statement it just sent with other literal values, so a text that equals the last one up to that one's first
     * literal (and is read with the same rules) has the same tokens and flags before it. Returns that offset,
     * having kept the tokens before it, or -1 when the text must be read from its start. The lexer records a new
     * point as it reads on ({@link #addLiteral}), having called {@link #readOnFlags}; or the text ends in a number
     * there ({@link #endsInNumberFrom}).
     */
    int resume(String sql, Dialect dialect, NameSet drafts, NameSet qualifiers) {
      int token = resumeToken;
      int at = resumeOffset;
      if (token <= 0 || dialect != this.dialect || drafts != this.drafts || qualifiers != this.qualifiers
          || sql.length() <= at) {
        return -1;
      }
      String prefix = resumePrefix;
      if (prefix != null) {
        // indexOf compares many characters at a time where regionMatches takes one; the text starts with the prefix
        // exactly when the prefix is first found at 0.
        if (sql.indexOf(prefix) != 0) return -1;
      } else if (sql.regionMatches(0, this.sql, 0, at)) {
        resumePrefix = sql.substring(0, at);   // a point read on from once is likely read on from again
      } else {
        return -1;
      }
      size = token;
      numberAt = -1;
      length = sql.length();
      resumedAt = at;
      // The tokens kept, and the text before the point, are the last statement's: as far as that one had a known
      // shape or was spliced, so has and is this one. Stored only when they change: a repeat mostly changes none.
      if (sameAsCompared > token) sameAsCompared = token;
      if (sameAsSpliced > token) sameAsSpliced = token;
      if (sameTextAsSpliced > at) sameTextAsSpliced = at;
      return at;
    }

    /** Where the last statement was read on from ({@link #resume}), or -1 when it was read from its start. */
    int readOnFrom() {
      return resumedAt;
    }

    /** The lexer's flags from the tokens before the point {@link #resume} returned. */
    int resumedFlags() {
      return resumeFlags;
    }

    /**
     * The lexer reads {@code sql} on from the point {@link #resume} returned: the literal there sets the point again
     * ({@link #addLiteral}). Returns the flags of the tokens before it.
     */
    int readOnFlags(String sql) {
      this.sql = sql;
      resumeToken = -1;
      return resumeFlags;
    }

    /**
     * Adds a string or number token; the first of a statement becomes the point the next statement may be read on
     * from, with {@code flagsBefore}, the flags of the tokens before it. Only where nothing before it could have
     * looked past its start: it follows white space, and the token before is neither a name (the lexer looks
     * past a name for the '.' of a qualifier) nor a ';' (which counts as separating statements only when
     * something follows it).
     */
    void addLiteral(int start, int end, byte kind, int flagsBefore) {
      int i = size;
      if (resumeToken < 0 && i > 0 && isWhiteSpace(sql.charAt(start - 1))) {
        byte before = kinds[i - 1];
        if (before != WORD && before != QUOTED_IDENTIFIER
            && !(before == PUNCT && sql.charAt(starts[i - 1]) == ';')) {
          if (start != resumeOffset) resumePrefix = null;   // the same offset after a read-on: the same prefix
          resumeToken = i;
          resumeOffset = start;
          resumeFlags = flagsBefore;
        }
      }
      add(start, end, kind);
    }

    /**
     * After {@link #resume}: the text goes on from the point with one number to its end, the statement's last token.
     * Where it starts, the last statement had the literal the point was set at, after the same tokens:
     * {@link #addLiteral} would set the point there again, and it stays. The token is added when it is asked for.
     */
    void endsInNumberFrom(int start) {
      numberAt = start;
    }

    private static boolean isWhiteSpace(char c) {
      return c == ' ' || c == '\n' || c == '\t' || c == '\r';
    }

    void add(int start, int end, byte kind) {
      int i = size;
      if (i == starts.length) grow();
      starts[i] = start;
      ends[i] = end;
      kinds[i] = kind;
      size = i + 1;
    }

    private void grow() {
      int grown = starts.length * 2;
      view.starts = starts = Arrays.copyOf(starts, grown);
      view.ends = ends = Arrays.copyOf(ends, grown);
      view.kinds = kinds = Arrays.copyOf(kinds, grown);
    }
  }
}

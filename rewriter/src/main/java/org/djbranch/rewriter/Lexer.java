package org.djbranch.rewriter;

/**
 * The fast path in front of the parser: one pass over the text that says whether a statement may need rewriting
 * and, when given a {@link Tokens.Buffer}, records every token into it on the way.
 *
 * <p>The pass is a loop over tokens: trivia (space, comments) is skipped, the token starting at the next character
 * is read by the dialect's character rules ({@link CharRules}, the one place that knows them), recorded, and, when
 * it is an identifier, checked against the names. Identifier characters are hashed in place and compared with the
 * names only when the hash is in the set, so a scan allocates nothing; tokens go into the buffer's arrays, which
 * grow only when a statement has more tokens than any before it.
 */
public final class Lexer {
  /** An identifier (quoted or not) equals a member of the draft names. */
  public static final int DRAFT_NAME = 1;
  /** An identifier directly followed by '.' that is not a known qualifier. */
  public static final int UNKNOWN_QUALIFIER = 2;
  /** The first word is CREATE, ALTER, DROP, TRUNCATE, RENAME or COMMENT. */
  public static final int DDL = 4;
  /**
   * The first word is USE, SET, RESET or DISCARD: the statement may change the session's current schema ({@code
   * RESET search_path}, PostgreSQL's {@code DISCARD ALL} put back the path the session began with).
   */
  public static final int SESSION = 8;
  /**
   * A top-level semicolon is followed by more than white space and comments: the text may hold several statements
   * ({@link StatementSplitter} says where they are; a routine body's semicolons are inside one).
   */
  public static final int MULTIPLE = 16;
  /**
   * The first word is BEGIN, START, COMMIT, END, ROLLBACK, ABORT, SAVEPOINT, RELEASE, PREPARE or EXECUTE: the
   * statement may begin or end a transaction or a part of one ({@link TransactionControl} says which), or prepare or
   * run a text it does not hold (MySQL's {@code PREPARE ... FROM}, MariaDB's {@code EXECUTE IMMEDIATE}: {@link
   * PreparedText}).
   */
  public static final int TRANSACTION = 32;
  /**
   * The first word is DO, CALL, GRANT, REVOKE, REASSIGN or SECURITY: a statement whose effect is not in its text (a
   * block or a routine runs statements of its own) or that changes who may do what to the pipeline's objects.
   */
  public static final int UNSEEN = 64;
  /**
   * The first word is INSERT, UPDATE, DELETE, MERGE, REPLACE, WITH, COPY or LOAD: the statement may change rows of a
   * table the pipeline holds (a WITH may hold a data-modifying statement; COPY ... FROM and LOAD DATA fill a table
   * from a file), which a branch may copy first.
   */
  public static final int ROWS = 128;
  /**
   * PostgreSQL: the first word is SELECT or WITH and a later word is INTO: a {@code SELECT ... INTO t} creates table
   * t ({@link SelectInto} says whether it does).
   */
  public static final int INTO = 256;
  /**
   * PostgreSQL, DuckDB: a word after the first is NEXTVAL, CURRVAL or SETVAL: the string the call reads names a
   * sequence, which may be one a branch declared, named by its logical schema ({@link QualifiedObjectNames}). MySQL
   * (MariaDB's sequences): NEXTVAL, LASTVAL or SETVAL, or VALUE FOR ({@code NEXT VALUE FOR s.seq}), naming it.
   */
  public static final int SEQUENCE_CALL = 512;
  /**
   * PostgreSQL: a word after the first is SET_CONFIG: the statement may change the session's search path as SET
   * does ({@code SELECT set_config('search_path', ?, false)}, as Flyway sets its default schema), so the branch reads
   * the path again once it ran.
   */
  public static final int PATH_CALL = 1024;
  /**
   * The first word is EXPLAIN, ANALYZE, DESCRIBE or DESC: the statement may explain another, and run it ({@code
   * EXPLAIN ANALYZE}, MariaDB's {@code ANALYZE}; {@link ExplainedStatement} says).
   */
  public static final int EXPLAIN = 2048;
  /**
   * The first word is CLUSTER, REINDEX, REFRESH, IMPORT, OPTIMIZE, REPAIR, VACUUM or PRAGMA: the statement may
   * rewrite, lock or change the tables it names, or SQLite's main file ({@link TableMaintenance} says).
   */
  public static final int MAINTENANCE = 4096;
  /**
   * The first word is SHOW: the statement may list a schema's tables (MySQL's {@code SHOW TABLES}, which a branch
   * answers with its own tables and the pipeline's merged: {@link TableListing} says).
   */
  public static final int LISTING = 8192;

  private static final byte WORD = (byte) TokenKind.WORD.ordinal();
  private static final byte QUOTED_IDENTIFIER = (byte) TokenKind.QUOTED_IDENTIFIER.ordinal();
  private static final byte STRING = (byte) TokenKind.STRING.ordinal();
  private static final byte NUMBER = (byte) TokenKind.NUMBER.ordinal();

  private Lexer() {
  }

  /** The flags alone: one pass, no allocation. */
  public static int scan(String sql, Dialect dialect, NameSet draftNames, NameSet knownQualifiers) {
    return scan(sql, dialect, draftNames, knownQualifiers, null);
  }

  /**
   * One pass: returns the OR of the flags above and, when {@code tokens} is not null, leaves every token of the
   * text in it ({@link Tokens.Buffer#tokens(String)}), valid until the buffer is used again. Allocates nothing once the
   * buffer's arrays are as long as the statement needs.
   */
  public static int scan(String sql, Dialect dialect, NameSet draftNames, NameSet knownQualifiers,
      Tokens.Buffer tokens) {
    int resumed = tokens == null ? -1 : tokens.resume(sql, dialect, draftNames, knownQualifiers);
    if (resumed >= 0 && CharRules.digitsOnly(sql, resumed, sql.length())) {
      // The commonest repeat (... WHERE id = 42): the last one's start, then one number to the end. Read as the loop
      // would read it, in a method small enough for the compiler to inline into the caller.
      tokens.endsInNumberFrom(resumed);
      return tokens.resumedFlags();
    }
    return read(sql, dialect, draftNames, knownQualifiers, tokens, resumed);
  }

  /** The pass itself, from the start of the text, or from {@code resumed} where the buffer read on. */
  private static int read(String sql, Dialect dialect, NameSet draftNames, NameSet knownQualifiers,
      Tokens.Buffer tokens, int resumed) {
    final int n = sql.length();
    int flags = 0;
    boolean first = true;                 // no token read yet: the first word says whether this is DDL
    boolean query = false;                // PostgreSQL, first word SELECT or WITH: an INTO may create a table
    final boolean sequences = dialect != Dialect.SQLITE; // named in strings, or by names (MariaDB)
    final boolean paths = dialect == Dialect.POSTGRESQL; // set_config can set search_path
    final boolean rowLocks = dialect == Dialect.POSTGRESQL || dialect == Dialect.MYSQL; // SELECT ... FOR UPDATE
    int i;
    if (resumed >= 0) {
      // The text is the last one up to that one's first literal: the tokens and flags before it are known.
      flags = tokens.readOnFlags(sql);
      first = false;
      i = CharRules.skipTrivia(sql, resumed, n, dialect);
      if (dialect == Dialect.POSTGRESQL) {
        int w = CharRules.skipTrivia(sql, 0, n, dialect);
        query = isQueryWord(sql, w, wordEnd(sql, w, n));
      }
    } else {
      if (tokens != null) tokens.reset(sql, dialect, draftNames, knownQualifiers);
      i = CharRules.skipTrivia(sql, 0, n, dialect);
    }
    while (i < n) {
      char c = sql.charAt(i);
      int start = i;
      int contentStart;
      int contentEnd;
      int hash;
      byte kind;
      if (CharRules.isIdentifierStart(c)) {
        int h = 0;
        while (i < n && CharRules.isIdentifierPart(c = sql.charAt(i))) {
          h = NameSet.step(h, c);
          i++;
        }
        if (CharRules.isEscapeStringPrefix(sql, start, i, n, dialect)) {
          i = CharRules.quotedEnd(sql, i, n, '\'', true);
          if (tokens != null) tokens.addLiteral(start, i, STRING, flags);
          first = false;
          i = CharRules.skipTrivia(sql, i, n, dialect);
          continue;
        }
        kind = WORD;
        contentStart = start;
        contentEnd = i;
        hash = NameSet.finish(h);
        if (first) {
          if (mayFlag(sql.charAt(start), i - start)) flags |= firstWordFlags(sql, start, i);
          query = dialect == Dialect.POSTGRESQL && isQueryWord(sql, start, i);
        } else if (query && i - start == 4 && is(sql, start, "INTO")) {
          flags |= INTO;
        } else if (sequences && (i - start == 7 || i - start == 6) && sequenceCall(sql, start, i)
            || dialect == Dialect.MYSQL && i - start == 5 && is(sql, start, "VALUE") && valueFor(sql, i, n, dialect)) {
          flags |= SEQUENCE_CALL;
        } else if (rowLocks && (i - start == 3 && is(sql, start, "FOR") || i - start == 4 && is(sql, start, "LOCK"))
            && locksRows(sql, start, i, n, dialect)) {
          flags |= ROWS;
        } else if (paths && i - start == 10 && is(sql, start, "SET_CONFIG")) {
          flags |= PATH_CALL;
        }
      } else if (CharRules.isIdentifierQuote(c, dialect)) {
        char close = c == '[' ? ']' : c;
        int h = 0;
        i++;
        while (i < n) {
          char q = sql.charAt(i);
          if (q == close) {
            if (close != ']' && i + 1 < n && sql.charAt(i + 1) == close) {
              h = NameSet.step(NameSet.step(h, q), q);
              i += 2;
              continue;
            }
            break;
          }
          h = NameSet.step(h, q);
          i++;
        }
        kind = QUOTED_IDENTIFIER;
        contentStart = start + 1;
        contentEnd = i;
        hash = NameSet.finish(h);
        if (sequences && !first && dialect != Dialect.MYSQL && (i - contentStart == 7 || i - contentStart == 6)
            && sequenceCall(sql, contentStart, i)) {
          flags |= SEQUENCE_CALL; // "nextval"('s.seq'): the function, quoted
        }
        i = Math.min(i + 1, n);
      } else {
        long packed = CharRules.otherToken(sql, i, n, dialect);
        i = (int) packed;
        if (tokens != null) {
          byte other = (byte) (packed >>> 32);
          if (other == STRING || other == NUMBER) tokens.addLiteral(start, i, other, flags);
          else tokens.add(start, i, other);
        }
        first = false;
        i = CharRules.skipTrivia(sql, i, n, dialect);
        if (c == ';' && i < n) flags |= MULTIPLE;
        continue;
      }
      if (tokens != null) tokens.add(start, i, kind);
      first = false;
      if (draftNames.containsHashed(hash, sql, contentStart, contentEnd)) flags |= DRAFT_NAME;
      i = CharRules.skipTrivia(sql, i, n, dialect);
      if (i < n && sql.charAt(i) == '.' && (i + 1 >= n || !CharRules.isDigit(sql.charAt(i + 1)))
          && !knownQualifiers.containsHashed(hash, sql, contentStart, contentEnd)) {
        flags |= UNKNOWN_QUALIFIER;
      }
    }
    return flags;
  }

  /** Every token of the text, in new arrays: for the slow path and for tokens kept past the next statement. */
  public static Tokens tokenize(String sql, Dialect dialect) {
    Tokens.Buffer buffer = new Tokens.Buffer(Math.max(8, sql.length() / 4));
    scan(sql, dialect, NameSet.EMPTY, NameSet.EMPTY, buffer);
    return buffer.release(sql);
  }

  /** Every token of the text into reused arrays: the tokens are valid until {@code buffer} is used again. */
  public static Tokens tokenize(String sql, Dialect dialect, Tokens.Buffer buffer) {
    scan(sql, dialect, NameSet.EMPTY, NameSet.EMPTY, buffer);
    return buffer.tokens(sql);
  }

  /** A word whose place as a statement's first word sets a flag, and the flag it sets. */
  private record FlaggedWord(String word, int flag) {}

  /** Every first word that sets a flag: the one list {@link #mayFlag} and {@link #firstWordFlags} read. */
  private static final FlaggedWord[] FLAGGED_WORDS = {
      new FlaggedWord("CREATE", DDL), new FlaggedWord("ALTER", DDL), new FlaggedWord("DROP", DDL),
      new FlaggedWord("TRUNCATE", DDL), new FlaggedWord("RENAME", DDL), new FlaggedWord("COMMENT", DDL),
      new FlaggedWord("USE", SESSION), new FlaggedWord("SET", SESSION), new FlaggedWord("RESET", SESSION),
      new FlaggedWord("DISCARD", SESSION),
      new FlaggedWord("BEGIN", TRANSACTION), new FlaggedWord("START", TRANSACTION),
      new FlaggedWord("COMMIT", TRANSACTION), new FlaggedWord("END", TRANSACTION),
      new FlaggedWord("ROLLBACK", TRANSACTION), new FlaggedWord("ABORT", TRANSACTION),
      new FlaggedWord("SAVEPOINT", TRANSACTION), new FlaggedWord("RELEASE", TRANSACTION),
      new FlaggedWord("PREPARE", TRANSACTION), new FlaggedWord("EXECUTE", TRANSACTION),
      new FlaggedWord("DO", UNSEEN), new FlaggedWord("CALL", UNSEEN), new FlaggedWord("GRANT", UNSEEN),
      new FlaggedWord("REVOKE", UNSEEN), new FlaggedWord("REASSIGN", UNSEEN), new FlaggedWord("SECURITY", UNSEEN),
      // MySQL's statements of the server itself: stop it, purge its binary logs, change its plugins or replication
      new FlaggedWord("SHUTDOWN", UNSEEN), new FlaggedWord("PURGE", UNSEEN), new FlaggedWord("UNINSTALL", UNSEEN),
      new FlaggedWord("BINLOG", UNSEEN), new FlaggedWord("CHANGE", UNSEEN), new FlaggedWord("STOP", UNSEEN),
      new FlaggedWord("BACKUP", UNSEEN),
      new FlaggedWord("INSERT", ROWS), new FlaggedWord("UPDATE", ROWS), new FlaggedWord("DELETE", ROWS),
      new FlaggedWord("MERGE", ROWS), new FlaggedWord("REPLACE", ROWS), new FlaggedWord("WITH", ROWS),
      new FlaggedWord("COPY", ROWS), new FlaggedWord("LOAD", ROWS), new FlaggedWord("LOCK", ROWS),
      new FlaggedWord("EXPLAIN", EXPLAIN), new FlaggedWord("ANALYZE", EXPLAIN), new FlaggedWord("DESCRIBE", EXPLAIN),
      new FlaggedWord("DESC", EXPLAIN),
      new FlaggedWord("CLUSTER", MAINTENANCE), new FlaggedWord("REINDEX", MAINTENANCE),
      new FlaggedWord("REFRESH", MAINTENANCE), new FlaggedWord("IMPORT", MAINTENANCE),
      new FlaggedWord("OPTIMIZE", MAINTENANCE), new FlaggedWord("REPAIR", MAINTENANCE),
      new FlaggedWord("VACUUM", MAINTENANCE), new FlaggedWord("PRAGMA", MAINTENANCE),
      new FlaggedWord("FLUSH", MAINTENANCE), new FlaggedWord("SHOW", LISTING)};
  /** By word length, a bit per letter ({@code 1 << (letter - 'a')}) that one of the flagged words starts with. */
  private static final int[] FLAGGED_FIRST_LETTERS = new int[10];

  static {
    for (FlaggedWord w : FLAGGED_WORDS) {
      FLAGGED_FIRST_LETTERS[w.word.length()] |= 1 << (w.word.charAt(0) - 'A');
    }
  }

  /**
   * Whether a first word of this first letter and length may set a flag: one array read, so the word statements
   * mostly start with (SELECT) costs no call and no comparison.
   */
  private static boolean mayFlag(char first, int length) {
    int letter = (first | 0x20) - 'a'; // ASCII lower case; any other character is out of range
    return length < FLAGGED_FIRST_LETTERS.length && letter >= 0 && letter < 26
        && (FLAGGED_FIRST_LETTERS[length] & (1 << letter)) != 0;
  }

  /** The flag of the statement's first word, else 0: only for words {@link #mayFlag} let by. */
  private static int firstWordFlags(String sql, int start, int end) {
    int length = end - start;
    for (FlaggedWord w : FLAGGED_WORDS) {
      if (w.word.length() == length && is(sql, start, w.word)) {
        return w.flag;
      }
    }
    return 0;
  }

  /**
   * NEXTVAL, CURRVAL or SETVAL: the functions that read a sequence's name from a string (PostgreSQL, DuckDB); and
   * LASTVAL, which with NEXTVAL and SETVAL names one in MariaDB.
   */
  private static boolean sequenceCall(String sql, int start, int end) {
    return end - start == 7 ? is(sql, start, "NEXTVAL") || is(sql, start, "CURRVAL") || is(sql, start, "LASTVAL")
        : is(sql, start, "SETVAL");
  }

  /**
   * Whether the word FOR or LOCK at [start, end) begins a query's row lock: FOR UPDATE and the like, or MySQL's LOCK
   * IN SHARE MODE. Such a query blocks the writers of the rows it reads, as a row change does ({@link #ROWS}).
   */
  private static boolean locksRows(String sql, int start, int end, int n, Dialect dialect) {
    int w = CharRules.skipTrivia(sql, end, n, dialect);
    int length = wordEnd(sql, w, n) - w;
    if (end - start == 4) {
      return dialect == Dialect.MYSQL && length == 2 && is(sql, w, "IN");
    }
    // FOR UPDATE, FOR SHARE, FOR NO KEY UPDATE, FOR KEY SHARE
    return length == 6 && is(sql, w, "UPDATE") || length == 5 && is(sql, w, "SHARE") || length == 2 && is(sql, w, "NO")
        || length == 3 && is(sql, w, "KEY");
  }

  /** Whether the word VALUE ending at {@code end} is followed by FOR: MariaDB's NEXT or PREVIOUS VALUE FOR s.seq. */
  private static boolean valueFor(String sql, int end, int n, Dialect dialect) {
    int w = CharRules.skipTrivia(sql, end, n, dialect);
    return wordEnd(sql, w, n) - w == 3 && is(sql, w, "FOR");
  }

  /** Whether the word at [start, end) is SELECT or WITH. */
  private static boolean isQueryWord(String sql, int start, int end) {
    return end - start == 6 && is(sql, start, "SELECT") || end - start == 4 && is(sql, start, "WITH");
  }

  private static int wordEnd(String sql, int start, int n) {
    int i = start;
    while (i < n && CharRules.isIdentifierPart(sql.charAt(i))) {
      i++;
    }
    return i;
  }

  private static boolean is(String sql, int start, String word) {
    return sql.regionMatches(true, start, word, 0, word.length());
  }
}

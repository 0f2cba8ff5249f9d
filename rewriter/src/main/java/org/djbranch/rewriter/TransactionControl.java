package org.djbranch.rewriter;

/**
 * A statement that begins or ends a transaction or a part of one, sent as text: {@code BEGIN}, {@code START
 * TRANSACTION}, {@code COMMIT}, {@code END}, {@code ROLLBACK}, {@code ABORT}, {@code SAVEPOINT x}, {@code ROLLBACK
 * TO [SAVEPOINT] x}, {@code RELEASE [SAVEPOINT] x}, {@code PREPARE TRANSACTION 'id'}, in the spellings of the four
 * dialects (optional {@code WORK} / {@code TRANSACTION}, {@code AND [NO] CHAIN}, transaction modes), any case,
 * with comments anywhere. Read only for texts {@link Lexer#scan} flags {@link Lexer#TRANSACTION}.
 *
 * @param savepoint the savepoint named, as written (quotes removed), or null
 * @param savepointQuoted whether it was written quoted
 * @param chain whether a new transaction starts at once ({@code AND CHAIN})
 */
public record TransactionControl(Kind kind, String savepoint, boolean savepointQuoted, boolean chain) {

  public enum Kind {
    /** BEGIN, START TRANSACTION (and a SAVEPOINT outside a transaction, where that starts one). */
    BEGIN,
    /** COMMIT, END. */
    COMMIT,
    /** ROLLBACK, ABORT. */
    ROLLBACK,
    SAVEPOINT,
    /** ROLLBACK TO [SAVEPOINT] x. */
    ROLLBACK_TO,
    /** RELEASE [SAVEPOINT] x. */
    RELEASE,
    /** PREPARE TRANSACTION 'id': the transaction leaves the session, neither committed nor rolled back yet. */
    PREPARE
  }

  /**
   * What the text does to the session's transaction, or null when it is no such statement: {@code COMMIT PREPARED
   * 'id'} (another transaction's end), MariaDB's {@code BEGIN NOT ATOMIC ... END} block, {@code START REPLICA},
   * MySQL's {@code PREPARE stmt FROM ...}, or a text of several statements.
   */
  /**
   * Whether {@code sql} is a block that begins with BEGIN but begins no transaction (MariaDB's {@code BEGIN NOT
   * ATOMIC ... END}): its statements are its own, not the text's.
   */
  public static boolean beginsBlock(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    return t.size() > 1 && t.isWord(0, "BEGIN") && read(sql, dialect) == null;
  }

  public static TransactionControl read(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    int n = t.size();
    while (n > 0 && t.isPunct(n - 1, ';')) n--;
    for (int k = 0; k < n; k++) {
      if (t.isPunct(k, ';')) return null; // several statements: each is read on its own
    }
    if (n == 0) return null;
    Reader r = new Reader(t, n);
    if (r.word("BEGIN")) {
      // PostgreSQL's modes, SQLite's locking kinds, MySQL's WORK; anything else (MariaDB's NOT ATOMIC) is a block.
      if (r.done() || r.word("WORK") || r.word("TRANSACTION") || r.word("DEFERRED") || r.word("IMMEDIATE")
          || r.word("EXCLUSIVE") || r.word("ISOLATION") || r.word("READ") || r.word("DEFERRABLE")
          || (r.word("NOT") && r.word("DEFERRABLE"))) {
        return of(Kind.BEGIN);
      }
      return null;
    }
    if (r.word("START")) {
      return r.word("TRANSACTION") ? of(Kind.BEGIN) : null;
    }
    if (r.word("COMMIT") || r.word("END")) {
      if (r.word("PREPARED")) return null;
      r.skipWorkOrTransaction();
      return ending(Kind.COMMIT, r);
    }
    if (r.word("ABORT")) {
      r.skipWorkOrTransaction();
      return ending(Kind.ROLLBACK, r);
    }
    if (r.word("ROLLBACK")) {
      if (r.word("PREPARED")) return null;
      r.skipWorkOrTransaction();
      if (r.word("TO")) {
        r.word("SAVEPOINT");
        return r.savepoint(Kind.ROLLBACK_TO);
      }
      return ending(Kind.ROLLBACK, r);
    }
    if (r.word("SAVEPOINT")) {
      return r.savepoint(Kind.SAVEPOINT);
    }
    if (r.word("RELEASE")) {
      r.word("SAVEPOINT");
      return r.savepoint(Kind.RELEASE);
    }
    if (r.word("PREPARE")) {
      return r.word("TRANSACTION") ? of(Kind.PREPARE) : null;
    }
    return null;
  }

  private static TransactionControl of(Kind kind) {
    return new TransactionControl(kind, null, false, false);
  }

  /** COMMIT / ROLLBACK with what may follow: {@code AND [NO] CHAIN}, MySQL's {@code [NO] RELEASE}. */
  private static TransactionControl ending(Kind kind, Reader r) {
    boolean chain = false;
    if (r.word("AND")) {
      chain = !r.word("NO");
      if (!r.word("CHAIN")) return null;
    }
    if (r.word("NO")) {
      if (!r.word("RELEASE")) return null;
    } else {
      r.word("RELEASE");
    }
    return r.done() ? new TransactionControl(kind, null, false, chain) : null;
  }

  /** Reads the statement's words in order. */
  private static final class Reader {
    private final Tokens t;
    private final int n;
    private int k;

    Reader(Tokens t, int n) {
      this.t = t;
      this.n = n;
    }

    boolean word(String keyword) {
      if (k < n && t.isWord(k, keyword)) {
        k++;
        return true;
      }
      return false;
    }

    boolean done() {
      return k >= n;
    }

    void skipWorkOrTransaction() {
      if (!word("WORK")) word("TRANSACTION");
    }

    /** A savepoint name ending the statement. */
    TransactionControl savepoint(Kind kind) {
      if (k != n - 1 || !t.kind(k).isIdentifier()) return null;
      return new TransactionControl(kind, t.identifier(k), t.kind(k) == TokenKind.QUOTED_IDENTIFIER, false);
    }
  }
}

package org.djbranch.driver.session;

import java.util.List;
import org.djbranch.rewriter.CarriedStatement;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.ExplainedStatement;
import org.djbranch.rewriter.Lexer;
import org.djbranch.rewriter.PreparedText;
import org.djbranch.rewriter.SelectInto;
import org.djbranch.rewriter.ServerSettings;
import org.djbranch.rewriter.StatementSplitter;
import org.djbranch.rewriter.TableListing;
import org.djbranch.rewriter.TableMaintenance;
import org.djbranch.rewriter.TransactionControl;

/**
 * What a statement on a branch is, and so what must happen to it: the one decision that {@code execute},
 * {@code prepare}, batches, calls and each statement of a text of several take. It is made from the lexer's flags
 * alone, splitting the text or reading a transaction statement only where the flags say it may be one; what DDL
 * does is decided further by the declarations, from the statement's analysis ({@code ddl.DdlKind}).
 *
 * <p>Every place that acts on a route switches over {@link Kind} in a switch expression, which the compiler refuses
 * when a kind has no case: a new kind of statement is added here and handled wherever it must be, or nothing builds.
 */
final class Route {
  /** The kinds of statement a branch tells apart, in the order the flags are read. */
  enum Kind {
    /** Names nothing of the branch and is nothing the branch follows: the database gets it byte for byte. */
    AS_SENT,
    /**
     * Several statements in one text: each gets the branch's rules on its own and they go out together, unless one
     * takes steps of its own (then the whole text is refused before any of it runs).
     */
    SEVERAL,
    /** Begins or ends a transaction or a part of one: the database runs it, then the layout follows. */
    TRANSACTION,
    /** Declares or changes structure: the branch's declarations decide (into the draft, refused, or agreed). */
    DDL,
    /** USE or SET: may change the current schema; this branch's drafts are named by their logical schemas. */
    SESSION,
    /**
     * Reads or changes rows of tables some of which may be the branch's: physical names spliced in; a DELETE or
     * UPDATE of a parent of symbolic foreign keys runs their referential actions first.
     */
    SPLICE,
    /**
     * Prepares another text that is not in the statement (MySQL's {@code PREPARE st FROM @q}): that text is read
     * and given the branch's rules before it is prepared.
     */
    FOLLOW,
    /**
     * Explains another statement and runs it ({@code EXPLAIN ANALYZE}, MariaDB's {@code ANALYZE}), or carries it to
     * run ({@code CarriedStatement}: MariaDB's {@code SET STATEMENT ... FOR}, {@code PREPARE ... AS}, PostgreSQL's
     * {@code DECLARE ... CURSOR FOR}): routed as that statement, the words in front of it kept; one that takes steps
     * of its own is refused.
     */
    EXPLAINED,
    /**
     * Lists a schema's tables (MySQL's {@code SHOW [FULL] TABLES}: {@code TableListing}): answered with the tables the
     * branch sees, its own and the pipeline's, as JDBC metadata lists them.
     */
    LISTING,
    /**
     * Rewrites, locks or changes the pipeline's tables it names ({@code CLUSTER}, {@code REINDEX}, {@code VACUUM
     * FULL}, {@code REFRESH MATERIALIZED VIEW} ...: {@code TableMaintenance}) and names none of the branch's: refused.
     */
    MAINTENANCE,
    /**
     * Runs statements its text does not show (a {@code DO} block, a {@code CALL}, MariaDB's {@code BEGIN NOT
     * ATOMIC} block) or changes who may do what ({@code GRANT}, {@code REVOKE}): refused before it runs.
     */
    UNSEEN,
    /**
     * MySQL's {@code SET}/{@code RESET} of the server's or another login's settings ({@code SET GLOBAL}, {@code
     * RESET MASTER}: {@code ServerSettings}), which every session meets: refused before it runs.
     */
    SERVER
  }

  private static final Route AS_SENT = new Route(Kind.AS_SENT, List.of(), null, null);
  private static final Route DDL = new Route(Kind.DDL, List.of(), null, null);
  private static final Route SESSION = new Route(Kind.SESSION, List.of(), null, null);
  private static final Route SPLICE = new Route(Kind.SPLICE, List.of(), null, null);
  private static final Route FOLLOW = new Route(Kind.FOLLOW, List.of(), null, null);
  private static final Route UNSEEN = new Route(Kind.UNSEEN, List.of(), null, null);
  private static final Route MAINTENANCE = new Route(Kind.MAINTENANCE, List.of(), null, null);
  private static final Route LISTING = new Route(Kind.LISTING, List.of(), null, null);
  private static final Route SERVER = new Route(Kind.SERVER, List.of(), null, null);

  final Kind kind;
  /** {@link Kind#SEVERAL}: where the statements are in the text. */
  final List<StatementSplitter.Piece> pieces;
  /** {@link Kind#TRANSACTION}: which transaction statement. */
  final TransactionControl control;
  /**
   * The statement the branch runs in place of the one sent, where they differ: PostgreSQL's {@code SELECT ... INTO
   * t} as the {@code CREATE TABLE t AS SELECT ...} it amounts to, so t is declared in the draft.
   */
  private final String instead;
  /** {@link Kind#EXPLAINED}: where the statement explained, or carried, begins. */
  final int explainedStart;

  private Route(Kind kind, List<StatementSplitter.Piece> pieces, TransactionControl control, String instead) {
    this(kind, pieces, control, instead, -1);
  }

  private Route(Kind kind, List<StatementSplitter.Piece> pieces, TransactionControl control, String instead,
      int explainedStart) {
    this.kind = kind;
    this.pieces = pieces;
    this.control = control;
    this.instead = instead;
    this.explainedStart = explainedStart;
  }

  /** The text to act on: {@code sql}, or the statement it amounts to. */
  String text(String sql) {
    return instead != null ? instead : sql;
  }

  /**
   * The route of {@code sql}, whose one pass gave {@code flags}. Allocates only for several statements and for a
   * transaction statement; the first word's flags (DDL, SESSION, TRANSACTION, UNSEEN) exclude each other.
   */
  static Route of(String sql, int flags, Dialect dialect) {
    if (flags == 0) {
      return AS_SENT;
    }
    // SET STATEMENT ... FOR, PREPARE ... AS, DECLARE ... CURSOR FOR: routed as the statement carried, the words in
    // front kept (only a statement of those first words is read past its first word)
    int carried = CarriedStatement.innerStart(sql, dialect);
    if (carried >= 0) {
      return new Route(Kind.EXPLAINED, List.of(), null, null, carried);
    }
    if ((flags & Lexer.MULTIPLE) != 0) {
      List<StatementSplitter.Piece> pieces = StatementSplitter.split(sql, dialect);
      if (pieces.size() > 1) {
        return new Route(Kind.SEVERAL, pieces, null, null);
      }
    }
    if ((flags & Lexer.UNSEEN) != 0) {
      return UNSEEN;
    }
    if ((flags & Lexer.TRANSACTION) != 0) {
      TransactionControl control = TransactionControl.read(sql, dialect);
      if (control != null) {
        return new Route(Kind.TRANSACTION, List.of(), control, null);
      }
      // a transaction word that begins no transaction: a block (BEGIN NOT ATOMIC ... END), a PREPARE or an EXECUTE
      // IMMEDIATE of a text (read, or refused where only the server can read it)
      if (PreparedText.read(sql, dialect) != null) {
        return FOLLOW;
      }
      if (TransactionControl.beginsBlock(sql, dialect) || PreparedText.runsUnreadText(sql, dialect)) {
        return UNSEEN;
      }
    }
    if ((flags & Lexer.EXPLAIN) != 0) {
      ExplainedStatement explained = ExplainedStatement.read(sql, dialect);
      if (explained != null && explained.runs()) {
        return new Route(Kind.EXPLAINED, List.of(), null, null, explained.innerStart());
      }
      flags &= ~Lexer.EXPLAIN; // explains without running, or explains nothing (DESCRIBE t): as before
    }
    if ((flags & Lexer.LISTING) != 0) {
      if (TableListing.read(sql, dialect) != null) {
        return LISTING;
      }
      flags &= ~Lexer.LISTING; // another SHOW: as before
    }
    if ((flags & Lexer.MAINTENANCE) != 0) {
      if ((flags & Lexer.DRAFT_NAME) == 0 && TableMaintenance.rewritesOrLocks(sql, dialect)) {
        return MAINTENANCE;
      }
      flags &= ~Lexer.MAINTENANCE;
    }
    if (flags == 0) {
      return AS_SENT;
    }
    if ((flags & Lexer.DDL) != 0) {
      return DDL;
    }
    if ((flags & Lexer.INTO) != 0) {
      String created = SelectInto.asCreateTable(sql, dialect);
      if (created != null) {
        return new Route(Kind.DDL, List.of(), null, created);
      }
    }
    if ((flags & Lexer.SESSION) != 0) {
      return ServerSettings.changesServer(sql, dialect) ? SERVER : SESSION;
    }
    return SPLICE;
  }

  /**
   * The statement's first word in upper case, to name its kind in a message: after JDBC's escape ({@code {call
   * p()}}, {@code {? = call f()}}) where it has one.
   */
  static String firstWord(String sql, Dialect dialect) {
    org.djbranch.rewriter.Tokens t = Lexer.tokenize(sql, dialect);
    int i = 0;
    while (i < Math.min(t.size(), 3) && t.kind(i) != org.djbranch.rewriter.TokenKind.WORD) {
      i++; // {, ?, =
    }
    int word = i < t.size() && t.kind(i) == org.djbranch.rewriter.TokenKind.WORD ? i : 0;
    return t.size() == 0 ? "" : t.text(word).toUpperCase(java.util.Locale.ROOT);
  }

  @Override
  public String toString() {
    return kind.name();
  }
}

package org.djbranch.rewriter;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.UnsupportedStatement;

/**
 * Finds the table references of one statement. JSqlParser does the parsing; the spans are read from our own
 * tokens so they are exact and alias-free; DDL that JSqlParser cannot parse is read from the tokens alone.
 */
public final class Analyzer {
  private static final AtomicLong PARSES = new AtomicLong();

  private Analyzer() {
  }

  /** How many times JSqlParser has been called in this process: tests assert one parse per shape with it. */
  public static long parseCount() {
    return PARSES.get();
  }

  /**
   * Parses with JSqlParser's generated parser directly ({@code CCJSqlParserUtil.parse(String)} would start a
   * thread per call). Throws when the statement cannot be parsed and is not DDL the token reader understands.
   */
  public static Analysis analyze(String sql, Dialect dialect) throws UnparsableStatementException {
    return analyze(sql, dialect, null);
  }

  /**
   * As {@link #analyze(String, Dialect)}; where JSqlParser cannot parse a query, a row change or a CREATE INDEX, its
   * references are read from tokens ({@link TokenReferences}), as long as that reading accounts for every name of
   * {@code names} (the names that must be spliced) the text holds. {@code names} null: no such reading.
   */
  public static Analysis analyze(String sql, Dialect dialect, NameSet names) throws UnparsableStatementException {
    Tokens tokens = Lexer.tokenize(sql, dialect);
    if (dialect == Dialect.SQLITE && stringInNameChain(tokens)) {
      // every reader here takes the string for a literal, and the chain's name before it for the whole name
      throw new UnparsableStatementException("SQLite reads a string next to a '.' as a name (main.'t'); write the"
          + " name as a name (main.t or main.\"t\")");
    }
    // Read from tokens, whatever the database: which of these a branch contains is the driver's backend's to say
    // (a trigger holds statements of its own, which the parser reads one at a time; the parser reads few of the
    // statements that name a type, domain, sequence, collation or index alone, and no CREATE COLLATION).
    TriggerDeclaration trigger = TriggerDeclaration.read(tokens, dialect);
    if (trigger != null) return trigger.analysis();
    NamedObjects named = NamedObjects.read(tokens);
    if (named != null) return named.analysis();
    if (tokens.isWord(0, "CREATE") && tokens.isWord(1, "COLLATION")) {
      TableRef created = CreatedObjectName.read(tokens); // a new object of a schema, declared as a type is
      if (created != null) {
        return new Analysis(StatementKind.CREATE_TYPE, List.of(created), created, null, List.of(), null, null, true);
      }
    }
    if (StatementSplitter.split(sql, dialect).size() > 1) {
      // the parser would read the first and silently drop the rest, which would then go out unrewritten
      throw new UnparsableStatementException("the text holds more than one statement; send them one at a time");
    }
    Analysis loads = RowLoads.analyze(sql, tokens, dialect);
    if (loads != null) return loads;
    Analysis locks = TableLocks.analyze(tokens);
    if (locks != null) return locks;
    Analysis shows = TableShows.analyze(tokens, dialect);
    if (shows != null) return shows;
    Statement statement;
    try {
      statement = parse(sql, dialect);
      if (statement instanceof UnsupportedStatement && DdlObject.read(sql, dialect) == null) {
        // the parser's name for a statement it does not know (MySQL's SHOW ... of most kinds, say): read as one it
        // cannot parse, so a name of the branch's in it is placed from tokens or the statement refused, never sent
        // as written to trunk's table
        throw new UnparsableStatementException("the parser does not know this statement");
      }
    } catch (Exception | StackOverflowError e) {
      Analysis fallback = DdlFallback.analyze(tokens, dialect);
      if (fallback != null) return fallback;
      Analysis read = names == null ? null : TokenReferences.analyze(tokens, names);
      if (read != null) return read;
      throw new UnparsableStatementException(firstLine(e.getMessage()), e);
    }
    return new StatementReader(tokens, statement, dialect).read().withDroppedSchemaStored(dialect);
  }

  /**
   * Whether a string stands in a name chain ({@code main.'t'}, {@code 's'.t}): SQLite reads such a string as a name.
   * Read as a literal, {@code ALTER TABLE main.'t' ADD COLUMN d} named table {@code main}, and went to trunk's table.
   */
  private static boolean stringInNameChain(Tokens t) {
    for (int k = 0; k < t.size(); k++) {
      if (t.kind(k) == TokenKind.STRING && (t.isPunct(k - 1, '.') || t.isPunct(k + 1, '.'))) return true;
    }
    return false;
  }

  static Statement parse(String sql, Dialect dialect) throws Exception {
    PARSES.incrementAndGet();
    CCJSqlParser parser = CCJSqlParserUtil.newParser(ParserText.of(sql, dialect))
        .withSquareBracketQuotation(dialect == Dialect.SQLITE)
        .withBackslashEscapeCharacter(dialect == Dialect.MYSQL);
    Statement statement = parser.Statement();
    if (statement == null) throw new UnparsableStatementException("the parser returned no statement");
    return statement;
  }

  private static String firstLine(String message) {
    if (message == null) return "the statement could not be parsed";
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }
}

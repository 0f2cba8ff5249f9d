package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsReport;

/**
 * The one-pass lexer against {@link ReferenceLexer} over generated texts: the flags it returns and the tokens it
 * leaves in a reused buffer are those of the plain reading, in every dialect, whatever the quotes, comments,
 * dollar quotes and parameters around the names — and the plans it feeds splice what {@link Splicer} splices.
 */
class LexerPropertiesTest {
  private static final Set<String> DRAFT = Set.of("draft", "Film_Text", "d");
  private static final Set<String> KNOWN = Set.of("s", "public", "main");
  private static final NameSet DRAFT_SET = NameSet.of(DRAFT);
  private static final NameSet KNOWN_SET = NameSet.of(KNOWN);

  /** One buffer for all tries, as a connection keeps one: stale tokens of a longer text must never show. */
  private final Tokens.Buffer buffer = new Tokens.Buffer();

  @Property(tries = 3000)
  void flagsAndTokensAgreeWithTheReference(@ForAll("texts") String sql, @ForAll Dialect dialect) {
    int flags = Lexer.scan(sql, dialect, DRAFT_SET, KNOWN_SET, buffer);
    String where = dialect + ": " + sql;
    assertEquals(ReferenceLexer.flags(sql, dialect, DRAFT, KNOWN), flags, where);
    assertEquals(flags, Lexer.scan(sql, dialect, DRAFT_SET, KNOWN_SET), where);
    List<ReferenceLexer.Token> expected = ReferenceLexer.tokens(sql, dialect);
    assertEquals(expected, read(buffer.tokens()), where);
    assertEquals(expected, read(Lexer.tokenize(sql, dialect)), where);
  }

  /**
   * A text that starts as the last one did, up to and past that one's first literal, is read on from there
   * ({@link Tokens.Buffer#resume}): its flags and tokens must be those of reading it from its start, whatever
   * follows the shared start (another literal, a '.', a comment, a quote, nothing).
   */
  @Property(tries = 3000)
  @StatisticsReport(StatisticsReport.StatisticsReportMode.OFF)
  void aTextReadOnFromTheLastOnesFirstLiteralReadsAsFromItsStart(@ForAll("texts") String start,
      @ForAll("literals") List<String> literal, @ForAll("texts") String rest, @ForAll("texts") String other,
      @ForAll Dialect dialect) {
    String first = start + " " + literal.get(0) + rest;
    String second = start + " " + other;
    Tokens.Buffer probe = new Tokens.Buffer();
    Lexer.scan(first, dialect, DRAFT_SET, KNOWN_SET, probe);
    boolean readOn = probe.resume(second, dialect, DRAFT_SET, KNOWN_SET) >= 0;
    Statistics.label("read on").collect(readOn);
    Lexer.scan(first, dialect, DRAFT_SET, KNOWN_SET, buffer);
    int flags = Lexer.scan(second, dialect, DRAFT_SET, KNOWN_SET, buffer);
    String where = dialect + ": " + first + " | " + second;
    assertEquals(ReferenceLexer.flags(second, dialect, DRAFT, KNOWN), flags, where);
    assertEquals(ReferenceLexer.tokens(second, dialect), read(buffer.tokens()), where);
    // The property is about texts that are read on: most generated pairs must be.
    Statistics.label("read on").coverage(c -> c.check(true).percentage(p -> p > 15));
  }

  @Property(tries = 1000)
  void sameShapeInPlaceMeansEqualShapes(@ForAll("texts") String a, @ForAll("texts") String b, @ForAll Dialect dialect) {
    Tokens ta = Lexer.tokenize(a, dialect);
    Lexer.scan(b, dialect, DRAFT_SET, KNOWN_SET, buffer);
    Tokens tb = buffer.tokens();
    if (tb.sameShape(ta)) assertEquals(ta.shape(), tb.shape(), dialect + ": " + a + " | " + b);
    assertTrue(ta.sameShape(Lexer.tokenize(a, dialect)));
  }

  /** Other literal values and other spacing keep the shape; the plan of one text splices the other exactly. */
  @Property(tries = 1000)
  void aPlanReplaysOnEveryTextOfItsShape(@ForAll("statements") List<String> parts, @ForAll Dialect dialect,
      @ForAll("literals") List<String> literals) {
    List<String> sameKinds = new ArrayList<>();
    for (String literal : literals) sameKinds.add(literal.startsWith("'") ? "'a'" : "1");
    String first = render(parts, sameKinds, " ");
    String second = render(parts, literals, "  ");
    Tokens firstTokens = Lexer.tokenize(first, dialect);
    Lexer.scan(second, dialect, DRAFT_SET, KNOWN_SET, buffer);
    Tokens secondTokens = buffer.tokens();
    assertTrue(secondTokens.sameShape(firstTokens), dialect + ": " + first + " | " + second);
    // Replace every word "d" by a physical name, in both texts: the plan of the first must do it for the second.
    List<Edit> firstEdits = draftEdits(firstTokens, first);
    SplicePlan plan = SplicePlan.of(firstTokens, firstEdits);
    assertEquals(Splicer.apply(second, draftEdits(secondTokens, second)), plan.apply(second, secondTokens));
    assertEquals(Splicer.apply(first, firstEdits), plan.apply(first, Lexer.tokenize(first, dialect)));
  }

  private static List<Edit> draftEdits(Tokens t, String sql) {
    List<Edit> edits = new ArrayList<>();
    for (int i = 0; i < t.size(); i++) {
      if (t.kind(i) == TokenKind.WORD && t.text(i).equals("d")) edits.add(new Edit(t.start(i), t.end(i), "\"br_b_s\".\"d\""));
    }
    if (!edits.isEmpty()) edits.add(new Edit(sql.length(), sql.length(), " /* end */"));
    return edits;
  }

  /** Parts of a statement; "#" marks where a literal goes. */
  private static String render(List<String> parts, List<String> literals, String space) {
    StringBuilder out = new StringBuilder();
    int literal = 0;
    for (String part : parts) {
      if (out.length() > 0) out.append(space);
      if (part.equals("#")) out.append(literals.get(literal++ % literals.size()));
      else out.append(part);
    }
    return out.toString();
  }

  private static List<ReferenceLexer.Token> read(Tokens t) {
    List<ReferenceLexer.Token> out = new ArrayList<>();
    for (int i = 0; i < t.size(); i++) out.add(new ReferenceLexer.Token(t.start(i), t.end(i), t.kind(i)));
    return out;
  }

  @Provide
  Arbitrary<String> texts() {
    Arbitrary<String> separator = Arbitraries.of("", " ", " ", "\n", "\t", ".", "\r\n");
    return Combinators.combine(piece(), separator).as((p, s) -> p + s).list().ofMaxSize(14)
        .map(list -> String.join("", list));
  }

  /** Every kind of lexical element, with the edge cases each dialect reads differently. */
  private static Arbitrary<String> piece() {
    Arbitrary<String> words = Arbitraries.of("SELECT", "select", "from", "FROM", "where", "create", "CREATE", "Alter",
        "drop", "TRUNCATE", "rename", "comment", "use", "SET", "draft", "DRAFT", "drafts", "film_text", "FILM_TEXT",
        "d", "D", "s", "S", "public", "main", "t", "x1", "a$b", "_u", "é", "naïve", "E", "e", "x");
    Arbitrary<String> identifiers = Arbitraries.strings().withChars("abdrftDRAFT_ $.\"`[]'").ofMaxLength(6);
    Arbitrary<String> quoted = Combinators.combine(Arbitraries.of("\"", "`", "["), identifiers, Arbitraries.of(true, true, false))
        .as((q, body, closed) -> q + body + (closed ? (q.equals("[") ? "]" : q) : ""));
    Arbitrary<String> strings = Combinators.combine(Arbitraries.of("'", "E'", "e'", "\"", "$$", "$fn$", "$a1$"),
        Arbitraries.strings().withChars("draft '\\\"$fn*/-#\n").ofMaxLength(8), Arbitraries.of(true, true, false))
        .as((open, body, closed) -> {
          String close = open.startsWith("$") ? open : open.substring(open.length() - 1);
          return open + body + (closed ? close : "");
        });
    Arbitrary<String> comments = Combinators.combine(Arbitraries.of("-- ", "--", "#", "/*", "/* /*"),
        Arbitraries.strings().withChars("draft */\\'\"").ofMaxLength(8), Arbitraries.of("\n", "*/", "*/ */", ""))
        .as((open, body, close) -> open + body + close);
    Arbitrary<String> numbers = Arbitraries.of("1", "42", "1.5", ".5", "1e10", "1E+3", "0x1F", "0b101", "1..2", "1_000", "7.");
    Arbitrary<String> parameters = Arbitraries.of("?", "?1", "$1", "$", ":name", "@v", "$x", ":", "@");
    Arbitrary<String> operators = Arbitraries.of("=", "<>", "<=", "||", "::", "=?", "-", "*", "/", "<#", "=-", "!", "%", "~", "^", "&");
    Arbitrary<String> punctuation = Arbitraries.of("(", ")", ",", ";", ".", "[", "]", "{", "}");
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(6, words), net.jqwik.api.Tuple.of(2, quoted), net.jqwik.api.Tuple.of(2, strings),
        net.jqwik.api.Tuple.of(2, comments), net.jqwik.api.Tuple.of(2, numbers), net.jqwik.api.Tuple.of(1, parameters),
        net.jqwik.api.Tuple.of(2, operators), net.jqwik.api.Tuple.of(2, punctuation));
  }

  @Provide
  Arbitrary<List<String>> statements() {
    return Arbitraries.of("select", "name", "from", "d", "t", "where", "id", "=", "and", "(", ")", ",", "s", ".", "#",
        "\"Q\"", "<>").list().ofMinSize(1).ofMaxSize(16);
  }

  @Provide
  Arbitrary<List<String>> literals() {
    return Arbitraries.of("7", "123456", "0.25", "'x'", "'it''s'", "''", "1e3").list().ofMinSize(1).ofMaxSize(4);
  }
}

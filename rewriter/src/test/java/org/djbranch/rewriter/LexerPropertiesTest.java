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
import net.jqwik.api.Tuple;
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
    assertEquals(expected, read(buffer.tokens(sql)), where);
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
    assertEquals(ReferenceLexer.tokens(second, dialect), read(buffer.tokens(second)), where);
    // The property is about texts that are read on: most generated pairs must be.
    Statistics.label("read on").coverage(c -> c.check(true).percentage(p -> p > 15));
  }

  @Property(tries = 1000)
  void sameShapeInPlaceMeansEqualShapes(@ForAll("texts") String a, @ForAll("texts") String b, @ForAll Dialect dialect) {
    Tokens ta = Lexer.tokenize(a, dialect);
    Lexer.scan(b, dialect, DRAFT_SET, KNOWN_SET, buffer);
    Tokens tb = buffer.tokens(b);
    if (tb.sameShape(ta)) assertEquals(ta.shape(), tb.shape(), dialect + ": " + a + " | " + b);
    assertTrue(ta.sameShape(Lexer.tokenize(a, dialect)));
  }

  /**
   * Statement after statement through one buffer, mostly with one start and other literals after it, as a
   * connection sends them: each reads as from its start however many were read on before it (the kept start is
   * compared whole), and comparing the buffer's tokens with a copy kept now and then, as a connection keeps the
   * tokens of its last plan, answers as comparing a fresh reading with it (the tokens a read-on kept are skipped).
   */
  @Property(tries = 1000)
  void statementAfterStatementReadsAsFromItsStart(@ForAll("starts") String start, @ForAll("texts") String other,
      @ForAll("tails") List<String> tails, @ForAll("choices") List<Integer> choices, @ForAll Dialect dialect,
      @ForAll boolean appendAtEnd) {
    Tokens.Buffer reused = new Tokens.Buffer();
    Tokens copy = null;
    Tokens earlierCopy = null;
    SplicePlan plan = null;
    int lastReadOn = -1;
    boolean lastUnasked = false;
    for (int k = 0; k < tails.size(); k++) {
      int choice = choices.get(k % choices.size());
      String sql = (choice == 0 ? other : start) + " " + tails.get(k);
      int flags = Lexer.scan(sql, dialect, DRAFT_SET, KNOWN_SET, reused);
      int readOn = reused.readOnFrom();
      // Read on from the same point twice in a row: the second compared the kept start, not the last text.
      Statistics.label("read on from a kept start").collect(readOn >= 0 && readOn == lastReadOn);
      lastReadOn = readOn;
      // Read on after a statement whose tokens nobody asked for: it left its last token unwritten.
      Statistics.label("read on after tokens not asked for").collect(readOn >= 0 && lastUnasked);
      lastUnasked = choice == 4;
      String where = dialect + ": " + sql;
      assertEquals(ReferenceLexer.flags(sql, dialect, DRAFT, KNOWN), flags, where);
      if (choice == 4) {
        continue;   // its tokens are never asked for, as a connection runs a statement that names nothing to splice
      }
      Tokens read = reused.tokens(sql);
      assertEquals(ReferenceLexer.tokens(sql, dialect), read(read), where);
      if (copy != null) {
        where = dialect + ": " + copy.sql() + " | " + sql;
        // Now and then against an earlier copy too, as a connection whose last plan changed back and forth.
        if (earlierCopy != null && choice == 2) {
          assertEquals(Lexer.tokenize(sql, dialect).sameShape(earlierCopy), read.sameShape(earlierCopy), where);
        }
        boolean sameShape = read.sameShape(copy);
        assertEquals(Lexer.tokenize(sql, dialect).sameShape(copy), sameShape, where);
        // The copy's plan splices the text as the edits of a fresh reading would (on from what the last splice kept).
        if (sameShape) {
          Statistics.label("spliced on from the last splice").collect(read.splicedLength(plan) >= 0);
          assertEquals(Splicer.apply(sql, draftEdits(read, sql, appendAtEnd)), plan.apply(sql, read), where);
        }
      }
      if (copy == null || choice == 1) {
        earlierCopy = copy;
        copy = read.copy();
        plan = SplicePlan.of(copy, draftEdits(copy, sql, appendAtEnd));
        assertEquals(Splicer.apply(sql, draftEdits(read, sql, appendAtEnd)), plan.apply(sql, read), where);
      }
    }
    Statistics.label("read on from a kept start").coverage(c -> c.check(true).percentage(p -> p > 5));
    Statistics.label("spliced on from the last splice").coverage(c -> c.check(true).count(k -> k > 10));
    Statistics.label("read on after tokens not asked for").coverage(c -> c.check(true).count(k -> k > 10));
  }

  /** Any text, or often one naming the draft "d" before a comparison, as statements that repeat mostly do. */
  @Provide
  Arbitrary<String> starts() {
    Arbitrary<String> drafted = Combinators.combine(texts(), Arbitraries.of(" d where id =", " d, d.x where x <>",
        " from d where d.id in (", " d = "), texts()).as((before, draft, after) -> before + draft + " " + after);
    return Arbitraries.frequencyOf(Tuple.of(1, texts()), Tuple.of(3, drafted));
  }

  /**
   * The ends of the statements: a literal (the values a repeated statement changes), mostly followed by one rest
   * shared by all, so that statements repeat a shape; sometimes a name first, where the last one had a literal.
   */
  @Provide
  Arbitrary<List<String>> tails() {
    Arbitrary<String> before = Arbitraries.of("", "", "", "", "d ", "x ", "dd ", "(");
    // Mostly a number: statements that repeat a shape have literals of one kind in one place.
    Arbitrary<String> value = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.of("7", "123456", "0.25", "42", "1e3")),
        Tuple.of(1, literals().map(l -> l.get(0))));
    Arbitrary<List<String>> values = Combinators.combine(before, value).as((name, literal) -> name + literal)
        .list().ofMinSize(2).ofMaxSize(8);
    // Often nothing after the literal: the text ends with it.
    Arbitrary<String> rests = Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just("")), Tuple.of(3, texts()));
    return Combinators.combine(values, rests, texts()).as((literals, rest, otherRest) -> {
      List<String> tails = new ArrayList<>();
      for (int k = 0; k < literals.size(); k++) {
        String after = k % 5 == 4 ? otherRest : rest;
        tails.add(after.isEmpty() ? literals.get(k) : literals.get(k) + " " + after);
      }
      return tails;
    });
  }

  /**
   * Per statement: 0 starts it otherwise, 1 keeps a copy of its tokens after it, 2 also compares it with the copy
   * before the last, 3 none of these, 4 does not even ask for its tokens.
   */
  @Provide
  Arbitrary<List<Integer>> choices() {
    return Arbitraries.integers().between(0, 4).list().ofMinSize(1).ofMaxSize(8);
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
    Tokens secondTokens = buffer.tokens(second);
    assertTrue(secondTokens.sameShape(firstTokens), dialect + ": " + first + " | " + second);
    // Replace every word "d" by a physical name, in both texts: the plan of the first must do it for the second.
    List<Edit> firstEdits = draftEdits(firstTokens, first);
    SplicePlan plan = SplicePlan.of(firstTokens, firstEdits);
    assertEquals(Splicer.apply(second, draftEdits(secondTokens, second)), plan.apply(second, secondTokens));
    assertEquals(Splicer.apply(first, firstEdits), plan.apply(first, Lexer.tokenize(first, dialect)));
  }

  private static List<Edit> draftEdits(Tokens t, String sql) {
    return draftEdits(t, sql, true);
  }

  /** Every word "d" replaced by a physical name, and where there is one, with {@code appendAtEnd}, a comment added. */
  private static List<Edit> draftEdits(Tokens t, String sql, boolean appendAtEnd) {
    List<Edit> edits = new ArrayList<>();
    for (int i = 0; i < t.size(); i++) {
      if (t.kind(i) == TokenKind.WORD && t.text(i).equals("d")) edits.add(new Edit(t.start(i), t.end(i), "\"br_b_s\".\"d\""));
    }
    if (!edits.isEmpty() && appendAtEnd) edits.add(new Edit(sql.length(), sql.length(), " /* end */"));
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
        "drop", "TRUNCATE", "rename", "comment", "use", "SET", "Reset", "DISCARD", "resets", "draft", "DRAFT", "drafts",
        "film_text", "FILM_TEXT", "Explain", "analyze", "VACUUM", "cluster", "desc", "describes",
        "d", "D", "s", "S", "public", "main", "t", "x1", "a$b", "_u", "é", "naïve", "E", "e", "x", "nextval",
        "SETVAL", "currVal", "LastVal", "value", "FOR", "Value", "update", "SHARE", "lock", "in", "key", "nextvals", "setva", "set_config", "SET_Config", "set_configs", "set_confi");
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

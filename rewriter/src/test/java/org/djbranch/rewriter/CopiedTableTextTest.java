package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a catalog's CREATE TABLE text gives a copy of the table: its sequences, found by tokens, not by pattern. */
class CopiedTableTextTest {
  @Test
  void everySequenceADefaultDrawsFromIsFoundWithTheSpanOfItsName() {
    String sql = "CREATE TABLE item(id INTEGER DEFAULT(nextval('s.item_seq')), n INTEGER DEFAULT(nextval('\"S\".\"Odd''s\"')),"
        + " m INTEGER DEFAULT(NEXTVAL('plain')), note VARCHAR DEFAULT('nextval(''not_a_call'')'));";
    List<CopiedTableText.SequenceCall> calls = CopiedTableText.sequenceCalls(sql, Dialect.DUCKDB);
    assertEquals(3, calls.size(), calls.toString());
    assertEquals("s", calls.get(0).schema());
    assertEquals("item_seq", calls.get(0).name());
    assertEquals("'s.item_seq'", sql.substring(calls.get(0).start(), calls.get(0).end()));
    assertEquals("S", calls.get(1).schema());
    assertEquals("Odd's", calls.get(1).name());
    assertEquals(null, calls.get(2).schema());
    assertEquals("plain", calls.get(2).name());
  }
}

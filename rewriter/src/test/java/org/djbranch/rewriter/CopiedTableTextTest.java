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

  @Test
  void mariaDbNamesItsSequencesInDefaultsByName() {
    String sql = "CREATE TABLE `t` (`id` bigint(20) NOT NULL DEFAULT nextval(`s`.`t_seq`), `n` bigint(20)"
        + " DEFAULT NEXTVAL(`other``s`.`n_seq`), `m` int(11) DEFAULT nextval(plain),"
        + " `note` varchar(20) DEFAULT 'nextval(`x`)', PRIMARY KEY (`id`))";
    List<CopiedTableText.SequenceCall> calls = CopiedTableText.sequenceCalls(sql, Dialect.MYSQL);
    assertEquals(3, calls.size(), calls.toString());
    assertEquals("`s`.`t_seq`", sql.substring(calls.get(0).start(), calls.get(0).end()));
    assertEquals("s", calls.get(0).schema());
    assertEquals("t_seq", calls.get(0).name());
    assertEquals("other`s", calls.get(1).schema());
    assertEquals(null, calls.get(2).schema());
    assertEquals("plain", calls.get(2).name());
  }

  @Test
  void aPrimaryKeyIsCutOutToBeAddedAfterTheRows() {
    CopiedTableText.Unkeyed inline = CopiedTableText.withoutPrimaryKey(
        "CREATE TABLE d.t(id INTEGER PRIMARY KEY, a VARCHAR NOT NULL, b INTEGER);", Dialect.DUCKDB);
    assertEquals("CREATE TABLE d.t(id INTEGER, a VARCHAR NOT NULL, b INTEGER);", inline.createText());
    assertEquals(List.of("id"), inline.primaryKey());
    CopiedTableText.Unkeyed element = CopiedTableText.withoutPrimaryKey(
        "CREATE TABLE d.t(\"Id\" INTEGER, k INTEGER, CONSTRAINT pk PRIMARY KEY(\"Id\", k), CHECK((k > 0)));",
        Dialect.DUCKDB);
    assertEquals("CREATE TABLE d.t(\"Id\" INTEGER, k INTEGER, CHECK((k > 0)));", element.createText());
    assertEquals(List.of("\"Id\"", "k"), element.primaryKey());
    CopiedTableText.Unkeyed first = CopiedTableText.withoutPrimaryKey(
        "CREATE TABLE t(PRIMARY KEY(a), a INTEGER)", Dialect.DUCKDB);
    assertEquals("CREATE TABLE t(a INTEGER)", first.createText());
    assertEquals(null, CopiedTableText.withoutPrimaryKey("CREATE TABLE t(a INTEGER, note VARCHAR DEFAULT('PRIMARY KEY'))",
        Dialect.DUCKDB));
  }
}

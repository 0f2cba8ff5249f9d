package org.djbranch.rewriter;

import org.djbranch.rewriter.QualifiedObjectNames.Found;
import org.djbranch.rewriter.QualifiedObjectNames.Kind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class QualifiedObjectNamesTest {
  private static List<String> found(String sql) {
    return QualifiedObjectNames.find(sql, Dialect.POSTGRESQL).stream()
        .map(f -> sql.substring(f.start(), f.end()) + "=" + f.schema() + "|" + f.name() + "|" + f.kind()).toList();
  }

  @Test
  void namesOfTwoPartsInTheTextAndNamesInStringsThatSequenceFunctionsRead() {
    assertEquals(List.of("s.mood=s|mood|TYPE", "s.seq=s|seq|RELATION"),
        found("CREATE TABLE t (m s.mood, id int DEFAULT nextval('s.seq'))"));
    assertEquals(List.of("\"S\".\"Mood\"=S|Mood|TYPE", "s.c=s|c|COLLATION"),
        found("SELECT 'a'::\"S\".\"Mood\", v COLLATE s.c FROM x"));
    assertEquals(List.of("s.t=s|t|RELATION", "\"s\".\"q\"\"x\"=s|q\"x|RELATION", "s.r=s|r|RELATION"),
        found("SELECT pg_get_serial_sequence('s.t', 'id'), CURRVAL('\"s\".\"q\"\"x\"'), 's.r'::regclass"));
  }

  @Test
  void leavesOutWhatCannotNameSuchAnObject() {
    assertEquals(List.of(), found("SELECT a.b.c, s.f(1), 's.seq', lower('s.seq'), nextval('seq'), nextval(E's.q')"));
    assertEquals(List.of("t.col=t|col|TYPE"), found("SELECT t.col FROM t"), "the binder finds no object for it");
  }

  @Test
  void spansAreTheNameAloneInsideTheQuotes() {
    String sql = "SELECT setval('s.seq', 5)";
    Found f = QualifiedObjectNames.find(sql, Dialect.POSTGRESQL).get(0);
    assertEquals("s.seq", sql.substring(f.start(), f.end()));
    assertEquals(Kind.RELATION, f.kind());
  }
}

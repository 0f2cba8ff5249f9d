package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TRUNCATE in the forms the parser refuses, as applications send them (Django's and Rails' flush: {@code TRUNCATE a,
 * b RESTART IDENTITY CASCADE}), read from tokens: every table named, written, at its own place in the text.
 */
class TruncateReadingTest {
  @Test
  void everyTableOfEverySpellingIsRead() throws Exception {
    List<String> tables = List.of("s.a", "\"S\".\"b\"", "c");
    for (String table : List.of("", "TABLE ")) {
      for (String only : List.of("", "ONLY ")) {
        for (String star : List.of("", " *")) {
          for (String options : List.of(" RESTART IDENTITY CASCADE;", " CONTINUE IDENTITY RESTRICT", " CASCADE", "")) {
            StringBuilder sql = new StringBuilder("TRUNCATE " + table);
            for (int i = 0; i < tables.size(); i++) {
              sql.append(i == 0 ? "" : ", ").append(only).append(tables.get(i)).append(star);
            }
            String text = sql + options;
            Analysis a = Analyzer.analyze(text, Dialect.POSTGRESQL);
            assertEquals(StatementKind.TRUNCATE, a.kind(), text);
            assertEquals(tables, a.tables().stream().map(r -> text.substring(r.start(), r.end())).toList(), text);
            a.tables().forEach(r -> assertEquals(TableRef.Role.WRITE, r.role(), text));
          }
        }
      }
    }
    Analysis mariadb = Analyzer.analyze("TRUNCATE TABLE s.t WAIT 5", Dialect.MYSQL);
    assertEquals("s.t", "TRUNCATE TABLE s.t WAIT 5".substring(mariadb.target().start(), mariadb.target().end()));
  }

  @Test
  void aWordItDoesNotKnowLeavesItUnread() {
    assertThrows(UnparsableStatementException.class,
        () -> Analyzer.analyze("TRUNCATE a RESTART IDENTITY AND MORE", Dialect.POSTGRESQL));
  }
}

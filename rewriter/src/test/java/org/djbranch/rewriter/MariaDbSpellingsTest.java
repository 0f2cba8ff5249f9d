package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * MariaDB's words that say how a change is made, not what it changes: ALTER [ONLINE] [IGNORE] TABLE, and WAIT n or
 * NOWAIT after a name. Each spelling is read as the plain statement is: the same kind, the same tables at their own
 * places in the text. Before, ALTER ONLINE TABLE and RENAME TABLE t WAIT 5 TO u were read as naming no table.
 */
class MariaDbSpellingsTest {
  @Test
  void alterModifiersAndWaitsNameTheSameTables() throws Exception {
    for (String modifiers : List.of("", "ONLINE ", "IGNORE ", "ONLINE IGNORE ", "offline ", "/* x */ online ")) {
      for (String wait : List.of("", " WAIT 5", " NOWAIT")) {
        String sql = "ALTER " + modifiers + "TABLE s.t" + wait + " ADD COLUMN c INT, ADD FOREIGN KEY (c) REFERENCES s.p (id)";
        Analysis a = Analyzer.analyze(sql, Dialect.MYSQL);
        assertEquals(StatementKind.ALTER_TABLE, a.kind(), sql);
        assertEquals("s.t", spanOf(sql, a.target()), sql);
        assertEquals(List.of("s.t", "s.p"), a.tables().stream().map(r -> spanOf(sql, r)).toList(), sql);
      }
    }
  }

  @Test
  void renameWithWaitsAndIfExistsNamesBothTables() throws Exception {
    for (String ifExists : List.of("", "IF EXISTS ")) {
      for (String wait : List.of("", " WAIT 5", " NOWAIT")) {
        String sql = "RENAME TABLE " + ifExists + "s.t" + wait + " TO s.u, s.a TO s.b"; // WAIT after the first name only
        Analysis a = Analyzer.analyze(sql, Dialect.MYSQL);
        assertEquals(StatementKind.RENAME, a.kind(), sql);
        assertEquals(List.of("s.t", "s.u", "s.a", "s.b"), a.tables().stream().map(r -> spanOf(sql, r)).toList(),
            sql);
      }
    }
  }

  private static String spanOf(String sql, TableRef r) {
    return sql.substring(r.start(), r.end());
  }
}

package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.djbranch.rewriter.TransactionControl.Kind;
import org.junit.jupiter.api.Test;

class TransactionControlTest {
  private static Kind kind(String sql, Dialect d) {
    TransactionControl c = TransactionControl.read(sql, d);
    return c == null ? null : c.kind();
  }

  @Test
  void readsEverySpellingOfTheFourDialects() {
    Object[][] cases = {
        {"BEGIN", Kind.BEGIN}, {"begin work", Kind.BEGIN}, {"BEGIN TRANSACTION", Kind.BEGIN},
        {"BEGIN ISOLATION LEVEL SERIALIZABLE", Kind.BEGIN}, {"begin read only", Kind.BEGIN},
        {"BEGIN NOT DEFERRABLE", Kind.BEGIN}, {"BEGIN IMMEDIATE TRANSACTION", Kind.BEGIN},
        {"START TRANSACTION", Kind.BEGIN}, {"start transaction read write;", Kind.BEGIN},
        {"COMMIT", Kind.COMMIT}, {"commit work", Kind.COMMIT}, {"COMMIT TRANSACTION;", Kind.COMMIT},
        {"END", Kind.COMMIT}, {"end transaction", Kind.COMMIT}, {"COMMIT AND NO CHAIN", Kind.COMMIT},
        {"COMMIT WORK AND NO CHAIN NO RELEASE", Kind.COMMIT},
        {"ROLLBACK", Kind.ROLLBACK}, {"rollback work", Kind.ROLLBACK}, {"ABORT", Kind.ROLLBACK},
        {"ROLLBACK TRANSACTION", Kind.ROLLBACK},
        {"SAVEPOINT a", Kind.SAVEPOINT}, {"ROLLBACK TO a", Kind.ROLLBACK_TO},
        {"ROLLBACK TO SAVEPOINT a", Kind.ROLLBACK_TO}, {"rollback work to savepoint a", Kind.ROLLBACK_TO},
        {"ROLLBACK TRANSACTION TO SAVEPOINT a", Kind.ROLLBACK_TO},
        {"RELEASE a", Kind.RELEASE}, {"RELEASE SAVEPOINT a", Kind.RELEASE},
        {"PREPARE TRANSACTION 'x'", Kind.PREPARE},
    };
    for (Object[] c : cases) {
      for (Dialect d : Dialect.values()) {
        assertEquals(c[1], kind((String) c[0], d), c[0] + " " + d);
      }
    }
  }

  @Test
  void commentsAndCaseChangeNothing() {
    assertEquals(Kind.COMMIT, kind("/* done */ CoMmIt -- now\n", Dialect.POSTGRESQL));
    assertEquals(Kind.ROLLBACK_TO, kind("ROLLBACK /* x */ TO\n-- y\n SAVEPOINT a;", Dialect.POSTGRESQL));
    assertEquals(Kind.BEGIN, kind("# migration\nSTART TRANSACTION", Dialect.MYSQL));
    assertEquals(Kind.COMMIT, kind("/*!40101 COMMIT */", Dialect.MYSQL));
  }

  @Test
  void savepointNamesAreReadAsWritten() {
    TransactionControl plain = TransactionControl.read("SAVEPOINT Before_Migration", Dialect.POSTGRESQL);
    assertEquals("Before_Migration", plain.savepoint());
    assertFalse(plain.savepointQuoted());
    TransactionControl quoted = TransactionControl.read("RELEASE SAVEPOINT \"Sp 1\"", Dialect.POSTGRESQL);
    assertEquals("Sp 1", quoted.savepoint());
    assertTrue(quoted.savepointQuoted());
    assertEquals("sp", TransactionControl.read("ROLLBACK TO `sp`", Dialect.MYSQL).savepoint());
  }

  @Test
  void aChainedEndBeginsTheNextTransaction() {
    assertTrue(TransactionControl.read("COMMIT AND CHAIN", Dialect.POSTGRESQL).chain());
    assertTrue(TransactionControl.read("ROLLBACK WORK AND CHAIN", Dialect.MYSQL).chain());
    assertFalse(TransactionControl.read("COMMIT AND NO CHAIN", Dialect.MYSQL).chain());
  }

  @Test
  void otherStatementsStartingWithTheseWordsAreNone() {
    for (String sql : List.of("COMMIT PREPARED 'x'", "ROLLBACK PREPARED 'x'", "BEGIN NOT ATOMIC SELECT 1; END",
        "START REPLICA", "START SLAVE", "PREPARE stmt FROM 'SELECT 1'", "PREPARE q AS SELECT 1", "SAVEPOINT",
        "ROLLBACK TO", "RELEASE", "SAVEPOINT a b", "COMMIT; DROP TABLE t", "END LOOP", "BEGIN; COMMIT",
        "COMMIT AND", "SELECT 1")) {
      for (Dialect d : Dialect.values()) {
        assertNull(TransactionControl.read(sql, d), sql + " " + d);
      }
    }
  }
}

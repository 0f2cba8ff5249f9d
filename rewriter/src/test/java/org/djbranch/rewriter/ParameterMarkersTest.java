package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The markers a derived statement takes parameters for: only the {@code ?} the wrapped driver binds. */
class ParameterMarkersTest {
  private static int[] at(String sql, String... markedPieces) {
    int[] out = new int[markedPieces.length];
    int from = 0;
    for (int i = 0; i < markedPieces.length; i++) {
      from = sql.indexOf(markedPieces[i], from);
      out[i] = from + markedPieces[i].indexOf('?');
      from++;
    }
    return out;
  }

  @Test
  void marksOnlyParametersOutsideStringsCommentsAndQuotedNames() {
    String sql = "DELETE FROM s.t WHERE a = ? AND b = '?' AND \"c?\" = ? /* ? */ AND d IN (?, ?) -- ?";
    assertArrayEquals(at(sql, "a = ?", "\" = ?", "(?", ", ?"), ParameterMarkers.positions(sql, Dialect.POSTGRESQL));
    String mysql = "UPDATE `t?` SET a = ? WHERE b = \"?\" AND c = ? # ?";
    assertArrayEquals(at(mysql, "a = ?", "c = ?"), ParameterMarkers.positions(mysql, Dialect.MYSQL));
  }

  @Test
  void postgresqlsEscapedQuestionMarkAndNumberedParametersAreNoMarkers() {
    String sql = "DELETE FROM t WHERE j ?? 'k' AND id = $1 AND x = ?";
    assertArrayEquals(at(sql, "x = ?"), ParameterMarkers.positions(sql, Dialect.POSTGRESQL));
  }

  @Test
  void dmlShapeReadsOnlyDeletesAndUpdates() {
    assertNull(DmlShape.read("SELECT * FROM t WHERE a = ?", Dialect.POSTGRESQL));
    assertNull(DmlShape.read("  /* c */ DELETED FROM t", Dialect.POSTGRESQL));
    assertNotNull(DmlShape.read(" /* c */ delete from t where a = ?", Dialect.POSTGRESQL));
    assertNotNull(DmlShape.read("-- c\nUPDATE t SET a = ? WHERE b = ?", Dialect.MYSQL));
  }
}

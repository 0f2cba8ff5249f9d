package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * A nextval or setval whose sequence the text names as a plain string is read; any other argument is a call the
 * branch cannot judge, found so that it is refused rather than passed.
 */
class SequenceArgumentsTest {
  @Test
  void plainStringsBareOrCastAndATablesSerialSequenceAreRead() {
    for (String sql : List.of("SELECT nextval('s.seq')", "SELECT nextval('seq'::regclass), setval('\"S\".x', 5)",
        "INSERT INTO t VALUES (NEXTVAL('a' :: text))", "SELECT setval(pg_get_serial_sequence('t', 'id'), 1)",
        "SELECT pg_catalog.nextval('s.seq')", "SELECT currval(?), lastval()", "SELECT f.nextval(x)",
        "SELECT 'nextval(?)'")) {
      assertNull(SequenceArguments.unread(sql, Dialect.POSTGRESQL), sql);
    }
  }

  @Test
  void anythingElseIsFound() {
    assertEquals("nextval(?", SequenceArguments.unread("SELECT nextval(?)", Dialect.POSTGRESQL));
    assertEquals("\"nextval\"(E'x'", SequenceArguments.unread("SELECT \"nextval\"(E'x')", Dialect.POSTGRESQL));
    assertEquals("setval((", SequenceArguments.unread("SELECT nextval('a'), setval(('s.seq'), 2)",
        Dialect.DUCKDB));
    assertNull(SequenceArguments.unread("SELECT NEXTVAL(s.seq)", Dialect.MYSQL), "MariaDB names it");
  }

  @Provide
  Arbitrary<String> arguments() {
    return Arbitraries.of("?", "$1", "E'%s'", "U&'%s'", "$$%s$$", "'%s' || ''", "('%s')", "CAST('%s' AS regclass)",
        "('%s')::regclass", "'%s'::varchar", "16384", "col", "lower('%s')", "'%s'::regclass::text",
        "'%s' COLLATE \"C\"");
  }

  /** Every argument that is not a plain string, bare or cast to regclass or text, is found, by either function. */
  @Property(tries = 200)
  void everyOtherArgumentIsFound(@ForAll("arguments") String argument, @ForAll boolean setval,
      @ForAll boolean quoted) {
    String fn = setval ? "setval" : "nextval";
    String sql = "SELECT " + (quoted ? '"' + fn + '"' : fn) + "(" + argument.replace("%s", "s.seq")
        + (setval ? ", 5)" : ")");
    assertNotNull(SequenceArguments.unread(sql, Dialect.POSTGRESQL), sql);
    assertNotNull(SequenceArguments.unread(sql, Dialect.DUCKDB), sql);
  }
}

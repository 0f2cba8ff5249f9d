package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class SplicingTest {

    @Test
    void splicerKeepsEverythingOutsideTheEdits() {
        String sql = "SELECT /*! keep */ * FROM a, b -- tail";
        int a = sql.indexOf(" a") + 1;
        int b = sql.indexOf(" b") + 1;
        assertEquals("SELECT /*! keep */ * FROM `x`.`a`, `x`.`b` -- tail",
                Splicer.apply(sql, List.of(new Edit(b, b + 1, "`x`.`b`"), new Edit(a, a + 1, "`x`.`a`"))));
        assertSame(sql, Splicer.apply(sql, List.of()));
        assertThrows(IllegalArgumentException.class, () -> Splicer.apply(sql, List.of(new Edit(0, 5, ""), new Edit(3, 8, ""))));
    }

    @Test
    void planReplaysOnAStatementOfTheSameShape() {
        String first = "SELECT * FROM d JOIN e ON d.id = e.id WHERE d.x = 'a'";
        Tokens tokens = Lexer.tokenize(first, Dialect.POSTGRESQL);
        int d = first.indexOf(" d ") + 1;
        SplicePlan plan = SplicePlan.of(tokens, List.of(new Edit(d, d + 1, "\"br_b_s\".d")));
        String second = "SELECT *  FROM d JOIN e ON d.id = e.id\n WHERE d.x = 'a much longer literal'";
        assertEquals("SELECT *  FROM \"br_b_s\".d JOIN e ON d.id = e.id\n WHERE d.x = 'a much longer literal'",
                plan.apply(second, Lexer.tokenize(second, Dialect.POSTGRESQL)));
        assertThrows(IllegalArgumentException.class, () -> SplicePlan.of(tokens, List.of(new Edit(d, d + 3, "x"))));
        assertTrue(SplicePlan.UNCHANGED.isUnchanged());
        assertSame(second, SplicePlan.UNCHANGED.apply(second, Lexer.tokenize(second, Dialect.POSTGRESQL)));
        assertFalse(plan.isUnchanged());
    }

    @Test
    void nameSetIgnoresAsciiCaseAndReadsRanges() {
        NameSet names = NameSet.of(List.of("Film", "film_actor", "x"));
        assertTrue(names.contains("select FILM from", 7, 11));
        assertTrue(names.contains("FILM_ACTOR", 0, 10));
        assertFalse(names.contains("films", 0, 5));
        assertFalse(names.contains("fil", 0, 3));
        assertTrue(NameSet.EMPTY.isEmpty());
        assertFalse(NameSet.EMPTY.contains("x", 0, 1));
        assertFalse(names.isEmpty());
    }

    @Test
    void dialectsQuoteAndFold() {
        assertEquals("\"a\"\"b\"", Dialect.POSTGRESQL.quote("a\"b"));
        assertEquals("`a``b`", Dialect.MYSQL.quote("a`b"));
        assertEquals("\"s\".\"t\"", Dialect.SQLITE.quote("s", "t"));
        assertEquals("\"br_x_s\".\"t\"", Dialect.DUCKDB.quote("br_x_s", "t"));
        assertEquals("film", Dialect.POSTGRESQL.fold("Film"));
        assertEquals("Film", Dialect.MYSQL.fold("Film"));
    }

    @Test
    void planCacheEvictsTheLeastRecentlyUsed() {
        PlanCache<ShapeKey, String> cache = new PlanCache<>(2);
        cache.put(new ShapeKey("a", 1), "A");
        cache.put(new ShapeKey("b", 1), "B");
        assertEquals("A", cache.get(new ShapeKey("a", 1)));
        cache.put(new ShapeKey("c", 1), "C");
        assertNull(cache.get(new ShapeKey("b", 1)));
        assertEquals("A", cache.get(new ShapeKey("a", 1)));
        assertNull(cache.get(new ShapeKey("a", 2)), "another generation is another key");
        assertEquals(2, cache.size());
    }
}

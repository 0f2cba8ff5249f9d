package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class ScriptsTest {

    @Test
    void semicolonsInsideStringsCommentsAndQuotesDoNotSplit() {
        String script = "-- head; comment\nINSERT INTO t VALUES ('a;b', \"c;d\");\n/* x; y */ SELECT 1;\nSELECT 2";
        assertEquals(List.of("INSERT INTO t VALUES ('a;b', \"c;d\")", "SELECT 1", "SELECT 2"), Scripts.split(script, Dialect.POSTGRESQL));
    }

    @Test
    void dollarQuotedBodiesStayWhole() {
        String script = "CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;\nSELECT f();";
        assertEquals(List.of("CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql", "SELECT f()"), Scripts.split(script, Dialect.POSTGRESQL));
    }

    @Test
    void copyDataBlocksAndMetaCommandsAreSkipped() {
        String script = "\\connect db\nCOPY public.t (a, b) FROM stdin;\n1\tx;y\n2\t'z\n\\.\n\nSELECT 1;";
        assertEquals(List.of("SELECT 1"), Scripts.split(script, Dialect.POSTGRESQL));
    }

    @Test
    void mysqlDelimiterLinesChangeTheTerminator() {
        String script = "DELIMITER ;;\nCREATE TRIGGER x AFTER INSERT ON t FOR EACH ROW BEGIN\n  INSERT INTO u VALUES (1);\nEND;;\nDELIMITER ;\nSELECT 1;";
        assertEquals(List.of("CREATE TRIGGER x AFTER INSERT ON t FOR EACH ROW BEGIN\n  INSERT INTO u VALUES (1);\nEND", "SELECT 1"),
                Scripts.split(script, Dialect.MYSQL));
    }

    @Test
    void sqliteTriggerBodiesKeepTheirSemicolons() {
        String script = "CREATE TRIGGER a AFTER UPDATE ON t\n BEGIN\n  UPDATE t SET x = CASE WHEN 1 THEN 2 END WHERE rowid = new.rowid;\n END\n;\nSELECT [a;b] FROM t;";
        assertEquals(List.of("CREATE TRIGGER a AFTER UPDATE ON t\n BEGIN\n  UPDATE t SET x = CASE WHEN 1 THEN 2 END WHERE rowid = new.rowid;\n END",
                "SELECT [a;b] FROM t"), Scripts.split(script, Dialect.SQLITE));
    }
}

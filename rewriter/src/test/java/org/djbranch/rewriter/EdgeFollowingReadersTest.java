package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the driver needs to make ~edge follow the tables: constraints dropped, columns and tables renamed, DROP ...
 * CASCADE, the indexes a CREATE TABLE declares, and ALTER TABLE texts with actions cut out whatever their place.
 */
class EdgeFollowingReadersTest {
  private static Analysis analyze(String sql, Dialect d) throws Exception {
    return Analyzer.analyze(sql, d);
  }

  @Test
  void droppedConstraintsAreReadWithTheirStoredNames() throws Exception {
    Analysis pg = analyze("ALTER TABLE s.c DROP CONSTRAINT IF EXISTS Fk_A CASCADE, DROP CONSTRAINT \"Fk_B\"",
        Dialect.POSTGRESQL);
    assertEquals(StatementKind.ALTER_TABLE, pg.kind());
    assertEquals(List.of("fk_a", "Fk_B"), pg.droppedConstraints().stream().map(DroppedConstraint::name).toList());
    assertTrue(pg.droppedConstraints().get(0).ifExists());
    assertFalse(pg.droppedConstraints().get(0).foreignKeyOnly());
    Analysis my = analyze("ALTER TABLE `s`.`c` DROP FOREIGN KEY `Fk_A`", Dialect.MYSQL);
    DroppedConstraint fk = my.droppedConstraints().get(0);
    assertEquals("Fk_A", fk.name());
    assertTrue(fk.foreignKeyOnly());
    assertEquals("DROP FOREIGN KEY `Fk_A`", "ALTER TABLE `s`.`c` DROP FOREIGN KEY `Fk_A`".substring(fk.start(), fk.end()));
    assertTrue(analyze("ALTER TABLE t DROP COLUMN a", Dialect.POSTGRESQL).droppedConstraints().isEmpty());
  }

  @Test
  void renamedColumnsAreReadInEveryForm() throws Exception {
    assertEquals(List.of(new RenamedColumn("a", "B")),
        analyze("ALTER TABLE t RENAME COLUMN A TO \"B\"", Dialect.POSTGRESQL).renamedColumns());
    assertEquals(List.of(new RenamedColumn("a", "b")),
        analyze("ALTER TABLE t RENAME a TO b", Dialect.POSTGRESQL).renamedColumns());
    assertNull(analyze("ALTER TABLE t RENAME a TO b", Dialect.POSTGRESQL).renamedTo());
    assertEquals(List.of(new RenamedColumn("a", "b")),
        analyze("ALTER TABLE t CHANGE COLUMN a b INT NOT NULL", Dialect.MYSQL).renamedColumns());
    assertEquals(List.of(new RenamedColumn("A", "b")), analyze("ALTER TABLE t CHANGE A b INT", Dialect.MYSQL)
        .renamedColumns());
    assertTrue(analyze("ALTER TABLE t RENAME CONSTRAINT a TO b", Dialect.POSTGRESQL).renamedColumns().isEmpty());
    assertTrue(analyze("ALTER TABLE t RENAME INDEX a TO b", Dialect.MYSQL).renamedColumns().isEmpty());
  }

  @Test
  void everyPairOfARenameIsReadInOrder() throws Exception {
    Analysis swap = analyze("RENAME TABLE s.a TO s.tmp, s.b TO s.a, s.tmp TO s.b", Dialect.MYSQL);
    List<String> pairs = new ArrayList<>();
    for (TableRename r : swap.renames()) {
      pairs.add(r.from().name() + ">" + r.to().name());
    }
    assertEquals(List.of("a>tmp", "b>a", "tmp>b"), pairs);
    Analysis alter = analyze("ALTER TABLE s.t RENAME TO u", Dialect.POSTGRESQL);
    assertEquals(1, alter.renames().size());
    assertEquals("t", alter.renames().get(0).from().name());
    assertEquals("u", alter.renames().get(0).to().name());
    assertTrue(analyze("ALTER TABLE s.t ADD COLUMN x INT", Dialect.POSTGRESQL).renames().isEmpty());
  }

  @Test
  void dropCascadeIsRead() throws Exception {
    assertTrue(analyze("DROP TABLE s.p CASCADE", Dialect.POSTGRESQL).cascade());
    assertTrue(analyze("drop table s.p, s.q cascade;", Dialect.DUCKDB).cascade());
    assertFalse(analyze("DROP TABLE s.p", Dialect.POSTGRESQL).cascade());
    assertFalse(analyze("DROP TABLE s.p RESTRICT", Dialect.POSTGRESQL).cascade());
  }

  @Test
  void aCreateTableDeclaresItsIndexesAndItsKeysIndexNames() throws Exception {
    CreateTable ct = analyze("CREATE TABLE t (a INT, b INT UNIQUE, c INT, PRIMARY KEY (a), KEY ix_c (c, a),"
        + " UNIQUE KEY (b, c), INDEX USING BTREE (c), CONSTRAINT fk FOREIGN KEY ix_fk (c) REFERENCES p (c))",
        Dialect.MYSQL).createTable();
    assertEquals(List.of(new DeclaredIndex(null, List.of("b")), new DeclaredIndex("ix_c", List.of("c", "a")),
        new DeclaredIndex(null, List.of("b", "c")), new DeclaredIndex(null, List.of("c"))), ct.indexes());
    assertEquals("ix_fk", ct.foreignKeys().get(0).indexName());
    assertEquals("fk", ct.foreignKeys().get(0).name());
    assertEquals("fk_a", analyze("CREATE TABLE t (a INT, CONSTRAINT FK_A FOREIGN KEY (a) REFERENCES p (a))",
        Dialect.POSTGRESQL).createTable().foreignKeys().get(0).name());
  }

  @Test
  void cutActionsLeaveTheCommasRightWhereverTheyStand() throws Exception {
    String sql = "ALTER TABLE t ADD CONSTRAINT f1 FOREIGN KEY (a) REFERENCES p (a), ADD FOREIGN KEY (b) REFERENCES q (b),"
        + " ADD COLUMN x INT, DROP CONSTRAINT f3, ADD COLUMN y INT, DROP CONSTRAINT f4";
    Analysis a = analyze(sql, Dialect.POSTGRESQL);
    List<Edit> cuts = new ArrayList<>();
    for (ForeignKey fk : a.addedForeignKeys()) {
      cuts.add(new Edit(fk.start(), fk.end(), ""));
    }
    for (DroppedConstraint d : a.droppedConstraints()) {
      cuts.add(new Edit(d.start(), d.end(), ""));
    }
    assertEquals("ALTER TABLE t ADD COLUMN x INT, ADD COLUMN y INT",
        AlterTableText.rewritten(sql, Dialect.POSTGRESQL, cuts, List.of(), List.of()));
    assertEquals("ALTER TABLE t ADD COLUMN x INT, ADD COLUMN y INT, ADD INDEX `b` (`b`)",
        AlterTableText.rewritten(sql, Dialect.POSTGRESQL, cuts, List.of(), List.of("ADD INDEX `b` (`b`)")));
    String onlyKeys = "ALTER TABLE t DROP CONSTRAINT f3, ADD FOREIGN KEY (b) REFERENCES q (b);";
    Analysis k = analyze(onlyKeys, Dialect.POSTGRESQL);
    List<Edit> all = List.of(new Edit(k.droppedConstraints().get(0).start(), k.droppedConstraints().get(0).end(), ""),
        new Edit(k.addedForeignKeys().get(0).start(), k.addedForeignKeys().get(0).end(), ""));
    assertNull(AlterTableText.rewritten(onlyKeys, Dialect.POSTGRESQL, all, List.of(), List.of()));
    assertEquals("ALTER TABLE t ADD INDEX `b` (`b`);",
        AlterTableText.rewritten(onlyKeys, Dialect.MYSQL, all, List.of(), List.of("ADD INDEX `b` (`b`)")));
  }
}

package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.djbranch.rewriter.AlterTableActions.Action;
import org.djbranch.rewriter.AlterTableActions.Kind;
import org.junit.jupiter.api.Test;

/** CREATE INDEX and ALTER TABLE read as far as telling whether they could agree with what a table already is. */
class DeclarationReadersTest {
  @Test
  void anIndexIsItsColumnsDirectionsAndUniqueness() {
    IndexDeclaration unnamed = IndexDeclaration.read("CREATE INDEX ON vets (last_name)", Dialect.POSTGRESQL);
    assertNull(unnamed.name());
    assertEquals("vets", unnamed.table().name());
    assertEquals(List.of(new IndexDeclaration.Column("last_name", false, false)), unnamed.columns());
    assertTrue(unnamed.plain());

    IndexDeclaration named = IndexDeclaration.read("create unique index if not exists \"Ix\" on s.t (a, \"B\" desc);",
        Dialect.POSTGRESQL);
    assertEquals("Ix", named.name());
    assertTrue(named.unique() && named.ifNotExists() && named.plain());
    assertEquals("s", named.table().schema());
    assertEquals(List.of(new IndexDeclaration.Column("a", false, false), new IndexDeclaration.Column("B", true, true)),
        named.columns());
    assertTrue(IndexDeclaration.read("CREATE INDEX i ON t (a) USING BTREE", Dialect.MYSQL).plain());
  }

  @Test
  void anIndexThatNoColumnListDescribesIsNotPlain() {
    for (String sql : List.of("CREATE INDEX i ON t (lower(a))", "CREATE INDEX i ON t (a) WHERE a > 0",
        "CREATE INDEX i ON t USING gin (a)", "CREATE INDEX i ON t (a) INCLUDE (b)", "CREATE INDEX i ON t (a(10))",
        "CREATE INDEX i ON t (a COLLATE \"C\")")) {
      IndexDeclaration d = IndexDeclaration.read(sql, sql.contains("a(10)") ? Dialect.MYSQL : Dialect.POSTGRESQL);
      assertFalse(d.plain(), sql);
    }
    assertNull(IndexDeclaration.read("CREATE TABLE t (a INT)", Dialect.POSTGRESQL));
  }

  @Test
  void alterTableActionsSayWhatEachChanges() {
    AlterTableActions a = AlterTableActions.read("alter table if exists owners alter column first_name set data type"
        + " varchar(255), add column if not exists nick  VARCHAR ( 20 ), add constraint fk1 foreign key (x)"
        + " references p (id), drop column y", Dialect.POSTGRESQL);
    assertEquals("owners", a.target().name());
    assertEquals(List.of(new Action(Kind.SET_TYPE, "first_name", false, "varchar(255)", false),
        new Action(Kind.ADD_COLUMN_IF_NOT_EXISTS, "nick", false, "varchar(20)", false),
        new Action(Kind.ADD_FOREIGN_KEY, null, false, null, false),
        new Action(Kind.OTHER, null, false, null, false)), a.actions());
    assertEquals(1, a.foreignKeys().size());
    assertEquals(Kind.SET_TYPE, AlterTableActions.read("ALTER TABLE t ALTER c TYPE int", Dialect.POSTGRESQL)
        .actions().get(0).kind());
    assertEquals(Kind.OTHER, AlterTableActions.read("ALTER TABLE t ALTER c TYPE int USING c::int", Dialect.POSTGRESQL)
        .actions().get(0).kind());
    Action modify = AlterTableActions.read("alter table owners modify column first_name varchar(255)", Dialect.MYSQL)
        .actions().get(0);
    assertEquals(new Action(Kind.SET_TYPE, "first_name", false, "varchar(255)", true), modify);
    assertEquals(Kind.OTHER, AlterTableActions.read("alter table t modify c int not null", Dialect.MYSQL)
        .actions().get(0).kind());
    assertEquals(Kind.OTHER, AlterTableActions.read("alter table t add column c int", Dialect.MYSQL)
        .actions().get(0).kind());
  }

  @Test
  void typeSpellingsAgreeWhereTheDatabaseMeansOneType() {
    String[][] pg = {{"varchar(255)", "character varying(255)"}, {"int", "integer"}, {"INT4", "integer"},
        {"float(53)", "double precision"}, {"float8", "double precision"}, {"bool", "boolean"},
        {"timestamp(6)", "timestamp(6) without time zone"}, {"timestamp", "timestamp(6) without time zone"},
        {"timestamptz", "timestamp(6) with time zone"}, {"numeric(10, 2)", "numeric(10,2)"}, {"char", "character(1)"}};
    for (String[] p : pg) {
      assertEquals(TypeNames.canonical(p[1], Dialect.POSTGRESQL), TypeNames.canonical(p[0], Dialect.POSTGRESQL),
          p[0]);
    }
    String[][] my = {{"integer", "int(11)"}, {"varchar(255)", "varchar(255)"}, {"float(53)", "double"},
        {"double precision", "double"}, {"boolean", "tinyint(1)"}, {"decimal", "decimal(10,0)"},
        {"datetime(6)", "datetime(6)"}, {"bigint", "bigint(20)"}};
    for (String[] p : my) {
      assertEquals(TypeNames.canonical(p[1], Dialect.MYSQL), TypeNames.canonical(p[0], Dialect.MYSQL), p[0]);
    }
    String[][] differ = {{"varchar(255)", "character varying(100)"}, {"integer", "bigint"}, {"real", "double precision"},
        {"timestamp", "timestamp with time zone"}, {"numeric(10,2)", "numeric(10,3)"}};
    for (String[] p : differ) {
      assertFalse(TypeNames.canonical(p[1], Dialect.POSTGRESQL).equals(TypeNames.canonical(p[0], Dialect.POSTGRESQL)),
          p[0]);
    }
    assertFalse(TypeNames.canonical("tinyint(1)", Dialect.MYSQL).equals(TypeNames.canonical("tinyint", Dialect.MYSQL)));
  }
}

package org.djbranch.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A name of three parts ({@code db.s.t}, DuckDB's attached databases) is read with its database, in every kind of
 * statement that names a table, parsed or read from tokens; and the database part of a schema a {@code CREATE} or
 * {@code DROP SCHEMA} names ({@code oth.s}). A branch refuses changes in another database by these.
 */
class DatabaseNamesTest {
  private static final List<String> STATEMENTS = List.of(
      "INSERT INTO %s VALUES (1)", "INSERT OR REPLACE INTO %s VALUES (1)", "UPDATE %s SET v = 0 WHERE id = 1",
      "DELETE FROM %s WHERE id IN (SELECT 1)", "ALTER TABLE %s ADD COLUMN extra INT", "DROP TABLE IF EXISTS %s",
      "CREATE TABLE %s (id INT)", "CREATE TABLE %s AS SELECT 1 AS id", "COPY %s FROM 'rows.csv'",
      "TRUNCATE %s", "CREATE INDEX i ON %s (id)", "SELECT * FROM %s JOIN other ON true");

  /** A part as written: plain, quoted, or in another case. */
  private static String written(String part, Random random) {
    return switch (random.nextInt(3)) {
      case 0 -> part;
      case 1 -> "\"" + part + "\"";
      default -> part.toUpperCase(java.util.Locale.ROOT);
    };
  }

  @Test
  void aTableNameOfThreePartsCarriesItsDatabase() throws Exception {
    Random random = new Random(7);
    for (int n = 0; n < 400; n++) {
      int parts = 1 + random.nextInt(3);
      String database = "db" + random.nextInt(5);
      String schema = "s" + random.nextInt(5);
      String table = "t" + random.nextInt(5);
      String name = (parts == 3 ? written(database, random) + "." : "")
          + (parts >= 2 ? written(schema, random) + "." : "") + written(table, random);
      String sql = String.format(STATEMENTS.get(random.nextInt(STATEMENTS.size())), name);
      Analysis a = Analyzer.analyze(sql, Dialect.DUCKDB);
      TableRef ref = a.tables().stream().filter(r -> r.name().equalsIgnoreCase(table)).findFirst().orElseThrow(
          () -> new AssertionError(sql + ": " + a.tables()));
      assertEquals(parts == 3 ? database : null, ref.catalog() == null ? null
          : ref.catalog().toLowerCase(java.util.Locale.ROOT), sql);
      assertEquals(parts >= 2 ? schema : null, ref.schema() == null ? null
          : ref.schema().toLowerCase(java.util.Locale.ROOT), sql);
      assertEquals(name, sql.substring(ref.start(), ref.end()), sql + ": the span covers every part");
    }
  }

  @Test
  void theDatabaseOfASchemaStatementIsItsFirstPart() {
    assertEquals("oth", SchemaStatement.database("CREATE SCHEMA oth.s", Dialect.DUCKDB));
    assertEquals("Oth", SchemaStatement.database("create schema if not exists \"Oth\".s", Dialect.DUCKDB));
    assertEquals("oth", SchemaStatement.database("DROP SCHEMA IF EXISTS oth.main CASCADE", Dialect.DUCKDB));
    assertNull(SchemaStatement.database("CREATE SCHEMA s", Dialect.DUCKDB), "a schema alone");
    assertNull(SchemaStatement.database("DROP SCHEMA IF EXISTS s", Dialect.DUCKDB));
    assertNull(SchemaStatement.database("CREATE TABLE oth.s (i INT)", Dialect.DUCKDB), "no schema statement");
    assertNull(SchemaStatement.database("CREATE SCHEMA AUTHORIZATION joe", Dialect.POSTGRESQL));
  }
}

package org.djbranch.driver.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.djbranch.compat.Db;
import org.djbranch.compat.TestDatabase;

/**
 * PostgreSQL answers the foreign keys around a table (what a copy carries over, what a TRUNCATE must refuse for) from
 * pg_constraint in one query ({@link Backend#keysAround}); pgjdbc's {@code getImportedKeys} and
 * {@code getExportedKeys}, read as every other backend reads them, are the oracle. Generated key graphs: tables in two
 * schemas, with mixed-case names, keys to themselves, composite keys naming the parent's columns in another order,
 * and every action.
 */
class PostgresKeysAroundTest {
  private static final String[] ACTIONS = {"NO ACTION", "RESTRICT", "CASCADE", "SET NULL", "SET DEFAULT"};
  private static final String[] TABLES = {"t0", "T1", "t 2", "t3"};

  private static Path dir;
  private static TestDatabase p;
  private static String other;
  private static Backend backend;

  @BeforeContainer
  static void open() throws Exception {
    dir = Files.createTempDirectory("djb-keys");
    p = TestDatabase.create(Db.POSTGRESQL, dir);
    other = p.schema + "_o";
    p.createSchema(other);
    backend = Backends.forUrl(p.rawUrl());
  }

  @AfterContainer
  static void close() throws Exception {
    p.close();
    Files.deleteIfExists(dir);
  }

  /** A key of table {@code child} to table {@code parent} (indexes into the schemas' tables), on columns in order. */
  record Key(int child, int parent, List<String> columns, List<String> parentColumns, String onUpdate,
      String onDelete) {}

  @Provide
  Arbitrary<List<Key>> graphs() {
    Arbitrary<List<String>> columns = Arbitraries.of("a", "b", "C").list().uniqueElements().ofMinSize(1).ofMaxSize(3);
    Arbitrary<Key> key = Combinators.combine(Arbitraries.integers().between(0, 7), Arbitraries.integers().between(0, 7),
        columns, Arbitraries.integers().between(0, 5), Arbitraries.of(ACTIONS), Arbitraries.of(ACTIONS))
        .as((child, parent, cs, shift, up, del) -> {
          List<String> parentColumns = new ArrayList<>(cs); // the parent's unique columns, in another order
          java.util.Collections.rotate(parentColumns, shift);
          return new Key(child, parent, cs, parentColumns, up, del);
        });
    return key.list().ofMaxSize(6);
  }

  /** Table {@code i} of the eight: four in the test's schema, four of the same names in the other. */
  private static String schemaOf(int i) {
    return i < 4 ? p.schema : other;
  }

  private static String tableOf(int i) {
    return TABLES[i % 4];
  }

  @Property(tries = 25)
  void theKeysAroundATableAreWhatTheDriversMetadataSays(@ForAll("graphs") List<Key> graph) throws Exception {
    try (Connection c = p.raw(); Statement s = c.createStatement()) {
      for (int i = 0; i < 8; i++) {
        s.execute("DROP TABLE IF EXISTS " + p.table(schemaOf(i), tableOf(i)) + " CASCADE");
      }
      for (int i = 0; i < 8; i++) {
        s.execute("CREATE TABLE " + p.table(schemaOf(i), tableOf(i)) + " (a INT DEFAULT 0, b INT DEFAULT 0,"
            + " \"C\" INT DEFAULT 0, UNIQUE (a), UNIQUE (b), UNIQUE (\"C\"), UNIQUE (a, b), UNIQUE (b, a),"
            + " UNIQUE (a, \"C\"), UNIQUE (\"C\", a), UNIQUE (b, \"C\"), UNIQUE (\"C\", b), UNIQUE (a, b, \"C\"))");
      }
      int n = 0;
      for (Key k : graph) {
        s.execute("ALTER TABLE " + p.table(schemaOf(k.child()), tableOf(k.child())) + " ADD CONSTRAINT \"k" + n++
            + "\" FOREIGN KEY (" + quoted(k.columns()) + ") REFERENCES " + p.table(schemaOf(k.parent()),
            tableOf(k.parent())) + " (" + quoted(k.parentColumns()) + ") ON UPDATE " + k.onUpdate()
            + " ON DELETE " + k.onDelete());
      }
      for (int i = 0; i < 8; i++) {
        String schema = schemaOf(i);
        String table = tableOf(i);
        Backend.KeysAround around = backend.keysAround(c, schema, table);
        assertEquals(TableMetadata.foreignKeys(backend, c, schema, table), around.own(), schema + "." + table);
        assertEquals(TableMetadata.keysReferencing(backend, c, schema, table), around.referencing(),
            schema + "." + table);
      }
    }
  }

  private static String quoted(List<String> columns) {
    return String.join(", ", columns.stream().map(col -> "\"" + col + "\"").toList());
  }
}

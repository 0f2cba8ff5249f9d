package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.draft;
import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import schemacrawler.schema.Catalog;
import schemacrawler.schema.ForeignKey;
import schemacrawler.schema.Table;
import schemacrawler.schemacrawler.LimitOptionsBuilder;
import schemacrawler.schemacrawler.LoadOptionsBuilder;
import schemacrawler.schemacrawler.SchemaCrawlerOptions;
import schemacrawler.schemacrawler.SchemaCrawlerOptionsBuilder;
import schemacrawler.schemacrawler.SchemaInfoLevelBuilder;
import schemacrawler.tools.utility.SchemaCrawlerUtility;
import us.fatehi.utility.datasource.DatabaseConnectionSources;
import us.fatehi.utility.datasource.MultiUseUserCredentials;

/** A real metadata client, not ours: SchemaCrawler crawls a branch and finds the draft tables and their keys. */
class SchemaCrawlerBranchTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(Db.class)
  void aCrawlOfABranchListsTheDraftTablesUnderTheLogicalSchemaWithTheirForeignKeys(Db db) throws Exception {
    // No SchemaCrawler database plugin is on the classpath: it crawls through plain JDBC metadata.
    System.setProperty("SC_WITHOUT_DATABASE_PLUGIN", db == Db.MARIADB ? "mysql" : db.name().toLowerCase(Locale.ROOT));
    try (TestDatabase p = TestDatabase.create(db, dir)) {
      MetadataEqualityTest.pipeline(p);
      String branch = newBranch();
      p.dropLater(draft(branch, p.schema));
      try (Connection c = p.branch(branch)) {
        exec(c, MetadataEqualityTest.additions(p).toArray(new String[0]));
      }
      SchemaCrawlerOptions options = SchemaCrawlerOptionsBuilder.newSchemaCrawlerOptions()
          // SQLite has no schemas for SchemaCrawler to match: its crawl is the whole (main) database.
          .withLimitOptions(db == Db.SQLITE ? LimitOptionsBuilder.builder().toOptions() : LimitOptionsBuilder.builder()
              .includeSchemas(Pattern.compile(".*" + Pattern.quote(p.schema) + ".*")).toOptions())
          .withLoadOptions(LoadOptionsBuilder.builder()
              .withSchemaInfoLevel(SchemaInfoLevelBuilder.standard()).toOptions());
      Catalog catalog = SchemaCrawlerUtility.getCatalog(DatabaseConnectionSources.newDatabaseConnectionSource(
          p.branchUrl(branch), new MultiUseUserCredentials()), options);

      Set<String> tables = new TreeSet<>();
      Set<String> keys = new TreeSet<>();
      for (Table t : catalog.getTables()) {
        String schema = t.getSchema().getFullName();
        assertFalse(schema.contains("br_" + branch), "a draft schema listed on its own: " + schema);
        tables.add(t.getName());
        for (ForeignKey fk : t.getImportedForeignKeys()) {
          keys.add(fk.getForeignKeyTable().getName() + "->" + fk.getPrimaryKeyTable().getName() + " "
              + fk.getColumnReferences().size());
        }
      }
      assertEquals(new TreeSet<>(List.of("artifact", "artifact_note", "session", "subject")), tables);
      assertEquals(new TreeSet<>(List.of("artifact->session 2", "artifact_note->artifact 3", "session->subject 1")),
          keys);
      assertTrue(catalog.getTables().stream().noneMatch(t -> t.getName().equals("~edge")));
    }
  }
}

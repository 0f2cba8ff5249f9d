package org.djbranch.lake;

import org.djbranch.lake.catalog.DuckDb;
import org.djbranch.lake.jdbc.LakeDriver;
import org.djbranch.lake.repo.LocalRepository;
import org.djbranch.lake.repo.VersionInfo;
import org.djbranch.lake.util.LakeException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LakeTest {
  @TempDir
  Path temp;

  private Lake repoWith(String fixture) throws SQLException {
    Path root = temp.resolve("repo");
    LocalRepository.init(root, "data/");
    Lake lake = Lake.local(root);
    CommitResult imported = lake.importCatalog(Fixtures.copy(fixture, temp), "main", "import " + fixture);
    assertTrue(imported.madeVersion(), imported.explanation());
    return lake;
  }

  /** Commit, then push: the version made and now on the branch. */
  static String commitAndPush(Path work, String message, boolean allowEmpty) throws SQLException {
    CommitResult made = Lake.commit(work, message, allowEmpty);
    assertTrue(made.madeVersion(), made.explanation());
    Push.Result pushed = Push.push(work, new Push.Listener() { });
    assertEquals(made.versionId().orElseThrow(), pushed.versionId());
    return pushed.versionId();
  }

  private static List<String> column(String url, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
       ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  private String url(Lake lake) {
    return "jdbc:djbranch:lake:" + ((LocalRepository) lake.repository()).root() + "?branch=main";
  }

  @ParameterizedTest
  @ValueSource(strings = {Fixtures.V10, Fixtures.V04, Fixtures.DELETES})
  void checkoutCopiesEveryBookkeepingTableWithSqliteTypes(String fixture) throws Exception {
    Lake lake = repoWith(fixture);
    Path work = temp.resolve("work/lake.sqlite");
    WorkingCatalog wc = lake.checkout("main", null, work);

    try (Connection duck = DuckDb.inMemory(); Connection sqlite = DuckDb.sqlite(work)) {
      DuckDb.attach(duck, Fixtures.shared().resolve(fixture), "orig", true);
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = duck.createStatement().executeQuery("SELECT table_name FROM information_schema.tables "
          + "WHERE table_catalog = 'orig' AND table_name LIKE 'ducklake_%' ORDER BY 1")) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
      assertTrue(tables.size() > 15, "fixture lists its tables");
      for (String t : tables) {
        long expected = ExtensionLikeWriter.single(duck, "SELECT count(*) FROM orig." + t);
        assertEquals(expected, ExtensionLikeWriter.single(sqlite, "SELECT count(*) FROM \"" + t + "\""), t);
        try (ResultSet rs = sqlite.createStatement().executeQuery("PRAGMA table_info(\"" + t + "\")")) {
          while (rs.next()) {
            assertTrue(Set.of("BIGINT", "VARCHAR", "DOUBLE", "BLOB").contains(rs.getString("type")),
                t + "." + rs.getString("name") + " is " + rs.getString("type"));
          }
        }
      }
      try (ResultSet rs = sqlite.createStatement().executeQuery(
          "SELECT path_is_relative, typeof(path_is_relative) FROM ducklake_schema")) {
        rs.next();
        assertEquals("1 integer", rs.getString(1) + " " + rs.getString(2), "booleans are stored as 0/1");
      }
    }
    String attach = wc.attachStatement("lake");
    assertTrue(attach.startsWith("ATTACH 'ducklake:sqlite:" + work.toAbsolutePath()), attach);
    assertTrue(attach.contains("DATA_INLINING_ROW_LIMIT 0"), attach);
    assertTrue(attach.contains("DATA_PATH '" + lake.repository().dataUrl() + "'"), attach);
    assertEquals(lake.branchVersion("main").orElseThrow(), WorkingCatalog.open(work).record().parent());
  }

  @ParameterizedTest
  @ValueSource(strings = {Fixtures.V10, Fixtures.V04, Fixtures.DELETES})
  void committingAnUnmodifiedCheckoutMakesNoVersionAndFrozenTablesEqualTheOriginals(String fixture) throws Exception {
    Lake lake = repoWith(fixture);
    String first = lake.branchVersion("main").orElseThrow();
    Path work = temp.resolve("work/lake.sqlite");
    lake.checkout("main", null, work);

    CommitResult again = Lake.commit(work, "nothing", false);
    assertFalse(again.madeVersion(), again.explanation());
    assertTrue(again.explanation().contains("nothing changed"), again.explanation());
    assertEquals(first, lake.branchVersion("main").orElseThrow());

    String second = commitAndPush(work, "forced", true);
    assertEquals(List.of(first), lake.version(second).parents());

    // The version frozen from SQLite holds the original's rows, table for table (data_path aside).
    try (Connection duck = DuckDb.inMemory()) {
      DuckDb.attach(duck, Fixtures.shared().resolve(fixture), "orig", true);
      DuckDb.attach(duck, lake.repository().localCatalog(second), "frozen", true);
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = duck.createStatement().executeQuery("SELECT table_name FROM information_schema.tables "
          + "WHERE table_catalog = 'orig' AND table_name LIKE 'ducklake_%' ORDER BY 1")) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
      for (String t : tables) {
        String filter = t.equals("ducklake_metadata") ? " WHERE key <> 'data_path'" : "";
        long diff = ExtensionLikeWriter.single(duck, "SELECT (SELECT count(*) FROM (SELECT * FROM orig." + t + filter
            + " EXCEPT ALL SELECT * FROM frozen." + t + filter + ")) + (SELECT count(*) FROM (SELECT * FROM frozen."
            + t + filter + " EXCEPT ALL SELECT * FROM orig." + t + filter + "))");
        assertEquals(0, diff, "table " + t + " differs after the round trip");
        try (ResultSet a = duck.createStatement().executeQuery("SELECT column_name, data_type FROM information_schema.columns "
            + "WHERE table_catalog = 'orig' AND table_name = '" + t + "' EXCEPT SELECT column_name, data_type "
            + "FROM information_schema.columns WHERE table_catalog = 'frozen' AND table_name = '" + t + "'")) {
          assertFalse(a.next(), "column types of " + t + " differ after the round trip");
        }
      }
      try (ResultSet rs = duck.createStatement().executeQuery(
          "SELECT value FROM frozen.ducklake_metadata WHERE key = 'data_path'")) {
        rs.next();
        assertEquals(lake.repository().dataUrl(), rs.getString(1));
        assertTrue(rs.getString(1).startsWith("file:/") && rs.getString(1).endsWith("/data/"));
      }
    }
  }

  @Test
  void readingThroughTheUrlGivesTheTablesRows() throws Exception {
    Lake lake = repoWith(Fixtures.V10);
    assertEquals(List.of("1 alpha", "2 beta", "3 gamma"),
        column(url(lake), "SELECT id || ' ' || label FROM main.items ORDER BY id"));
    String id = lake.branchVersion("main").orElseThrow();
    assertEquals(List.of("3"), column("jdbc:djbranch:lake:" + ((LocalRepository) lake.repository()).root()
        + "?version=" + id.substring(0, 10), "SELECT count(*) FROM items"));
  }

  @Test
  void readingAppliesDeleteFilesAndIgnoresTheirExtraColumns() throws Exception {
    Lake lake = repoWith(Fixtures.DELETES);
    assertEquals(List.of("91 0 90"), column(url(lake), "SELECT count(*) || ' ' || min(id) || ' ' || max(id) FROM main.test"));
  }

  @Test
  void aReadConnectionIsReadOnly() throws Exception {
    Lake lake = repoWith(Fixtures.V10);
    try (Connection c = DriverManager.getConnection(url(lake)); Statement s = c.createStatement()) {
      assertThrows(SQLException.class, () -> s.execute("CREATE TABLE main.x (i INTEGER)"));
    }
  }

  @Test
  void appendedRowsMakeANewVersionThatReadsThemAndLogsItsParent() throws Exception {
    Lake lake = repoWith(Fixtures.V10);
    String first = lake.branchVersion("main").orElseThrow();
    Path work = temp.resolve("work/lake.sqlite");
    lake.checkout("main", null, work);
    new ExtensionLikeWriter(work, lake.repository().localDataFolder()).insert(1, "main/items",
        "SELECT 4::INTEGER AS id, 'delta' AS label UNION ALL SELECT 5, 'epsilon'", "{id: 1, label: 2}", 2);

    CommitResult made = Lake.commit(work, "two more items", false);
    assertTrue(made.madeVersion(), made.explanation());
    String second = made.versionId().orElseThrow();
    assertEquals(first, lake.branchVersion("main").orElseThrow(), "commit moves no ref");
    assertEquals(List.of("1", "2", "3"), column(url(lake), "SELECT id FROM main.items ORDER BY id"));
    assertEquals(second, Push.push(work, new Push.Listener() { }).versionId());
    assertEquals(second, lake.branchVersion("main").orElseThrow());
    assertEquals(List.of("1", "2", "3", "4", "5"), column(url(lake), "SELECT id FROM main.items ORDER BY id"));
    assertEquals(List.of(second, first), lake.log("main").stream().map(VersionInfo::id).toList());
    assertEquals(3, lake.version(second).snapshotId());
    assertEquals(2, lake.files(second).files().size(), "files.json lists both data files");
    assertTrue(lake.files(second).files().stream().allMatch(f -> f.sha256().length() == 64 && f.size() > 0));
    // the working catalog now continues from the new version
    assertEquals(second, WorkingCatalog.open(work).record().parent());
    assertFalse(Lake.commit(work, "again", false).madeVersion());
  }

  @Test
  void aTableRewrittenWithTheSameRowsIsNotAChange() throws Exception {
    Lake lake = repoWith(Fixtures.V10);
    Path work = temp.resolve("work/lake.sqlite");
    lake.checkout("main", null, work);
    ExtensionLikeWriter writer = new ExtensionLikeWriter(work, lake.repository().localDataFolder());
    // the same three rows in a new file, the old file ended at the new snapshot
    long snap = writer.insert(1, "main/items",
        "SELECT * FROM (VALUES (3::INTEGER, 'gamma'), (1, 'alpha'), (2, 'beta')) t(id, label)", "{id: 1, label: 2}", 3);
    writer.execute("UPDATE ducklake_data_file SET end_snapshot = " + snap + " WHERE data_file_id = 1");
    CommitResult result = Lake.commit(work, "rebuilt", false);
    assertFalse(result.madeVersion(), result.explanation());

    // a different row in the rebuilt file is a change
    writer.execute("UPDATE ducklake_data_file SET end_snapshot = NULL WHERE data_file_id = 1");
    writer.insert(1, "main/items", "SELECT 1::INTEGER AS id, 'other' AS label", "{id: 1, label: 2}", 1);
    assertTrue(Lake.commit(work, "changed", false).madeVersion());
  }

  @Test
  void aRetriedCommitFindsItsFilesAlreadyThereAndDerivesTheSameId() throws Exception {
    Lake lake = repoWith(Fixtures.V10);
    String first = lake.branchVersion("main").orElseThrow();
    Path work = temp.resolve("work/lake.sqlite");
    lake.checkout("main", null, work);
    new ExtensionLikeWriter(work, lake.repository().localDataFolder()).insert(1, "main/items",
        "SELECT 4::INTEGER AS id, 'delta' AS label", "{id: 1, label: 2}", 1);
    String made = commitAndPush(work, "one more", false);

    // as if the writer had stopped before moving the ref and remembering the version
    Path ref = ((LocalRepository) lake.repository()).root().resolve("refs/heads/main");
    Files.writeString(ref, first + "\n");
    WorkingCatalog wc = WorkingCatalog.open(work);
    new WorkingCatalog(wc.file(), wc.record().withParent(first)).save();

    assertEquals(made, commitAndPush(work, "one more", false));
    assertEquals(made, lake.branchVersion("main").orElseThrow());
  }

  @Test
  void refusesInlinedRows() throws Exception {
    Lake lake = repoWith(Fixtures.V10);
    Path work = temp.resolve("work/lake.sqlite");
    lake.checkout("main", null, work);
    new ExtensionLikeWriter(work, lake.repository().localDataFolder())
        .execute("INSERT INTO ducklake_inlined_data_1_1 VALUES (3, 3, NULL, 4, 'inlined')");
    LakeException e = assertThrows(LakeException.class, () -> Lake.commit(work, "x", true));
    assertTrue(e.getMessage().contains("ducklake_inlined_data_1_1") && e.getMessage().contains("1 inlined row"),
        e.getMessage());
  }

  @Test
  void refusesInlinedDeletes() throws Exception {
    Lake lake = repoWith(Fixtures.V10);
    Path work = temp.resolve("work/lake.sqlite");
    lake.checkout("main", null, work);
    ExtensionLikeWriter w = new ExtensionLikeWriter(work, lake.repository().localDataFolder());
    w.execute("CREATE TABLE ducklake_inlined_delete_1 (file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT)");
    assertDoesNotThrowNothingChanged(work);
    w.execute("INSERT INTO ducklake_inlined_delete_1 VALUES (1, 0, 3)");
    LakeException e = assertThrows(LakeException.class, () -> Lake.commit(work, "x", true));
    assertTrue(e.getMessage().contains("ducklake_inlined_delete_1"), e.getMessage());
  }

  private static void assertDoesNotThrowNothingChanged(Path work) throws SQLException {
    assertFalse(Lake.commit(work, "x", false).madeVersion(), "an empty inlined table is normal");
  }

  @Test
  void refusesAbsoluteAndEscapingPathsAndMissingFiles() throws Exception {
    Lake lake = repoWith(Fixtures.V10);
    Path work = temp.resolve("work/lake.sqlite");
    lake.checkout("main", null, work);
    ExtensionLikeWriter writer = new ExtensionLikeWriter(work, lake.repository().localDataFolder());
    writer.insert(1, "main/items", "SELECT 9::INTEGER AS id, 'x' AS label", "{id: 1, label: 2}", 1);

    Path elsewhere = temp.resolve("elsewhere.parquet").toAbsolutePath();
    writer.execute("UPDATE ducklake_data_file SET path = '" + elsewhere + "', path_is_relative = 0 WHERE data_file_id = 2");
    LakeException abs = assertThrows(LakeException.class, () -> Lake.commit(work, "x", false));
    assertTrue(abs.getMessage().contains("absolute path") && abs.getMessage().contains("main.items"), abs.getMessage());

    writer.execute("UPDATE ducklake_data_file SET path = '../../../outside.parquet', path_is_relative = 1 WHERE data_file_id = 2");
    LakeException outside = assertThrows(LakeException.class, () -> Lake.commit(work, "x", false));
    assertTrue(outside.getMessage().contains("outside data_dir"), outside.getMessage());

    writer.execute("UPDATE ducklake_data_file SET path = 'gone.parquet' WHERE data_file_id = 2");
    LakeException missing = assertThrows(LakeException.class, () -> Lake.commit(work, "x", false));
    assertTrue(missing.getMessage().contains("main/items/gone.parquet") && missing.getMessage().contains("check out again"),
        missing.getMessage());
    assertEquals(1, lake.log("main").size(), "no refused commit moved the branch");
  }

  @Test
  void refusesAPushWhenTheBranchMovedMeanwhile() throws Exception {
    Lake lake = repoWith(Fixtures.V10);
    Path a = temp.resolve("work/a.sqlite");
    Path b = temp.resolve("work/b.sqlite");
    lake.checkout("main", null, a);
    lake.checkout("main", null, b);
    Path data = lake.repository().localDataFolder();
    new ExtensionLikeWriter(a, data).insert(1, "main/items", "SELECT 10::INTEGER AS id, 'a' AS label", "{id: 1, label: 2}", 1);
    new ExtensionLikeWriter(b, data).insert(1, "main/items", "SELECT 20::INTEGER AS id, 'b' AS label", "{id: 1, label: 2}", 1);
    commitAndPush(a, "a", false);
    assertTrue(Lake.commit(b, "b", false).madeVersion(), "commit works locally whatever the branch holds");
    LakeException e = assertThrows(LakeException.class, () -> Push.push(b, new Push.Listener() { }));
    assertTrue(e.getMessage().contains("someone else pushed first") && e.getMessage().contains("Check out again"),
        e.getMessage());
  }

  @Test
  void checkoutBeforeTheFirstVersionMakesAnEmptyCatalog() throws Exception {
    Path root = temp.resolve("repo");
    LocalRepository.init(root, "data/");
    Path work = temp.resolve("work/new.sqlite");
    WorkingCatalog wc = Lake.local(root).checkout("main", null, work);
    assertTrue(Files.isRegularFile(work));
    assertEquals(null, wc.record().parent());
    LakeException e = assertThrows(LakeException.class, () -> Lake.commit(work, "x", false));
    assertTrue(e.getMessage().contains("no DuckLake tables yet"), e.getMessage());
  }

  @Test
  void checkoutRefusesAPathInsideTheRepositoryOrAnExistingFile() throws Exception {
    Lake lake = repoWith(Fixtures.V10);
    Path root = ((LocalRepository) lake.repository()).root();
    assertThrows(LakeException.class, () -> lake.checkout("main", null, root.resolve("work.sqlite")));
    Path work = temp.resolve("work/lake.sqlite");
    lake.checkout("main", null, work);
    assertThrows(LakeException.class, () -> lake.checkout("main", null, work));
  }

  @Test
  void writeModeNamesTheMissingExtension() throws Exception {
    Lake lake = repoWith(Fixtures.V10);
    Path work = temp.resolve("work/lake.sqlite");
    lake.checkout("main", null, work);
    SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url(lake) + "&mode=write&catalog=" + work));
    assertTrue(e.getMessage().contains("'ducklake'"), e.getMessage());
  }

  @Test
  void theDriverDeclinesOtherUrls() throws SQLException {
    LakeDriver driver = new LakeDriver();
    assertFalse(driver.acceptsURL("jdbc:djbranch:postgresql://h/db"));
    assertFalse(driver.acceptsURL("jdbc:duckdb:"));
    assertEquals(null, driver.connect("jdbc:sqlite::memory:", new java.util.Properties()));
    assertTrue(driver.acceptsURL("jdbc:djbranch:lake:/some/where"));
  }

  @Test
  void aRootInAnUnsupportedSchemeIsRefusedNotTakenForAFolder() {
    SQLException e = assertThrows(SQLException.class,
        () -> DriverManager.getConnection("jdbc:djbranch:lake:gs://lake/repo/?branch=main"));
    assertTrue(e.getMessage().contains("scheme gs: is not supported") && e.getMessage().contains("s3://bucket/prefix/"),
        e.getMessage());
    assertFalse(Files.exists(Path.of("gs:")), "no folder named after the scheme");
  }

  @Test
  void versionIdsDependOnContent() throws Exception {
    Lake one = repoWith(Fixtures.V10);
    Path otherRoot = temp.resolve("other");
    LocalRepository.init(otherRoot, "data/");
    Path again = temp.resolve("again");
    Files.createDirectories(again);
    CommitResult r = Lake.local(otherRoot).importCatalog(Fixtures.copy(Fixtures.V10, again), "main", "import " + Fixtures.V10);
    assertEquals(one.branchVersion("main"), r.versionId(), "the same content in another place has the same ID");
    Path third = temp.resolve("third");
    LocalRepository.init(third, "data/");
    CommitResult other = Lake.local(third).importCatalog(Fixtures.copy(Fixtures.V10, again), "main", "another message");
    assertNotEquals(one.branchVersion("main"), other.versionId());
  }

  @Test
  void statusAndDiffReportNoChangeForATableRebuiltWithTheSameRowsAndPlusOneForARowAdded() throws Exception {
    Lake lake = repoWith(Fixtures.V10);
    String first = lake.branchVersion("main").orElseThrow();
    Path work = temp.resolve("work/lake.sqlite");
    lake.checkout("main", null, work);
    assertTrue(Lake.status(work).none(), "a fresh checkout has no changes");

    // the same three rows in a new file, the old file ended at the new snapshot
    ExtensionLikeWriter writer = new ExtensionLikeWriter(work, lake.repository().localDataFolder());
    long snap = writer.insert(1, "main/items",
        "SELECT * FROM (VALUES (3::INTEGER, 'gamma'), (1, 'alpha'), (2, 'beta')) t(id, label)", "{id: 1, label: 2}", 3);
    writer.execute("UPDATE ducklake_data_file SET end_snapshot = " + snap + " WHERE data_file_id = 1");
    Changes rebuilt = Lake.status(work);
    assertTrue(rebuilt.none(), "rebuilt with the same rows: " + rebuilt);
    assertEquals(first, rebuilt.from());
    String same = commitAndPush(work, "rebuilt, forced", true);
    assertTrue(lake.diff(first, same).none(), "diff of a rebuilt table: " + lake.diff(first, same));

    writer.insert(1, "main/items", "SELECT 4::INTEGER AS id, 'delta' AS label", "{id: 1, label: 2}", 1);
    assertEquals(List.of(new Changes.Change("table", "main.items", "changed", 1L, 0L)), Lake.status(work).changes());
    String added = commitAndPush(work, "one more", false);
    assertEquals(List.of(new Changes.Change("table", "main.items", "changed", 1L, 0L)),
        lake.diff(first, added.substring(0, 8)).changes());
    assertEquals(List.of(new Changes.Change("table", "main.items", "changed", 0L, 1L)),
        lake.diff(added, first).changes(), "from the newer to the older, the row is removed");
    assertTrue(lake.diff("main", added).none(), "a branch name stands for its version");
    assertTrue(Lake.status(work).none(), "after the push, status compares with the version pushed");
  }
}

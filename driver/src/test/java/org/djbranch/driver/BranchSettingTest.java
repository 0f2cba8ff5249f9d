package org.djbranch.driver;

import org.djbranch.driver.error.BranchSqlException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BranchSettingTest {
  private static final Function<String, String> NO_ENV = name -> null;

  @TempDir
  Path dir;

  private static Function<String, String> env(String value) {
    return Map.of(BranchSetting.ENVIRONMENT_VARIABLE, value)::get;
  }

  @Test
  void propertyWinsOverEnvironmentAndFile() throws Exception {
    Files.writeString(dir.resolve("datajoint.json"), "{\"database\": {\"branch\": \"fromfile\"}}");
    BranchSetting s = BranchSetting.resolve("fromprop", env("fromenv"), dir);
    assertEquals("fromprop", s.branch());
    assertTrue(s.source().contains("connection property"));
  }

  @Test
  void explicitEmptyPropertyIsTrunkWhateverTheEnvironmentSays() throws Exception {
    Files.writeString(dir.resolve("datajoint.json"), "{\"database\": {\"branch\": \"fromfile\"}}");
    BranchSetting s = BranchSetting.resolve("", env("fromenv"), dir);
    assertNull(s.branch());
    assertTrue(s.isTrunk());
  }

  @Test
  void environmentWinsOverFile() throws Exception {
    Files.writeString(dir.resolve("datajoint.json"), "{\"database\": {\"branch\": \"fromfile\"}}");
    assertEquals("fromenv", BranchSetting.resolve(null, env("fromenv"), dir).branch());
  }

  @Test
  void fileIsFoundInTheWorkingDirectoryOrItsParents() throws Exception {
    Files.writeString(dir.resolve("datajoint.json"), "{\"database\": {\"branch\": \"a1b2c3\", \"host\": \"x\"}}");
    Path nested = Files.createDirectories(dir.resolve("a/b/c"));
    BranchSetting s = BranchSetting.resolve(null, NO_ENV, nested);
    assertEquals("a1b2c3", s.branch());
    assertTrue(s.source().contains("datajoint.json"));
  }

  @Test
  void nearestFileDecidesEvenWithoutBranch() throws Exception {
    Files.writeString(dir.resolve("datajoint.json"), "{\"database\": {\"branch\": \"outer\"}}");
    Path inner = Files.createDirectories(dir.resolve("project"));
    Files.writeString(inner.resolve("datajoint.json"), "{\"database\": {\"host\": \"db\"}}");
    assertNull(BranchSetting.resolve(null, NO_ENV, inner).branch());
  }

  @Test
  void flatKeyFormIsReadToo() throws Exception {
    Files.writeString(dir.resolve("datajoint.json"), "{\"database.branch\": \"flat_1\"}");
    assertEquals("flat_1", BranchSetting.resolve(null, NO_ENV, dir).branch());
  }

  @Test
  void nullInFileMeansTrunk() throws Exception {
    Files.writeString(dir.resolve("datajoint.json"), "{\"database\": {\"branch\": null}}");
    assertNull(BranchSetting.resolve(null, NO_ENV, dir).branch());
  }

  @Test
  void nothingSetIsTrunk() throws Exception {
    assertNull(BranchSetting.resolve(null, NO_ENV, dir).branch());
  }

  @ParameterizedTest
  @ValueSource(strings = {"a-b", "a b", "'; drop", "br.x", "é"})
  void invalidPropertyValuesFailNamingTheValue(String value) {
    BranchSqlException e = assertThrows(BranchSqlException.class, () -> BranchSetting.resolve(value, NO_ENV, dir));
    assertTrue(e.getMessage().contains("'" + value + "'"), e.getMessage());
    assertTrue(e.getMessage().contains("[A-Za-z0-9_]+"), e.getMessage());
    assertEquals("08001", e.getSQLState());
  }

  @Test
  void emptyEnvironmentValueIsAnErrorNotTrunk() {
    BranchSqlException e = assertThrows(BranchSqlException.class, () -> BranchSetting.resolve(null, env(""), dir));
    assertTrue(e.getMessage().contains("DJ_BRANCH"), e.getMessage());
  }

  @Test
  void invalidEnvironmentValueNamesTheVariable() {
    BranchSqlException e = assertThrows(BranchSqlException.class, () -> BranchSetting.resolve(null, env("x;y"), dir));
    assertTrue(e.getMessage().contains("'x;y'") && e.getMessage().contains("DJ_BRANCH"), e.getMessage());
  }

  @Test
  void unreadableFileIsAClearError() throws Exception {
    Files.writeString(dir.resolve("datajoint.json"), "{not json");
    BranchSqlException e = assertThrows(BranchSqlException.class, () -> BranchSetting.resolve(null, NO_ENV, dir));
    assertTrue(e.getMessage().contains("datajoint.json"), e.getMessage());
  }

  @Test
  void nonStringBranchInFileIsAClearError() throws Exception {
    Files.writeString(dir.resolve("datajoint.json"), "{\"database\": {\"branch\": 42}}");
    BranchSqlException e = assertThrows(BranchSqlException.class, () -> BranchSetting.resolve(null, NO_ENV, dir));
    assertTrue(e.getMessage().contains("must be a string but was: 42"), e.getMessage());
  }
}

package org.djbranch.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.djbranch.driver.error.BranchSqlException;
import org.junit.jupiter.api.Test;

class BranchUrlTest {

  @Test
  void acceptsOurPrefixButNotLakeRepositories() {
    assertTrue(BranchUrl.accepts("jdbc:djbranch:postgresql://h/db"));
    assertFalse(BranchUrl.accepts("jdbc:djbranch:lake:/repo?branch=main"));
    assertFalse(BranchUrl.accepts("jdbc:postgresql://h/db"));
    assertFalse(BranchUrl.accepts(null));
  }

  @Test
  void branchParameterIsRemovedWhereverItStands() {
    assertEquals("jdbc:postgresql://h/db", BranchUrl.parse("jdbc:djbranch:postgresql://h/db?branch=a1").innerUrl());
    assertEquals("jdbc:postgresql://h/db?user=u&ssl=false",
        BranchUrl.parse("jdbc:djbranch:postgresql://h/db?user=u&branch=a1&ssl=false").innerUrl());
    assertEquals("jdbc:mysql://h:3306/db?user=root",
        BranchUrl.parse("jdbc:djbranch:mysql://h:3306/db?branch=x&user=root").innerUrl());
    assertEquals("jdbc:sqlite:dir/file.db", BranchUrl.parse("jdbc:djbranch:sqlite:dir/file.db?branch=").innerUrl());
    assertEquals("jdbc:duckdb:", BranchUrl.parse("jdbc:djbranch:duckdb:").innerUrl());
  }

  @Test
  void branchParameterValueIsKeptAsOursAndDecoded() {
    assertEquals("a1", BranchUrl.parse("jdbc:djbranch:postgresql://h/db?branch=a1").ownProperties().getProperty("branch"));
    assertEquals("", BranchUrl.parse("jdbc:djbranch:postgresql://h/db?branch=").ownProperties().getProperty("branch"));
    assertEquals("a b", BranchUrl.parse("jdbc:djbranch:postgresql://h/db?branch=a%20b").ownProperties().getProperty("branch"));
    assertNull(BranchUrl.parse("jdbc:djbranch:postgresql://h/db?user=x").ownProperties().getProperty("branch"));
  }

  @Test
  void otherParametersAreKeptByteForByte() {
    String inner = "jdbc:postgresql://h/db?options=-c%20search_path%3Dx&password=p%26q";
    assertEquals(inner, BranchUrl.parse("jdbc:djbranch:" + inner.substring(5) + "&branch=b").innerUrl());
  }

  @Test
  void oursNeverReachTheInnerDriverAndOneValueGivenTwiceIsFine() throws Exception {
    BranchUrl url = BranchUrl.parse("jdbc:djbranch:postgresql://h/db?branch=same");
    Properties caller = new Properties();
    caller.setProperty("branch", "same");
    caller.setProperty("user", "alice");
    Properties ours = new Properties();
    Properties inner = url.split(caller, ours);
    assertEquals("same", ours.getProperty("branch"));
    assertEquals("alice", inner.getProperty("user"));
    assertNull(inner.getProperty("branch"));
  }

  /** Spec 1.4: which of two branches a caller meant is not guessed; the message names both. */
  @Test
  void twoDifferentBranchesForOneConnectionFailNamingBoth() {
    BranchUrl url = BranchUrl.parse("jdbc:djbranch:postgresql://h/db?branch=fromurl");
    Properties caller = new Properties();
    caller.setProperty("branch", "fromprops");
    BranchSqlException e = assertThrows(BranchSqlException.class, () -> url.split(caller, new Properties()));
    assertEquals("08001", e.getSQLState());
    assertTrue(e.getMessage().contains("'fromurl'") && e.getMessage().contains("'fromprops'"), e.getMessage());
    caller.setProperty("branch", "");
    BranchSqlException trunk = assertThrows(BranchSqlException.class, () -> url.split(caller, new Properties()));
    assertTrue(trunk.getMessage().contains("''"), "trunk is a value too: " + trunk.getMessage());
  }
}

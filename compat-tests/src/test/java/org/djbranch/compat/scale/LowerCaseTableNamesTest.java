package org.djbranch.compat.scale;

import static org.djbranch.compat.scale.Sql.exec;
import static org.djbranch.compat.scale.Sql.one;
import static org.djbranch.compat.scale.Sql.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A branch on a MariaDB server started with {@code --lower-case-table-names=1}, which stores database and table
 * names in lower case and compares them without regard to case: every spelling of a schema or table binds to the
 * one object the server means, the draft (of a branch written in capitals too) is found, and {@code ~edge} names
 * tables as the server stores them. The shared server on 3306 runs with 0 (names as stored), which every other
 * MariaDB test covers.
 */
class LowerCaseTableNamesTest {
  private static StandaloneMariaDb server;
  private String schema;
  private String branch;

  @BeforeAll
  static void startServer() throws Exception {
    server = StandaloneMariaDb.start("--lower-case-table-names=1");
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  /** Schema {@code Djb_...} (stored {@code djb_...}) with {@code Subject} (stored {@code subject}), rows 1 to 3. */
  @BeforeEach
  void pipeline() throws Exception {
    schema = Sql.unique("Djb_");
    branch = Sql.unique("Br");
    try (Connection c = server.raw()) {
      assertEquals("1", one(c, "SELECT @@lower_case_table_names"));
      exec(c, "CREATE DATABASE `" + schema + "`",
          "CREATE TABLE `" + schema + "`.`Subject` (subject_id INT NOT NULL PRIMARY KEY, name VARCHAR(20))",
          "INSERT INTO `" + schema + "`.`Subject` VALUES (1, 'ann'), (2, 'bob'), (3, 'cy')");
    }
  }

  @AfterEach
  void dropSchemas() throws Exception {
    try (Connection c = server.raw()) {
      exec(c, "DROP DATABASE IF EXISTS `" + schema + "`", "DROP DATABASE IF EXISTS `" + draft() + "`");
    }
  }

  /** The draft as the server stores it: {@code br_<branch>_<schema>}, lower case. */
  private String draft() {
    return ("br_" + branch + "_" + schema).toLowerCase(Locale.ROOT);
  }

  private Connection onBranch(String database, String extra) throws SQLException {
    // The specification's behaviour: the draft is to hold what the branch declared, no copy of a pipeline table.
    return DriverManager.getConnection(server.branchUrl(database, branch, extra + org.djbranch.compat.TestDatabase.SPECIFICATION));
  }

  @Test
  void everySpellingBindsToTheObjectTheServerMeans() throws Exception {
    String upper = schema.toUpperCase(Locale.ROOT);
    String lower = schema.toLowerCase(Locale.ROOT);
    try (Connection c = onBranch(upper, "")) {
      for (String spelling : List.of(upper + ".SUBJECT", lower + ".subject", "`" + schema + "`.`sUbJeCt`",
          "Subject", "subject")) {
        assertEquals("3", one(c, "SELECT count(*) FROM " + spelling), spelling);
      }
      // A re-declaration of the pipeline's table in another spelling binds to it: no shadowing draft copy.
      exec(c, "CREATE TABLE IF NOT EXISTS " + lower + ".SUBJECT (subject_id INT NOT NULL PRIMARY KEY,"
          + " name VARCHAR(20))");
      SQLException collision = assertThrows(SQLException.class,
          () -> exec(c, "CREATE TABLE `" + upper + "`.`subject` (other INT NOT NULL PRIMARY KEY)"));
      assertEquals("42P07", collision.getSQLState(), collision.getMessage());
      // A new table, its parent spelled otherwise than declared: the draft holds it, the key is an edge.
      exec(c, "CREATE TABLE `" + schema + "`.Session (subject_id INT NOT NULL, session_id INT NOT NULL,"
          + " PRIMARY KEY (subject_id, session_id), CONSTRAINT fk_subject FOREIGN KEY (subject_id) REFERENCES "
          + upper + ".SUBJECT (subject_id) ON DELETE CASCADE)");
      exec(c, "INSERT INTO " + lower + ".SESSION VALUES (1, 1), (2, 1)");
      assertEquals("2", one(c, "SELECT count(*) FROM `" + upper + "`.`session`"));
      assertEquals("2", one(c, "SELECT count(*) FROM Session"));
      // The edge holds whatever the spelling of the parent in the DELETE.
      exec(c, "DELETE FROM " + lower + ".sUBJECT WHERE subject_id = 1");
      assertEquals("1", one(c, "SELECT count(*) FROM SESSION"));
    }
    try (Connection raw = server.raw()) {
      assertEquals(List.of(List.of("session")), rows(raw, "SELECT TABLE_NAME FROM information_schema.TABLES"
          + " WHERE TABLE_SCHEMA = '" + draft() + "' AND TABLE_NAME <> '~edge'"));
      // ~edge names the tables as the server stores them, and no real constraint exists in the draft.
      assertEquals(List.of(List.of("fk_subject", "`" + draft() + "`.`session`", "`" + schema.toLowerCase(Locale.ROOT)
          + "`.`subject`", "subject_id")), rows(raw, "SELECT constraint_name, referencing_table, referenced_table,"
          + " column_name FROM `" + draft() + "`.`~edge`"));
      assertEquals("0", one(raw, "SELECT count(*) FROM information_schema.REFERENTIAL_CONSTRAINTS"
          + " WHERE CONSTRAINT_SCHEMA = '" + draft() + "'"));
      assertEquals(1, raw.createStatement().executeUpdate("DELETE FROM " + upper + ".Subject WHERE subject_id = 2"),
          "trunk is not blocked by the branch's key");
    }
  }

  /** A fresh listing (another layout: another URL) finds the draft of a branch written in capitals. */
  @Test
  void theDraftIsFoundWhateverTheSpelling() throws Exception {
    try (Connection c = onBranch(schema, "")) {
      exec(c, "CREATE TABLE Note (note_id INT NOT NULL PRIMARY KEY)", "INSERT INTO NOTE VALUES (5)");
    }
    try (Connection c = onBranch(schema.toUpperCase(Locale.ROOT), "&connectTimeout=5001")) {
      assertEquals("5", one(c, "SELECT note_id FROM `NOTE`"));
      assertEquals("5", one(c, "SELECT note_id FROM `" + draft().toUpperCase(Locale.ROOT) + "`.note"),
          "the draft named physically, in capitals");
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = c.getMetaData().getTables(schema.toUpperCase(Locale.ROOT), null, "%", null)) {
        while (rs.next()) {
          tables.add(rs.getString("TABLE_CAT") + "." + rs.getString("TABLE_NAME"));
        }
      }
      String lower = schema.toLowerCase(Locale.ROOT);
      assertEquals(List.of(lower + ".note", lower + ".subject"), tables.stream().sorted().toList());
      List<String> catalogs = new ArrayList<>();
      try (ResultSet rs = c.getMetaData().getCatalogs()) {
        while (rs.next()) {
          catalogs.add(rs.getString(1));
        }
      }
      assertEquals(List.of(), catalogs.stream().filter(s -> s.startsWith("br_")).toList(), catalogs.toString());
    }
  }
}

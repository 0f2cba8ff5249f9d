package org.djbranch.cli.catalog;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.BranchConnection;
import org.djbranch.driver.backend.Backend;

/**
 * What the commands need to read and write the physical catalog, where the databases differ: listing schemas and
 * tables, the DDL of a table declared under another name, how a foreign key is added, and creating or dropping a
 * schema. One implementation per database; the commands never ask which database they talk to.
 *
 * <p>Every method works on a trunk connection: the branch's schemas are read as the physical schemas they are.
 */
public abstract class DatabaseCatalog {
  protected final Backend backend;

  protected DatabaseCatalog(Backend backend) {
    this.backend = backend;
  }

  /** The catalog of the database behind {@code c}. */
  public static DatabaseCatalog of(BranchConnection c) {
    Backend b = c.backend();
    switch (b.dialect()) {
      case POSTGRESQL:
        return new PostgresCatalog(b);
      case MYSQL:
        return new MySqlCatalog(b);
      case DUCKDB:
        return new DuckDbCatalog(b);
      case SQLITE:
        return new SqliteCatalog(b);
      default:
        throw new IllegalStateException("no catalog for " + b.displayName());
    }
  }

  public Backend backend() {
    return backend;
  }

  public String quote(String schema, String table) {
    return backend.quote(schema, table);
  }

  /** Makes the branch's schemas, and the bases beside them, visible on this connection (SQLite attaches files). */
  public void open(Connection c, String branch) throws SQLException {
  }

  /** The schemas of the database that may hold a pipeline's tables, system schemas left out. */
  public abstract List<String> schemas(Connection c) throws SQLException;

  /** The tables and views of a schema, in name order. */
  public abstract List<String> tables(Connection c, String schema) throws SQLException;

  /** The schema unqualified names resolve to. */
  public String currentSchema(Connection c) throws SQLException {
    return backend.currentSchema(c);
  }

  /** Whether the database has named schemas a command may create (not SQLite, whose schemas are files). */
  public boolean namedSchemas() {
    return true;
  }

  public void createSchema(Connection c, String schema) throws SQLException {
    execute(c, "CREATE SCHEMA IF NOT EXISTS " + backend.quote(schema));
  }

  /** A schema for a throwaway declaration, dropped with {@link #dropSchema} afterwards. */
  public void createScratchSchema(Connection c, String schema) throws SQLException {
    createSchema(c, schema);
  }

  /** Drops a schema; {@code withTables} drops what it holds, otherwise a schema that holds anything is kept. */
  public void dropSchema(Connection c, String schema, boolean withTables) throws SQLException {
    execute(c, "DROP SCHEMA IF EXISTS " + backend.quote(schema) + (withTables ? " CASCADE" : ""));
  }

  /** The statement that drops a schema, for listings (what {@link #dropSchema} runs). */
  public String dropSchemaText(String schema, boolean withTables) {
    return "DROP SCHEMA IF EXISTS " + backend.quote(schema) + (withTables ? " CASCADE" : "");
  }

  /**
   * The statements that declare {@code from.table}'s columns, keys and indexes as {@code to.table}. Where the
   * database cannot add a foreign key to an existing table ({@link #foreignKeysInline()}), {@code keys} are
   * written into the CREATE TABLE; otherwise they are ignored here and added by {@link #addForeignKey}.
   */
  public abstract List<String> declareTable(Connection c, String from, String table, String to, List<ForeignKey> keys)
      throws SQLException;

  /** DuckDB and SQLite cannot {@code ALTER TABLE ... ADD FOREIGN KEY}: their keys go into the CREATE TABLE. */
  public boolean foreignKeysInline() {
    return false;
  }

  /** {@code ALTER TABLE to.table ADD CONSTRAINT ...}. */
  public String addForeignKey(String schema, String table, ForeignKey key) {
    return "ALTER TABLE " + quote(schema, table) + " ADD " + key.clause(backend, true);
  }

  /** After declaring, checks what the database only checks when rows are written (SQLite). */
  public void check(Connection c, String schema, String table) throws SQLException {
  }

  /** A foreign key to declare: columns of the child, the parent's physical place and columns, the actions. */
  public record ForeignKey(String name, List<String> columns, String parentSchema, String parentTable,
      List<String> parentColumns, String updateRule, String deleteRule) {

    /** {@code CONSTRAINT n FOREIGN KEY (a) REFERENCES s.p (x) ON ...}; SQLite names the parent unqualified. */
    public String clause(Backend b, boolean qualifiedParent) {
      StringBuilder s = new StringBuilder("CONSTRAINT ").append(b.quote(name)).append(" FOREIGN KEY (")
          .append(list(b, columns)).append(") REFERENCES ")
          .append(qualifiedParent ? b.quote(parentSchema, parentTable) : b.quote(parentTable))
          .append(" (").append(list(b, parentColumns)).append(")");
      if (updateRule != null && !updateRule.equalsIgnoreCase("NO ACTION")) {
        s.append(" ON UPDATE ").append(updateRule);
      }
      if (deleteRule != null && !deleteRule.equalsIgnoreCase("NO ACTION")) {
        s.append(" ON DELETE ").append(deleteRule);
      }
      return s.toString();
    }

    private static String list(Backend b, List<String> names) {
      List<String> q = new ArrayList<>();
      for (String n : names) {
        q.add(b.quote(n));
      }
      return String.join(", ", q);
    }
  }

  // ---- helpers for the implementations ----

  protected static void execute(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  protected static List<String> strings(Connection c, String sql, String... params) throws SQLException {
    List<String> out = new ArrayList<>();
    try (var ps = c.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        ps.setString(i + 1, params[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
    }
    return out;
  }

  /**
   * A CREATE TABLE text read back from the catalog, renamed: everything before the first parenthesis outside
   * quotes is replaced by {@code CREATE TABLE <to>.<table>}; {@code inline} elements go before the closing one.
   */
  protected String renamed(String createText, String to, String table, List<String> inline) {
    String text = createText.strip();
    if (text.endsWith(";")) {
      text = text.substring(0, text.length() - 1).stripTrailing();
    }
    int open = firstParenthesis(text);
    int close = text.lastIndexOf(')');
    List<String> elements = new ArrayList<>();
    for (String element : elements(text.substring(open + 1, close))) {
      String kept = withoutReference(element);
      if (kept != null) {
        elements.add(kept);
      }
    }
    elements.addAll(inline);
    return "CREATE TABLE " + quote(to, table) + " (" + String.join(", ", elements) + text.substring(close);
  }

  /**
   * A table element without the table's own foreign key: a copy of a pipeline parent must not reach further into
   * the pipeline (and a draft table has none). Null for a FOREIGN KEY element; a column's REFERENCES is cut off.
   */
  private static String withoutReference(String element) {
    String upper = element.strip().toUpperCase(java.util.Locale.ROOT);
    if (upper.startsWith("FOREIGN KEY") || upper.startsWith("CONSTRAINT") && upper.contains(" FOREIGN KEY")) {
      return null;
    }
    int at = outsideQuotes(element, " REFERENCES ");
    return at < 0 ? element.strip() : element.substring(0, at).strip();
  }

  /** The top-level comma-separated elements of a CREATE TABLE body. */
  private static List<String> elements(String body) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    char quote = 0;
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (quote != 0) {
        quote = c == quote ? 0 : quote;
      } else if (c == '"' || c == '`' || c == '\'' || c == '[') {
        quote = c == '[' ? ']' : c;
      } else if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        out.add(body.substring(start, i));
        start = i + 1;
      }
    }
    out.add(body.substring(start));
    return out;
  }

  private static int outsideQuotes(String text, String word) {
    char quote = 0;
    String upper = text.toUpperCase(java.util.Locale.ROOT);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        quote = c == quote ? 0 : quote;
      } else if (c == '"' || c == '`' || c == '\'' || c == '[') {
        quote = c == '[' ? ']' : c;
      } else if (upper.startsWith(word, i)) {
        return i;
      }
    }
    return -1;
  }

  private static int firstParenthesis(String text) {
    char quote = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '"' || c == '`' || c == '[' || c == '\'') {
        quote = c == '[' ? ']' : c;
      } else if (c == '(') {
        return i;
      }
    }
    throw new IllegalArgumentException("not a CREATE TABLE with columns: " + text);
  }
}

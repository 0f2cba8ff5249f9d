package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.djbranch.driver.naming.HiddenTables;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.TableListing;

/**
 * MySQL and MariaDB. A schema is a database; identifiers may be 64 characters. DDL commits by itself, and a
 * foreign key implies an index there, which a stripped one no longer brings, so the driver declares it inline.
 */
final class MySqlBackend extends Backend {
  /** One per value of {@code lower_case_table_names}: 0, 1, 2. */
  private static final MySqlBackend[] BY_SETTING = {new MySqlBackend(0), new MySqlBackend(1), new MySqlBackend(2)};

  /**
   * The server's {@code lower_case_table_names}: 0, database and table names are stored as written and compared
   * exactly; 1, stored in lower case and so compared without regard to case; 2, stored as written and compared in
   * lower case.
   */
  private final int lowerCaseTableNames;

  private MySqlBackend(int lowerCaseTableNames) {
    super("MySQL/MariaDB", Dialect.MYSQL, 64, false);
    this.lowerCaseTableNames = lowerCaseTableNames;
  }

  private final PhysicalCatalog catalog = new MySqlCatalog(this);

  /** MariaDB's sequences (10.3 on), named by sequence functions as names; MySQL has none, and finds none. */
  @Override
  public boolean bindsSequences() {
    return true;
  }

  /** A MariaDB sequence is a relation of its database of type SEQUENCE; only sequences are asked of here. */
  @Override
  public boolean holdsObject(Connection c, String schema, String kind, String name) throws SQLException {
    return kind.equals("SEQUENCE") && catalog().first(c, "SELECT 1 FROM information_schema.TABLES"
        + " WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND TABLE_TYPE = 'SEQUENCE'", schema, name) != null;
  }

  @Override
  public PhysicalCatalog catalog() {
    return catalog;
  }

  /** Names compared as stored: what a trunk connection and the djbranch command assume. */
  static MySqlBackend asStored() {
    return BY_SETTING[0];
  }

  /** One round trip: {@code lower_case_table_names} is fixed when the server starts. */
  @Override
  public Backend forServer(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT @@lower_case_table_names")) {
      int setting = rs.next() ? rs.getInt(1) : 0;
      return setting >= 0 && setting < BY_SETTING.length ? BY_SETTING[setting] : this;
    }
  }

  /** Backticks or not, a name is a name; with {@code lower_case_table_names=1} the server stores it in lower case. */
  @Override
  public String stored(String name, boolean quoted) {
    return lowerCaseTableNames == 1 ? lower(name) : name;
  }

  @Override
  public String key(String name, boolean quoted) {
    return lowerCaseTableNames == 0 ? name : lower(name);
  }

  /** {@code USE}: the connection's catalog, which Connector/J keeps track of. */
  @Override
  public void setSearchPath(Connection c, List<String> schemas) throws SQLException {
    if (!schemas.isEmpty()) {
      c.setCatalog(schemas.get(0));
    }
  }

  /** A MySQL trigger lives in its table's database; {@code information_schema.TRIGGERS} names the table. */
  @Override
  public String tableOfTrigger(Connection c, String schema, String trigger) throws SQLException {
    return catalog().first(c, "SELECT EVENT_OBJECT_TABLE FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ?"
        + " AND TRIGGER_NAME = ?", schema, trigger);
  }

  @Override
  public boolean containsTriggers() {
    return true;
  }

  @Override
  public String listingSql() {
    return "SELECT SCHEMA_NAME, NULL FROM information_schema.SCHEMATA WHERE SCHEMA_NAME IN (?, ?)"
        + " UNION ALL SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA IN (?, ?)";
  }

  @Override
  protected String schemasHoldingSql() {
    return "SELECT SCHEMA_NAME, 0 FROM information_schema.SCHEMATA"
        + " UNION ALL SELECT TABLE_SCHEMA, 1 FROM information_schema.TABLES WHERE TABLE_NAME = ?";
  }

  @Override
  public void createSchema(Connection c, String schema) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE IF NOT EXISTS " + quote(schema));
    }
  }

  /** Asked of the server: a USE statement changes it without the driver's knowing. */
  @Override
  public String currentSchema(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); java.sql.ResultSet rs = s.executeQuery("SELECT DATABASE()")) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  /** 1044: access denied to a database; 1142: command denied; 1227: a privilege is missing. */
  @Override
  public boolean isPermissionDenied(SQLException e) {
    int code = e.getErrorCode();
    return code == 1044 || code == 1142 || code == 1227 || super.isPermissionDenied(e);
  }

  /** 1146: table doesn't exist. */
  @Override
  public boolean isUndefinedTable(SQLException e) {
    return e.getErrorCode() == 1146 || "42S02".equals(e.getSQLState());
  }

  /** 1213: deadlock, which is also how Galera reports a transaction that lost certification. */
  @Override
  public boolean isConflict(SQLException e) {
    return e.getErrorCode() == 1213 || super.isConflict(e);
  }

  /**
   * 1290: the server runs with --read-only (a replica); 1792: the session's transaction is read only. Connector/J
   * refuses a write on a read-only connection itself, before the server sees it, with a code of no meaning
   * (S1009): then the connection's read-only flag tells.
   */
  @Override
  public String readOnlyAdvice(Connection c, SQLException e) {
    if (e.getErrorCode() != 1290 && e.getErrorCode() != 1792 && !readOnly(c)) {
      return null;
    }
    String server = "the server";
    try (Statement s = c.createStatement(); java.sql.ResultSet rs = s.executeQuery("SELECT @@hostname, @@port")) {
      if (rs.next()) {
        server = "the server " + rs.getString(1) + ":" + rs.getInt(2);
      }
    } catch (SQLException asking) {
      e.addSuppressed(asking);
    }
    return "The connection is read only: " + server + " takes no writes here (read_only, or a read-only"
        + " transaction, as Connector/J's replication:// URLs make after setReadOnly(true)). Declarations write the"
        + " draft schema and its ~edge table: declare on a writable server, with setReadOnly(false).";
  }

  private static boolean readOnly(Connection c) {
    try {
      return c.isReadOnly();
    } catch (SQLException unknown) {
      return false;
    }
  }

  /** A failed statement is undone on its own; the transaction goes on. */
  @Override
  public boolean failureAbortsTransaction() {
    return false;
  }

  @Override
  public boolean transactionalDdl() {
    return false;
  }

  @Override
  protected String metaCatalog(String schema) {
    return schema;
  }

  @Override
  protected String metaSchema(String schema) {
    return null;
  }

  @Override
  public boolean foreignKeyImpliesIndex() {
    return true;
  }

  /**
   * As MySQL and MariaDB name a foreign key's implicit index: after the constraint, else the key's own index name
   * ({@code FOREIGN KEY idx (a)}), else its first column; where that name is taken (or is PRIMARY), the name cut
   * short and followed by {@code _2}, {@code _3}, ..., so that it never passes the 64 characters of an identifier.
   */
  @Override
  public String impliedIndexName(String constraint, String indexName, List<String> columns,
      java.util.Set<String> taken) {
    String base = constraint != null ? constraint : indexName != null ? indexName : columns.get(0);
    String name = base.codePointCount(0, base.length()) > identifierLimit() ? cut(base, identifierLimit()) : base;
    for (int i = 2; taken.contains(lower(name)) || lower(name).equals("primary"); i++) {
      String suffix = "_" + i;
      name = cut(base, identifierLimit() - suffix.length()) + suffix;
    }
    return name;
  }

  /** The first {@code length} characters (code points) of {@code name}. */
  private static String cut(String name, int length) {
    return name.codePointCount(0, name.length()) <= length ? name
        : name.substring(0, name.offsetByCodePoints(0, length));
  }

  /** An unqualified new name lands in the current database; a qualified one may name another. */
  @Override
  public boolean renameMovesSchema() {
    return true;
  }

  @Override
  public String dropForeignKeyText(String table, String name) {
    return "ALTER TABLE " + table + " DROP FOREIGN KEY " + quote(name);
  }

  /**
   * {@code SHOW [FULL] TABLES} and {@code SHOW TABLE STATUS} as a query of information_schema, whose table types and
   * statistics are those the statements show (BASE TABLE, VIEW, SEQUENCE; temporary tables in neither): the
   * pipeline's database and the draft's together, the draft's bookkeeping ({@code HiddenTables}) left out, under the
   * statement's labels ({@code Tables_in_<db>}, with {@code " (pattern)"} after a {@code LIKE}, and {@code
   * Table_type}; {@code Name}, {@code Engine}, ...), in name order. A {@code WHERE} condition is over those labels,
   * as the statement's is.
   */
  @Override
  public String tableListing(String logical, String draft, List<String> pipelineHidden, List<String> draftHidden,
      TableListing listing) {
    String name = quote(listing.status() ? "Name" : "Tables_in_" + logical);
    String columns = listing.status() ? STATUS_COLUMNS : "TABLE_NAME AS " + name + ", TABLE_TYPE AS `Table_type`";
    String filter = listing.pattern() != null ? " WHERE " + name + " LIKE " + listing.pattern()
        : listing.condition() != null ? " WHERE (" + listing.condition() + ")" : "";
    String shown = listing.status() ? "*" : (listing.pattern() == null ? name
        : name + " AS " + quote("Tables_in_" + logical + " (" + unquoted(listing.pattern()) + ")"))
        + (listing.full() ? ", `Table_type`" : "");
    return "SELECT " + shown + " FROM (" + tablesOf(logical, pipelineHidden, columns) + " UNION ALL "
        + tablesOf(draft, draftHidden, columns) + " AND TABLE_NAME NOT LIKE "
        + stringLiteral(HiddenTables.PREFIX + "%") + ") AS listing" + filter + " ORDER BY 1";
  }

  /** The columns of {@code SHOW TABLE STATUS}, as information_schema.TABLES holds them. */
  private static final String STATUS_COLUMNS = "TABLE_NAME AS `Name`, ENGINE AS `Engine`, VERSION AS `Version`,"
      + " ROW_FORMAT AS `Row_format`, TABLE_ROWS AS `Rows`, AVG_ROW_LENGTH AS `Avg_row_length`, DATA_LENGTH AS"
      + " `Data_length`, MAX_DATA_LENGTH AS `Max_data_length`, INDEX_LENGTH AS `Index_length`, DATA_FREE AS"
      + " `Data_free`, AUTO_INCREMENT AS `Auto_increment`, CREATE_TIME AS `Create_time`, UPDATE_TIME AS"
      + " `Update_time`, CHECK_TIME AS `Check_time`, TABLE_COLLATION AS `Collation`, CHECKSUM AS `Checksum`,"
      + " CREATE_OPTIONS AS `Create_options`, TABLE_COMMENT AS `Comment`, MAX_INDEX_LENGTH AS `Max_index_length`,"
      + " TEMPORARY AS `Temporary`";

  /** {@code columns} of the tables of {@code schema} but {@code hidden}, as information_schema lists them. */
  private String tablesOf(String schema, List<String> hidden, String columns) {
    StringBuilder q = new StringBuilder("SELECT " + columns + " FROM information_schema.TABLES WHERE TABLE_SCHEMA = "
        + stringLiteral(schema));
    if (!hidden.isEmpty()) {
      q.append(" AND TABLE_NAME NOT IN (");
      for (int i = 0; i < hidden.size(); i++) {
        q.append(i > 0 ? ", " : "").append(stringLiteral(hidden.get(i)));
      }
      q.append(')');
    }
    return q.toString();
  }

  /** A string literal's text as the label of a listing shows it: without its quotes, a doubled quote single. */
  private static String unquoted(String literal) {
    char quote = literal.charAt(0);
    return literal.substring(1, literal.length() - 1).replace("" + quote + quote, "" + quote);
  }

  @Override
  public boolean isSystemSchema(String schema) {
    return SYSTEM.contains(lower(schema));
  }

  private static final java.util.Set<String> SYSTEM =
      java.util.Set.of("information_schema", "mysql", "performance_schema", "sys");

  private static final java.util.regex.Pattern COMMAND_DENIED = java.util.regex.Pattern.compile(
      "(\\w+) command denied to user '[^']*'@'[^']*' for table (?:`([^`]*)`\\.)?[`']([^`']*)[`']");
  private static final java.util.regex.Pattern DATABASE_DENIED = java.util.regex.Pattern.compile(
      "Access denied for user '[^']*'@'[^']*' to database '([^']*)'");

  /** 1142 names the command and the table, qualified (MariaDB) or not (older MySQL); 1044 names the database. */
  @Override
  public Denial denial(SQLException e) {
    if (e.getMessage() == null) {
      return null;
    }
    if (e.getErrorCode() == 1142) {
      java.util.regex.Matcher m = COMMAND_DENIED.matcher(e.getMessage());
      if (m.find()) {
        return new Denial(Denial.Kind.TABLE, m.group(2), m.group(3), m.group(1).toUpperCase(java.util.Locale.ROOT));
      }
    }
    if (e.getErrorCode() == 1044) {
      java.util.regex.Matcher m = DATABASE_DENIED.matcher(e.getMessage());
      if (m.find()) {
        return new Denial(Denial.Kind.DATABASE, null, m.group(1), null);
      }
    }
    return null;
  }

  /** A database-wide grant names the database as a LIKE pattern: its {@code _} and {@code %} are escaped. */
  @Override
  public String grant(Denial d, boolean wholeSchema, String grantee) {
    String on;
    if (d.kind() == Denial.Kind.DATABASE) {
      on = exactDatabase(d.name()) + ".*";
    } else if (wholeSchema || d.schema() == null) {
      on = d.schema() == null ? quote(d.name()) : exactDatabase(d.schema()) + ".*";
    } else {
      on = quote(d.schema(), d.name());
    }
    return "GRANT " + (d.privilege() == null ? "ALL PRIVILEGES" : d.privilege()) + " ON " + on + " TO " + grantee;
  }

  private String exactDatabase(String name) {
    return quote(name.replace("\\", "\\\\").replace("_", "\\_").replace("%", "\\%"));
  }

  /** The account the server matched ({@code 'alice'@'%'}), which a grant names; the error names the client host. */
  @Override
  public String grantee(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); java.sql.ResultSet rs = s.executeQuery("SELECT CURRENT_USER()")) {
      String account = rs.next() ? rs.getString(1) : "";
      int at = account.lastIndexOf('@');
      return at < 0 ? "'" + account + "'" : "'" + account.substring(0, at) + "'@'" + account.substring(at + 1) + "'";
    }
  }

  /** The type as {@code information_schema.COLUMNS.COLUMN_TYPE} spells it ("varchar(255)", "int(11)"). */
  @Override
  public LiveColumn column(Connection c, String schema, String table, String column) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT"
        + " FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND COLUMN_NAME = ?")) {
      ps.setString(1, schema);
      ps.setString(2, table);
      ps.setString(3, column);
      try (ResultSet rs = ps.executeQuery()) {
        // MariaDB reports a column without a default as the text NULL.
        return rs.next() ? new LiveColumn(column, rs.getString(1), "YES".equals(rs.getString(2)),
            rs.getString(3) != null && !rs.getString(3).equalsIgnoreCase("NULL")) : null;
      }
    }
  }

  /** {@code DO 0}: evaluates a constant, answers no result set. */
  @Override
  public String noOp(String schema, String table) {
    return "DO 0";
  }

  @Override
  public TruncateOfReferenced truncateOfReferenced() {
    return TruncateOfReferenced.REFUSED;
  }
}

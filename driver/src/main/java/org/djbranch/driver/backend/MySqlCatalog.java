package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.djbranch.rewriter.CopiedTableText;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.RoutineBodies;
import org.djbranch.rewriter.Splicer;

/** MySQL's and MariaDB's catalog: information_schema; a schema is a database. */
final class MySqlCatalog extends PhysicalCatalog {
  MySqlCatalog(Backend backend) {
    super(backend);
  }

  @Override
  public List<String> schemas(Connection c) throws SQLException {
    return strings(c, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME NOT IN"
        + " ('information_schema', 'mysql', 'performance_schema', 'sys') ORDER BY 1");
  }

  /** Tables and views; MariaDB's sequences, which it lists among them, are not ({@link #declareObjects}). */
  @Override
  public List<String> tables(Connection c, String schema) throws SQLException {
    return strings(c, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?"
        + " AND TABLE_TYPE <> 'SEQUENCE' ORDER BY 1", schema);
  }

  /**
   * A MariaDB sequence's copy: its bounds, step, cache and cycling, started at the value trunk's would give a new
   * session next (its {@code next_not_cached_value}: values a session of trunk's cached are trunk's alone). MariaDB
   * reads a sequence as a one-row table.
   */
  @Override
  public void copySequence(Connection c, String from, String name, String to) throws SQLException {
    String create = sequenceCopyText(c, from, name, to);
    if (create == null) {
      throw new SQLException("The sequence " + backend().quote(from, name) + " does not exist.", "42S02");
    }
    Backend.execute(c, create);
  }

  /**
   * The statement that makes {@code to.name} a copy of sequence {@code from.name} ({@link #copySequence}), kept
   * where the draft holds one already; null where the sequence reads no row. One copy serves every copied table
   * whose default draws from it, and the branch's sequence functions.
   */
  private String sequenceCopyText(Connection c, String from, String name, String to) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT next_not_cached_value,"
        + " minimum_value, maximum_value, increment, cache_size, cycle_option FROM " + backend().quote(from, name))) {
      return rs.next() ? sequenceText("IF NOT EXISTS " + backend().quote(to, name), rs) : null;
    }
  }

  /** {@code CREATE SEQUENCE name}, started at column 1 of {@code rs}, bounded, stepped, cached and cycling by 2 to 6. */
  private static String sequenceText(String name, ResultSet rs) throws SQLException {
    return "CREATE SEQUENCE " + name + " START WITH " + rs.getLong(1) + " MINVALUE " + rs.getLong(2) + " MAXVALUE "
        + rs.getLong(3) + " INCREMENT BY " + rs.getLong(4) + (rs.getLong(5) > 0 ? " CACHE " + rs.getLong(5)
        : " NOCACHE") + (rs.getBoolean(6) ? " CYCLE" : " NOCYCLE");
  }

  /** MariaDB writes a default drawing from a sequence as {@code nextval(`s`.`seq`)}. */
  @Override
  public String sequenceDrawnBy(Connection c, String schema, String table) throws SQLException {
    return first(c, "SELECT COLUMN_DEFAULT FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?"
        + " AND LOWER(COLUMN_DEFAULT) LIKE '%nextval(%' LIMIT 1", schema, table);
  }

  /**
   * The stored functions and procedures of the server's databases, not of its own: {@code ROUTINE_DEFINITION} is
   * null where the login may not see the body. A procedure is called by {@code CALL}, refused on a branch, and by
   * JDBC's escape {@code {call p()}}, which hides that word.
   */
  @Override
  public List<RoutineBodies.Routine> routines(Connection c) throws SQLException {
    return routines(c, "SELECT ROUTINE_SCHEMA, ROUTINE_NAME, ROUTINE_DEFINITION, NULL FROM information_schema.ROUTINES"
        + " WHERE ROUTINE_TYPE IN ('FUNCTION', 'PROCEDURE')"
        + " AND ROUTINE_SCHEMA NOT IN ('mysql', 'sys', 'information_schema', 'performance_schema')");
  }

  /** MariaDB's sequences, in name order: a sequence names no other object. */
  @Override
  public List<ObjectDeclaration> declareObjects(Connection c, String from, String pipeline, String to)
      throws SQLException {
    List<ObjectDeclaration> out = new ArrayList<>();
    for (String name : strings(c, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND"
        + " TABLE_TYPE = 'SEQUENCE' AND TABLE_NAME NOT IN (SELECT TABLE_NAME FROM information_schema.TABLES WHERE"
        + " TABLE_SCHEMA = ?) ORDER BY 1", from, pipeline)) {
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT start_value, minimum_value,"
          + " maximum_value, increment, cache_size, cycle_option FROM " + backend().quote(from, name))) {
        rs.next();
        out.add(new ObjectDeclaration(name, sequenceText(backend().quote(to, name), rs)));
      }
    }
    return out;
  }

  /** A database holding tables is kept unless they are dropped with it: checked first, as MySQL has no RESTRICT. */
  @Override
  public void dropSchema(Connection c, String schema, boolean withTables) throws SQLException {
    if (!withTables && first(c, "SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?", schema) != null) {
      return; // a table, view or sequence would go with the database
    }
    Backend.execute(c, dropSchemaText(schema, withTables));
  }

  @Override
  public String dropSchemaText(String schema, boolean withTables) {
    return "DROP DATABASE IF EXISTS " + backend().quote(schema);
  }

  /** {@code SHOW CREATE TABLE} keeps column types, character sets, collations and indexes: what a key is picky about. */
  @Override
  public List<String> declareTable(Connection c, String from, String table, String to,
      List<ForeignKeyDeclaration> keys) throws SQLException {
    // a default drawing from a sequence of the branch's (NEXTVAL(`br_x_s`.`seq`)) draws from the target's, declared
    // there first (declareObjects): so the merge's text reads nothing of the draft
    String fromPrefix = backend().quote(from) + ".";
    return List.of(createText(c, from, table, to).replace(fromPrefix, backend().quote(to) + "."));
  }

  /**
   * A copy's defaults drawing from a sequence of the table's own database ({@code nextval(`s`.`seq`)}) draw from the
   * draft's copy of it, made first where the draft holds none and started where trunk's stands: so the branch's rows
   * never move trunk's sequence. A sequence of another database stays trunk's, as on PostgreSQL.
   */
  @Override
  protected CopyDeclaration copyDeclaration(Connection c, String from, String table, String to, boolean rows)
      throws SQLException {
    String create = createText(c, from, table, to);
    List<String> sequences = new ArrayList<>();
    List<Edit> edits = new ArrayList<>();
    for (CopiedTableText.SequenceCall call : CopiedTableText.sequenceCalls(create, backend().dialect())) {
      if (call.schema() != null && !call.schema().equals(from)) {
        continue;
      }
      String made = sequenceCopyText(c, from, call.name(), to);
      if (made != null) {
        if (!sequences.contains(made)) {
          sequences.add(made);
        }
        edits.add(new Edit(call.start(), call.end(), backend().quote(to, call.name())));
      }
    }
    return new CopyDeclaration(sequences, Splicer.apply(create, edits), rows ? copyRowsText(c, from, table, to)
        : null, List.of(), null);
  }

  /** {@code SHOW CREATE TABLE}'s text, naming {@code to.table}. */
  private String createText(Connection c, String from, String table, String to) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW CREATE TABLE " + backend().quote(from, table))) {
      rs.next();
      return CopiedTableText.renamed(rs.getString(2), backend().quote(to, table), List.of());
    }
  }

  /** Every declaration makes or remakes a table, which the catalog dates. */
  @Override
  public boolean clocksDrafts() {
    return true;
  }

  /** The creation times of the schema's tables: the first made, the last (re)made by a declaration. */
  @Override
  protected DraftActivity catalogActivity(Connection c, String schema) throws SQLException {
    try (java.sql.PreparedStatement ps = c.prepareStatement("SELECT MIN(CREATE_TIME), MAX(CREATE_TIME)"
        + " FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?")) {
      ps.setString(1, schema);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next() || rs.getTimestamp(1) == null) {
          return null;
        }
        return new DraftActivity(rs.getTimestamp(1).toInstant(), rs.getTimestamp(2).toInstant(),
            "tables' creation times");
      }
    }
  }

  /** MariaDB and MySQL 8 write roles differently. */
  @Override
  public Provisioning provisioning(Connection admin) throws SQLException {
    return new MySqlProvisioning(backend(),
        admin.getMetaData().getDatabaseProductVersion().toLowerCase(Locale.ROOT).contains("mariadb"));
  }

  /** Generated columns are computed again in the copy: the rows name the others. */
  @Override
  protected String copyRowsText(Connection c, String from, String table, String to) throws SQLException {
    Backend b = backend();
    List<String> columns = new ArrayList<>();
    for (String column : strings(c, "SELECT column_name FROM information_schema.columns WHERE table_schema = ?"
        + " AND table_name = ? AND extra NOT LIKE '%GENERATED%' ORDER BY ordinal_position", from, table)) {
      columns.add(b.quote(column));
    }
    String list = String.join(", ", columns);
    return "INSERT INTO " + b.quote(to, table) + " (" + list + ") SELECT " + list + " FROM " + b.quote(from, table);
  }
}

package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.rewriter.CopiedTableText;
import org.djbranch.rewriter.RoutineBodies;
import org.djbranch.rewriter.ViewText;

/**
 * The physical catalog of one database, read and written directly through a trunk connection: its schemas and
 * tables, a table's declaration copied under another schema, real foreign keys, creating and dropping schemas, and
 * the statements that provision a branch login. The {@code djbranch} command does its catalog work here; a branch
 * session only lists a system schema's tables and copies a bookkeeping table into its draft with it. One
 * implementation per database, obtained from its {@link Backend#catalog()}; the {@link Backend} keeps what a branch
 * session speaks the database with.
 */
public abstract class PhysicalCatalog {
  private final Backend backend;

  protected PhysicalCatalog(Backend backend) {
    this.backend = backend;
  }

  /** The backend this catalog quotes and compares names with. */
  public final Backend backend() {
    return backend;
  }

  /** The schemas of the database that may hold a pipeline's tables, system schemas left out. */
  public abstract List<String> schemas(Connection c) throws SQLException;

  /** The tables and views of a schema, in name order. */
  public abstract List<String> tables(Connection c, String schema) throws SQLException;

  /**
   * The statements that give a login the create-only credential of a branch (Branch Resolution §8), for an
   * administrator's connection {@code admin}; refused where the database has no logins.
   */
  public Provisioning provisioning(Connection admin) throws SQLException {
    throw new SQLException(backend.displayName() + " has no logins to provision: whoever may open the database file"
        + " may write all of it. Restrict the file, or use PostgreSQL or MySQL/MariaDB.", "0A000");
  }

  /**
   * Makes every schema of the database visible on this trunk connection: nothing where schemas are named;
   * SQLite attaches the files beside the main one (drafts of any branch, and the bases they introduced).
   */
  public void attachAllSchemas(Connection c) throws SQLException {
  }

  /** Whether the database has named schemas a command may create (not SQLite, whose schemas are files). */
  public boolean namedSchemas() {
    return true;
  }

  /** A schema for a throwaway declaration, dropped with {@link #dropSchema} afterwards. */
  public void createScratchSchema(Connection c, String schema) throws SQLException {
    backend.createSchema(c, schema);
  }

  /** Drops a schema; {@code withTables} drops what it holds, otherwise a schema that holds anything is kept. */
  public void dropSchema(Connection c, String schema, boolean withTables) throws SQLException {
    Backend.execute(c, dropSchemaText(schema, withTables));
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
  public abstract List<String> declareTable(Connection c, String from, String table, String to,
      List<ForeignKeyDeclaration> keys) throws SQLException;

  /**
   * Copies {@code from.table} into schema {@code to} under the same name: its declaration ({@link #declareTable},
   * without foreign keys), then, where {@code rows}, its rows by one statement the database runs itself ({@code
   * INSERT ... SELECT}, or the declaration is {@code CREATE TABLE ... AS SELECT}: no row passes through the JVM),
   * then its counters set as trunk's stand ({@link #countersAfterCopy}), rows or not, so the copy's next generated
   * key is the one trunk's table would give. Answers the number of rows copied.
   */
  public final long copyTable(Connection c, String from, String table, String to, boolean rows) throws SQLException {
    return copyTable(c, from, table, to, rows, () -> { });
  }

  /** What runs once a copy's rows are in, before its keys and indexes are built ({@link #copyTable}). */
  @FunctionalInterface
  public interface RowsIn {
    void run() throws SQLException;
  }

  /**
   * As {@link #copyTable(Connection, String, String, String, boolean)}, running {@code rowsIn} between the rows and
   * the keys and indexes: where a database builds indexes over rows its transaction wrote far slower than over
   * committed ones ({@code Backend.rowsCommittedFirstPast}), the caller commits the rows there.
   */
  public final long copyTable(Connection c, String from, String table, String to, boolean rows, RowsIn rowsIn)
      throws SQLException {
    return copyTable(c, from, table, to, rows, declared -> { }, rowsIn);
  }

  /** What may refuse a copy once the texts of its declaration are known (each in turn), before any of it runs. */
  @FunctionalInterface
  public interface Declared {
    void check(String declaration) throws SQLException;
  }

  /** As {@link #copyTable(Connection, String, String, String, boolean, RowsIn)}, {@code declared} first. */
  public final long copyTable(Connection c, String from, String table, String to, boolean rows, Declared declared,
      RowsIn rowsIn) throws SQLException {
    CopyDeclaration declaration = copyDeclaration(c, from, table, to, rows);
    for (String text : declaration.before()) {
      declared.check(text);
    }
    declared.check(declaration.table());
    for (String text : declaration.afterRows()) {
      declared.check(text);
    }
    try (java.sql.Statement st = c.createStatement()) {
      for (String first : declaration.before()) {
        st.execute(first);
      }
      st.execute(declaration.table()); // a CREATE TABLE ... AS SELECT brings the rows, and says how many
      long copied = declaration.rows() != null ? st.executeLargeUpdate(declaration.rows())
          : rows ? Math.max(0, st.getLargeUpdateCount()) : 0;
      rowsIn.run();
      // Its keys and other indexes after the rows, built once by sorting them, as CREATE INDEX on a filled table
      // is; kept up to date row by row they cost the copy about twice the database's own CREATE TABLE AS SELECT
      // (PostgreSQL).
      for (String more : declaration.afterRows()) {
        st.execute(more);
      }
      // Without rows too: a copy to be emptied (TRUNCATE) goes on drawing keys where trunk's table would.
      List<String> counters = declaration.counters() != null ? declaration.counters()
          : countersAfterCopy(c, from, table, to);
      for (String counter : counters) {
        st.execute(counter);
      }
      return copied;
    }
  }

  /**
   * The statements that make a copy, in the order they run: what the table needs first (a sequence of its own), the
   * table itself, the statement that copies its rows (null where {@code table} brings them, as {@code CREATE TABLE
   * ... AS SELECT} does, or none are copied), what is built once its rows are in (keys, indexes), and what sets its
   * key counters where trunk's stand (null: {@link #countersAfterCopy} says, once the copy is made).
   */
  protected record CopyDeclaration(List<String> before, String table, String rows, List<String> afterRows,
      List<String> counters) {
    /** A copy declared as {@link #declareTable} declares a table, filled by {@code rows} (or null). */
    static CopyDeclaration of(List<String> declaration, String rows) {
      return new CopyDeclaration(List.of(), declaration.get(0), rows, declaration.subList(1, declaration.size()),
          null);
    }
  }

  /**
   * The declaration of a copy of {@code from.table} in {@code to}, without foreign keys, with its rows where
   * {@code rows}: {@link #declareTable}'s first statement is the table's, the rest its keys and indexes. A database
   * whose columns draw defaults from sequences of the source schema gives the copy sequences of its own
   * ({@code DuckDbCatalog}), so writing the copy never advances trunk's.
   */
  protected CopyDeclaration copyDeclaration(Connection c, String from, String table, String to, boolean rows)
      throws SQLException {
    return CopyDeclaration.of(declareTable(c, from, table, to, List.of()), rows ? copyRowsText(c, from, table, to)
        : null);
  }

  /**
   * The statement that copies every row of {@code from.table} into {@code to.table}, declared alike. Where the
   * database computes a column (generated columns) or refuses a value for it, this names the columns it takes.
   */
  protected String copyRowsText(Connection c, String from, String table, String to) throws SQLException {
    return "INSERT INTO " + backend.quote(to, table) + " SELECT * FROM " + backend.quote(from, table);
  }

  /** The statements that set the copy's key counters to trunk's (sequences, identities); none where rows set them. */
  protected List<String> countersAfterCopy(Connection c, String from, String table, String to) throws SQLException {
    return List.of();
  }

  /**
   * Copies sequence {@code name} of {@code from} into {@code to} under the same name, with its parameters, standing
   * where it stands: the next value drawn from the copy is the one the original would give. Only a database whose
   * sequences a branch binds by name ({@code Backend.bindsNamedObjects}) has them to copy.
   */
  public void copySequence(Connection c, String from, String name, String to) throws SQLException {
    throw new SQLFeatureNotSupportedException(backend.displayName() + " has no sequences a branch copies.");
  }

  /**
   * The statements that declare in schema {@code to}, in an order that runs, the types, domains and sequences schema
   * {@code from} (a draft) holds and {@code pipeline} (its logical schema) does not: what the branch declared for its
   * tables to name. Left out: its copies of trunk's sequences (trunk holds them), and a sequence a column owns, which
   * the table's own declaration makes. None where the database has no such objects.
   */
  public List<ObjectDeclaration> declareObjects(Connection c, String from, String pipeline, String to)
      throws SQLException {
    return List.of();
  }

  /**
   * The statements that make the column defaults of {@code schema.table} that draw from sequences of {@code from}
   * draw from the sequences of the same names in {@code to} instead, after the names of those sequences
   * ({@code sequences}, to be made in {@code to} first); null where the database cannot ({@link #movesDefaults}).
   * {@code schema} null: the session's own temporary table.
   */
  public DefaultsMove movedDefaults(Connection c, String schema, String table, String from, String to)
      throws SQLException {
    return null;
  }

  /** Whether {@link #movedDefaults} answers: the database's defaults name a sequence the text can name anew. */
  public boolean movesDefaults() {
    return false;
  }

  /** {@link #movedDefaults}: the sequences the defaults draw from, and the statements that move them. */
  public record DefaultsMove(List<String> sequences, List<String> statements) {}

  /**
   * A sequence a column default of {@code schema.table} draws from, as {@code schema.sequence}, or null where none
   * does: what a table made {@code LIKE} it with its defaults would draw from too. One query; none where the
   * database binds no sequences by name in defaults.
   */
  public String sequenceDrawnBy(Connection c, String schema, String table) throws SQLException {
    return null;
  }

  /**
   * The rows of {@code schema.table} (what a copy of it would hold) where they are more than {@code limit}; -1 where
   * they are not. Here they are counted; a database whose files bound the rows a table can hold may answer -1 from
   * the table's size alone.
   */
  public long rowsOver(Connection c, String schema, String table, long limit) throws SQLException {
    try (java.sql.Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + backend.quote(schema, table))) {
      rs.next();
      return rs.getLong(1) > limit ? rs.getLong(1) : -1;
    }
  }

  /**
   * A view as a merge declares it again: its name, its column list as written (null where none), its query; where it
   * is materialized (PostgreSQL), whether it holds its rows and the indexes it holds, each as the catalog writes its
   * {@code CREATE INDEX}.
   */
  public record ViewDefinition(String name, String columns, String query, boolean materialized, boolean populated,
      List<String> indexes) {
    public ViewDefinition(String name, String columns, String query) {
      this(name, columns, query, false, true, List.of());
    }
  }

  /**
   * The views of {@code schema}, in the order they were made where the catalog says it (a view reads only what was
   * made before it), with their queries as the database keeps them. Here information_schema's (MySQL, whose
   * definitions name every table with its database); the other databases read their own catalogs.
   */
  public List<ViewDefinition> views(Connection c, String schema) throws SQLException {
    return viewsOf(c, "SELECT table_name, view_definition FROM information_schema.views WHERE table_schema = ?"
        + " ORDER BY table_name", query -> new ViewText(null, query), schema);
  }

  /**
   * The statements that declare view {@code v} of schema {@code from} in schema {@code to}: the view, its query's
   * names of {@code from} made names of {@code to} ({@code ViewText.requalified}), names of other schemas (the
   * pipeline's) left as they are; a materialized one without its rows where it held none, then its indexes.
   */
  public List<String> declareView(ViewDefinition v, String from, String to) {
    List<String> out = new ArrayList<>();
    out.add("CREATE " + (v.materialized() ? "MATERIALIZED " : "") + "VIEW " + backend.quote(to, v.name())
        + (v.columns() != null ? " " + v.columns() : "") + " AS "
        + ViewText.requalified(v.query(), backend.dialect(), from, to) + (v.populated() ? "" : " WITH NO DATA"));
    for (String index : v.indexes()) {
      out.add(ViewText.requalified(index, backend.dialect(), from, to));
    }
    return out;
  }

  /**
   * The views {@code sql} lists (a view's name, then what {@code read} makes its columns and query of: its query, or
   * the {@code CREATE VIEW} statement that made it; where it answers more, whether the view is materialized, whether
   * it holds its rows and its indexes' statements), those it reads.
   */
  protected final List<ViewDefinition> viewsOf(Connection c, String sql,
      java.util.function.Function<String, ViewText> read, String... params) throws SQLException {
    List<ViewDefinition> out = new ArrayList<>();
    try (OwnStatement own = backend.own(c, sql, (Object[]) params); ResultSet rs = own.query()) {
      boolean materialized = rs.getMetaData().getColumnCount() > 2; // the catalog says which are
      while (rs.next()) {
        ViewText text = read.apply(rs.getString(2));
        if (text == null) {
          continue;
        }
        java.sql.Array indexes = materialized ? rs.getArray(5) : null;
        out.add(!materialized ? new ViewDefinition(rs.getString(1), text.columns(), text.query())
            : new ViewDefinition(rs.getString(1), text.columns(), text.query(), rs.getBoolean(3), rs.getBoolean(4),
                indexes == null ? List.of() : List.of((String[]) indexes.getArray())));
      }
    }
    return out;
  }

  /** As {@link #viewsOf}, each view made by the {@code CREATE VIEW} statement the catalog keeps. */
  protected final List<ViewDefinition> viewsDeclaredBy(Connection c, String sql, String... params)
      throws SQLException {
    return viewsOf(c, sql, statement -> ViewText.of(statement, backend.dialect()), params);
  }

  /** Whether {@code schema.table} is a view (or another relation that is not a base table), which is never copied. */
  public boolean isView(Connection c, String schema, String table) throws SQLException {
    String type = first(c, "SELECT table_type FROM information_schema.tables WHERE table_schema = ? AND table_name = ?",
        schema, table);
    return type != null && !type.toUpperCase(java.util.Locale.ROOT).contains("TABLE");
  }

  /** DuckDB and SQLite cannot {@code ALTER TABLE ... ADD FOREIGN KEY}: their keys go into the CREATE TABLE. */
  public boolean foreignKeysInline() {
    return false;
  }

  /** {@code ALTER TABLE schema.table ADD CONSTRAINT ...}. */
  public String addForeignKey(String schema, String table, ForeignKeyDeclaration key) {
    return "ALTER TABLE " + backend.quote(schema, table) + " ADD " + key.clause(backend, true);
  }

  /** After declaring, checks what the database only checks when rows are written (SQLite). */
  public void checkDeclared(Connection c, String schema, String table) throws SQLException {
  }

  /**
   * The stored CREATE TABLE of {@code from.table} ({@code stored}: its text, or none where the table is missing)
   * renamed to {@code to.table}, with {@code keys} written inside it (for {@link #foreignKeysInline()}).
   */
  protected final String renamedTable(List<String> stored, String from, String table, String to,
      List<ForeignKeyDeclaration> keys, boolean qualifiedParent) throws SQLException {
    if (stored.isEmpty()) {
      throw new SQLException("The table " + backend.quote(from, table) + " does not exist.", "42P01");
    }
    List<String> inline = new ArrayList<>();
    for (ForeignKeyDeclaration k : keys) {
      inline.add(k.clause(backend, qualifiedParent));
    }
    return CopiedTableText.renamed(stored.get(0), backend.quote(to, table), inline);
  }

  /**
   * The columns, primary key and indexes of {@code schema.table}, through the backend's readings of a live table
   * (JDBC metadata, or its own catalog where it says more); databases whose JDBC metadata cannot name a schema
   * (SQLite's attached files) or reports no index (DuckDB) read their catalog instead.
   */
  public TableDescription describe(Connection c, String schema, String table) throws SQLException {
    TableShape shape = backend.shape(c, schema, table);
    List<Backend.LiveColumn> columns = new ArrayList<>();
    for (String name : shape.columns()) {
      columns.add(backend.column(c, schema, table, name));
    }
    return new TableDescription(columns, shape.primaryKey(), backend.indexes(c, schema, table));
  }

  /**
   * When {@code draft} was created and last changed, as the catalog's own clock tells where the database keeps one
   * ({@link #catalogActivity}), else {@link DraftActivity#UNKNOWN}: for a draft without the stamp a declaration
   * writes ({@code edges.Activity}), made before stamps were written.
   */
  public final DraftActivity activity(Connection c, String draft) throws SQLException {
    DraftActivity own = catalogActivity(c, draft);
    return own != null ? own : DraftActivity.UNKNOWN;
  }

  /**
   * Whether the catalog itself tells when a draft was last declared into ({@link #catalogActivity}): then a
   * declaration writes no stamp of its own, which would cost a round trip and, on SQLite, change the update count
   * the application reads after its DDL.
   */
  public boolean clocksDrafts() {
    return false;
  }

  /**
   * The routines a statement may call by name, with their bodies ({@code RoutineBodies} reads which may write): the
   * database's own and its extensions' left out, as trusted. None where routines cannot write (DuckDB's macros,
   * SQLite, which has none in SQL).
   */
  public List<RoutineBodies.Routine> routines(Connection c) throws SQLException {
    return List.of();
  }

  /** The routines {@code sql} answers: schema, name, body (null where hidden) and language (null: SQL). */
  protected final List<RoutineBodies.Routine> routines(Connection c, String sql) throws SQLException {
    List<RoutineBodies.Routine> out = new ArrayList<>();
    try (OwnStatement own = backend.own(c, sql); ResultSet rs = own.query()) {
      while (rs.next()) {
        out.add(new RoutineBodies.Routine(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
      }
    }
    return out;
  }

  /** What the catalog itself tells of when a schema was created and last changed, or null: it tells nothing. */
  protected DraftActivity catalogActivity(Connection c, String schema) throws SQLException {
    return null;
  }

  /** The first column of the first row {@code sql} answers, or null when it answers none. */
  protected final String first(Connection c, String sql, String... params) throws SQLException {
    List<String> found = strings(c, sql, params);
    return found.isEmpty() ? null : found.get(0);
  }

  /** The first column of every row {@code sql} answers, with {@code params} as its string parameters. */
  protected final List<String> strings(Connection c, String sql, String... params) throws SQLException {
    List<String> out = new ArrayList<>();
    try (OwnStatement own = backend.own(c, sql, (Object[]) params); ResultSet rs = own.query()) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}

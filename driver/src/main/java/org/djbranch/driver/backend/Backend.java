package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.driver.naming.NameLimit;
import org.djbranch.rewriter.CatalogLookup;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.TableListing;
import org.djbranch.rewriter.RenderedLabels;

/**
 * Everything that differs between the databases djbranch wraps, as a branch session speaks to them. One
 * implementation per database, chosen from the wrapped URL; nothing outside this package asks which database it is
 * talking to. The physical catalog the {@code djbranch} command reads and writes (schemas, tables, copying a table's
 * declaration, real foreign keys, provisioning) is this database's {@link #catalog()}.
 */
public abstract class Backend {
  private final String displayName;
  private final Dialect dialect;
  private final NameLimit nameLimit;

  protected Backend(String displayName, Dialect dialect, int identifierLimit, boolean limitInBytes) {
    this.displayName = displayName;
    this.dialect = dialect;
    this.nameLimit = new NameLimit(displayName, identifierLimit, limitInBytes);
  }

  /** The database's name, for messages. */
  public final String displayName() {
    return displayName;
  }

  /** The SQL dialect the rewriter lexes and parses this database's statements in. */
  public final Dialect dialect() {
    return dialect;
  }

  /** The longest identifier the database accepts, in {@link #nameLimit() bytes or characters}. */
  public final int identifierLimit() {
    return nameLimit.max();
  }

  /** The identifier limit, measured as the database measures it: PostgreSQL bytes, MySQL characters. */
  public final NameLimit nameLimit() {
    return nameLimit;
  }

  /**
   * A branch's draft names on this database: the branch as the database stores it, drafts recognised as it
   * compares names, every derived name checked against its identifier limit.
   */
  public final DraftNames draftNames(String branch) {
    return new DraftNames(stored(branch, true), name -> key(name, true), nameLimit);
  }

  /** The identifier quoted as this database quotes it. */
  public final String quote(String identifier) {
    return dialect.quote(identifier);
  }

  /** {@code schema.table}, each part quoted as this database quotes it. */
  public final String quote(String schema, String table) {
    return dialect.quote(schema, table);
  }

  // ---- what a branch needs; every method that takes a connection says how many round trips it makes ----

  /**
   * How this database labels an unaliased select item, where only it can say ({@link
   * org.djbranch.rewriter.Dialect.LabelRule#RENDERED}), asked on {@code internal}: one query per item text it was not
   * asked lately; null where the rewriter reads labels from the text.
   */
  public RenderedLabels renderedLabels(Connection internal) {
    return null;
  }

  /**
   * One query listing two schemas: rows {@code (schema, null)} for each of the two that exists, and
   * {@code (schema, table)} for each table or view in them. Parameters: schema 1, schema 2, schema 1, schema 2.
   */
  public abstract String listingSql();

  /**
   * One query: every schema of the database, each with whether it holds a table named {@code table}. A branch
   * finds its drafts holding {@code ~edge} with it, and tells whose a draft name is from which schemas exist.
   */
  public Map<String, Boolean> schemasHolding(Connection c, String table) throws SQLException {
    Map<String, Boolean> out = new LinkedHashMap<>();
    try (OwnStatement own = own(c, schemasHoldingSql(), table); ResultSet rs = own.query()) {
      while (rs.next()) {
        out.merge(rs.getString(1), rs.getInt(2) == 1, Boolean::logicalOr);
      }
    }
    return out;
  }

  /**
   * The query of {@link #schemasHolding}: rows {@code (schema, 0)} for every schema and {@code (schema, 1)} for
   * each that holds a table named as parameter 1.
   */
  protected abstract String schemasHoldingSql();

  /**
   * Inside the transaction of a declaration into {@code draft}: makes concurrent first declarations into the same
   * draft (other connections, other processes) wait for each other, where creating the same object at once fails
   * instead of waiting. Nothing by default.
   */
  public void serializeDeclarations(Connection c, String draft) throws SQLException {}

  /**
   * Where schemas exist per connection ({@link #schemasPerConnection}), makes a schema that exists but that
   * {@code c} does not see yet visible to it, creating nothing; whether {@code c} sees it now. Elsewhere every
   * connection sees every schema: true, and no round trip.
   */
  public boolean attachExisting(Connection c, String schema) throws SQLException {
    return true;
  }

  /** Creates a schema if it is missing: one round trip. */
  public void createSchema(Connection c, String schema) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA IF NOT EXISTS " + quote(schema));
    }
  }

  /** The schema unqualified new tables are created in (the first of a search path that exists): one round trip. */
  public String currentSchema(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT current_schema()")) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  /**
   * Every schema the session looks for an unqualified table name in, in order: one round trip. Here, the current
   * schema alone; where a search path holds several schemas (PostgreSQL, DuckDB), all of them.
   */
  public SearchPath searchPath(Connection c) throws SQLException {
    String current = currentSchema(c);
    return current == null ? SearchPath.EMPTY : SearchPath.of(List.of(current));
  }

  /**
   * Makes {@code schemas} (explicit entries, as stored) the session's search path: one round trip. Used where the
   * session's path names this branch's draft physically, so that the database resolves what it resolves by itself
   * in the logical schemas the draft stands for.
   */
  public void setSearchPath(Connection c, List<String> schemas) throws SQLException {
    if (!schemas.isEmpty()) {
      c.setSchema(schemas.get(0));
    }
  }

  /**
   * Whether the branch binds the names of types, domains, sequences, collations and indexes that DDL names alone ({@code DROP
   * TYPE t}, {@code ALTER SEQUENCE s}, {@code COMMENT ON INDEX i}: {@code rewriter.NamedObjects}) through
   * {@link #holdsObject}: PostgreSQL and DuckDB. Elsewhere such statements are refused.
   */
  public boolean bindsNamedObjects() {
    return false;
  }

  /**
   * Whether the branch binds the sequences that sequence functions name ({@code nextval('s.seq')}; MariaDB's
   * {@code NEXTVAL(s.seq)}, {@code NEXT VALUE FOR s.seq}) and copies a pipeline sequence they would move: where the
   * database has sequences ({@link #holdsObject} answers for kind SEQUENCE, and the catalog copies them).
   */
  public boolean bindsSequences() {
    return bindsNamedObjects();
  }

  /**
   * Whether {@code schema} holds a {@code kind} (TYPE, DOMAIN, SEQUENCE or COLLATION) named {@code name}; one query. Asked only
   * where the branch {@link #bindsNamedObjects binds such names}, or {@link #bindsSequences sequences}.
   */
  public boolean holdsObject(Connection c, String schema, String kind, String name) throws SQLException {
    return false;
  }

  /**
   * The rows past which a copy made in a transaction of djbranch's own commits its rows before it builds the copy's
   * keys and indexes, the rest (keys, indexes, records, the statement that asked for the copy) following in a second
   * transaction; {@link Long#MAX_VALUE}: never. DuckDB builds an index over rows its own transaction wrote some 1.4
   * times slower than over committed rows once they are many (10⁶ rows: 0.72 s against 0.51 s, as slow as the whole
   * copy). A copy whose second part fails is dropped again, and one interrupted between the two is marked unfinished
   * (as MySQL's are) and made anew when next needed.
   */
  public long rowsCommittedFirstPast() {
    return Long.MAX_VALUE;
  }

  /**
   * Whether a copy interrupted half-way may leave its table behind, marked unfinished in {@code ~copy}: where DDL
   * commits step by step (MySQL), or where some copy commits its rows before its keys ({@link
   * #rowsCommittedFirstPast}). The next copy of the table then drops it and copies anew.
   */
  public final boolean leavesUnfinishedCopies() {
    return !transactionalDdl() || rowsCommittedFirstPast() != Long.MAX_VALUE;
  }

  /**
   * Whether a branch's session holds the branch's drafts on its search path, each after its logical schema
   * ({@code Binder.keepDraftsOnPath}): where a schema holds types, domains and sequences that statements name
   * unqualified (PostgreSQL, DuckDB), those the branch declared then resolve in its queries, row changes and
   * declarations. One round trip more when a path is read or a draft is made, none per statement.
   */
  public boolean declaresAlongDraftPath() {
    return false;
  }

  /**
   * Whether a string literal in a session statement is a list of schemas ({@code SET search_path = 'a,b'}), not
   * one schema's name (PostgreSQL's {@code SET search_path TO 'a,b'} names the one schema {@code "a,b"}).
   */
  public boolean pathListsInLiterals() {
    return false;
  }

  /**
   * This backend as the server behind {@code c} compares names, where that is a setting of the server (MySQL's
   * {@code lower_case_table_names}): asked once per database and branch, when its layout is made (at most one
   * round trip; none here). Trunk never asks.
   */
  public Backend forServer(Connection c) throws SQLException {
    return this;
  }

  /** Prepares a new branch connection (SQLite attaches the draft files). */
  public void openBranch(Connection c, DraftNames drafts) throws SQLException {
  }

  /**
   * Whether a schema exists for a connection only once that connection has made it available (SQLite attaches
   * a file per connection): then a draft another connection created is made available with {@link #createSchema}
   * before a statement names it.
   */
  public boolean schemasPerConnection() {
    return false;
  }

  /** Whether the error says the login lacks a privilege (to create a schema, say). */
  public boolean isPermissionDenied(SQLException e) {
    return "42501".equals(e.getSQLState());
  }

  /** What a permission error refused, read from the database's words; null when {@code e} is no such error. */
  public Denial denial(SQLException e) {
    return null;
  }

  /**
   * The statement that grants {@code d}'s privilege to {@code grantee} (as {@link #grantee} names it): on one
   * table, on every table of its schema ({@code wholeSchema}: a draft, whose tables a branch login holds all of), or
   * on the schema or database itself.
   */
  public String grant(Denial d, boolean wholeSchema, String grantee) {
    return "GRANT " + d.privilege() + " ON " + (d.schema() == null ? quote(d.name()) : quote(d.schema(), d.name()))
        + " TO " + grantee;
  }

  /** The login as GRANT names it; asked only when an error is explained. */
  public String grantee(Connection c) throws SQLException {
    return c.getMetaData().getUserName();
  }

  /** The names of a table's indexes, as the database stores them: one round trip. */
  public java.util.Set<String> indexNames(Connection c, String schema, String table) throws SQLException {
    return TableMetadata.indexNames(this, c, schema, table);
  }

  /**
   * The table that index {@code index} of {@code schema} belongs to, or null where the schema has no such index or
   * the database names indexes per table (MySQL: {@code DROP INDEX i ON t} names its table): where index names are
   * the schema's own, a {@code DROP INDEX i} binds through this to the draft's index or the pipeline's table.
   */
  public String tableOfIndex(Connection c, String schema, String index) throws SQLException {
    return null;
  }

  /**
   * Where a statement that changes no rows answers with the count of the connection's last row change (sqlite-jdbc
   * answers {@code execute} of DDL so), that count and the connection's running total of changed rows, to be put
   * back after djbranch's own row writes ({@link #restoreRowChanges}); null elsewhere, with no query. One query.
   */
  public RowChanges rowChanges(Connection c) throws SQLException {
    return null;
  }

  /**
   * Makes {@code kept} the connection's last row change again where djbranch's own writes (a copy's rows, its
   * records, {@code ~edge} rows) moved it since, so that the application's next DDL answers as on trunk. One query
   * where nothing moved it.
   */
  public void restoreRowChanges(Connection c, RowChanges kept) throws SQLException {
  }

  /** The connection's last row change ({@code last} rows) and its running total of changed rows. */
  public record RowChanges(long last, long total) {
  }

  /**
   * The table of trigger {@code trigger} in {@code schema}, or null where none is named so; one query. Asked only
   * where the branch contains triggers ({@link #containsTriggers()}).
   */
  public String tableOfTrigger(Connection c, String schema, String trigger) throws SQLException {
    return null;
  }

  /**
   * Whether a trigger declared on a branch is contained in the draft: declared there on a draft table (or the
   * branch's copy of a pipeline table), the tables its statements name bound. SQLite and MySQL: a trigger's
   * statements are in its text (SQLite binds them in the trigger's own file, MySQL in its database). PostgreSQL's
   * trigger runs a function, whose body the branch does not bind: refused there.
   */
  public boolean containsTriggers() {
    return false;
  }

  /**
   * Creates a draft schema owned by {@code owner} (null: the login): where objects have owners (PostgreSQL), the
   * draft role of spec 8 owns the draft, so every member may declare, drop and re-declare in it.
   */
  public void createSchema(Connection c, String schema, String owner) throws SQLException {
    createSchema(c, schema);
  }

  /**
   * The statement that makes the rest of the current transaction act as {@code role}, so what it declares belongs
   * to the role; null where objects have no owner (then the grants do what the role does on PostgreSQL).
   */
  public String actAsRole(String role) {
    return null;
  }

  /** The statement that ends {@link #actAsRole} inside a transaction that goes on: the login acts again. */
  public String actAsLogin() {
    return null;
  }

  /** Whether the error says a table does not exist (42P01 in PostgreSQL; each database words it its own way). */
  public boolean isUndefinedTable(SQLException e) {
    return "42P01".equals(e.getSQLState());
  }

  /**
   * Whether the error says the statement lost a conflict with a concurrent one and had no effect, so running it
   * again is safe (serialization failure, deadlock; a Galera certification conflict reports itself as a deadlock).
   */
  public boolean isConflict(SQLException e) {
    return "40001".equals(e.getSQLState()) || "40P01".equals(e.getSQLState());
  }

  /**
   * When the error says the server or session takes no writes (a hot standby, a read-only replica): what the user
   * should know, naming the server where it can tell and saying how to reach a writable one; otherwise null. Makes
   * at most one round trip, and only for such an error.
   */
  public String readOnlyAdvice(Connection c, SQLException e) {
    return null;
  }

  /**
   * Whether DDL takes part in transactions, so a declaration can be made all at once — and is the transaction's
   * until it commits: the layout holds a declaration made inside a transaction for its connection alone and shares
   * it at commit. Where DDL is not transactional (MySQL), it commits the open transaction and itself as it runs,
   * so a declaration is shared at once and a rollback leaves it.
   */
  public boolean transactionalDdl() {
    return true;
  }

  /**
   * Whether a statement that fails inside a transaction leaves it able only to roll back (PostgreSQL, DuckDB): a
   * COMMIT then rolls back, on PostgreSQL without an error when sent as text.
   */
  public boolean failureAbortsTransaction() {
    return true;
  }

  /** Whether {@code SAVEPOINT x} outside a transaction begins one, which {@code RELEASE x} then commits (SQLite). */
  public boolean savepointBeginsTransaction() {
    return false;
  }

  /**
   * How the database stores a table or schema name as written: unquoted names folded where the database folds them
   * (PostgreSQL), every name lower-cased where it stores them so (MySQL with {@code lower_case_table_names=1}).
   */
  public String stored(String name, boolean quoted) {
    return quoted ? name : dialect.fold(name);
  }

  /**
   * The key a table or schema name is looked up by: the name as the database stores it, lower-cased where the
   * database compares names without regard to case. Two spellings name the same table or schema exactly when their
   * keys are equal.
   */
  public String key(String name, boolean quoted) {
    return stored(name, quoted);
  }

  /** The catalog and schema arguments of {@link DatabaseMetaData} for a schema of this database. */
  protected String metaCatalog(String schema) {
    return null;
  }

  protected String metaSchema(String schema) {
    return schema;
  }

  /** Column names in order and the primary key in order, read from the live table: two round trips. */
  public TableShape shape(Connection c, String schema, String table) throws SQLException {
    return TableMetadata.shape(this, c, schema, table);
  }

  /**
   * Whether a foreign key brings its own index on the referencing columns (MySQL, InnoDB). Where it does, a
   * stripped key must leave that index behind, declared inside the CREATE TABLE so the declaration stays one
   * statement.
   */
  public boolean foreignKeyImpliesIndex() {
    return false;
  }

  /** SQLite names the schema on the index of CREATE INDEX, never on its table. */
  public boolean qualifiesIndexNotTable() {
    return false;
  }

  /**
   * Whether an object stored in one schema (a view, a trigger) may name tables of another. SQLite binds a stored
   * view's or trigger's names in its own database file and refuses to name another; only temporary ones read every
   * attached file.
   */
  public boolean storedObjectsReadOtherSchemas() {
    return true;
  }

  /** Whether column names compare without regard to case (MySQL, DuckDB, SQLite; not PostgreSQL). */
  public boolean columnNamesIgnoreCase() {
    return true;
  }

  /**
   * The key a column name is compared by: lower-cased where the database compares column names without regard to
   * case. With {@link #key} for tables and schemas, the one place that decides whether two spellings name the same
   * object on this database.
   */
  public String columnKey(String column) {
    return columnNamesIgnoreCase() ? lower(column) : column;
  }

  /**
   * The key a constraint name is compared by ({@code DROP CONSTRAINT name} against the symbolic keys of a table):
   * constraint names compare as column names do — exactly on PostgreSQL, without regard to case elsewhere.
   */
  public String constraintKey(String constraint) {
    return columnKey(constraint);
  }

  /** The database's own schemas, which are never logical schemas of a pipeline. */
  public boolean isSystemSchema(String schema) {
    return false;
  }

  /**
   * Whether {@code name}, the first part of a name of three ({@code db.s.t}), or where {@link
   * #resolvesSchemaAsDatabase} the first of two naming no schema of the connection's database, names another
   * database the connection reaches (DuckDB's {@code ATTACH}), whose tables a branch keeps no draft of. Elsewhere
   * none: PostgreSQL refuses a name of another database itself, MySQL and SQLite have no such names.
   */
  public boolean isOtherDatabase(Connection c, String name) throws SQLException {
    return false;
  }

  /**
   * The query that answers a listing of schema {@code logical}'s tables as the branch sees them ({@code SHOW [FULL]
   * TABLES}, {@code rewriter.TableListing}): the tables of {@code logical} but {@code pipelineHidden}, and of
   * {@code draft} but {@code draftHidden}, as stored, under the database's own labels and order, filtered as {@code
   * listing} filters (a {@code LIKE} pattern or a condition over the labels). Null where the database has no such
   * statement.
   */
  public String tableListing(String logical, String draft, List<String> pipelineHidden, List<String> draftHidden,
      TableListing listing) {
    return null;
  }

  /** Whether {@code x.t}, where no schema {@code x} exists, names table {@code t} of database {@code x} (DuckDB). */
  public boolean resolvesSchemaAsDatabase() {
    return false;
  }

  /** The text a branch sends for a statement of the application: as it routes it, copies made first. */
  @FunctionalInterface
  public interface Routing {
    String route(String sql) throws SQLException;
  }

  /**
   * What a branch connection's {@code unwrap} hands out of the wrapped driver's own connection ({@code inner}, asked
   * for as {@code iface}): one whose statements go as {@code routing} routes them and whose JDBC calls go to {@code
   * branch}, the djbranch connection; or null, refused, where the backend has none. Here none: the driver's own
   * connection would run anything past the branch, trunk's tables too.
   */
  public Object onBranch(Object inner, Class<?> iface, Connection branch, Routing routing) throws SQLException {
    return null;
  }

  /** Whether {@link #onBranch} hands out the wrapped connection {@code inner} as {@code iface}: here never. */
  public boolean exposesOnBranch(Class<?> iface, Object inner) {
    return false;
  }

  /**
   * Whether the session's search path is part of the transaction: a rollback takes a {@code SET} back, and a commit
   * ends a {@code SET LOCAL} (PostgreSQL). Not where a path or current database is set outright (MySQL's {@code USE},
   * DuckDB's {@code SET}).
   */
  public boolean transactionalPath() {
    return false;
  }

  /**
   * A statement of djbranch's own ({@code sql} with {@code ?} placeholders for {@code values}: strings, numbers,
   * booleans, null), ready to run: prepared and bound, or with the values written in where {@link #writesOwnValuesIn}.
   */
  public final OwnStatement own(Connection c, String sql, Object... values) throws SQLException {
    return writesOwnValuesIn() && OwnStatement.writable(values) ? OwnStatement.written(this, c, sql, values)
        : OwnStatement.bound(c, sql, values);
  }

  /**
   * Whether djbranch's own statements go as one text with their values written in rather than prepared and bound:
   * where the driver prepares in a call of its own and the database plans the statement again when it runs
   * (DuckDB), a third of a bookkeeping statement's time.
   */
  protected boolean writesOwnValuesIn() {
    return false;
  }

  /** {@code 'text'} with quotes doubled. */
  protected String stringLiteral(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  /**
   * The name the database gives the index a foreign key brings ({@link #foreignKeyImpliesIndex}), made unique among
   * {@code taken} (index names, lower-cased): {@code constraint} and {@code indexName} as written (null where not),
   * the key's columns as stored. Asked only where a foreign key implies an index.
   */
  public String impliedIndexName(String constraint, String indexName, List<String> columns,
      java.util.Set<String> taken) {
    throw new UnsupportedOperationException(displayName + " declares no index for a foreign key");
  }

  /**
   * Whether the new name of {@code ALTER TABLE ... RENAME TO} / {@code RENAME TABLE} may name a schema, an
   * unqualified one landing in the session's current schema (MySQL), rather than always staying in the table's own
   * schema (PostgreSQL, DuckDB, SQLite, which take no schema there).
   */
  public boolean renameMovesSchema() {
    return false;
  }

  /**
   * Whether {@code DROP TABLE parent CASCADE} drops the foreign keys that reference the parent and keeps their
   * tables (PostgreSQL, DuckDB); elsewhere a referenced parent cannot be dropped while the keys stand.
   */
  public boolean dropCascadeReleasesChildren() {
    return false;
  }

  /** The statement that drops foreign key {@code name} of {@code table} (quoted physical name); null where none does. */
  public String dropForeignKeyText(String table, String name) {
    return "ALTER TABLE " + table + " DROP CONSTRAINT " + quote(name);
  }

  /** The table element declaring the index a stripped foreign key implied: {@code INDEX `name` (`a`, `b`)}. */
  public String impliedIndexElement(String name, List<String> columns) {
    return "INDEX " + quote(name) + " (" + quoteAll(columns) + ")";
  }

  private String quoteAll(List<String> columns) {
    StringBuilder out = new StringBuilder();
    for (String c : columns) {
      out.append(out.length() == 0 ? "" : ", ").append(quote(c));
    }
    return out.toString();
  }

  public static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }

  /** This database's physical catalog: its schemas and tables, read and written directly. */
  public abstract PhysicalCatalog catalog();

  /** Runs one statement: one round trip. */
  protected static void execute(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  // ---- what a live table already is, for agreeing declarations (DESIGN "Agreeing declarations") ----

  /** An index of a live table: its columns in order with their direction, and whether it is unique. */
  public record LiveIndex(String name, boolean unique, List<String> columns, List<Boolean> descending) {}

  /** A column of a live table: its type as the database spells it, whether it takes NULL, whether it has a default. */
  public record LiveColumn(String name, String type, boolean nullable, boolean hasDefault) {}

  /** A foreign key of a live table: its columns and its parent's, in order, and its actions. */
  public record LiveForeignKey(String name, String parentSchema, String parentTable, List<String> columns,
      List<String> parentColumns, int updateRule, int deleteRule) {}

  /** The indexes of a live table; partial indexes (a filter condition) are left out. One round trip. */
  public List<LiveIndex> indexes(Connection c, String schema, String table) throws SQLException {
    return TableMetadata.indexes(this, c, schema, table);
  }

  /**
   * A column of a live table, or null when it has none of that name. The type is spelled as the database reports
   * it; this default asks the JDBC metadata ({@code TYPE_NAME(COLUMN_SIZE)}), backends that can say more override it.
   */
  public LiveColumn column(Connection c, String schema, String table, String column) throws SQLException {
    return TableMetadata.column(this, c, schema, table, column);
  }

  /** The foreign keys of a live table. One round trip. */
  public final List<LiveForeignKey> foreignKeys(Connection c, String schema, String table) throws SQLException {
    return readsKeysAroundAtOnce(schema) ? keysAround(c, schema, table).own()
        : TableMetadata.foreignKeys(this, c, schema, table);
  }

  /**
   * A foreign key that a table holds to another: the child ({@code childSchema} as the database names it) and the
   * key, whose parent is the table asked about.
   */
  public record ReferencingKey(String childSchema, String childTable, LiveForeignKey key) {}

  /** The foreign keys that live tables of any schema hold to a live table. One round trip. */
  public final List<ReferencingKey> keysReferencing(Connection c, String schema, String table) throws SQLException {
    return readsKeysAroundAtOnce(schema) ? keysAround(c, schema, table).referencing()
        : TableMetadata.keysReferencing(this, c, schema, table);
  }

  /** A live table's own foreign keys and the keys live tables hold to it: what a copy of it carries over. */
  public record KeysAround(List<LiveForeignKey> own, List<ReferencingKey> referencing) {}

  /**
   * {@link #foreignKeys} and {@link #keysReferencing} of one table, as a copy asks both: two round trips here, one
   * where the catalog answers both ways in one query ({@link #readsKeysAroundAtOnce}).
   */
  public KeysAround keysAround(Connection c, String schema, String table) throws SQLException {
    return new KeysAround(TableMetadata.foreignKeys(this, c, schema, table),
        TableMetadata.keysReferencing(this, c, schema, table));
  }

  /**
   * Whether {@link #keysAround} of a table of {@code schema} is one query of the catalog's, which then answers either
   * way alone too (PostgreSQL, DuckDB; SQLite's attached files); else each way is a JDBC metadata call of its own.
   */
  protected boolean readsKeysAroundAtOnce(String schema) {
    return false;
  }

  /** What the database does with a {@code TRUNCATE} of a table that another table's foreign key references. */
  public enum TruncateOfReferenced {
    /** Runs it (SQLite has no TRUNCATE; its DELETE is a row change). */
    RUNS,
    /** Refuses it, unless the statement truncates the referencing table too (PostgreSQL, MySQL). */
    REFUSED,
    /** Refuses it while rows of the other table reference its rows, as it refuses their DELETE (DuckDB). */
    REFUSED_WHILE_REFERENCED
  }

  /** So is a table that a symbolic key of a branch references treated there ({@link TruncateOfReferenced}). */
  public TruncateOfReferenced truncateOfReferenced() {
    return TruncateOfReferenced.RUNS;
  }

  /**
   * A statement that does nothing and answers as DDL does (no result set, no rows): what an agreeing declaration of
   * something the pipeline holds runs in its stead, so the caller's execute returns what it would have and no DDL
   * reaches the pipeline's schema. Here, a delete of no row of the table; null where there is no table to name (a
   * schema): the declaration is then sent as written (an embedded file, with no login to refuse it).
   */
  public String noOp(String schema, String table) {
    return table == null ? null : "DELETE FROM " + quote(schema, table) + " WHERE 1 = 0";
  }

  /**
   * Where a prepared text asks the database's own catalog whether one relation exists, by schema and name given as
   * parameters, which parameters those are; else null. Such a question names no table of the branch, so nothing else
   * would let it see a table that binds to the draft (docs/branch-semantics.md "Bookkeeping tables"). None here: the
   * other databases' tools ask through JDBC metadata, which presents the logical schemas already.
   */
  public CatalogLookup catalogLookup(String sql) {
    return null;
  }


  @Override
  public String toString() {
    return displayName;
  }
}

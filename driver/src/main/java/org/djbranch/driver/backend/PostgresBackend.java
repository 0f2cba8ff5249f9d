package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.djbranch.rewriter.CatalogLookup;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.SessionSchemas;

/**
 * PostgreSQL. Identifier limit: PostgreSQL truncates names silently past 63 bytes (NAMEDATALEN - 1), so a longer
 * derived name must fail instead. Listings read pg_catalog, never information_schema, which hides the tables of
 * others from a login that may only read them (the branch login).
 */
final class PostgresBackend extends Backend {
  PostgresBackend() {
    super("PostgreSQL", Dialect.POSTGRESQL, 63, true);
  }

  private final PhysicalCatalog catalog = new PostgresCatalog(this);

  @Override
  public PhysicalCatalog catalog() {
    return catalog;
  }

  /** CASCADE drops the foreign keys that reference the table, and keeps their tables. */
  @Override
  public boolean dropCascadeReleasesChildren() {
    return true;
  }

  @Override
  public boolean columnNamesIgnoreCase() {
    return false;
  }

  @Override
  public String tableOfIndex(Connection c, String schema, String index) throws SQLException {
    return catalog().first(c, "SELECT tablename FROM pg_catalog.pg_indexes WHERE schemaname = ? AND indexname = ?",
        schema, index);
  }

  /**
   * The foreign keys around one table, both ways, from pg_constraint in one query: each key's columns in order and
   * its parent's, its actions as the letters of {@code confupdtype}/{@code confdeltype}. pgjdbc's
   * {@code getImportedKeys} and {@code getExportedKeys} say the same in two queries whose planning alone takes some
   * 5 ms each on a server process that has not run them yet, as a copy's connection often is; the columns are read
   * in subqueries here, as a join of them took 8 ms to plan.
   */
  private static final String KEYS = "SELECT k.conname::text, cn.nspname::text, cc.relname::text, pn.nspname::text,"
      + " pc.relname::text, k.confupdtype::text, k.confdeltype::text, " + keyColumns("conkey", "conrelid") + ", "
      + keyColumns("confkey", "confrelid")
      + " FROM pg_catalog.pg_constraint k"
      + " JOIN pg_catalog.pg_class cc ON cc.oid = k.conrelid"
      + " JOIN pg_catalog.pg_namespace cn ON cn.oid = cc.relnamespace"
      + " JOIN pg_catalog.pg_class pc ON pc.oid = k.confrelid"
      + " JOIN pg_catalog.pg_namespace pn ON pn.oid = pc.relnamespace"
      + " WHERE k.contype = 'f' AND (k.conrelid = to_regclass(?) OR k.confrelid = to_regclass(?))"
      + " ORDER BY cn.nspname, cc.relname, k.conname";

  /** The names of a key's columns ({@code numbers} of table {@code relation}), in the key's order. */
  private static String keyColumns(String numbers, String relation) {
    return "ARRAY(SELECT a.attname::text FROM unnest(k." + numbers + ") WITH ORDINALITY AS u(attnum, n)"
        + " JOIN pg_catalog.pg_attribute a ON a.attrelid = k." + relation + " AND a.attnum = u.attnum ORDER BY u.n)";
  }

  @Override
  protected boolean readsKeysAroundAtOnce(String schema) {
    return true;
  }

  /**
   * {@link #KEYS} around {@code schema.table}: the keys it holds, ordered by parent as {@code getImportedKeys} orders
   * them, and those that name it as parent, by child as {@code getExportedKeys} does. A key of the table to itself is
   * in both.
   */
  @Override
  public KeysAround keysAround(Connection c, String schema, String table) throws SQLException {
    List<LiveForeignKey> own = new ArrayList<>();
    List<ReferencingKey> referencing = new ArrayList<>();
    String relation = quote(schema, table);
    try (OwnStatement keys = own(c, KEYS, relation, relation); ResultSet rs = keys.query()) {
      while (rs.next()) {
        LiveForeignKey fk = new LiveForeignKey(rs.getString(1), rs.getString(4), rs.getString(5),
            List.of((String[]) rs.getArray(8).getArray()), List.of((String[]) rs.getArray(9).getArray()),
            rule(rs.getString(6)), rule(rs.getString(7)));
        if (rs.getString(2).equals(schema) && rs.getString(3).equals(table)) {
          own.add(fk);
        }
        if (fk.parentSchema().equals(schema) && fk.parentTable().equals(table)) {
          referencing.add(new ReferencingKey(rs.getString(2), rs.getString(3), fk));
        }
      }
    }
    own.sort(Comparator.comparing(LiveForeignKey::parentSchema).thenComparing(LiveForeignKey::parentTable)
        .thenComparing(LiveForeignKey::name));
    return new KeysAround(own, referencing);
  }

  /** A key action as pg_constraint writes it, as JDBC numbers it. */
  private static int rule(String action) {
    return switch (action) {
      case "c" -> DatabaseMetaData.importedKeyCascade;
      case "n" -> DatabaseMetaData.importedKeySetNull;
      case "d" -> DatabaseMetaData.importedKeySetDefault;
      case "r" -> DatabaseMetaData.importedKeyRestrict;
      default -> DatabaseMetaData.importedKeyNoAction;
    };
  }

  @Override
  public boolean isSystemSchema(String schema) {
    return schema.equals("pg_catalog") || schema.equals("information_schema") || schema.startsWith("pg_toast")
        || schema.startsWith("pg_temp");
  }

  /**
   * The search path as set, each entry as PostgreSQL reads it ({@code $user} is the current user), after an
   * implicit {@code pg_catalog} where the path does not name it: PostgreSQL searches it first then. Entries that name no
   * schema stay in: existence is the layout's to say, and a branch may create the schema later. The session's
   * temporary schema, searched before all, is left out: its tables are the session's own, never a branch's.
   */
  @Override
  public SearchPath searchPath(Connection c) throws SQLException {
    String value;
    String user;
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT current_setting('search_path'), current_user")) {
      rs.next();
      value = rs.getString(1);
      user = rs.getString(2);
    }
    List<SearchPath.Entry> entries = new ArrayList<>();
    List<String> named = new ArrayList<>();
    for (List<String> entry : SessionSchemas.pathEntries(value, dialect(), false)) {
      String schema = entry.get(0);
      named.add(schema.equals("$user") ? user : schema);
    }
    if (!named.contains("pg_catalog")) {
      entries.add(new SearchPath.Entry("pg_catalog", true));
    }
    for (String schema : named) {
      entries.add(new SearchPath.Entry(schema, false));
    }
    return new SearchPath(entries);
  }

  @Override
  public boolean bindsNamedObjects() {
    return true;
  }

  /** A type or domain is a row of {@code pg_type}, a sequence one of {@code pg_class}, a collation of {@code pg_collation}. */
  @Override
  public boolean holdsObject(Connection c, String schema, String kind, String name) throws SQLException {
    String sql = switch (kind) {
      case "SEQUENCE" -> "SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ?"
          + " AND c.relname = ? AND c.relkind = 'S'";
      case "COLLATION" -> "SELECT 1 FROM pg_collation c JOIN pg_namespace n ON n.oid = c.collnamespace"
          + " WHERE n.nspname = ? AND c.collname = ?";
      default -> "SELECT 1 FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = ?"
          + " AND t.typname = ?" + (kind.equals("DOMAIN") ? " AND t.typtype = 'd'" : "");
    };
    return catalog().first(c, sql, schema, name) != null;
  }

  @Override
  public boolean declaresAlongDraftPath() {
    return true;
  }

  @Override
  public void setSearchPath(Connection c, List<String> schemas) throws SQLException {
    StringBuilder sql = new StringBuilder("SET search_path TO ");
    for (int i = 0; i < schemas.size(); i++) {
      sql.append(i == 0 ? "" : ", ").append(quote(schemas.get(i)));
    }
    execute(c, schemas.isEmpty() ? "SET search_path TO ''" : sql.toString());
  }

  @Override
  public boolean transactionalPath() {
    return true;
  }

  /** pgjdbc's connection, whose {@code COPY} goes through its own API: {@link PgCopyOnBranch}. */
  @Override
  public Object onBranch(Object inner, Class<?> iface, Connection branch, Routing routing) throws SQLException {
    return PgCopyOnBranch.expose(inner, iface, branch, routing);
  }

  @Override
  public boolean exposesOnBranch(Class<?> iface, Object inner) {
    return PgCopyOnBranch.exposes(iface, inner);
  }

  @Override
  public String listingSql() {
    return "SELECT nspname::text, NULL::text FROM pg_catalog.pg_namespace WHERE nspname IN (?, ?)"
        + " UNION ALL SELECT n.nspname::text, c.relname::text FROM pg_catalog.pg_class c"
        + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
        + " WHERE n.nspname IN (?, ?) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')";
  }

  @Override
  protected String schemasHoldingSql() {
    return "SELECT nspname::text, 0 FROM pg_catalog.pg_namespace"
        + " UNION ALL SELECT n.nspname::text, 1 FROM pg_catalog.pg_class c"
        + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.relname = ? AND c.relkind IN ('r', 'p')";
  }

  /**
   * Besides serialization failures and deadlocks: two sessions creating the same schema or table at once with
   * IF NOT EXISTS (the first declarations into a new draft) both pass the existence check, and the later one fails
   * on the system catalog's unique index (23505 naming a {@code pg_..._index}) once the earlier commits. Run again,
   * its IF NOT EXISTS finds the object.
   */
  @Override
  public boolean isConflict(SQLException e) {
    return super.isConflict(e) || ("23505".equals(e.getSQLState()) && e.getMessage() != null
        && CATALOG_INDEX.matcher(e.getMessage()).find());
  }

  private static final java.util.regex.Pattern CATALOG_INDEX =
      java.util.regex.Pattern.compile("\"pg_[a-z_]+_index\"");

  /**
   * 25006 (read_only_sql_transaction): a hot standby answers every write so, as does a read-only session. The
   * server is asked which it is; a session whose transaction already failed cannot ask, and gets the general
   * advice.
   */
  @Override
  public String readOnlyAdvice(Connection c, SQLException e) {
    if (!"25006".equals(e.getSQLState())) {
      return null;
    }
    String fix = " Declarations write the draft schema and its ~edge table, so they must reach the primary: list"
        + " the primary and its standbys in the URL with targetServerType=primary (for example"
        + " jdbc:djbranch:postgresql://primary:5432,standby:5432/db?targetServerType=primary&branch=...)."
        + " Reading the branch on a standby works once the drafts are replicated.";
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_catalog.pg_is_in_recovery(), pg_catalog.host(inet_server_addr()),"
            + " inet_server_port()")) {
      if (rs.next() && rs.getBoolean(1)) {
        String server = rs.getString(2) == null ? "this connection's server (local socket)"
            : "the server " + rs.getString(2) + ":" + rs.getInt(3);
        return "The connection is on a read-only standby: " + server + " is a hot standby in recovery." + fix;
      }
      return "The session is read only (default_transaction_read_only, or setReadOnly(true)); declare on a"
          + " read-write session." + fix;
    } catch (SQLException asking) {
      e.addSuppressed(asking);
      return "The server or session is read only (a hot standby, or a read-only transaction)." + fix;
    }
  }

  /**
   * Two sessions creating the same table or schema at once collide on the catalog's unique indexes
   * ({@code pg_type_typname_nsp_index}, {@code pg_namespace_nspname_index}) even with IF NOT EXISTS: a transaction
   * lock on the draft's name makes the second wait and then find the first's objects.
   */
  @Override
  public void serializeDeclarations(Connection c, String draft) throws SQLException {
    try (java.sql.PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_xact_lock(hashtext(?))")) {
      ps.setString(1, "djbranch " + draft);
      ps.execute();
    }
  }

  /** A schema another session created at the same moment is there all the same: in autocommit, that is success. */
  @Override
  public void createSchema(Connection c, String schema) throws SQLException {
    try {
      super.createSchema(c, schema);
    } catch (SQLException e) {
      if (!"23505".equals(e.getSQLState()) || !c.getAutoCommit()) {
        throw e;
      }
    }
  }

  private static final java.util.regex.Pattern DENIED = java.util.regex.Pattern.compile(
      "permission denied for (table|view|materialized view|sequence|schema|database) \"?([^\"\\s]+)\"?");
  private static final java.util.regex.Pattern NOT_OWNER = java.util.regex.Pattern.compile(
      "must be owner of (?:table|relation|view|materialized view|sequence|index|type) \"?([^\"\\s]+)\"?");
  private static final java.util.regex.Pattern NO_ROLE = java.util.regex.Pattern.compile(
      "permission denied to set role \"([^\"]+)\"");

  /** PostgreSQL names the object, unqualified, and never the privilege. */
  @Override
  public Denial denial(SQLException e) {
    if (!isPermissionDenied(e) || e.getMessage() == null) {
      return null;
    }
    String m = e.getMessage();
    java.util.regex.Matcher d = DENIED.matcher(m);
    if (d.find()) {
      Denial.Kind kind = switch (d.group(1)) {
        case "schema" -> Denial.Kind.SCHEMA;
        case "database" -> Denial.Kind.DATABASE;
        case "sequence" -> Denial.Kind.SEQUENCE;
        default -> Denial.Kind.TABLE;
      };
      return new Denial(kind, null, d.group(2), null);
    }
    java.util.regex.Matcher o = NOT_OWNER.matcher(m);
    if (o.find()) {
      return new Denial(Denial.Kind.OWNER, null, o.group(1), null);
    }
    java.util.regex.Matcher r = NO_ROLE.matcher(m);
    if (r.find()) {
      return new Denial(Denial.Kind.ROLE, null, r.group(1), null);
    }
    return null;
  }

  @Override
  public String grant(Denial d, boolean wholeSchema, String grantee) {
    String to = " TO " + ident(grantee);
    switch (d.kind()) {
      case SCHEMA:
        return "GRANT " + d.privilege() + " ON SCHEMA " + ident(d.name()) + to;
      case DATABASE:
        return "GRANT " + d.privilege() + " ON DATABASE " + ident(d.name()) + to;
      case ROLE:
        return "GRANT " + ident(d.name()) + to;
      case SEQUENCE:
        return "GRANT " + d.privilege() + " ON SEQUENCE " + (d.schema() == null ? ident(d.name())
            : ident(d.schema()) + "." + ident(d.name())) + to;
      default:
        return "GRANT " + d.privilege() + " ON " + (wholeSchema ? "ALL TABLES IN SCHEMA " + ident(d.schema())
            : d.schema() == null ? ident(d.name()) : ident(d.schema()) + "." + ident(d.name())) + to;
    }
  }

  /** A name as a person would type it: bare where PostgreSQL reads it back unchanged, else quoted. */
  private String ident(String name) {
    return name.matches("[a-z_][a-z0-9_]*") ? name : quote(name);
  }

  @Override
  public void createSchema(java.sql.Connection c, String schema, String owner) throws SQLException {
    if (owner == null) {
      createSchema(c, schema);
      return;
    }
    try (java.sql.Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA IF NOT EXISTS " + quote(schema) + " AUTHORIZATION " + quote(owner));
    }
  }

  /** SET LOCAL: the role lasts to the end of the transaction, and a rollback or commit ends it by itself. */
  @Override
  public String actAsRole(String role) {
    return "SET LOCAL ROLE " + quote(role);
  }

  @Override
  public String actAsLogin() {
    return "SET LOCAL ROLE NONE";
  }

  /** The type as {@code format_type} spells it ("character varying(255)"), with nullability and default. */
  @Override
  public LiveColumn column(Connection c, String schema, String table, String column) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT format_type(a.atttypid, a.atttypmod), a.attnotnull,"
        + " a.atthasdef FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class t ON t.oid = a.attrelid"
        + " JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace"
        + " WHERE n.nspname = ? AND t.relname = ? AND a.attname = ? AND a.attnum > 0 AND NOT a.attisdropped")) {
      ps.setString(1, schema);
      ps.setString(2, table);
      ps.setString(3, column);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? new LiveColumn(column, rs.getString(1), !rs.getBoolean(2), rs.getBoolean(3)) : null;
      }
    }
  }

  /** pg_catalog read directly, as Flyway asks whether its history table exists. */
  @Override
  public CatalogLookup catalogLookup(String sql) {
    return CatalogLookup.read(sql, dialect());
  }

  /** {@code DO} with an empty body: nothing is touched, and it needs no privilege on any table. */
  @Override
  public String noOp(String schema, String table) {
    return "DO $$BEGIN END$$";
  }

  @Override
  public TruncateOfReferenced truncateOfReferenced() {
    return TruncateOfReferenced.REFUSED;
  }
}

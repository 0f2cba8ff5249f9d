package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.djbranch.rewriter.RoutineBodies;
import org.djbranch.rewriter.ViewText;

/** PostgreSQL's catalog: pg_catalog, never information_schema, which hides the tables of others. */
final class PostgresCatalog extends PhysicalCatalog {
  /** A column whose default draws on a sequence it owns was declared with these pseudo-types. */
  private static final Map<String, String> SERIAL = Map.of("integer", "serial", "bigint", "bigserial",
      "smallint", "smallserial");

  PostgresCatalog(Backend backend) {
    super(backend);
  }

  @Override
  public List<String> schemas(Connection c) throws SQLException {
    return strings(c, "SELECT nspname::text FROM pg_catalog.pg_namespace WHERE nspname NOT LIKE 'pg\\_%'"
        + " AND nspname <> 'information_schema' ORDER BY 1");
  }

  @Override
  public List<String> tables(Connection c, String schema) throws SQLException {
    return strings(c, "SELECT c.relname::text FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
        + " ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY 1", schema);
  }

  /**
   * The sequence column {@code a} draws its keys from as its own: its identity's (an internal dependency), else the one
   * {@code pg_get_serial_sequence} names (a sequence {@code OWNED BY} it, as {@code serial} makes). That function
   * alone answers the first of either kind, so another sequence owned by an identity column would be taken for its
   * identity's. One parameter: the column's table.
   */
  private static final String OWN_SEQUENCE = "COALESCE((SELECT i.objid::regclass FROM pg_catalog.pg_depend i"
      + " WHERE i.classid = 'pg_catalog.pg_class'::regclass AND i.refclassid = 'pg_catalog.pg_class'::regclass"
      + " AND i.refobjid = a.attrelid AND i.refobjsubid = a.attnum AND i.deptype = 'i' LIMIT 1),"
      + " pg_get_serial_sequence(?, a.attname)::regclass)";

  /** A sequence's parameters in pg_sequence {@code q}, as six columns {@link #sequenceParameters} reads. */
  private static final String SEQUENCE_PARAMETERS = "q.seqincrement, q.seqmin, q.seqmax, q.seqstart, q.seqcache,"
      + " q.seqcycle";

  /**
   * The parameters of a sequence as {@code CREATE SEQUENCE} and an identity take them, from the six columns of
   * {@link #SEQUENCE_PARAMETERS} starting at {@code first}: a copy's sequence steps and ends as trunk's.
   */
  private static String sequenceParameters(ResultSet rs, int first) throws SQLException {
    return " INCREMENT BY " + rs.getLong(first) + " MINVALUE " + rs.getLong(first + 1) + " MAXVALUE "
        + rs.getLong(first + 2) + " START WITH " + rs.getLong(first + 3) + " CACHE " + rs.getLong(first + 4)
        + (rs.getBoolean(first + 5) ? " CYCLE" : " NO CYCLE");
  }

  /**
   * The table written out from pg_catalog: every column with its type, collation, default, identity (with its
   * sequence's start, step and bounds) or generation and NOT NULL; its primary key, unique, check and exclusion
   * constraints; its other indexes; the comments. Nothing in the text reads {@code from}, so it can be kept as a
   * migration and run once {@code from} is gone: a name the catalog qualifies with {@code from} (a sequence, a type)
   * is qualified with {@code to}, and a column that owns its sequence is declared {@code serial} again, which makes
   * the sequence beside the new table.
   */
  @Override
  public List<String> declareTable(Connection c, String from, String table, String to,
      List<ForeignKeyDeclaration> keys) throws SQLException {
    return declaration(c, from, table, to, true);
  }

  /**
   * {@link #declareTable}'s statements; {@code moving} says whether the names the catalog qualifies with
   * {@code from} are qualified with {@code to}: so where the declaration moves a table with its types to another
   * schema (a merge), not where it copies a table whose types stay where they are (a copy of trunk's into a draft).
   */
  private List<String> declaration(Connection c, String from, String table, String to, boolean moving)
      throws SQLException {
    Backend b = backend();
    String target = b.quote(to, table);
    UnaryOperator<String> moved = UnaryOperator.identity();
    if (moving) {
      String fromPrefix = first(c, "SELECT quote_ident(?)", from) + ".";
      String toPrefix = b.quote(to) + ".";
      moved = text -> text.replace(fromPrefix, toPrefix);
    }
    List<String> elements = new ArrayList<>();
    List<String> after = new ArrayList<>();
    String relation = b.quote(from, table);
    try (PreparedStatement ps = c.prepareStatement("SELECT a.attname::text, format_type(a.atttypid, a.atttypmod),"
        + " a.attnotnull, pg_get_expr(d.adbin, d.adrelid), a.attidentity::text, a.attgenerated::text,"
        + " CASE WHEN a.attcollation <> t.typcollation THEN quote_ident(co.collname) END,"
        + " q.seqrelid IS NOT NULL, col_description(a.attrelid, a.attnum), " + SEQUENCE_PARAMETERS
        + " FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_type t ON t.oid = a.atttypid"
        + " LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum"
        + " LEFT JOIN pg_catalog.pg_collation co ON co.oid = a.attcollation"
        + " LEFT JOIN pg_catalog.pg_sequence q ON q.seqrelid = " + OWN_SEQUENCE
        + " WHERE a.attrelid = ?::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum")) {
      ps.setString(1, relation);
      ps.setString(2, relation);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String name = rs.getString(1);
          String type = moved.apply(rs.getString(2));
          String def = rs.getString(4) == null ? null : moved.apply(rs.getString(4));
          String identity = rs.getString(5);
          String generated = rs.getString(6);
          boolean serial = rs.getBoolean(8) && identity.isEmpty() && def != null && def.startsWith("nextval(")
              && SERIAL.containsKey(type);
          StringBuilder col = new StringBuilder(b.quote(name)).append(' ')
              .append(serial ? SERIAL.get(type) : type);
          if (rs.getString(7) != null) {
            col.append(" COLLATE ").append(rs.getString(7));
          }
          if ("s".equals(generated)) {
            col.append(" GENERATED ALWAYS AS (").append(def).append(") STORED");
          } else if (!identity.isEmpty()) {
            col.append(" GENERATED ").append(identity.equals("a") ? "ALWAYS" : "BY DEFAULT").append(" AS IDENTITY (")
                .append(sequenceParameters(rs, 10).strip()).append(')');
          } else if (def != null && !serial) {
            col.append(" DEFAULT ").append(def);
          }
          if (rs.getBoolean(3)) {
            col.append(" NOT NULL");
          }
          elements.add(col.toString());
          if (rs.getString(9) != null) {
            after.add("COMMENT ON COLUMN " + b.quote(to, table) + "." + b.quote(name) + " IS "
                + b.stringLiteral(rs.getString(9)));
          }
        }
      }
    }
    if (elements.isEmpty()) {
      throw new SQLException("The table " + relation + " does not exist.", "42P01");
    }
    // Primary key, unique, check and exclusion constraints, by name, each added after the table is declared: a copy
    // adds them after its rows, so their indexes are built by one sort each (PhysicalCatalog.copyTable). A foreign
    // key never lives on a draft table.
    List<String> constraints = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT conname::text, pg_get_constraintdef(oid)"
        + " FROM pg_catalog.pg_constraint WHERE conrelid = ?::regclass AND contype IN ('p', 'u', 'c', 'x')"
        + " ORDER BY CASE contype WHEN 'p' THEN 0 WHEN 'u' THEN 1 ELSE 2 END, conname")) {
      ps.setString(1, relation);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          constraints.add("ALTER TABLE " + target + " ADD CONSTRAINT " + b.quote(rs.getString(1)) + " "
              + moved.apply(rs.getString(2)));
        }
      }
    }
    List<String> out = new ArrayList<>();
    out.add("CREATE TABLE " + target + " (\n  " + String.join(",\n  ", elements) + "\n)");
    out.addAll(constraints);
    // The indexes no constraint made, their table renamed: pg_get_indexdef writes "... ON <table> USING ...".
    for (String index : strings(c, "SELECT pg_get_indexdef(i.indexrelid) FROM pg_catalog.pg_index i"
        + " WHERE i.indrelid = ?::regclass AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint k"
        + " WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid) ORDER BY i.indexrelid", relation)) {
      int using = index.indexOf(" USING ");
      int on = index.lastIndexOf(" ON ", using);
      out.add(index.substring(0, on) + " ON " + target + index.substring(using));
    }
    for (String comment : strings(c, "SELECT obj_description(?::regclass, 'pg_class')", relation)) {
      if (comment != null) {
        out.add("COMMENT ON TABLE " + target + " IS " + b.stringLiteral(comment));
      }
    }
    out.addAll(after);
    return out;
  }

  /**
   * A copy is made by {@code CREATE TABLE ... AS SELECT}, the one statement PostgreSQL writes a new table's rows
   * through its bulk path for (about a quarter faster than {@code INSERT ... SELECT} at 10⁶ rows), then given what
   * that leaves out in one {@code ALTER TABLE}, which checks the rows once for all of it: NOT NULL, defaults,
   * identity, checks. Keys, indexes and comments follow as a declaration's do. A table with a stored generated column,
   * which no ALTER can make of a filled one, is made with its columns' types and generation first and filled by
   * {@code INSERT ... SELECT}; the rest is the same.
   *
   * <p>A column that owns its sequence gets one of the same name and parameters, where the branch's next key
   * continues trunk's; so does a default drawing from a sequence of the table's schema that no column owns
   * (Hibernate's, a migration's {@code CREATE SEQUENCE}), made once in the draft for every copy that draws from it,
   * so that writing a copy never advances trunk's sequence; a sequence of that name the draft holds already is the
   * branch's copy of trunk's (an earlier copy's, or one a sequence function of the branch moved), and stands where
   * the branch left it. A column's type, collation and the types and functions its default and checks name stay
   * trunk's own. Two catalog reads, where a declaration and its rows took seven. A table whose sequence's name the
   * draft holds as another relation, or whose identity's it holds at all, is declared as a merge declares it, with a
   * sequence named by the database.
   */
  @Override
  protected CopyDeclaration copyDeclaration(Connection c, String from, String table, String to, boolean rows)
      throws SQLException {
    Backend b = backend();
    String source = b.quote(from, table);
    String target = b.quote(to, table);
    List<String> names = new ArrayList<>();
    List<String> before = new ArrayList<>(); // the copy's own sequences
    List<String> alter = new ArrayList<>(); // what the one ALTER TABLE gives the filled table
    List<String> owned = new ArrayList<>(); // each sequence made its column's
    List<String> counters = new ArrayList<>();
    List<String> columnComments = new ArrayList<>();
    java.util.Set<String> sequencesMade = new java.util.HashSet<>(); // those this copy makes in the draft
    List<String> columns = new ArrayList<>(); // each column's type, and generation, where the table is declared first
    boolean generated = false;
    // Per column: the sequence it owns (serial, identity) or else the one its default draws from, what the draft
    // holds of that name, and how many sequences the default draws from.
    // The columns are read in a subquery of their own, which plans in half the time of one join of all.
    String drawsFrom = " FROM pg_catalog.pg_depend u JOIN pg_catalog.pg_class r ON r.oid = u.refobjid"
        + " AND r.relkind = 'S' WHERE u.classid = 'pg_catalog.pg_attrdef'::regclass AND u.objid = d.oid"
        + " AND u.refclassid = 'pg_catalog.pg_class'::regclass";
    try (OwnStatement own = b.own(c, "SELECT x.attname, x.attnotnull, x.def, x.attidentity, x.attgenerated,"
        + " x.comment, s.relname::text, s.oid::regclass::text,"
        + " quote_ident(sn.nspname) || '.' || quote_ident(s.relname),"
        + " format_type(q.seqtypid, NULL), " + SEQUENCE_PARAMETERS + ", (SELECT h.relkind::text"
        + " FROM pg_catalog.pg_class h WHERE h.oid = to_regclass(quote_ident(?) || '.' || quote_ident(s.relname))),"
        + " x.owned IS NOT NULL, x.n, sn.nspname = ?, x.type, x.collation"
        + " FROM (SELECT a.attnum, a.attname::text, a.attnotnull, pg_get_expr(d.adbin, d.adrelid) AS def,"
        + " a.attidentity::text, a.attgenerated::text, col_description(a.attrelid, a.attnum) AS comment,"
        + " format_type(a.atttypid, a.atttypmod) AS type,"
        + " CASE WHEN a.attcollation <> t.typcollation THEN quote_ident(co.collname) END AS collation,"
        + " " + OWN_SEQUENCE + " AS owned, (SELECT min(u.refobjid)" + drawsFrom + ") AS used,"
        + " (SELECT count(*)" + drawsFrom + ") AS n"
        + " FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_type t ON t.oid = a.atttypid"
        + " LEFT JOIN pg_catalog.pg_collation co ON co.oid = a.attcollation"
        + " LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum"
        + " WHERE a.attrelid = ?::regclass AND a.attnum > 0 AND NOT a.attisdropped OFFSET 0) x"
        + " LEFT JOIN pg_catalog.pg_class s ON s.oid = COALESCE(x.owned, x.used)"
        + " LEFT JOIN pg_catalog.pg_namespace sn ON sn.oid = s.relnamespace"
        + " LEFT JOIN pg_catalog.pg_sequence q ON q.seqrelid = s.oid ORDER BY x.attnum",
        to, from, source, source); ResultSet rs = own.query()) {
      while (rs.next()) {
        String name = b.quote(rs.getString(1));
        String def = rs.getString(3);
        String identity = rs.getString(4);
        boolean owns = rs.getBoolean(18);
        // a sequence of the table's schema its default draws from is copied as the one it owns is; another
        // schema's is left where it is
        String sequence = owns || rs.getBoolean(20) ? rs.getString(7) : null;
        String held = rs.getString(17); // what the draft holds of the sequence's name: nothing, or a sequence
        // A sequence of the name the draft holds already is the branch's copy of trunk's (made by an earlier copy
        // or by a sequence function the branch called), which the branch may have drawn from since: it stands
        // where it is, and the copy's column draws from it (an identity makes its own, so it cannot).
        boolean reuses = sequence != null && "S".equals(held) && identity.isEmpty();
        if (rs.getLong(19) > 1 || sequence != null && held != null && !reuses) {
          return declaredCopy(c, from, table, to, rows);
        }
        String type = rs.getString(21) + (rs.getString(22) == null ? "" : " COLLATE " + rs.getString(22));
        if (rs.getString(5).equals("s")) {
          generated = true;
          columns.add(name + " " + type + " GENERATED ALWAYS AS (" + def + ") STORED");
          def = null;
        } else {
          columns.add(name + " " + type);
          names.add(name);
        }
        if (rs.getBoolean(2)) {
          alter.add("ALTER COLUMN " + name + " SET NOT NULL");
        }
        String ownSequence = sequence == null ? null : b.quote(to, sequence);
        boolean makes = sequence != null && held == null && sequencesMade.add(sequence);
        if (sequence != null && owns && !makes && !reuses) {
          return declaredCopy(c, from, table, to, rows); // two columns own sequences of one name
        }
        if (!identity.isEmpty()) {
          alter.add("ALTER COLUMN " + name + " ADD GENERATED " + (identity.equals("a") ? "ALWAYS" : "BY DEFAULT")
              + " AS IDENTITY (SEQUENCE NAME " + ownSequence + sequenceParameters(rs, 11) + ")");
        } else if (sequence != null) {
          String trunks = b.stringLiteral(rs.getString(8)) + "::regclass";
          if (def == null || !def.contains(trunks)) { // the sequence is not where the default draws from
            return declaredCopy(c, from, table, to, rows);
          }
          if (makes) {
            before.add(sequenceCopy(ownSequence, rs, 10));
          }
          alter.add("ALTER COLUMN " + name + " SET DEFAULT "
              + def.replace(trunks, b.stringLiteral(ownSequence) + "::regclass"));
          if (owns) {
            owned.add("ALTER SEQUENCE " + ownSequence + " OWNED BY " + target + "." + name);
          }
        } else if (def != null) {
          alter.add("ALTER COLUMN " + name + " SET DEFAULT " + def);
        }
        if (makes) {
          counters.add(standingAs(ownSequence, rs.getString(9)));
        }
        if (rs.getString(6) != null) {
          columnComments.add("COMMENT ON COLUMN " + target + "." + name + " IS " + b.stringLiteral(rs.getString(6)));
        }
      }
    }
    if (columns.isEmpty()) {
      throw new SQLException("The table " + source + " does not exist.", "42P01");
    }
    List<String> afterRows = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    // Checks join the ALTER, which checks the rows once for all it adds; keys and exclusions build their indexes
    // each, as the declaration's do; then the other indexes (pg_get_indexdef names the table before USING), the
    // table's comment.
    try (OwnStatement own = b.own(c, "SELECT 0, CASE contype WHEN 'p' THEN 0 WHEN 'u' THEN 1 ELSE 2 END,"
        + " conname::text COLLATE \"C\", contype::text, pg_get_constraintdef(oid) FROM pg_catalog.pg_constraint"
        + " WHERE conrelid = ?::regclass AND contype IN ('p', 'u', 'c', 'x')"
        + " UNION ALL SELECT 1, 0, lpad(i.indexrelid::text, 10, '0'), NULL, pg_get_indexdef(i.indexrelid)"
        + " FROM pg_catalog.pg_index i WHERE i.indrelid = ?::regclass AND NOT EXISTS (SELECT 1"
        + " FROM pg_catalog.pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid)"
        + " UNION ALL SELECT 2, 0, NULL, NULL, obj_description(?::regclass, 'pg_class') ORDER BY 1, 2, 3",
        source, source, source); ResultSet rs = own.query()) {
      while (rs.next()) {
        String text = rs.getString(5);
        if (text == null) {
          continue;
        }
        switch (rs.getInt(1)) {
          case 0 -> (rs.getString(4).equals("c") ? alter : keys).add("ADD CONSTRAINT " + b.quote(rs.getString(3))
              + " " + text);
          case 1 -> {
            int using = text.indexOf(" USING ");
            int on = text.lastIndexOf(" ON ", using);
            afterRows.add(text.substring(0, on) + " ON " + target + text.substring(using));
          }
          default -> afterRows.add("COMMENT ON TABLE " + target + " IS " + b.stringLiteral(text));
        }
      }
    }
    List<String> made = new ArrayList<>();
    if (!alter.isEmpty()) {
      made.add("ALTER TABLE " + target + " " + String.join(", ", alter));
    }
    made.addAll(owned);
    for (String key : keys) {
      made.add("ALTER TABLE " + target + " " + key);
    }
    made.addAll(afterRows);
    made.addAll(columnComments);
    String list = String.join(", ", names);
    if (generated) { // a table of generated columns only takes rows of no column, each computed again
      return new CopyDeclaration(before, "CREATE TABLE " + target + " (" + String.join(", ", columns) + ")",
          rows ? "INSERT INTO " + target + (names.isEmpty() ? "" : " (" + list + ")") + " SELECT " + list + " FROM "
          + source : null, made, counters);
    }
    return new CopyDeclaration(before, "CREATE TABLE " + target + " AS SELECT " + list + " FROM " + source
        + (rows ? "" : " WITH NO DATA"), null, made, counters);
  }

  /**
   * Enums, then domains (whose base may be one of them), then sequences no column owns, each in the order made; a
   * name the catalog qualifies with {@code from} (a domain over the branch's enum) is qualified with {@code to}.
   * Composite and range types are not declared here.
   */
  @Override
  public List<ObjectDeclaration> declareObjects(Connection c, String from, String pipeline, String to)
      throws SQLException {
    Backend b = backend();
    String fromPrefix = first(c, "SELECT quote_ident(?)", from) + ".";
    UnaryOperator<String> moved = text -> text == null ? null : text.replace(fromPrefix, b.quote(to) + ".");
    String notTrunks = " AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_class p JOIN pg_catalog.pg_namespace m"
        + " ON m.oid = p.relnamespace WHERE m.nspname = ? AND p.relname = %1$s)"
        + " AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_type p JOIN pg_catalog.pg_namespace m"
        + " ON m.oid = p.typnamespace WHERE m.nspname = ? AND p.typname = %1$s)";
    List<ObjectDeclaration> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT t.typname::text, t.typtype::text, (SELECT string_agg("
        + "quote_literal(e.enumlabel), ', ' ORDER BY e.enumsortorder) FROM pg_catalog.pg_enum e WHERE e.enumtypid"
        + " = t.oid), format_type(t.typbasetype, t.typtypmod), t.typnotnull, t.typdefault, (SELECT string_agg("
        + "'CONSTRAINT ' || quote_ident(k.conname) || ' ' || pg_get_constraintdef(k.oid), ' ' ORDER BY k.conname)"
        + " FROM pg_catalog.pg_constraint k WHERE k.contypid = t.oid)"
        + " FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace"
        + " WHERE n.nspname = ? AND t.typtype IN ('e', 'd')" + String.format(notTrunks, "t.typname")
        + " ORDER BY t.typtype DESC, t.oid")) {
      ps.setString(1, from);
      ps.setString(2, pipeline);
      ps.setString(3, pipeline);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String name = b.quote(to, rs.getString(1));
          if (rs.getString(2).equals("e")) {
            out.add(new ObjectDeclaration(rs.getString(1), "CREATE TYPE " + name + " AS ENUM ("
                + (rs.getString(3) == null ? "" : rs.getString(3)) + ")"));
          } else {
            out.add(new ObjectDeclaration(rs.getString(1), "CREATE DOMAIN " + name + " AS "
                + moved.apply(rs.getString(4)) + (rs.getString(6) == null ? "" : " DEFAULT " + moved.apply(rs.getString(6)))
                + (rs.getBoolean(5) ? " NOT NULL" : "") + (rs.getString(7) == null ? "" : " " + moved.apply(rs.getString(7)))));
          }
        }
      }
    }
    try (PreparedStatement ps = c.prepareStatement("SELECT s.relname::text, format_type(q.seqtypid, NULL), "
        + SEQUENCE_PARAMETERS + " FROM pg_catalog.pg_class s JOIN pg_catalog.pg_namespace n ON n.oid = s.relnamespace"
        + " JOIN pg_catalog.pg_sequence q ON q.seqrelid = s.oid WHERE n.nspname = ? AND s.relkind = 'S'"
        // not an identity's sequence, nor a serial's (owned by the column whose default draws from it): the table's
        // declaration brings those; a sequence merely OWNED BY a column is declared (without the link)
        + " AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d WHERE d.objid = s.oid AND d.classid ="
        + " 'pg_catalog.pg_class'::regclass AND d.refclassid = 'pg_catalog.pg_class'::regclass AND (d.deptype = 'i'"
        + " OR d.deptype = 'a' AND EXISTS (SELECT 1 FROM pg_catalog.pg_attrdef ad JOIN pg_catalog.pg_depend x"
        + " ON x.classid = 'pg_catalog.pg_attrdef'::regclass AND x.objid = ad.oid AND x.refobjid = s.oid"
        + " WHERE ad.adrelid = d.refobjid AND ad.adnum = d.refobjsubid)))"
        + String.format(notTrunks, "s.relname") + " ORDER BY s.oid")) {
      ps.setString(1, from);
      ps.setString(2, pipeline);
      ps.setString(3, pipeline);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new ObjectDeclaration(rs.getString(1), sequenceCopy(b.quote(to, rs.getString(1)), rs, 2)));
        }
      }
    }
    return out;
  }

  /**
   * The column defaults ({@code d}, of column {@code a}) of the relation {@code (?).(?)} that draw from a sequence
   * ({@code s}, of schema {@code n}): a default's expression depends on the sequence it calls (pg_depend), however
   * it names it.
   */
  private static final String SEQUENCE_DEFAULTS = " FROM pg_catalog.pg_attrdef d JOIN pg_catalog.pg_attribute a"
      + " ON a.attrelid = d.adrelid AND a.attnum = d.adnum JOIN pg_catalog.pg_depend x ON x.classid ="
      + " 'pg_catalog.pg_attrdef'::regclass AND x.objid = d.oid AND x.refclassid = 'pg_catalog.pg_class'::regclass"
      + " JOIN pg_catalog.pg_class s ON s.oid = x.refobjid AND s.relkind = 'S'"
      + " JOIN pg_catalog.pg_namespace n ON n.oid = s.relnamespace"
      + " WHERE d.adrelid = (quote_ident(?) || '.' || quote_ident(?))::regclass";

  /** The first sequence a default draws from ({@link #SEQUENCE_DEFAULTS}). */
  @Override
  public String sequenceDrawnBy(Connection c, String schema, String table) throws SQLException {
    return first(c, "SELECT quote_ident(n.nspname) || '.' || quote_ident(s.relname)" + SEQUENCE_DEFAULTS + " LIMIT 1",
        schema, table);
  }

  @Override
  public boolean movesDefaults() {
    return true;
  }

  /** A default names its sequence as {@code regclass} prints it: that name is replaced by the copy's. */
  @Override
  public DefaultsMove movedDefaults(Connection c, String schema, String table, String from, String to)
      throws SQLException {
    List<String> sequences = new ArrayList<>();
    List<String> statements = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT a.attname::text, s.relname::text,"
        + " pg_get_expr(d.adbin, d.adrelid), s.oid::regclass::text" + SEQUENCE_DEFAULTS + " AND n.nspname = ?")) {
      String where = schema == null ? "pg_temp" : schema; // the session's temporary schema, whatever its number
      ps.setString(1, where);
      ps.setString(2, table);
      ps.setString(3, from);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          if (!sequences.contains(rs.getString(2))) {
            sequences.add(rs.getString(2));
          }
          String copy = backend().quote(to, rs.getString(2));
          statements.add("ALTER TABLE " + backend().quote(where, table) + " ALTER COLUMN " + backend().quote(
              rs.getString(1)) + " SET DEFAULT " + rs.getString(3).replace(backend().stringLiteral(rs.getString(4)),
              backend().stringLiteral(copy)));
        }
      }
    }
    return new DefaultsMove(sequences, statements);
  }

  @Override
  public void copySequence(Connection c, String from, String name, String to) throws SQLException {
    Backend b = backend();
    String source = b.quote(from, name);
    String copy = b.quote(to, name);
    String create;
    try (OwnStatement own = b.own(c, "SELECT format_type(q.seqtypid, NULL), " + SEQUENCE_PARAMETERS
        + " FROM pg_catalog.pg_sequence q WHERE q.seqrelid = ?::regclass", source); ResultSet rs = own.query()) {
      if (!rs.next()) {
        throw new SQLException("The sequence " + source + " does not exist.", "42P01");
      }
      create = sequenceCopy(copy, rs, 1);
    }
    Backend.execute(c, create);
    Backend.execute(c, standingAs(copy, source));
  }

  /**
   * {@code CREATE SEQUENCE copy}, of the type in column {@code typeColumn} of {@code rs} and the parameters in the
   * six after it ({@link #SEQUENCE_PARAMETERS}).
   */
  private static String sequenceCopy(String copy, ResultSet rs, int typeColumn) throws SQLException {
    return "CREATE SEQUENCE " + copy + " AS " + rs.getString(typeColumn) + sequenceParameters(rs, typeColumn + 1);
  }

  /**
   * The statement that sets sequence {@code copy} (quoted) where {@code source} stands: its last value, and whether it
   * was drawn.
   */
  private String standingAs(String copy, String source) {
    return "SELECT setval(" + backend().stringLiteral(copy) + ", last_value, is_called) FROM " + source;
  }

  /** A copy declared as trunk's table is, its types and functions trunk's, then filled by INSERT ... SELECT. */
  private CopyDeclaration declaredCopy(Connection c, String from, String table, String to, boolean rows)
      throws SQLException {
    return CopyDeclaration.of(declaration(c, from, table, to, false), rows ? copyRowsText(c, from, table, to) : null);
  }

  /**
   * Stored generated columns are computed again in the copy, so the rows name the others; an identity column
   * declared {@code GENERATED ALWAYS} takes trunk's values only with {@code OVERRIDING SYSTEM VALUE}.
   */
  @Override
  protected String copyRowsText(Connection c, String from, String table, String to) throws SQLException {
    Backend b = backend();
    List<String> columns = new ArrayList<>();
    boolean always = false;
    try (PreparedStatement ps = c.prepareStatement("SELECT a.attname::text, a.attgenerated::text, a.attidentity::text"
        + " FROM pg_catalog.pg_attribute a WHERE a.attrelid = ?::regclass AND a.attnum > 0 AND NOT a.attisdropped"
        + " ORDER BY a.attnum")) {
      ps.setString(1, b.quote(from, table));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          if (!"s".equals(rs.getString(2))) {
            columns.add(b.quote(rs.getString(1)));
          }
          always |= "a".equals(rs.getString(3));
        }
      }
    }
    String list = String.join(", ", columns);
    // a table of generated columns only takes rows of no column, each computed again
    return "INSERT INTO " + b.quote(to, table) + (columns.isEmpty() ? "" : " (" + list + ")")
        + (always ? " OVERRIDING SYSTEM VALUE" : "") + " SELECT " + list + " FROM " + b.quote(from, table);
  }

  /**
   * Each serial or identity column's sequence in the copy is set to where trunk's stands (its last value and
   * whether it was called), so the branch's next key is the one trunk would give, whatever rows were deleted.
   */
  @Override
  protected List<String> countersAfterCopy(Connection c, String from, String table, String to) throws SQLException {
    Backend b = backend();
    List<String> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT a.attname::text, pg_get_serial_sequence(?, a.attname),"
        + " pg_get_serial_sequence(?, a.attname) FROM pg_catalog.pg_attribute a WHERE a.attrelid = ?::regclass"
        + " AND a.attnum > 0 AND NOT a.attisdropped AND pg_get_serial_sequence(?, a.attname) IS NOT NULL")) {
      ps.setString(1, b.quote(from, table));
      ps.setString(2, b.quote(to, table));
      ps.setString(3, b.quote(from, table));
      ps.setString(4, b.quote(from, table));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          if (rs.getString(3) != null) {
            out.add(standingAs(rs.getString(3), rs.getString(2)));
          }
        }
      }
    }
    return out;
  }

  /**
   * The functions and procedures of the database's schemas, not of PostgreSQL's own nor of an extension: a body in
   * {@code prosrc}, or for a SQL-standard body ({@code BEGIN ATOMIC}, whose {@code prosrc} is empty) its definition.
   * Trigger functions are left out: a statement cannot call one. With them, PostgreSQL's own functions that change
   * or remove a large object trunk holds ({@link #LARGE_OBJECT_WRITERS}) or change the server for every session
   * ({@link #SERVER_FUNCTIONS}), whose bodies are not SQL.
   */
  @Override
  public List<RoutineBodies.Routine> routines(Connection c) throws SQLException {
    List<RoutineBodies.Routine> out = new ArrayList<>();
    for (String name : LARGE_OBJECT_WRITERS) {
      out.add(new RoutineBodies.Routine("pg_catalog", name, null, "internal"));
    }
    for (String name : SERVER_FUNCTIONS) {
      out.add(new RoutineBodies.Routine("pg_catalog", name, null, "internal"));
    }
    out.addAll(routines(c, "SELECT n.nspname, p.proname, CASE WHEN p.prosrc = '' THEN pg_get_functiondef(p.oid)"
        + " ELSE p.prosrc END, l.lanname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
        + " JOIN pg_language l ON l.oid = p.prolang WHERE p.prokind IN ('f', 'p')"
        + " AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'"
        + " AND p.prorettype <> 'trigger'::regtype AND NOT EXISTS (SELECT 1 FROM pg_depend d"
        + " WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')"));
    return out;
  }

  /**
   * The server-side large-object functions that change or remove one: large objects live in the database, not in a
   * schema, so a branch has no draft to hold its own, and these would change trunk's ({@code lo_unlink(oid)}).
   * Creating one ({@code lo_create}, {@code lo_from_bytea}) and reading one stay allowed: they change nothing trunk
   * holds.
   */
  private static final List<String> LARGE_OBJECT_WRITERS = List.of("lo_unlink", "lo_put", "lowrite", "lo_truncate",
      "lo_truncate64");

  /**
   * PostgreSQL's own functions that change the server for every session, trunk's too, as MySQL's server statements
   * do ({@code PURGE BINARY LOGS}, {@code FLUSH STATUS}, refused there): replication slots and origins (dropping one,
   * or consuming its changes, takes them from trunk's subscribers), the WAL and recovery, backups, the server's
   * configuration and log, its statistics, and collations imported into a schema. {@code pg_cancel_backend} and
   * {@code pg_terminate_backend} stay allowed, as MySQL's {@code KILL} does: a SQL client cancels its own query so.
   */
  private static final List<String> SERVER_FUNCTIONS = List.of("pg_create_physical_replication_slot",
      "pg_create_logical_replication_slot", "pg_drop_replication_slot", "pg_copy_physical_replication_slot",
      "pg_copy_logical_replication_slot", "pg_replication_slot_advance", "pg_logical_slot_get_changes",
      "pg_logical_slot_get_binary_changes", "pg_logical_emit_message", "pg_replication_origin_create",
      "pg_replication_origin_drop", "pg_replication_origin_advance", "pg_switch_wal", "pg_create_restore_point",
      "pg_backup_start", "pg_backup_stop", "pg_start_backup", "pg_stop_backup", "pg_promote", "pg_wal_replay_pause",
      "pg_wal_replay_resume", "pg_reload_conf", "pg_rotate_logfile", "pg_stat_reset", "pg_stat_reset_shared",
      "pg_stat_reset_single_table_counters", "pg_stat_reset_single_function_counters", "pg_stat_reset_slru",
      "pg_stat_reset_replication_slot", "pg_stat_reset_subscription_stats", "pg_import_system_collations");

  /**
   * Counted only where the table's size on disk does not settle it: a heap page of {@code block_size} bytes holds at
   * most {@code (block_size - 24) / 28} rows (its header, then a 4-byte pointer and a 24-byte header per row, as
   * PostgreSQL's MaxHeapTuplesPerPage says), so a table of few enough pages holds no more than the limit, dead rows
   * included. A table with children (inheritance, partitions) is counted, as its rows are theirs too. The count sits
   * in the branch of the CASE PostgreSQL evaluates only when it is taken: one round trip either way.
   */
  @Override
  public long rowsOver(Connection c, String schema, String table, long limit) throws SQLException {
    String relation = backend().quote(schema, table);
    String rows = first(c, "SELECT CASE WHEN c.relkind = 'r' AND NOT c.relhassubclass AND pg_relation_size(c.oid)"
        + " / current_setting('block_size')::bigint * ((current_setting('block_size')::int - 24) / 28) <= ?::bigint"
        + " THEN -1 ELSE (SELECT count(*) FROM " + relation + ") END FROM pg_catalog.pg_class c"
        + " WHERE c.oid = ?::regclass", String.valueOf(limit), relation);
    long counted = Long.parseLong(rows);
    return counted > limit ? counted : -1;
  }

  @Override
  public boolean isView(Connection c, String schema, String table) throws SQLException {
    String kind = first(c, "SELECT c.relkind::text FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
        + " ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relname = ?", schema, table);
    return kind != null && !kind.equals("r") && !kind.equals("p");
  }

  @Override
  public Provisioning provisioning(Connection admin) {
    return new PostgresProvisioning(backend());
  }

  /**
   * The views of {@code schema}, materialized ones too (whether they hold their rows, and their indexes), in the order
   * they were made, from {@code pg_get_viewdef} and {@code pg_get_indexdef}, read with only {@code pg_catalog} on the
   * path so that they name every table with its schema; in a transaction of its own, which ends the path with it.
   */
  @Override
  public List<ViewDefinition> views(Connection c, String schema) throws SQLException {
    boolean autoCommit = c.getAutoCommit();
    if (!autoCommit) {
      throw new SQLException("The views of " + schema + " are read in a transaction of their own; end the"
          + " connection's transaction first.", "25001");
    }
    c.setAutoCommit(false);
    try {
      try (java.sql.Statement st = c.createStatement()) {
        st.execute("SET LOCAL search_path = pg_catalog");
      }
      return viewsOf(c, "SELECT c.relname, pg_get_viewdef(c.oid, true), c.relkind = 'm', c.relispopulated,"
          + " ARRAY(SELECT pg_get_indexdef(i.indexrelid) FROM pg_catalog.pg_index i WHERE i.indrelid = c.oid"
          + " ORDER BY i.indexrelid) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
          + " ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relkind IN ('v', 'm') ORDER BY c.oid",
          query -> new ViewText(null, query.strip().replaceFirst(";$", "")), schema);
    } finally {
      c.rollback();
      c.setAutoCommit(true);
    }
  }
}

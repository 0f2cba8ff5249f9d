package org.djbranch.rewriter;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The table references of a query, row change or {@code CREATE INDEX} that JSqlParser cannot parse, read from tokens
 * alone: a name chain right after {@code FROM}, {@code JOIN}, {@code INTO}, {@code USING}, the statement's own
 * {@code UPDATE}, DuckDB's {@code PIVOT} or {@code UNPIVOT}, or after a comma in a {@code FROM} or {@code USING} list, at the level of a query (the statement's
 * own, or a parenthesis that opens a subquery; never inside a function's call, where {@code EXTRACT(YEAR FROM x)}
 * names a column). Names the statement's {@code WITH} defines, and functions, are no tables. A maintenance
 * statement's table list ({@code VACUUM FULL a, b}, {@code CHECK TABLE a}: {@link #maintainedTables}) is read too.
 *
 * <p>The reading is accepted only when it accounts for every name of {@code names} (the branch's draft tables and
 * copies, which must be spliced) the text holds: each lies in a reference found, or qualifies a column
 * ({@code note.a}). A name anywhere else may be a reference this reading missed, and a
 * missed reference would read trunk's table: then there is no reading, and the statement is refused as unparsable.
 * Every reference of a row change is taken as written: a table a multi-table {@code DELETE} or {@code UPDATE} names
 * may be the one it changes, and a pipeline table it changes must be copied first.
 */
final class TokenReferences {
  private static final Set<String> JOINS = Set.of("JOIN", "STRAIGHT_JOIN");
  /** Words after a table in a list that end the table's alias, hints and options. */
  private static final Set<String> AFTER_TABLE = Set.of("WHERE", "JOIN", "INNER", "LEFT", "RIGHT", "FULL", "CROSS",
      "NATURAL", "ON", "USING", "GROUP", "ORDER", "LIMIT", "HAVING", "WINDOW", "UNION", "EXCEPT", "INTERSECT", "SET",
      "RETURNING", "VALUES", "SELECT", "OFFSET", "FETCH", "FOR", "STRAIGHT_JOIN", "QUALIFY", "LOCK", "INTO");

  private TokenReferences() {
  }

  /** The analysis read from tokens, or null where the statement is not of these kinds or not all of it was read. */
  static Analysis analyze(Tokens t, NameSet names) {
    if (t.size() == 0 || t.kind(0) != TokenKind.WORD) return null;
    List<TableRef> maintained = maintainedTables(t);
    if (maintained != null) {
      return accountsFor(t, maintained, names)
          ? new Analysis(StatementKind.SELECT, maintained, null, null, List.of(), null, null, true) : null;
    }
    Set<String> ctes = new HashSet<>();
    int verb = t.isWord(0, "WITH") ? afterWith(t, ctes) : 0;
    if (verb < 0 || verb >= t.size()) return null;
    String word = t.text(verb).toUpperCase(Locale.ROOT);
    StatementKind kind = switch (word) {
      case "SELECT", "VALUES", "TABLE", "FROM" -> StatementKind.SELECT; // FROM t [SELECT ...]: DuckDB's FROM-first
      case "PIVOT", "UNPIVOT" -> StatementKind.SELECT; // DuckDB's PIVOT t ON ..., UNPIVOT t ON ...
      case "INSERT", "REPLACE" -> StatementKind.INSERT;
      case "UPDATE" -> StatementKind.UPDATE;
      case "DELETE" -> StatementKind.DELETE;
      case "CREATE" -> StatementKind.CREATE_INDEX;
      default -> null;
    };
    if (kind == null) return null;
    // MySQL's UPDATE (t) JOIN u ...: tables in a parenthesis this reading does not enter
    if (kind == StatementKind.UPDATE && t.isPunct(updated(t, verb + 1, new ArrayList<>()), '(')) return null;
    List<TableRef> refs = new ArrayList<>();
    TableRef target = null;
    if (kind == StatementKind.CREATE_INDEX) {
      target = indexedTable(t, verb);
      if (target == null) return null;
      refs.add(target);
    } else {
      if (kind == StatementKind.DELETE) deleteList(t, verb, refs);
      readQuery(t, verb, kind, ctes, refs);
      if (kind == StatementKind.UPDATE || kind == StatementKind.DELETE || kind == StatementKind.INSERT) {
        for (TableRef r : refs) {
          if (r.role() == TableRef.Role.WRITE) {
            target = r;
            break;
          }
        }
        // a row change whose table the tokens do not show as a name (MySQL's UPDATE (t), SQLite's DELETE FROM
        // 't') is not read: read as naming none, it went to trunk's table as written
        if (target == null) return null;
      }
    }
    if (!accountsFor(t, refs, names)) return null;
    Analysis read = new Analysis(kind, refs, target, null, List.of(), null, null, true);
    return kind == StatementKind.SELECT && locksRows(t) ? read.readsWritten() : read;
  }

  /**
   * Whether a query locks the rows it reads ({@code FOR UPDATE}, {@code FOR SHARE}, MySQL's {@code LOCK IN SHARE
   * MODE}), blocking their writers until its transaction ends: each table it names is then taken as written (which
   * of them the lock reaches is not read here), as the parser's reading takes those of a locking query's FROM.
   */
  static boolean locksRows(Tokens t) {
    for (int k = 1; k + 1 < t.size(); k++) {
      if (t.isWord(k, "FOR") && (t.isWord(k + 1, "UPDATE") || t.isWord(k + 1, "SHARE") || t.isWord(k + 1, "NO")
          || t.isWord(k + 1, "KEY")) || t.isWord(k, "LOCK") && t.isWord(k + 1, "IN")) {
        return true;
      }
    }
    return false;
  }

  /** The statement's verb after {@code WITH [RECURSIVE] a [(cols)] AS [NOT] [MATERIALIZED] (...), b AS (...)}. */
  private static int afterWith(Tokens t, Set<String> ctes) {
    int k = t.isWord(1, "RECURSIVE") ? 2 : 1;
    while (true) {
      if (!NameChains.isName(t, k)) return -1;
      ctes.add(t.identifier(k).toLowerCase(Locale.ROOT));
      k++;
      if (t.isPunct(k, '(')) k = closing(t, k) + 1;
      if (!t.isWord(k, "AS")) return -1;
      k++;
      if (t.isWord(k, "NOT")) k++;
      if (t.isWord(k, "MATERIALIZED")) k++;
      if (!t.isPunct(k, '(')) return -1;
      k = closing(t, k) + 1;
      if (k <= 0) return -1;
      if (!t.isPunct(k, ',')) return k;
      k++;
    }
  }

  /** The first words of maintenance statements whose table list is read here. */
  private static final Set<String> MAINTENANCE = Set.of("CLUSTER", "REINDEX", "VACUUM", "ANALYZE", "ANALYSE", "CHECK",
      "CHECKSUM", "OPTIMIZE", "REPAIR", "FLUSH");
  /** Option words between a maintenance statement's verb and its tables. */
  private static final Set<String> MAINTENANCE_OPTIONS = Set.of("FULL", "FREEZE", "VERBOSE", "ANALYZE", "ANALYSE",
      "CONCURRENTLY", "NO_WRITE_TO_BINLOG", "LOCAL", "TABLE", "TABLES", "SKIP_LOCKED");

  /**
   * The tables a maintenance statement names ({@code CLUSTER [VERBOSE] t [USING i]}, {@code REINDEX TABLE t} and
   * SQLite's {@code REINDEX t}, {@code
   * VACUUM [FULL] [(...)] a, b (c)}, {@code ANALYZE a}, MySQL's {@code CHECK | CHECKSUM | ANALYZE | OPTIMIZE | REPAIR
   * TABLE a, b}, {@code FLUSH TABLES a, b [WITH READ LOCK]}), read; null for another statement, and for {@code REINDEX
   * INDEX | SCHEMA | DATABASE | SYSTEM}, which names no table.
   */
  private static List<TableRef> maintainedTables(Tokens t) {
    if (!MAINTENANCE.contains(t.text(0).toUpperCase(Locale.ROOT))) return null;
    int k = 1;
    if (t.isPunct(k, '(')) k = closing(t, k) + 1; // PostgreSQL's option list
    if (k <= 0) return null;
    // REINDEX TABLE t; SQLite's REINDEX t names a table (or an index or a collation) without a kind
    if (t.isWord(0, "REINDEX") && !t.isWord(k, "TABLE") && (!NameChains.isName(t, k) || t.isWord(k, "INDEX")
        || t.isWord(k, "SCHEMA") || t.isWord(k, "DATABASE") || t.isWord(k, "SYSTEM"))) return null;
    while (t.kind(k) == TokenKind.WORD && MAINTENANCE_OPTIONS.contains(t.text(k).toUpperCase(Locale.ROOT))
        && NameChains.isName(t, k + 1)) {
      k++;
    }
    List<TableRef> refs = new ArrayList<>();
    while (NameChains.isName(t, k)) {
      int end = NameChains.chainEnd(t, k);
      refs.add(NameChains.ref(t, k, end, TableRef.Role.READ));
      k = end + 1;
      if (t.isPunct(k, '(')) k = closing(t, k) + 1; // a column list (VACUUM, ANALYZE)
      if (k <= 0 || !t.isPunct(k, ',')) break;
      k++;
    }
    return refs;
  }

  /** The index of the parenthesis closing the one at {@code open}, or -1. */
  private static int closing(Tokens t, int open) {
    int depth = 0;
    for (int k = open; k < t.size(); k++) {
      if (t.isPunct(k, '(')) depth++;
      else if (t.isPunct(k, ')') && --depth == 0) return k;
    }
    return -1;
  }

  /** {@code CREATE [UNIQUE] INDEX [CONCURRENTLY] [IF NOT EXISTS] [name] ON [ONLY] table}: the table. */
  private static TableRef indexedTable(Tokens t, int create) {
    int k = create + 1;
    if (t.isWord(k, "UNIQUE")) k++;
    if (!t.isWord(k, "INDEX")) return null;
    for (k++; k < t.size() && !t.isPunct(k, '('); k++) {
      if (t.isWord(k, "ON")) {
        int at = t.isWord(k + 1, "ONLY") ? k + 2 : k + 1;
        return NameChains.refAt(t, at, TableRef.Role.ALTER);
      }
    }
    return null;
  }

  /** Every reference at the level of a query, from the statement's verb on. */
  private static void readQuery(Tokens t, int verb, StatementKind kind, Set<String> ctes, List<TableRef> refs) {
    boolean changesRows = kind != StatementKind.SELECT;
    Deque<Boolean> queries = new ArrayDeque<>(); // per open parenthesis: whether a subquery opens there
    for (int k = verb; k < t.size(); k++) {
      if (t.isPunct(k, '(')) {
        queries.push(t.isWord(k + 1, "SELECT") || t.isWord(k + 1, "WITH") || t.isWord(k + 1, "VALUES")
            || t.isWord(k + 1, "FROM"));
        continue;
      }
      if (t.isPunct(k, ')')) {
        if (!queries.isEmpty()) queries.pop();
        continue;
      }
      if (t.kind(k) != TokenKind.WORD || !queries.isEmpty() && !queries.peek()) continue;
      String word = t.text(k).toUpperCase(Locale.ROOT);
      boolean list = word.equals("FROM") || word.equals("USING");
      // UNPIVOT's INTO NAME k VALUE v names its columns, no table
      boolean into = word.equals("INTO") && !(t.isWord(verb, "UNPIVOT") && t.isWord(k + 1, "NAME"));
      boolean table = list || JOINS.contains(word) || into
          || k == verb && (word.equals("UPDATE") || word.equals("PIVOT") || word.equals("UNPIVOT"));
      if (!table) continue;
      // a row change's references may all be what it changes; an INSERT's are read but its target
      TableRef.Role role = changesRows && (kind != StatementKind.INSERT || word.equals("INTO")) ? TableRef.Role.WRITE
          : TableRef.Role.READ;
      int at = k + 1;
      if (k == verb && word.equals("UPDATE")) {
        at = updated(t, at, refs);
      }
      while (true) {
        if (t.isWord(at, "ONLY") || t.isWord(at, "LATERAL") || t.isWord(at, "TABLE") && word.equals("INTO")) at++;
        if (!NameChains.isName(t, at)) break;
        int end = NameChains.chainEnd(t, at);
        if (t.isPunct(end + 1, '(') && !word.equals("INTO")) break; // a function of rows, not a table
        boolean cte = end == at && ctes.contains(t.identifier(at).toLowerCase(Locale.ROOT));
        if (!cte) refs.add(NameChains.ref(t, at, end, role));
        if (!list) break;
        at = nextInList(t, end + 1);
        if (at < 0) break;
      }
    }
  }

  /**
   * MySQL's multi-table {@code DELETE} names the tables it deletes from before its {@code FROM}: {@code DELETE t.*, u
   * FROM t JOIN u ...}. Each is what the statement writes, its name spliced as the FROM's is (an alias of the FROM's
   * names nothing, as in an UPDATE's list). Before, {@code t.*} was read as a column's qualifier and left as written:
   * with the FROM's {@code t} the branch's copy, MariaDB deleted trunk's rows.
   */
  private static void deleteList(Tokens t, int verb, List<TableRef> refs) {
    int k = verb + 1;
    while (t.isWord(k, "LOW_PRIORITY") || t.isWord(k, "QUICK") || t.isWord(k, "IGNORE")) k++;
    while (NameChains.isName(t, k) && !t.isWord(k, "FROM")) {
      int end = NameChains.chainEnd(t, k);
      refs.add(NameChains.ref(t, k, end, TableRef.Role.WRITE));
      k = end + 1;
      if (t.isPunct(k, '.') && t.text(k + 1).equals("*")) k += 2;
      if (!t.isPunct(k, ',')) break;
      k++;
    }
  }

  /** SQLite's conflict clauses: {@code UPDATE OR IGNORE t}. */
  private static final Set<String> CONFLICT = Set.of("ROLLBACK", "ABORT", "REPLACE", "FAIL", "IGNORE");

  /**
   * Where the table of {@code UPDATE} begins, from {@code k} just after the verb: past SQLite's {@code OR IGNORE} and
   * the like, and MySQL's {@code LOW_PRIORITY} and {@code IGNORE}. A table may be named as those two words are
   * ({@code UPDATE ignore a SET ...}, a table and its alias): where a name follows one, both are taken as written,
   * the word added to {@code refs}, so that whichever is the table is copied first (the other names nothing).
   */
  private static int updated(Tokens t, int k, List<TableRef> refs) {
    if (t.isWord(k, "OR") && t.kind(k + 1) == TokenKind.WORD && CONFLICT.contains(t.text(k + 1).toUpperCase(Locale.ROOT))) {
      return k + 2;
    }
    while ((t.isWord(k, "LOW_PRIORITY") || t.isWord(k, "IGNORE")) && NameChains.isName(t, k + 1)
        && !t.isWord(k + 1, "SET") && !t.isWord(k + 1, "AS") && !t.isWord(k + 1, "NOT") && !t.isWord(k + 1, "INDEXED")) {
      refs.add(NameChains.ref(t, k, k, TableRef.Role.WRITE));
      k++;
    }
    return k;
  }

  /** After a table of a FROM or USING list: the token after the comma that follows its alias and hints, or -1. */
  private static int nextInList(Tokens t, int k) {
    int depth = 0;
    for (; k < t.size(); k++) {
      if (t.isPunct(k, '(')) {
        depth++;
      } else if (t.isPunct(k, ')')) {
        if (--depth < 0) return -1;
      } else if (depth == 0) {
        if (t.isPunct(k, ',')) return k + 1;
        if (t.kind(k) == TokenKind.WORD && AFTER_TABLE.contains(t.text(k).toUpperCase(Locale.ROOT))) return -1;
        if (t.isPunct(k, ';')) return -1;
      }
    }
    return -1;
  }

  /**
   * Whether every name of {@code names} in the text lies in a reference found, is a reference's alias ({@code FROM
   * s.t t}, {@code s.t AS t}: it names no table, and stays as written) or qualifies a column.
   */
  private static boolean accountsFor(Tokens t, List<TableRef> refs, NameSet names) {
    for (int k = 0; k < t.size(); k++) {
      if (!t.kind(k).isIdentifier()) continue;
      String name = t.identifier(k);
      if (!names.contains(name, 0, name.length())) continue;
      int before = t.isWord(k - 1, "AS") ? k - 2 : k - 1;
      boolean inRef = false;
      for (TableRef r : refs) {
        inRef |= t.start(k) >= r.start() && t.end(k) <= r.end() || before >= 0 && t.end(before) == r.end();
      }
      boolean qualifier = t.isPunct(k + 1, '.') && !t.isPunct(k - 1, '.') && NameChains.chainEnd(t, k) == k + 2;
      if (!inRef && !qualifier) return false;
    }
    return true;
  }
}

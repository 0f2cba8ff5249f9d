package org.djbranch.compat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One record of a sqllogictest script: a statement ({@code statement ok|error}) or a query ({@code query <types>
 * <sort> [label]}), with the {@code skipif}/{@code onlyif} conditions written above it. The expected results the
 * script holds are not kept: the raw driver's answer is the oracle, not the file.
 */
record LogicRecord(String where, Kind kind, String sortMode, String sql, List<String> conditions) {
  enum Kind {
    STATEMENT, QUERY,
    /** Stop reading the script, for the databases its conditions select. */
    HALT
  }

  /**
   * The name sqllogictest's conditions use for {@code db}; null for DuckDB, which no script names, so only the
   * records without a condition are its own.
   */
  static String conditionName(Db db) {
    switch (db) {
      case POSTGRESQL:
        return "postgresql";
      case MARIADB:
        return "mysql";
      case SQLITE:
        return "sqlite";
      default:
        return null;
    }
  }

  /** Whether the script means this record for {@code db}. */
  boolean appliesTo(Db db) {
    String name = conditionName(db);
    if (name == null) {
      return conditions.isEmpty();
    }
    for (String condition : conditions) {
      String[] words = condition.split("\\s+");
      boolean only = words[0].equals("onlyif");
      if (only != words[1].equals(name)) {
        return false;
      }
    }
    return true;
  }

  /** Whether the rows come back in an order the text does not fix, so raw and branch rows are compared sorted. */
  boolean unordered() {
    return !sortMode.equals("nosort") || !sql.toUpperCase(Locale.ROOT).contains("ORDER BY");
  }

  /** The records of {@code file} that {@code db} runs, in order, up to a {@code halt} meant for it. */
  static List<LogicRecord> read(Path file, String name, Db db) throws IOException {
    List<LogicRecord> out = new ArrayList<>();
    for (LogicRecord r : parse(Files.readAllLines(file), name)) {
      if (!r.appliesTo(db)) {
        continue;
      }
      if (r.kind == Kind.HALT) {
        break;
      }
      out.add(r);
    }
    return out;
  }

  /** Every record of a script's lines; {@code name} prefixes each record's line number. */
  static List<LogicRecord> parse(List<String> lines, String name) {
    List<LogicRecord> out = new ArrayList<>();
    List<String> conditions = new ArrayList<>();
    int i = 0;
    while (i < lines.size()) {
      String line = stripComment(lines.get(i));
      int at = ++i;
      if (line.isEmpty() || line.startsWith("hash-threshold")) {
        continue;
      }
      if (line.startsWith("skipif ") || line.startsWith("onlyif ")) {
        conditions.add(line);
        continue;
      }
      String where = name + ":" + at;
      if (line.equals("halt")) {
        out.add(new LogicRecord(where, Kind.HALT, "", "", List.copyOf(conditions)));
        conditions.clear();
        continue;
      }
      String[] head = line.split("\\s+");
      boolean query = head[0].equals("query");
      if (!query && !head[0].equals("statement")) {
        throw new IllegalArgumentException(where + ": not a sqllogictest record: " + line);
      }
      StringBuilder sql = new StringBuilder();
      while (i < lines.size() && !lines.get(i).isBlank() && !lines.get(i).equals("----")) {
        sql.append(sql.length() == 0 ? "" : "\n").append(lines.get(i++));
      }
      while (i < lines.size() && !lines.get(i).isBlank()) {
        i++; // the expected results
      }
      String sort = query && head.length > 2 ? head[2] : "nosort";
      out.add(new LogicRecord(where, query ? Kind.QUERY : Kind.STATEMENT, sort, sql.toString(),
          List.copyOf(conditions)));
      conditions.clear();
    }
    return out;
  }

  /** A line without its trailing {@code # comment} (conditions carry one: {@code skipif mysql # not compatible}). */
  private static String stripComment(String line) {
    int hash = line.indexOf('#');
    return (hash < 0 ? line : line.substring(0, hash)).strip();
  }
}

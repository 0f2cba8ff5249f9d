package org.djbranch.compat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a script's tables live when its records run on a branch: all in the draft, or a mix in which every other
 * table the script creates (the first, the third, ...) is the pipeline's, created and filled on trunk before the
 * branch runs the rest.
 */
enum CorpusMode {
  /** Every CREATE TABLE runs on the branch, so every table is a draft table. */
  DRAFTS,
  /** Every other table is created, indexed and filled on trunk first; the branch runs all the rest. */
  MIXED;

  private static final Pattern CREATE_TABLE =
      Pattern.compile("^\\s*CREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?(\\w+)", Pattern.CASE_INSENSITIVE);
  private static final Pattern SETUP = Pattern.compile(
      "^\\s*(CREATE\\s+TABLE|CREATE\\s+(UNIQUE\\s+)?INDEX|INSERT\\s+INTO)\\b", Pattern.CASE_INSENSITIVE);
  private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /** A script's records split in the part run on trunk first and the part the branch runs. */
  record Split(List<LogicRecord> onTrunk, List<LogicRecord> onBranch) {}

  /**
   * The records trunk runs first: in {@link #MIXED}, before the script's first query, the statements that create,
   * index or fill a table and name no table but the pipeline's. The order within each part is the script's.
   */
  Split split(List<LogicRecord> records) {
    if (this == DRAFTS) {
      return new Split(List.of(), records);
    }
    Set<String> created = new HashSet<>();
    Set<String> pipeline = new HashSet<>();
    for (LogicRecord r : records) {
      Matcher m = CREATE_TABLE.matcher(r.sql());
      if (r.kind() == LogicRecord.Kind.STATEMENT && m.find()) {
        String table = m.group(1).toLowerCase(Locale.ROOT);
        if (created.add(table) && created.size() % 2 == 1) {
          pipeline.add(table);
        }
      }
    }
    List<LogicRecord> onTrunk = new ArrayList<>();
    List<LogicRecord> onBranch = new ArrayList<>();
    boolean queried = false;
    for (LogicRecord r : records) {
      queried |= r.kind() == LogicRecord.Kind.QUERY;
      boolean trunk = !queried && SETUP.matcher(r.sql()).find() && namesOnly(r.sql(), created, pipeline);
      (trunk ? onTrunk : onBranch).add(r);
    }
    return new Split(onTrunk, onBranch);
  }

  /** Whether the text names at least one of the script's tables, and none outside {@code pipeline}. */
  private static boolean namesOnly(String sql, Set<String> tables, Set<String> pipeline) {
    boolean any = false;
    Matcher m = WORD.matcher(sql);
    while (m.find()) {
      String word = m.group().toLowerCase(Locale.ROOT);
      if (tables.contains(word)) {
        if (!pipeline.contains(word)) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}

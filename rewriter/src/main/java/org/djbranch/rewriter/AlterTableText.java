package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * The text of an ALTER TABLE on a draft table with some of its actions cut out (foreign keys added, which become
 * symbolic edges; symbolic keys dropped, which the database never held) and others appended (the index a key
 * implies on MySQL).
 */
public final class AlterTableText {
  private AlterTableText() {
  }

  /**
   * The statement without the actions that {@code cuts} cover (each cut names a span holding one or more whole
   * actions: a {@link ForeignKey}'s, a {@link DroppedConstraint}'s), with {@code names} applied (physical names) and
   * {@code appended} actions added at the end; null when nothing is left to send. The commas between actions are
   * kept right however many are cut, wherever they stand.
   */
  public static String rewritten(String sql, Dialect dialect, List<Edit> cuts, List<Edit> names, List<String> appended) {
    Tokens t = Lexer.tokenize(sql, dialect);
    int first = AlterTableReader.firstAction(t);
    if (first < 0) {
      return Splicer.apply(sql, names);
    }
    List<int[]> actions = AlterTableReader.actions(t, first);
    List<Boolean> cut = new ArrayList<>();
    int firstKept = -1;
    for (int a = 0; a < actions.size(); a++) {
      int start = t.start(actions.get(a)[0]);
      int end = t.end(actions.get(a)[1]);
      boolean covered = cuts.stream().anyMatch(c -> c.start() <= start && end <= c.end());
      cut.add(covered);
      if (!covered && firstKept < 0) {
        firstKept = a;
      }
    }
    List<Edit> edits = new ArrayList<>(names);
    if (!actions.isEmpty() && firstKept < 0) {
      if (appended.isEmpty()) {
        return null;
      }
      int start = t.start(actions.get(0)[0]);
      int end = t.end(actions.get(actions.size() - 1)[1]);
      edits.add(new Edit(start, end, String.join(", ", appended)));
      return Splicer.apply(sql, edits);
    }
    for (int a = 0; a < actions.size(); a++) {
      if (!cut.get(a)) {
        continue;
      }
      if (a < firstKept) {
        // before every kept action: up to where the next action starts, its comma with it
        edits.add(new Edit(t.start(actions.get(a)[0]), t.start(actions.get(a + 1)[0]), ""));
      } else {
        // after a kept action: from where the action before it ends, its comma with it
        edits.add(new Edit(t.end(actions.get(a - 1)[1]), t.end(actions.get(a)[1]), ""));
      }
    }
    if (!appended.isEmpty()) {
      int end = t.end(actions.isEmpty() ? first - 1 : actions.get(actions.size() - 1)[1]);
      edits.add(new Edit(end, end, (actions.isEmpty() ? " " : ", ") + String.join(", ", appended)));
    }
    return Splicer.apply(sql, edits);
  }
}

package org.djbranch.compat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What one database answered to one record: an error, an update count, or a result's column labels and rows (sorted
 * when the record leaves their order open). Two outcomes are compared as a user would notice them: an error against
 * a success, another update count, other labels, other rows; two errors agree whatever their messages say.
 */
final class RecordOutcome {
  /** The SQLState and message of an error; null for a success. */
  final String error;
  /** The update count of a statement without a result; -1 where there was a result. */
  final long updateCount;
  final List<String> labels;
  final List<String> rows;

  private RecordOutcome(String error, long updateCount, List<String> labels, List<String> rows) {
    this.error = error;
    this.updateCount = updateCount;
    this.labels = labels;
    this.rows = rows;
  }

  /** Runs {@code record} on {@code c} and reads what the database answered. */
  static RecordOutcome of(Connection c, LogicRecord record) {
    try (Statement s = c.createStatement()) {
      if (!s.execute(record.sql())) {
        return new RecordOutcome(null, s.getUpdateCount(), List.of(), List.of());
      }
      try (ResultSet rs = s.getResultSet()) {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        List<String> labels = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          labels.add(md.getColumnLabel(i));
        }
        List<String> rows = new ArrayList<>();
        while (rs.next()) {
          StringBuilder row = new StringBuilder();
          for (int i = 1; i <= n; i++) {
            row.append(i == 1 ? "" : " | ").append(Objects.requireNonNullElse(rs.getString(i), "NULL"));
          }
          rows.add(row.toString());
        }
        if (record.unordered()) {
          rows.sort(null);
        }
        return new RecordOutcome(null, -1, labels, rows);
      }
    } catch (SQLException e) {
      String message = String.valueOf(e.getMessage()).replaceAll("\\s+", " ");
      return new RecordOutcome(e.getSQLState() + " " + message, -1, List.of(), List.of());
    }
  }

  boolean failed() {
    return error != null;
  }

  /**
   * How {@code branch} differs from this, the raw driver's outcome, in a few stable words (no message text, which
   * names physical schemas); null when they agree.
   */
  String differenceTo(RecordOutcome branch) {
    if (failed() || branch.failed()) {
      if (failed() && branch.failed()) {
        return null;
      }
      return failed() ? "branch succeeds" : "branch fails " + branch.error.substring(0, branch.error.indexOf(' '));
    }
    if (updateCount != branch.updateCount) {
      return "update count";
    }
    List<String> differ = new ArrayList<>();
    if (!labels.equals(branch.labels)) {
      differ.add("labels");
    }
    if (!rows.equals(branch.rows)) {
      differ.add("rows");
    }
    return differ.isEmpty() ? null : String.join(", ", differ);
  }

  @Override
  public String toString() {
    if (failed()) {
      return "error " + (error.length() > 300 ? error.substring(0, 300) + "…" : error);
    }
    if (updateCount >= 0) {
      return "update count " + updateCount;
    }
    String first = rows.isEmpty() ? "" : ", first " + rows.get(0);
    return rows.size() + " rows, labels " + labels + first;
  }
}

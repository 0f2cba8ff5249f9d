package org.djbranch.driver.session;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import org.djbranch.driver.error.SqlState;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.PreparedText;

/** Statements that prepare a text they do not hold ({@code Route.Kind.FOLLOW}): the text gets the branch's rules. */
final class PreparedTexts {
  private final InternalConnection internal;
  private final Dialect dialect;
  private final String branch;

  PreparedTexts(InternalConnection internal, Dialect dialect, String branch) {
    this.internal = internal;
    this.dialect = dialect;
    this.branch = branch;
  }

  /** The branch's rules for a text to prepare: the text to prepare instead, or null where it takes steps. */
  @FunctionalInterface
  interface TextRules {
    String prepared(String text) throws SQLException;
  }

  /**
   * MySQL's PREPARE of a text held in a literal or a variable: the text is read as the server reads it (one round
   * trip) and given the rules a prepared statement gets; where they change it, the rewritten text is prepared
   * instead. A text that must take steps of its own (a declaration, a transaction statement) cannot be prepared on
   * a branch and is refused; one that changes the pipeline is refused as it would be sent directly.
   */
  String followed(String sql, TextRules rules) throws SQLException {
    PreparedText prepare = PreparedText.read(sql, dialect);
    String text = valueOf(prepare.operand());
    if (text == null) {
      return sql; // an unset variable: the database answers
    }
    String routed = rules.prepared(text);
    if (routed == null) {
      String what = prepare.name() == null ? "EXECUTE IMMEDIATE" : "PREPARE " + prepare.name();
      throw SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal("On branch " + branch + ", " + what + " refused: the"
          + " text it runs (" + text.strip() + ") takes steps of its own on a branch (a declaration or a transaction"
          + " statement), which a prepared statement cannot carry. Send that statement on its own.");
    }
    if (routed.equals(text)) {
      return sql;
    }
    if (routed.indexOf('\\') < 0) {
      return prepare.with(sql, "'" + routed.replace("'", "''") + "'");
    }
    // a backslash reads differently under NO_BACKSLASH_ESCAPES: the text travels as a parameter's value instead
    try (PreparedStatement set = internal.prepareStatement("SET @djbranch_prepared = ?")) {
      set.setString(1, routed);
      set.execute();
    }
    return prepare.with(sql, "@djbranch_prepared");
  }

  /** The value of a literal or a user variable, as the server reads it. */
  private String valueOf(String operand) throws SQLException {
    try (Statement s = internal.createStatement(); java.sql.ResultSet rs = s.executeQuery("SELECT " + operand)) {
      return rs.next() ? rs.getString(1) : null;
    }
  }
}

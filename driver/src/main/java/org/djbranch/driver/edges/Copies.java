package org.djbranch.driver.edges;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.OwnStatement;
import org.djbranch.driver.error.PrivilegeDenied;

/**
 * The one definition of the {@code "~copy"} table: what a draft schema records of the pipeline tables its branch
 * holds its own version of (docs/branch-semantics.md "Changing a pipeline table on a branch"). Going past the
 * specification's additive-only release (Branch Resolution §9), a branch that changes a pipeline table — its structure
 * or its rows — first copies it into the draft under the same name; from then on the name binds to the draft on this
 * branch, though the pipeline still holds the original (the one exception to §3.1, as for bookkeeping tables). A
 * pipeline table the branch drops binds to the draft as well, where it no longer exists.
 *
 * <p>One row per event, in order: {@link Kind#COPY} (the rows copied), {@link Kind#CHANGE} (a structure change run
 * on the copy, as the application wrote it: what a merge replays on trunk), {@link Kind#DROP}. A table named by any
 * row is the branch's own. Plain columns, no key of their own to the pipeline; hidden from DataJoint by its name.
 */
public final class Copies {
  /** The hidden table of a draft's own versions of pipeline tables. */
  public static final String TABLE = "~copy";

  /** What happened to a pipeline table on the branch. */
  public enum Kind {
    /**
     * Copied into the draft; the detail is the number of rows copied, or {@link #UNFINISHED} where the database
     * commits a copy's steps one by one (MySQL) and the copy has begun: a copy interrupted there is made again.
     */
    COPY,
    /** A structure change run on the copy; the detail is the statement as the application sent it. */
    CHANGE,
    /** Dropped on the branch: trunk keeps it, the branch no longer sees it. */
    DROP
  }

  /** The detail of a {@link Kind#COPY} begun and not finished yet. */
  public static final String UNFINISHED = "unfinished";

  /** One row of {@code ~copy}: {@code table} as the database stores it. */
  public record Event(int seq, String table, Kind kind, String detail) {
    /** A copy begun and not finished: while it is a table's last event, the table is not the branch's own. */
    public boolean unfinished() {
      return kind == Kind.COPY && UNFINISHED.equals(detail);
    }
  }

  private final Backend backend;

  public Copies(Backend backend) {
    this.backend = backend;
  }

  /** The table's DDL: made in the draft with the first copy, in the same transaction. */
  public String ddl(String draftSchema) {
    return "CREATE TABLE IF NOT EXISTS " + table(draftSchema) + " (seq INT NOT NULL PRIMARY KEY, "
        + "table_name VARCHAR(255) NOT NULL, event VARCHAR(16) NOT NULL, detail TEXT)";
  }

  /** Every event of a draft, in the order they happened. One query. */
  public List<Event> read(Connection internal, String draftSchema) throws SQLException {
    List<Event> out = new ArrayList<>();
    try (Statement s = internal.createStatement();
        ResultSet rs = s.executeQuery("SELECT seq, table_name, event, detail FROM " + table(draftSchema)
            + " ORDER BY seq")) {
      while (rs.next()) {
        out.add(new Event(rs.getInt(1), rs.getString(2), Kind.valueOf(rs.getString(3)), rs.getString(4)));
      }
    } catch (SQLException e) {
      throw backend.isPermissionDenied(e) ? new PrivilegeDenied(e, draftSchema, TABLE, "SELECT") : e;
    }
    return out;
  }

  /**
   * The lookup keys of the tables {@code events} name: the pipeline names that bind to the draft on the branch.
   * A table whose last event is a copy not finished is not among them: it binds to trunk's until a copy completes.
   */
  public Set<String> own(List<Event> events) {
    Set<String> keys = new LinkedHashSet<>();
    for (String table : ownTables(events)) {
      keys.add(backend.key(table, true));
    }
    return Set.copyOf(keys);
  }

  /**
   * The tables {@code events} make the branch's own, as stored and in the order first named (the one rule {@link
   * #own} and the {@code djbranch} command read): every table an event names, less one whose last event is a copy
   * not finished.
   */
  public static List<String> ownTables(List<Event> events) {
    List<String> out = new ArrayList<>();
    for (Event e : events) {
      if (e.unfinished()) {
        out.remove(e.table());
      } else if (!out.contains(e.table())) {
        out.add(e.table());
      }
    }
    return out;
  }

  /**
   * Appends an event, numbered after the last one (the table made first where missing). Runs in the caller's
   * transaction: a copy and its record stand or fall together where DDL is transactional.
   */
  public void append(Connection internal, String draftSchema, String table, Kind kind, String detail)
      throws SQLException {
    append(internal, draftSchema, table, kind, detail, true);
  }

  /**
   * As {@link #append(Connection, String, String, Kind, String)}; {@code makeTable} false where the caller made sure
   * of the table already in this transaction, or in one it committed (an earlier event of the same copy): one round
   * trip instead of two.
   */
  public void append(Connection internal, String draftSchema, String table, Kind kind, String detail,
      boolean makeTable) throws SQLException {
    if (makeTable) {
      try (Statement s = internal.createStatement()) {
        s.execute(ddl(draftSchema));
      }
    }
    String t = table(draftSchema);
    try (OwnStatement own = backend.own(internal, "INSERT INTO " + t + " (seq, table_name, event, detail)"
        + " SELECT COALESCE(MAX(seq), 0) + 1, ?, ?, ? FROM " + t, table, kind.name(), detail)) {
      own.update();
    }
  }

  /** The quoted physical name of a draft's ~copy. */
  public String table(String draftSchema) {
    return backend.quote(draftSchema, TABLE);
  }
}

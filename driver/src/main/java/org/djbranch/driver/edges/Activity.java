package org.djbranch.driver.edges;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.DraftActivity;
import org.djbranch.driver.backend.OwnStatement;
import org.djbranch.driver.error.PrivilegeDenied;

/**
 * The one definition of the {@code "~activity"} table: when a draft was first and last declared into, which
 * {@code djbranch prune --idle-days} reads. Two rows, {@code created} and {@code declared}, each an instant in
 * milliseconds since the epoch (a number compares the same on every database, where timestamp types do not).
 *
 * <p>Rows, not a comment on {@code ~edge}: setting a comment needs the table's ownership, inserting a row the grant
 * every login that declares into a shared draft already holds (the draft role, or the draft's grants). A
 * declaration writes it at most once per {@link #EVERY} per process ({@code BranchLayout.stampDue}), so a branch
 * pays one round trip an hour at most, and a connection off a branch never.
 */
public final class Activity {
  /** The hidden table of a draft's activity stamp. */
  public static final String TABLE = "~activity";
  /** How often one process writes a draft's stamp at most; idleness is counted in days. */
  public static final Duration EVERY = Duration.ofHours(1);

  private static final String CREATED = "created";
  private static final String DECLARED = "declared";
  /** The row saying the branch made the draft's base schema, empty (Branch Resolution §2.4): only then is it its to drop. */
  private static final String BASE = "base";

  private final Backend backend;

  public Activity(Backend backend) {
    this.backend = backend;
  }

  public String ddl(String draftSchema) {
    return "CREATE TABLE IF NOT EXISTS " + table(draftSchema)
        + " (event VARCHAR(16) NOT NULL PRIMARY KEY, at_ms BIGINT NOT NULL)";
  }

  /**
   * Records that the draft was declared into {@code at}; the first time, that it was created then too. Runs in the
   * caller's transaction, as the declaration's own part: a declaration rolled back takes its stamp with it.
   * {@code listed}: the draft's listing showed the table, so it is not made again. One statement writes the rows the
   * table lacks (both, on a new draft); an update follows only where it held the declaration's row already. One form
   * for every database, and no {@code ON CONFLICT}, which costs DuckDB more than twice a plain insert.
   */
  public void stamp(Connection internal, String draftSchema, Instant at, boolean listed) throws SQLException {
    String t = table(draftSchema);
    long ms = at.toEpochMilli();
    try {
      if (!listed) {
        try (Statement s = internal.createStatement()) {
          s.execute(ddl(draftSchema));
        }
      }
      int written;
      try (OwnStatement own = backend.own(internal, "INSERT INTO " + t + " (event, at_ms) SELECT event, at_ms FROM"
          + " (SELECT ? AS event, ? AS at_ms UNION ALL SELECT ?, ?) v WHERE event NOT IN (SELECT event FROM " + t
          + ")", CREATED, ms, DECLARED, ms)) {
        written = own.update();
      }
      if (written < 2) {
        try (OwnStatement own = backend.own(internal, "UPDATE " + t + " SET at_ms = ? WHERE event = ?", ms,
            DECLARED)) {
          own.update();
        }
      }
    } catch (SQLException e) {
      throw backend.isPermissionDenied(e) ? new PrivilegeDenied(e, draftSchema, TABLE, "INSERT, UPDATE") : e;
    }
  }

  /**
   * Records that the branch made the draft's base schema {@code at}, when it made the draft: {@code djbranch drop}
   * removes a base left empty only where this says the branch made it, never a schema trunk made and left empty. In
   * the caller's transaction; written once.
   */
  public void markBaseMade(Connection internal, String draftSchema, Instant at) throws SQLException {
    String t = table(draftSchema);
    try {
      try (Statement s = internal.createStatement()) {
        s.execute(ddl(draftSchema));
      }
      try (OwnStatement own = backend.own(internal, "INSERT INTO " + t + " (event, at_ms) SELECT event, at_ms FROM"
          + " (SELECT ? AS event, ? AS at_ms) v WHERE event NOT IN (SELECT event FROM " + t + ")", BASE,
          at.toEpochMilli())) {
        own.update();
      }
    } catch (SQLException e) {
      throw backend.isPermissionDenied(e) ? new PrivilegeDenied(e, draftSchema, TABLE, "CREATE, INSERT") : e;
    }
  }

  /** Whether the draft's record says the branch made its base schema ({@link #markBaseMade}); one query. */
  public boolean madeBase(Connection c, String draftSchema, boolean hasTable) throws SQLException {
    if (!hasTable) {
      return false; // a draft made before bases were recorded: its base is left, as trunk's might be
    }
    try (OwnStatement own = backend.own(c, "SELECT 1 FROM " + table(draftSchema) + " WHERE event = ?", BASE);
        ResultSet rs = own.query()) {
      return rs.next();
    }
  }

  /** Sets both instants, as a draft's stamp would show them: for a draft made before stamps, or a test's clock. */
  public void set(Connection internal, String draftSchema, Instant created, Instant declared) throws SQLException {
    String t = table(draftSchema);
    try (Statement s = internal.createStatement()) {
      s.execute(ddl(draftSchema));
      s.execute("DELETE FROM " + t);
    }
    insert(internal, t, created, declared);
  }

  /** Both rows, into the quoted table {@code t}. */
  private void insert(Connection internal, String t, Instant created, Instant declared) throws SQLException {
    try (OwnStatement own = backend.own(internal, "INSERT INTO " + t + " (event, at_ms) VALUES (?, ?), (?, ?)",
        CREATED, created.toEpochMilli(), DECLARED, declared.toEpochMilli())) {
      own.update();
    }
  }

  /**
   * What the draft's stamp says, or null where it has none ({@code hasTable} false: a draft made before stamps, or
   * never declared into by djbranch). One query.
   */
  public DraftActivity read(Connection internal, String draftSchema, boolean hasTable) throws SQLException {
    if (!hasTable) {
      return null;
    }
    Instant created = null;
    Instant declared = null;
    try (Statement s = internal.createStatement();
        ResultSet rs = s.executeQuery("SELECT event, at_ms FROM " + table(draftSchema))) {
      while (rs.next()) {
        Instant at = Instant.ofEpochMilli(rs.getLong(2));
        if (CREATED.equals(rs.getString(1))) {
          created = at;
        } else if (DECLARED.equals(rs.getString(1))) {
          declared = at;
        }
      }
    } catch (SQLException e) {
      throw backend.isPermissionDenied(e) ? new PrivilegeDenied(e, draftSchema, TABLE, "SELECT") : e;
    }
    return created == null && declared == null ? null
        : new DraftActivity(created, declared != null ? declared : created, "stamp");
  }

  /** The quoted physical name of a draft's ~activity. */
  public String table(String draftSchema) {
    return backend.quote(draftSchema, TABLE);
  }
}

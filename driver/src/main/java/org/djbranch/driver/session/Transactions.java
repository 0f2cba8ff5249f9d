package org.djbranch.driver.session;

import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.error.BranchRefusal;
import org.djbranch.driver.jdbc.ServerCalls.SqlAction;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.rewriter.TransactionControl;

/**
 * The ends of one connection's transactions, and their parts, however the application sends them — the JDBC calls
 * ({@code commit}, {@code rollback}, savepoints, {@code setAutoCommit(true)}) or statement texts ({@code COMMIT},
 * {@code ROLLBACK TO x}, ...) — told to its layout alike: what committed is shared, what rolled back is dropped.
 * A transaction begun by text while the driver is in autocommit is known to the connection's internal view only
 * through {@link InternalConnection#openedByText}, set and cleared here.
 */
public final class Transactions {
  private final InternalConnection internal;
  private final ConnectionLayout layout;
  private final Backend backend;
  /** A SAVEPOINT text that began the transaction (SQLite): releasing it commits. */
  private Object beganBySavepoint;
  /** Reads the session's path again (the session's {@code readPath}). */
  private final PathReader pathReader;
  /**
   * The application set the search path inside the open transaction, where the path is transactional (PostgreSQL):
   * a rollback takes the setting back and a commit ends a {@code SET LOCAL}, so the path is read again then.
   */
  private boolean pathSetInTransaction;

  /** Reads the session's search path again. */
  @FunctionalInterface
  interface PathReader {
    void read() throws SQLException;
  }

  Transactions(InternalConnection internal, ConnectionLayout layout, PathReader pathReader) {
    this.internal = internal;
    this.layout = layout;
    this.backend = layout.backend;
    this.pathReader = pathReader;
  }

  /** The application may have set the search path (SET, USE, set_config, setSchema): {@link #pathSetInTransaction}. */
  void pathMayHaveChanged() throws SQLException {
    if (backend.transactionalPath() && layout.inTransaction()) {
      pathSetInTransaction = true;
    }
  }

  // ---- by JDBC call, each after the wrapped driver did it ----

  public void committed() throws SQLException {
    ended();
    layout.committed();
    pathAfterEnd();
  }

  public void rolledBack() throws SQLException {
    ended();
    layout.rolledBack();
    pathAfterEnd();
  }

  public void savepointSet(Savepoint savepoint) {
    layout.savepoint(savepoint);
  }

  public void rolledBackTo(Savepoint savepoint) throws SQLException {
    layout.rolledBackTo(savepoint);
    pathAfterPartRolledBack();
  }

  /** The transaction ended: a path it set may be taken back ({@link #pathSetInTransaction}). */
  private void pathAfterEnd() throws SQLException {
    if (pathSetInTransaction) {
      pathSetInTransaction = false;
      pathReader.read();
    }
  }

  /** A part of the transaction rolled back: a path set in it is taken back; the transaction goes on. */
  private void pathAfterPartRolledBack() throws SQLException {
    if (pathSetInTransaction) {
      pathReader.read();
    }
  }

  public void released(Savepoint savepoint) {
    layout.released(savepoint);
  }

  /**
   * A commit or rollback that failed. A commit that fails has rolled back (a deferred constraint, a serialization
   * failure, PostgreSQL's commit of a failed transaction); after a rollback that fails nothing is known. Either
   * way the pending declarations are dropped: the next statement that misses one lists its schema again, where a
   * declaration kept that the database discarded would poison every later one.
   */
  public void endFailed() throws SQLException {
    layout.rolledBack();
    pathAfterEnd();
  }

  /** A DDL statement, run by the branch's declarations. */
  @FunctionalInterface
  interface Ddl<T> {
    T run() throws SQLException;
  }

  /**
   * Runs a DDL statement. Where DDL commits by itself (MySQL), it commits the open transaction first, and a
   * transaction begun by text is over — unless the branch refuses the statement, which then never reached the
   * database.
   */
  <T> T ddl(Ddl<T> ddl) throws SQLException {
    if (backend.transactionalDdl() || !layout.inTransaction()) {
      return ddl.run();
    }
    boolean byText = internal.openedByText();
    committed();
    try {
      return ddl.run();
    } catch (BranchRefusal refused) {
      internal.openedByText(byText);
      throw refused;
    }
  }

  // ---- by statement text ----

  /**
   * Whether a COMMIT about to be sent will roll back instead: where a failed statement aborts the transaction and
   * there are declarations to share, one statement asks whether it still runs. PostgreSQL answers a COMMIT text
   * of a failed transaction with ROLLBACK and no error; sharing its declarations would show what it discarded.
   */
  boolean commitWillRollBack(TransactionControl c) throws SQLException {
    if (c.kind() != TransactionControl.Kind.COMMIT || !backend.failureAbortsTransaction() || !layout.hasPending()) {
      return false;
    }
    try (java.sql.Statement probe = internal.createStatement()) {
      probe.execute("SELECT 1");
      return false;
    } catch (SQLException aborted) {
      return true;
    }
  }

  /** What a transaction statement that the database ran means for the layout. */
  void ran(TransactionControl c) throws SQLException {
    switch (c.kind()) {
      case BEGIN:
        internal.openedByText(true);
        break;
      case COMMIT:
        committed();
        internal.openedByText(c.chain());
        break;
      case ROLLBACK:
        rolledBack();
        internal.openedByText(c.chain());
        break;
      case PREPARE:
        // Handed to the server as a prepared transaction: not committed, and no longer this session's.
        rolledBack();
        break;
      case SAVEPOINT: {
        Object key = savepointKey(c);
        if (!layout.inTransaction() && backend.savepointBeginsTransaction()) {
          internal.openedByText(true);
          beganBySavepoint = key;
        }
        layout.savepoint(key);
        break;
      }
      case ROLLBACK_TO:
        layout.rolledBackTo(savepointKey(c));
        pathAfterPartRolledBack();
        break;
      case RELEASE: {
        Object key = savepointKey(c);
        if (key.equals(beganBySavepoint)) {
          committed();
        } else {
          layout.released(key);
        }
        break;
      }
      default:
        throw new IllegalStateException(c.kind().name());
    }
  }

  /**
   * A text that begins or ends a transaction or a part of one (alone, or among several statements): the database
   * runs it, then the layout follows — what committed is shared, what rolled back is dropped — as it does for the
   * JDBC calls. A COMMIT of a transaction that a failed statement aborted rolls back. A text of several statements
   * that fails part way leaves unknown how far it went: the schemas with pending changes are listed again.
   */
  <S, T> T run(S target, String text, List<TransactionControl> controls, SqlAction<S, T> action)
      throws SQLException {
    boolean rollsBack = controls.size() == 1 && commitWillRollBack(controls.get(0));
    T result;
    try {
      result = action.apply(target, text);
    } catch (SQLException e) {
      try {
        if (controls.size() == 1) {
          failed(controls.get(0));
        } else {
          layout.uncertain();
        }
      } catch (SQLException alsoFailed) {
        e.addSuppressed(alsoFailed);
      }
      throw e;
    }
    if (rollsBack) {
      failed(controls.get(0));
      return result;
    }
    for (TransactionControl c : controls) {
      ran(c);
    }
    return result;
  }

  /** A transaction statement that failed: a COMMIT or ROLLBACK as {@link #endFailed}; anything else changed nothing. */
  void failed(TransactionControl c) throws SQLException {
    if (c.kind() == TransactionControl.Kind.COMMIT || c.kind() == TransactionControl.Kind.ROLLBACK) {
      ended();
      endFailed();
    }
  }

  /** Savepoint names compare as the database compares names. */
  private Object savepointKey(TransactionControl c) {
    return backend.key(c.savepoint(), c.savepointQuoted());
  }

  private void ended() {
    internal.openedByText(false);
    beganBySavepoint = null;
  }
}

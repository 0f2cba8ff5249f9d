package org.djbranch.driver.session;

import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.Analyzer;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.Splicer;
import org.djbranch.rewriter.TableRef;
import org.djbranch.rewriter.UnparsableStatementException;

/**
 * A listing another process made stale (Branch Resolution §3.3): the database misses a table this process did not
 * know the branch had, and the statement's schemas are listed again.
 */
final class StaleLayout {
  private final InternalConnection internal;
  private final ConnectionLayout layout;
  private final Binder binder;
  private final Backend backend;
  private final Dialect dialect;

  StaleLayout(InternalConnection internal, ConnectionLayout layout, Binder binder) {
    this.internal = internal;
    this.layout = layout;
    this.binder = binder;
    this.backend = layout.backend;
    this.dialect = backend.dialect();
  }

  /**
   * When the database says a table does not exist, another process may have declared it in the draft since this
   * process listed the schema. In autocommit, where the failed statement had no effect and spoiled no transaction,
   * lists the statement's schemas again and returns the statement to retry, or null where it reads as it did.
   * Inside a transaction returns null and lists them when the transaction is over, since the failed statement may
   * have aborted it: the application's next attempt finds the table.
   */
  String retry(String sql, String failed, SQLException e) throws SQLException {
    if (!backend.isUndefinedTable(e)) {
      return null;
    }
    Analysis analysis;
    try {
      analysis = Analyzer.analyze(sql, dialect);
    } catch (UnparsableStatementException unparsable) {
      return null;
    }
    boolean autocommit = internal.getAutoCommit();
    Set<String> schemas = new HashSet<>();
    for (TableRef ref : analysis.tables()) {
      for (String schema : binder.schemasOf(ref)) {
        if (!schemas.add(backend.key(schema, true))) {
          continue;
        }
        if (autocommit) {
          binder.attachExisting(layout.drafts.draftOf(schema));
          layout.refresh(internal, schema);
        } else {
          layout.relistWhenOver(schema);
        }
      }
    }
    if (!autocommit) {
      return null;
    }
    String retry = Splicer.apply(sql, binder.withLabels(sql, analysis, binder.physicalNames(analysis.tables())));
    return retry.equals(failed) ? null : retry;
  }
}

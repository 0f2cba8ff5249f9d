package org.djbranch.driver.session;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.layout.ConnectionLayout;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.naming.HiddenTables;
import org.djbranch.rewriter.TableListing;

/**
 * The text a branch runs for a listing of a schema's tables (MySQL's {@code SHOW [FULL] TABLES}, {@code SHOW TABLE
 * STATUS}): the tables the branch sees there, as JDBC metadata lists them — the pipeline's where the name binds to
 * them, the draft's where it binds there (tables the branch declared, its copies of pipeline tables), none of a
 * pipeline table the branch dropped, and none of the draft's bookkeeping — under the labels and in the order the
 * database's own answer has. A listing of a schema the branch has no draft of, or of a draft named physically, is
 * sent as written. The schema is listed again first, so the answer shows what another connection or process
 * declared or copied since.
 */
final class TableListings {
  private final Connection internal;
  private final ConnectionLayout layout;
  private final Binder binder;
  private final Backend backend;

  TableListings(Connection internal, ConnectionLayout layout, Binder binder) {
    this.internal = internal;
    this.layout = layout;
    this.binder = binder;
    this.backend = layout.backend;
  }

  /** The text to run for listing statement {@code sql}. */
  String text(String sql) throws SQLException {
    TableListing listing = TableListing.read(sql, backend.dialect());
    String schema = listing.database() != null ? binder.stored(listing.database(), listing.databaseQuoted())
        : binder.currentSchema();
    if (schema == null || backend.isSystemSchema(schema) || layout.isDraft(schema)) {
      return sql;
    }
    // listed again (one query): the answer is a listing, so it lists what exists now, as the database's would
    SchemaLayout s = layout.refresh(internal, binder.logicalSchema(schema));
    if (!s.draftExists) {
      return sql;
    }
    List<String> pipelineHidden = new ArrayList<>(); // pipeline tables the name no longer binds to on the branch
    for (String key : s.logicalTables) {
      if (s.bind(key) != SchemaLayout.Binding.LOGICAL) {
        pipelineHidden.add(s.storedName(key, SchemaLayout.Binding.LOGICAL));
      }
    }
    List<String> draftHidden = new ArrayList<>(); // bookkeeping, and draft tables the pipeline's shadow
    for (String key : s.draftTables) {
      String table = s.storedName(key, SchemaLayout.Binding.DRAFT);
      if (HiddenTables.isHidden(table) || s.bind(key) != SchemaLayout.Binding.DRAFT) {
        draftHidden.add(table);
      }
    }
    String text = backend.tableListing(s.logical, s.draft, pipelineHidden, draftHidden, listing);
    return text != null ? text : sql;
  }
}

package org.djbranch.driver.session;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.rewriter.CatalogLookup;
import org.djbranch.rewriter.TableRef;

/**
 * A prepared question to the database's own catalog whether one relation exists, on a branch: asked for a logical
 * schema and a table that binds to the draft there, it is asked for the draft, so it finds the table the branch's
 * statements use — as the branch's metadata lists it under the logical name. Flyway on PostgreSQL asks so before
 * every run whether its history table exists; where the history is the branch's own copy in the draft (README
 * "Bookkeeping tables"), the answer "no" would make it create the table again and read no applied migration. Any
 * other table, and a schema of no logical meaning here (a system schema, a draft named physically), is asked as set.
 */
final class CatalogLookupStatement extends BranchPreparedStatement {
  private final Binder binder;
  private final CatalogLookup lookup;
  /** The values the application set for the schema and the relation; null while unset or not a string. */
  private String schema;
  private String relation;
  /** Whether the schema parameter of the wrapped statement holds the draft rather than the value set. */
  private boolean redirected;

  CatalogLookupStatement(Connection owner, PreparedStatement delegate, BranchSession session, CatalogLookup lookup) {
    super(owner, delegate, session);
    this.binder = session.binder();
    this.lookup = lookup;
  }

  private void set(int index, Object value) {
    String text = value instanceof String s ? s : null;
    if (index == lookup.schemaParameter()) {
      schema = text;
      redirected = false;
    } else if (index == lookup.relationParameter()) {
      relation = text;
    }
  }

  /** Points the schema parameter at the draft where the relation binds there, or back at the value set. */
  private void bindSchema() throws SQLException {
    String draft = draftHolding();
    if (draft != null) {
      delegate.setString(lookup.schemaParameter(), draft);
      redirected = true;
    } else if (redirected) {
      delegate.setString(lookup.schemaParameter(), schema);
      redirected = false;
    }
  }

  /** The draft {@code relation} binds to in the logical schema {@code schema}, or null. */
  private String draftHolding() throws SQLException {
    if (schema == null || relation == null || DraftNames.isAnyDraft(schema)) {
      return null;
    }
    Binder.Resolved r = binder.resolve(new TableRef(schema, relation, true, 0, 0, TableRef.Role.READ));
    return r != null && r.binding() == SchemaLayout.Binding.DRAFT ? r.schema().draft : null;
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    bindSchema();
    return super.executeQuery();
  }

  @Override
  public boolean execute() throws SQLException {
    bindSchema();
    return super.execute();
  }

  @Override
  public void addBatch() throws SQLException {
    bindSchema();
    super.addBatch();
  }

  @Override
  public void clearParameters() throws SQLException {
    schema = null;
    relation = null;
    redirected = false;
    super.clearParameters();
  }

  @Override
  public void setString(int index, String x) throws SQLException {
    set(index, x);
    super.setString(index, x);
  }

  @Override
  public void setNString(int index, String x) throws SQLException {
    set(index, x);
    super.setNString(index, x);
  }

  @Override
  public void setObject(int index, Object x) throws SQLException {
    set(index, x);
    super.setObject(index, x);
  }

  @Override
  public void setObject(int index, Object x, int type) throws SQLException {
    set(index, x);
    super.setObject(index, x, type);
  }

  @Override
  public void setNull(int index, int type) throws SQLException {
    set(index, null);
    super.setNull(index, type);
  }
}

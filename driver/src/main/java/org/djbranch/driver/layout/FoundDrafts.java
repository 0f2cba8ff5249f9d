package org.djbranch.driver.layout;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.naming.DraftNames;

/**
 * This branch's drafts that hold symbolic foreign keys, with their {@code ~edge} rows, as found when the process
 * first opened a connection on the branch: a DELETE or key change of a parent honours children in every draft of
 * the branch, also in one that no statement of the process has named yet (Branch Resolution §5.2). Immutable; a
 * draft whose logical schema is activated is described by its listing from then on, which declarations keep
 * current. A draft whose {@code ~edge} this login may not read is left to the first statement that names its schema,
 * which fails naming the grant.
 */
final class FoundDrafts {
  static final FoundDrafts NONE = new FoundDrafts(Map.of());

  /** The ~edge rows of each draft found, by the backend's key of its logical schema. */
  final Map<String, List<Edges.Edge>> edges;

  private FoundDrafts(Map<String, List<Edges.Edge>> edges) {
    this.edges = Map.copyOf(edges);
  }

  /**
   * One catalog query for every schema and which hold {@code ~edge}; then each of this branch's drafts among them
   * ({@link #ofThisBranch}) is read.
   */
  static FoundDrafts find(Connection internal, Backend backend, DraftNames drafts) throws SQLException {
    Edges reader = new Edges(backend);
    Map<String, List<Edges.Edge>> found = new HashMap<>();
    for (DraftNames.Reading draft : ofThisBranch(internal, backend, drafts)) {
      try {
        found.put(backend.key(draft.logical(), true), reader.read(internal, draft.draft()));
      } catch (SQLException e) {
        if (!backend.isPermissionDenied(e)) {
          throw e;
        }
        // A draft this login may not read: the first statement naming its schema lists it and names the grant.
        // The connection opens; it may work in the branch's other schemas.
        if (!internal.getAutoCommit()) {
          internal.rollback(); // PostgreSQL refuses every later statement of a transaction that failed one
        }
      }
    }
    return new FoundDrafts(found);
  }

  /**
   * This branch's drafts that hold {@code ~edge} now, in one catalog query. A name that reads as another branch's
   * draft, or whose branch cannot be told ({@link DraftNames#owner}: {@code br_a_b_s} is {@code a}'s draft of
   * {@code b_s} or {@code a_b}'s of {@code s}), is left out: its rows are not this branch's.
   */
  static List<DraftNames.Reading> ofThisBranch(Connection internal, Backend backend, DraftNames drafts)
      throws SQLException {
    Map<String, Boolean> schemas = backend.schemasHolding(internal, Edges.TABLE);
    Set<String> existing = new HashSet<>();
    for (String s : schemas.keySet()) {
      existing.add(backend.key(s, true));
    }
    List<DraftNames.Reading> out = new ArrayList<>();
    for (Map.Entry<String, Boolean> schema : schemas.entrySet()) {
      String draft = schema.getKey();
      String logical = schema.getValue() ? drafts.logicalOf(draft) : null;
      if (logical == null) {
        continue;
      }
      DraftNames.Reading owner = DraftNames.owner(draft, s -> existing.contains(backend.key(s, true)));
      if (owner != null && owner.logical().equals(logical)) {
        out.add(owner);
      }
    }
    return out;
  }
}

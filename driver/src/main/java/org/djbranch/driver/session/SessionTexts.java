package org.djbranch.driver.session;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.rewriter.ConstraintModes;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.SessionSchemas;
import org.djbranch.rewriter.Splicer;
import org.djbranch.rewriter.TableRef;

/**
 * USE and SET statements on a branch ({@code Route.Kind.SESSION}): a schema they name is the logical one, since on
 * the branch a draft stands for its logical schema; the session's current schema is read again after them.
 */
final class SessionTexts {
  private final Backend backend;
  private final Dialect dialect;
  private final Binder binder;

  SessionTexts(Backend backend, Binder binder) {
    this.backend = backend;
    this.dialect = backend.dialect();
    this.binder = binder;
  }

  /**
   * A USE or SET statement with this branch's drafts named by their logical schemas, which they stand for on the
   * branch; another branch's draft is refused.
   */
  String logical(String sql) throws SQLException {
    if (sql.toLowerCase(Locale.ROOT).indexOf(DraftNames.PREFIX) < 0) {
      return sql;
    }
    List<Edit> edits = new ArrayList<>();
    for (SessionSchemas.Name name : SessionSchemas.names(sql, dialect)) {
      String logical = name.literal() && backend.pathListsInLiterals() ? logicalPath(name.stored())
          : binder.logicalSchema(name.stored());
      if (!logical.equals(name.stored())) {
        edits.add(new Edit(name.start(), name.end(), name.written(logical, dialect)));
      }
    }
    return edits.isEmpty() ? sql : Splicer.apply(sql, edits);
  }

  /** A search path written as one string ({@code 'a,br_b_s'}), each schema of it by its logical name. */
  private String logicalPath(String value) throws SQLException {
    List<String> entries = new ArrayList<>();
    boolean renamed = false;
    for (List<String> entry : SessionSchemas.pathEntries(value, dialect, true)) {
      String schema = entry.get(entry.size() - 1);
      String logical = binder.logicalSchema(schema);
      renamed |= !logical.equals(schema);
      List<String> parts = new ArrayList<>(entry.subList(0, entry.size() - 1));
      parts.add(logical);
      StringBuilder written = new StringBuilder();
      for (String part : parts) {
        written.append(written.length() == 0 ? "" : ".").append(dialect.quote(part));
      }
      entries.add(written.toString());
    }
    return renamed ? String.join(",", entries) : value;
  }

  /**
   * PostgreSQL's {@code SET CONSTRAINTS a, b IMMEDIATE} without the names that are this branch's symbolic keys
   * ({@code ~edge}), which the database holds no constraint of: Django sends it before it drops or alters a foreign
   * key, and it failed on a branch ("constraint does not exist"). Where it names nothing else, a statement that does
   * nothing. Symbolic keys are checked as each statement runs, so setting their mode changes nothing.
   */
  String withoutSymbolicKeys(String sql) throws SQLException {
    ConstraintModes modes = ConstraintModes.read(sql, dialect);
    if (modes == null || modes.names().isEmpty()) {
      return sql;
    }
    Set<String> symbolic = new HashSet<>();
    for (SchemaLayout s : binder.layout().activated()) {
      for (Edges.Edge e : s.edges) {
        symbolic.add(backend.constraintKey(e.constraintName()));
      }
    }
    List<String> kept = new ArrayList<>();
    for (TableRef name : modes.names()) {
      if (!symbolic.contains(backend.constraintKey(binder.stored(name.name(), name.quoted())))) {
        kept.add(sql.substring(name.start(), name.end()));
      }
    }
    if (kept.size() == modes.names().size()) {
      return sql;
    }
    int first = modes.names().get(0).start();
    int last = modes.names().get(modes.names().size() - 1).end();
    return kept.isEmpty() ? backend.noOp(null, null) : sql.substring(0, first) + String.join(", ", kept)
        + sql.substring(last);
  }
}

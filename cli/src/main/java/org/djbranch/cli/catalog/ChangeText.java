package org.djbranch.cli.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.djbranch.driver.backend.Backend;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.Analyzer;
import org.djbranch.rewriter.CreateIndexName;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.Splicer;
import org.djbranch.rewriter.StatementKind;
import org.djbranch.rewriter.TableRef;
import org.djbranch.rewriter.UnparsableStatementException;

/**
 * A structure change the branch made to its version of a pipeline table, as {@code ~copy} recorded it (its tables
 * named by their logical schemas), written for the schemas a merge runs it in: every schema it names becomes
 * {@code target}'s, and the names the recording left unqualified that a schema holds (an index dropped by name
 * alone, SQLite's index of CREATE INDEX) are qualified with the target of the change's own schema. Promote's target
 * is the logical schema itself; verify's is a throwaway schema, which the change must not leave: a name the text
 * would still resolve elsewhere refuses it ({@link Unconfined}).
 */
public final class ChangeText {
  /** A change that would name a schema other than the target's: verify does not run it. */
  public static final class Unconfined extends Exception {
    private static final long serialVersionUID = 1L;

    Unconfined(String message) {
      super(message);
    }
  }

  private ChangeText() {}

  /**
   * {@code sql} with every schema it names mapped by {@code target}; {@code logical} is the schema of the table it
   * changed. With {@code confined}, fails where a name of the result could still reach a schema {@code target} did
   * not give: a text that could not be read, a table named without a schema.
   */
  public static String retargeted(String sql, Backend b, String logical, UnaryOperator<String> target,
      boolean confined) throws Unconfined {
    Analysis a;
    try {
      a = Analyzer.analyze(sql, b.dialect());
    } catch (UnparsableStatementException e) {
      if (confined) {
        throw new Unconfined("its names could not be read (" + e.getMessage() + "), so it is not run outside trunk");
      }
      return sql;
    }
    boolean indexWithItsTable = a.kind() == StatementKind.DROP_INDEX
        && a.tables().stream().anyMatch(r -> r.role() != TableRef.Role.DROP);
    List<Edit> edits = new ArrayList<>();
    for (TableRef ref : a.tables()) {
      if (ref.role() == TableRef.Role.COLUMN_QUALIFIER) {
        continue;
      }
      String name = b.quote(b.stored(ref.name(), ref.quoted()));
      if (ref.schema() != null) {
        String schema = target.apply(b.stored(ref.schema(), ref.schemaQuoted()));
        edits.add(new Edit(ref.start(), ref.end(), b.quote(schema) + "." + name));
      } else if (a.kind() == StatementKind.DROP_INDEX && ref.role() == TableRef.Role.DROP && !indexWithItsTable
          || ref.role() == TableRef.Role.CREATE && b.renameMovesSchema()) {
        // An index named alone is a schema's (MySQL's DROP INDEX i ON t names its table's); a new name a rename
        // gives goes, where a rename may move a table (MySQL), to the current schema, not the table's.
        edits.add(new Edit(ref.start(), ref.end(), b.quote(target.apply(logical)) + "." + name));
      } else if (confined && ref.role() != TableRef.Role.CREATE && !indexWithItsTable
          && !(a.kind() == StatementKind.CREATE_INDEX && b.qualifiesIndexNotTable())) {
        // A rename's new name stays in its table's schema, MySQL's index dropped ON a table is that table's, and
        // SQLite's table of CREATE INDEX is in its index's schema.
        throw new Unconfined("it names " + ref.name() + " without a schema, which would be looked up outside the"
            + " throwaway schema");
      }
    }
    if (a.kind() == StatementKind.CREATE_INDEX && b.qualifiesIndexNotTable()) {
      TableRef index = CreateIndexName.find(sql, b.dialect());
      if (index != null) {
        String schema = index.schema() != null ? b.stored(index.schema(), index.schemaQuoted()) : logical;
        edits.add(new Edit(index.start(), index.end(), b.quote(target.apply(schema)) + "."
            + b.quote(b.stored(index.name(), index.quoted()))));
      }
    }
    return Splicer.apply(sql, edits);
  }
}
